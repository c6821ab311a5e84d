import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Auth } from "./modules/auth/auth";
import type { Mailer } from "./modules/email/service";
import type { EventBus } from "./modules/events/service";
import type { Storage } from "./modules/files/storage";

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
}
