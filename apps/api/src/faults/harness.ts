// Everything the fault suites use at run time, loaded by them only when TEST_DATABASE_URL is set, so the
// default (PGlite) run skips them without importing the app, drivers or sharp.
export { ERROR_MESSAGES } from "@rifazo/shared";
export { and, eq, inArray, sql } from "drizzle-orm";
export { default as pg } from "pg";
export { createTestApp, createUser, signedInUser, signIn } from "../../test/helpers";
export { checkInvariants, listProofFiles } from "../../test/invariants";
export { buildApp } from "../app";
export { loadConfig } from "../config";
export { LISTENER_APPLICATION_NAME, openDatabase, runMigrations } from "../db/client";
export { accounts, paymentProofs, raffles, tickets, users } from "../db/schema";
export { generateTicketPool } from "../modules/admin/raffles/ticket-pool";
export { raffleBody } from "../modules/admin/test-fixtures";
export { ORPHAN_GRACE_MS } from "../modules/proofs/orphan-sweep";
export { PROOF_UPLOAD_RULE } from "../modules/proofs/routes";
export {
  createScratchDatabase,
  multipartBody,
  openEventStream,
  runBounded,
  seededRandom,
  sleep,
  TcpProxy,
  teardown,
  tinyPng,
} from "./support";
