// Everything the fault suites use at run time. The suites that need a PostgreSQL server load it only when
// TEST_DATABASE_URL is set, so the default (PGlite) run skips them without importing the app, drivers or sharp.
export { ERROR_MESSAGES } from "@rifazo/shared";
export { and, eq, inArray, sql } from "drizzle-orm";
export { default as pg } from "pg";
export { buildApp } from "../../src/app";
export { loadConfig } from "../../src/config";
export { LISTENER_APPLICATION_NAME, openDatabase, runMigrations } from "../../src/db/client";
export { accounts, paymentProofs, raffles, tickets, users } from "../../src/db/schema";
export { generateTicketPool } from "../../src/modules/admin/raffles/ticket-pool";
export { ORPHAN_GRACE_MS } from "../../src/modules/proofs/orphan-sweep";
export { PROOF_UPLOAD_RULE } from "../../src/modules/proofs/routes";
export { raffleBody } from "../admin-fixtures";
export { createTestApp, createUser, signedInUser, signIn } from "../helpers";
export { checkInvariants, listProofFiles } from "../invariants";
export {
  createScratchDatabase,
  insertBuyers,
  multipartBody,
  openEventStream,
  proofForm,
  runBounded,
  seededRandom,
  sleep,
  TcpProxy,
  teardown,
  tinyPng,
} from "./support";
