import { createHash } from "node:crypto";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { MAX_PROOF_BYTES } from "@rifazo/shared";
import { FORM_KEY_SCRIPT } from "@rifazo/shared/form-key-script";
import { redactSecrets } from "@rifazo/shared/secret-urls";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Database } from "./db/client";
import { registerErrorHandler } from "./lib/error-handler";
import { errorBody } from "./lib/errors";
import { registerOpenApiSecurity, sessionScheme } from "./lib/openapi-security";
import { scheduleRateLimitSweep } from "./lib/rate-limit";
import { registerCanonicalPath } from "./lib/request-path";
import { registerCsrfGuard, registerInputGuard } from "./lib/security";
import { registerWeb } from "./lib/web";
import { adminRoutes } from "./modules/admin";
import { analyticsRoutes } from "./modules/analytics";
import { accountRoutes, createAuth, currentUser } from "./modules/auth";
import { clubRoutes } from "./modules/club";
import { contactRoutes } from "./modules/contact";
import { contentRoutes } from "./modules/content";
import { drawRoutes, setConfiguredDrawChain } from "./modules/draws";
import { createMailer, MAIL_POLL_INTERVAL_MS, type Mailer } from "./modules/email";
import { createEventBus, EVENT_CLEANUP_INTERVAL_MS, eventRoutes } from "./modules/events";
import { favoriteRoutes } from "./modules/favorites";
import { createStorage, type Storage } from "./modules/files";
import { healthRoutes } from "./modules/health";
import { imageRoutes } from "./modules/images";
import { createJobScheduler } from "./modules/jobs";
import { registerLifecycleTransitions } from "./modules/lifecycle";
import { notificationRoutes } from "./modules/notifications";
import { adminPrizeRoutes, prizeRoutes } from "./modules/prizes";
import { profileRoutes } from "./modules/profile";
import {
  createOcrReader,
  createProofAnalysisWorker,
  type ProofAnalysisWorker,
  type ProofReader,
  scheduleProofAnalysis,
} from "./modules/proof-analysis";
import { proofRoutes } from "./modules/proofs";
import { purchaseRoutes } from "./modules/purchases";
import { raffleRoutes } from "./modules/raffles";
import { receiptRoutes } from "./modules/receipts";
import { refundRoutes } from "./modules/refunds";
import { sellerSaleRoutes } from "./modules/seller-sales";
import { adminSellerRoutes, sellerRoutes } from "./modules/sellers";
import { settingsRoutes } from "./modules/settings";

// Zod's own messages (a wrong type, an unexpected field...) in Spanish too; our schemas set their own.
z.config(z.locales.es());

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Tests may hand in their own storage or mailer; by default both come from the config. */
  storage?: Storage;
  mailer?: Mailer;
  /** The receipt reader of the proof analysis (config.proofAnalysis); by default the tesseract.js one. */
  ocrReader?: ProofReader;
  /** Where log lines go (after redaction); by default standard output. */
  logStream?: { write(line: string): void };
  /** Close the database when the app closes (the server does; tests close their own). */
  ownsDatabase?: boolean;
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = createFastify(options);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const { ctx, analysis } = await createContext(options, app.log);
  const { mail, events } = ctx;
  configureModules(config);
  app.decorate("ctx", ctx);

  await registerSecurityHeaders(app, config);
  // First of the hooks that read the path (helmet's above only sets headers, so a refusal carries them).
  registerCanonicalPath(app);
  await app.register(compress, { threshold: 1024, encodings: ["br", "gzip"] });
  // One byte over the 5 MB the routes allow: their own reader (readLimited) then sees the excess and
  // answers 413 at once. At exactly the limit the parser would cut the file silently and keep reading
  // (and discarding) the rest of an oversized upload before the route could answer.
  await app.register(multipart, { limits: { fileSize: MAX_PROOF_BYTES + 1, files: 1, fields: 20 } });
  registerCsrfGuard(app, config);
  registerInputGuard(app);

  await registerApiDocs(app, config, ctx.auth);

  await registerModuleRoutes(app);

  await registerWeb(app, config);

  app.addHook("onReady", async () => {
    mail.start();
    await events.start();
  });
  app.addHook("onClose", async () => {
    await events.stop();
    await mail.stop();
    // Last: the listeners and the mail worker above still talk to the database while they stop.
    if (options.ownsDatabase) await database.close();
  });
  scheduleBackgroundWork(app, analysis);
  return app;
}

/** The Fastify instance: its logger (secrets redacted), proxy trust, body limit and Zod schemas. */
function createFastify(options: BuildOptions) {
  const { config } = options;
  return Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      // pino's last step before writing: the secrets URLs carry (reset and sign-in links' tokens, receipt
      // paths) never reach a log line, whichever field holds them (the request's url, an error, an email's
      // links written without SMTP, Better Auth's messages). One place, so a new log call cannot leak one.
      hooks: { streamWrite: redactSecrets },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A path with broken percent-encoding never reaches a route nor the error handler: Spanish here too.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply)
        .status(400)
        .send(errorBody("VALIDATION", "La dirección solicitada no es válida."));
    },
  }).withTypeProvider<ZodTypeProvider>();
}

