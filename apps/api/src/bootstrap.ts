import path from "node:path";
import { isKnownLeagueOfEntropyChain } from "@rifazo/shared/domain/draw-trust";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import type { Config } from "./config";
import { openDatabase, runMigrations } from "./db/client";
import { scheduleAvifVariants, scheduleImageVariantBackfill } from "./modules/admin";
import { ensureAdmin } from "./modules/auth";
import { publishRulesOfRafflesOnSale, scheduleDrawJob } from "./modules/draws";
import { scheduleLifecycleSweep } from "./modules/lifecycle";
import {
  normalizeStoredPaymentReferences,
  normalizeStoredReferenceKeys,
  scheduleOrphanSweep,
} from "./modules/proofs";
import { scheduleReservationExpiry } from "./modules/purchases";
import { scheduleDraftStatementSweep } from "./modules/reconciliation";
import { seedDemo } from "./seed/demo";
import { disablePublishedDemoAccounts } from "./seed/demo-accounts";

/** Open the database, migrate, ensure the admin, seed, and build the app: what `npm start` runs. */
export async function bootstrap(config: Config): Promise<FastifyInstance> {
  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, "pglite"),
  });
  try {
    await runMigrations(database, config.databaseUrl);
    const app = await buildApp({ config, database, ownsDatabase: true });
    if (!isKnownLeagueOfEntropyChain(config.drandChainInfo)) {
      // Allowed in production only by DRAND_ALLOW_UNKNOWN_CHAIN=1 (config.ts); said as loudly as a log can.
      app.log.error(
        {
          chainHash: config.drandChainInfo.hash,
          allowedBy: config.drandAllowUnknownChain ? "DRAND_ALLOW_UNKNOWN_CHAIN=1" : null,
        },
        "ATENCIÓN: los sorteos usan una cadena drand que NO es de la League of Entropy: quien la opera puede predecir a los ganadores. Solo para pruebas; cada página de esos sorteos lo advierte.",
      );
    }
    await normalizeStoredPaymentReferences(app.ctx);
    // After it: keys are computed from the normalised references (decision 0022).
    await normalizeStoredReferenceKeys(app.ctx);
    scheduleOrphanSweep(app);
    scheduleImageVariantBackfill(app);
    scheduleAvifVariants(app);
    scheduleDraftStatementSweep(app);
    scheduleDrawJob(app);
    // Reservations whose time ran out while the server was down are released before it serves.
    scheduleReservationExpiry(app);
    await ensureAdmin(app.ctx);
    const production = config.nodeEnv === "production";
    if (production) await disablePublishedDemoAccounts(app.ctx);
    if (config.seedDemo) await seedDemo(app.ctx, { production });
    // After the seed: raffles on sale from before the record began at publication get their rules
    // published now, so their record is public too (decision 0023).
    await publishRulesOfRafflesOnSale(app.ctx);
    // After the seed: raffles whose close, review window or freeze came while the server was down move on
    // at once (the state lives in the database, so a restart loses nothing), then every minute.
    scheduleLifecycleSweep(app);
    return app;
  } catch (error) {
    await database.close();
    throw error;
  }
}
