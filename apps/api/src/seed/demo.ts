// Demo catalogue for an empty database (SEED_DEMO, on by default): raffles in every state, buyers with
// approved, pending and rejected payments, winners, rewards, settings, testimonials and live broadcasts,
// so every screen has something real to show. Payments are approved through the app's approval service
// (tickets, points ledger, sold counts) and the reward redemption through the points ledger, so the demo
// stays consistent the way real data does. The plan is in demo-plan.ts, the content in demo-content.ts;
// the steps are in demo-prepare.ts (before the transaction), demo-rows.ts and demo-sales.ts.

import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Executor, Tx } from "../db/client";
import { raffles, users } from "../db/schema";
import { announceGeneratedPasswords, demoPasswords, writeDemoSeedMarker } from "./demo-accounts";
import { seedContent } from "./demo-content";
import { DEMO_PASSWORD } from "./demo-data";
import { seedV2Draws } from "./demo-draws";
import { buildPlan, commitDraws, type Plan } from "./demo-plan";
import { type PreparedDemo, prepareDemo } from "./demo-prepare";
import { insertDemoImages, insertDemoRaffles, insertDemoUsers, storeDemoFiles } from "./demo-rows";
import {
  insertDemoProofs,
  insertDemoWinners,
  moveDemoRafflesToPlannedStates,
  seedDemoRewards,
} from "./demo-sales";

/**
 * What the seed needs from the app context (the full AppContext satisfies it): approvals go through the
 * proof service, which also needs the logger, events, mail and config.
 */
export type SeedContext = Pick<AppContext, "db" | "storage" | "log" | "events" | "mail" | "config">;

// Serialises concurrent first starts (several instances on one PostgreSQL): one seeds, the others see raffles.
const SEED_LOCK_SQL = sql`SELECT pg_advisory_xact_lock(724012)`;

async function hasAnyRaffle(exec: Executor): Promise<boolean> {
  const rows = await exec.select({ id: raffles.id }).from(raffles).limit(1);
  return rows.length > 0;
}

/**
 * Every row of the demo, in one transaction, in the order the steps depend on each other. Answers the
 * emails of the accounts it created.
 */
async function seedInTransaction(
  ctx: SeedContext,
  tx: Tx,
  input: { plan: Plan; now: Date; prepared: PreparedDemo; production: boolean },
): Promise<string[]> {
  const { plan, now, prepared, production } = input;
  const { rendered, passwordHashes, usersByKey } = prepared;
  await storeDemoFiles(ctx.storage, rendered, plan);
  const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  const adminId = admin?.id ?? null;
  await insertDemoImages(tx, rendered, adminId, now);
  const { userIds, created } = await insertDemoUsers(tx, now, passwordHashes);
  const userId = (key: string): string => {
    const id = userIds.get(key);
    if (!id) throw new Error(`Demo data: unknown user ${key}`);
    return id;
  };
  await insertDemoRaffles(tx, plan, rendered, adminId);
  await insertDemoProofs(ctx, tx, { plan, adminId, userId, now });
  await insertDemoWinners(tx, plan, { userId, usersByKey, userIds });
  await moveDemoRafflesToPlannedStates(ctx, tx, plan, now);
  // Draw v2: one raffle drawn with a real quicknet beacon, one frozen awaiting its round.
  await seedV2Draws(ctx, tx, plan.raffles, now);
  await seedDemoRewards(tx, now, userId);
  const [maria] = await tx
    .select({ level: users.rifazoLevel })
    .from(users)
    .where(eq(users.id, userId("maria")));
  await seedContent(tx, { plan, now, adminId, userId, mariaLevel: maria?.level ?? "Plata" });
  await writeDemoSeedMarker(tx, { generatedPasswords: production });
  return created;
}

/**
 * Fills an empty database with the demo catalogue; does nothing once any raffle exists. In production the
 * demo accounts get generated passwords, logged once (demo-accounts.ts), instead of DEMO_PASSWORD.
 */
export async function seedDemo(ctx: SeedContext, options: { production?: boolean } = {}): Promise<void> {
  const production = options.production === true;
  const { db } = ctx;
  if (await hasAnyRaffle(db)) return;
  const started = Date.now();
  const now = new Date();
  const plan = buildPlan(now);
  await commitDraws(plan);

  // The slow work (image rendering, password hashing) happens before the transaction opens.
  const passwords = demoPasswords(production);
  const prepared = await prepareDemo(ctx, plan, passwords);
  /** Accounts this seed created (an existing address keeps its password, so it is not announced). */
  let created: string[] = [];

  const prepareMs = Date.now() - started;
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(SEED_LOCK_SQL);
    if (await hasAnyRaffle(tx)) return false;
    created = await seedInTransaction(ctx, tx, { plan, now, prepared, production });
    return true;
  });

  if (seeded) {
    ctx.log.info(
      { raffles: plan.raffles.length, proofs: plan.proofs.length, prepareMs, totalMs: Date.now() - started },
      production
        ? "demo: catálogo de ejemplo creado (usuarios *@example.com)"
        : `demo: catálogo de ejemplo creado (usuarios *@example.com, contraseña ${DEMO_PASSWORD})`,
    );
    if (production)
      announceGeneratedPasswords(
        ctx.log,
        new Map([...passwords].filter(([email]) => created.includes(email))),
      );
  }
}