/** The services every module reaches through app.ctx, and the proof analysis worker if it runs. */
async function createContext(options: BuildOptions, log: FastifyBaseLogger) {
  const { config, database } = options;
  const db = database.db;
  const jobs = createJobScheduler({ db, log });
  const mail = options.mailer ?? createMailer({ config, db, log });
  const storage = options.storage ?? createStorage(config);
  const events = createEventBus({ database, db, log });
  const auth = await createAuth({ config, db, mail, log });
  // The reader starts its tesseract.js workers on the first read, so a server with nothing to read pays
  // nothing for it.
  const analysis = config.proofAnalysis
    ? createProofAnalysisWorker(
        { db, storage, log, events },
        {
          reader: options.ocrReader ?? createOcrReader({ concurrency: config.ocrConcurrency, logger: log }),
          concurrency: config.ocrConcurrency,
        },
      )
    : undefined;
  const proofAnalysis = analysis ?? { kick() {}, drain: async () => 0 };
  const ctx: AppContext = { config, database, db, log, mail, storage, events, auth, proofAnalysis, jobs };
  return { ctx, analysis };
}

/** The CSP source that allows exactly the pages' inline script, and nothing else inline. */
const FORM_KEY_SCRIPT_SOURCE = `'sha256-${createHash("sha256").update(FORM_KEY_SCRIPT).digest("base64")}'`;

/** Helmet's security headers: a strict same-origin content policy, HSTS behind HTTPS. */
async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith("https://");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Same-origin files, and the pages' one inline script by its hash (@rifazo/shared/form-key-script).
        scriptSrc: ["'self'", FORM_KEY_SCRIPT_SOURCE],
        // Radix and sonner set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest (decision 0017); default-src says the
        // same, said here so a stricter default cannot drop them unnoticed.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "same-origin" },
  });
}

/** The OpenAPI document (and its UI when enabled), with the session cookie as its security scheme. */
async function registerApiDocs(
  app: FastifyInstance,
  config: Config,
  auth: AppContext["auth"],
): Promise<void> {
  registerOpenApiSecurity(app);
  const { authCookies } = await auth.$context;
  await app.register(swagger, {
    openapi: {
      info: { title: "Rifazo API", version: "1.0.0", description: "API de la plataforma de rifas Rifazo." },
      components: { securitySchemes: sessionScheme(authCookies.sessionToken.name) },
    },
    transform: jsonSchemaTransform,
  });
  if (config.apiDocs) await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}

/** Every module's routes. */
async function registerModuleRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(drawRoutes);
  await app.register(accountRoutes);
  await app.register(eventRoutes, { currentUser });
  await app.register(raffleRoutes);
  await app.register(favoriteRoutes);
  await app.register(settingsRoutes);
  await app.register(contactRoutes);
  await app.register(analyticsRoutes);
  await app.register(contentRoutes);
  await app.register(imageRoutes);
  await app.register(adminRoutes);
  await app.register(proofRoutes);
  await app.register(refundRoutes);
  await app.register(adminSellerRoutes);
  await app.register(sellerRoutes);
  await app.register(sellerSaleRoutes);
  await app.register(purchaseRoutes);
  await app.register(receiptRoutes);
  await app.register(profileRoutes);
  await app.register(notificationRoutes);
  await app.register(clubRoutes);
  await app.register(prizeRoutes);
  await app.register(adminPrizeRoutes);
}

/** What modules hold for the whole process, set before anything runs. */
function configureModules(config: Config): void {
  setConfiguredDrawChain(config.drandChainInfo);
  // Before anything can advance a raffle: the state machine (raffle-state) runs lifecycle's transitions.
  registerLifecycleTransitions();
}

/**
 * The per-process rate-limit sweep, and the jobs of the platform (decision 0027): the proof analysis, the
 * mail outbox, the events clean-up; then the scheduler's start and stop. After the onReady hook above, so
 * the listeners are up before the first runs; bootstrap adds the other modules' jobs before the app is ready.
 */
function scheduleBackgroundWork(app: FastifyInstance, analysis: ProofAnalysisWorker | undefined): void {
  const { jobs, mail, events } = app.ctx;
  scheduleRateLimitSweep(app);
  if (analysis) scheduleProofAnalysis(app, analysis);
  // The outbox rows are claimed one by one (FOR UPDATE SKIP LOCKED), so every instance may poll it.
  jobs.add({
    name: "mail-outbox",
    intervalMs: MAIL_POLL_INTERVAL_MS,
    exclusive: false,
    firstRun: "interval",
    run: () => mail.drain(),
  });
  jobs.add({ name: "events-cleanup", intervalMs: EVENT_CLEANUP_INTERVAL_MS, run: () => events.removeOld() });
  // Jobs whose first run is awaited (the reservation expiry) finish before the app serves.
  app.addHook("onReady", async () => {
    await jobs.start();
  });
  // preClose comes before every onClose: the runs in flight still use the mailer, the bus and the database.
  app.addHook("preClose", async () => {
    await jobs.stop();
  });
}
