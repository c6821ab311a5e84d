import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Auth } from "./modules/auth";
import type { Mailer } from "./modules/email";
import type { EventBus } from "./modules/events";
import type { Storage } from "./modules/files";
import type { JobScheduler } from "./modules/jobs";

/** The proof analysis worker as the rest of the app sees it (modules/proof-analysis/worker). */
export interface ProofAnalysisKick {
  /** A proof was just stored: analyse it soon (a no-op when the analysis is off). */
  kick(): void;
  /** Analyses everything due now and resolves with how many outcomes were stored (0 when off). */
  drain(): Promise<number>;
}

/** Everything a feature module needs, built once per process (and once per test file). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  mail: Mailer;
  storage: Storage;
  events: EventBus;
  auth: Auth;
  proofAnalysis: ProofAnalysisKick;
  /** The background jobs (decision 0027): modules add theirs; /api/health and the admin's "Hoy" show them. */
  jobs: JobScheduler;
}
