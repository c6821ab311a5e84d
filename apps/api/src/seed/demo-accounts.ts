// The demo buyers' sign-in, kept apart from the catalogue. Their addresses and the development password
// (DEMO_PASSWORD) are written in the repository, so in production:
// - a new demo catalogue (only with an explicit SEED_DEMO=1) gets a generated password per account,
//   printed once in the log and never stored anywhere else;
// - demo accounts that still open with a published password (a database seeded outside production, or
//   one whose seed left no production marker) are disabled at every start, with a warning naming them.
// Decision record: docs/decisions/0010-demo-accounts-and-password-strength.md.
import { randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Executor } from "../db/client";
import { accounts, sessions, settings, users } from "../db/schema";
import { DEMO_PASSWORD, DEMO_USERS } from "./demo-data";

/** Settings row written with the demo catalogue: how its passwords were chosen. Hidden like every internal.* key. */
export const DEMO_SEED_MARKER = "internal.demo_seed";

export interface DemoSeedMarker {
  /** True when the passwords were generated (production), false when they are DEMO_PASSWORD. */
  generatedPasswords: boolean;
}

/** Every password the repository publishes for the demo accounts. */
export const PUBLISHED_DEMO_PASSWORDS: readonly string[] = [DEMO_PASSWORD];

/** 18 random bytes, base64url: 24 characters that no dictionary holds. */
const generatedPassword = () => randomBytes(18).toString("base64url");

/** The password of each demo account (by email) for a new catalogue. */
export function demoPasswords(production: boolean): Map<string, string> {
  return new Map(DEMO_USERS.map((u) => [u.email, production ? generatedPassword() : DEMO_PASSWORD]));
}

export async function writeDemoSeedMarker(tx: Executor, marker: DemoSeedMarker): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: DEMO_SEED_MARKER, value: marker })
    .onConflictDoUpdate({ target: settings.key, set: { value: marker } });
}

/** Logs the generated passwords once (the only place they ever appear), so the operator can sign in. */
export function announceGeneratedPasswords(
  log: Pick<FastifyBaseLogger, "warn"> | undefined,
  passwords: Map<string, string>,
): void {
  log?.warn(
    { demoAccounts: Object.fromEntries(passwords) },
    "demo: SEED_DEMO=1 en producción; contraseñas generadas para las cuentas de demostración (se muestran solo esta vez)",
  );
}

/**
 * Production start: disables every active demo account that a published password could open (status
 * inactive, its password replaced by an unusable one, its sessions ended). Returns the emails disabled.
 */
export async function disablePublishedDemoAccounts(ctx: {
  db: Db;
  log: Pick<FastifyBaseLogger, "warn">;
}): Promise<string[]> {
  const { db } = ctx;
  const emails = DEMO_USERS.map((u) => u.email);
  const rows = await db
    .select({ id: users.id, email: users.email, hash: accounts.password })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(and(inArray(users.email, emails), eq(users.status, "active")));
  if (rows.length === 0) return [];

  const [marker] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, DEMO_SEED_MARKER));
  const generated = (marker?.value as DemoSeedMarker | undefined)?.generatedPasswords === true;

  const exposed: Array<{ id: string; email: string }> = [];
  for (const row of rows) {
    // Without the production marker nothing says who chose the password since (anyone could have
    // signed in with the published one and changed it): every demo account goes.
    if (!generated || (await opensWithPublishedPassword(row.hash))) exposed.push(row);
  }
  if (exposed.length === 0) return [];

  const ids = exposed.map((r) => r.id);
  const unusable = await hashPassword(randomBytes(32).toString("base64url"));
  await db.transaction(async (tx) => {
    await tx.update(users).set({ status: "inactive", updatedAt: new Date() }).where(inArray(users.id, ids));
    await tx
      .update(accounts)
      .set({ password: unusable, updatedAt: new Date() })
      .where(and(inArray(accounts.userId, ids), eq(accounts.providerId, "credential")));
    await tx.delete(sessions).where(inArray(sessions.userId, ids));
  });
  const disabled = exposed.map((r) => r.email);
  ctx.log.warn(
    { accounts: disabled },
    "demo: cuentas de demostración desactivadas al arrancar en producción: su contraseña está publicada en el repositorio",
  );
  return disabled;
}

async function opensWithPublishedPassword(hash: string | null): Promise<boolean> {
  if (!hash) return false;
  for (const password of PUBLISHED_DEMO_PASSWORDS) {
    if (await verifyPassword({ hash, password })) return true;
  }
  return false;
}
