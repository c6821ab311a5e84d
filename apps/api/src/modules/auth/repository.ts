import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { accounts, sessions, users, verifications } from "../../db/schema";
import { announceSessionsEnded } from "../events";

/** The account a live password-reset token belongs to (Better Auth stores it as "reset-password:<token>"). */
export async function findUserByResetToken(db: Executor, token: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(eq(verifications.identifier, `reset-password:${token}`), gt(verifications.expiresAt, sql`now()`)),
    );
  return row;
}

/**
 * Ends every emailed link that would let someone into this account: its sign-in links (Better Auth's
 * magic-link rows hold the address in their JSON value) and its password-reset links (they hold the user
 * id). Called when the owner locks the account down (docs/decisions/0007-one-sign-in-path.md).
 */
export async function deleteOutstandingLinks(db: Executor, userId: string): Promise<void> {
  await db.execute(sql`
    DELETE FROM ${verifications}
    WHERE (${verifications.identifier} LIKE 'reset-password:%' AND ${verifications.value} = ${userId})
       OR (${verifications.identifier} LIKE 'magic-link:%'
           AND lower(CASE WHEN ${verifications.identifier} LIKE 'magic-link:%'
                          THEN ${verifications.value}::jsonb ->> 'email' END)
             = (SELECT lower(${users.email}) FROM ${users} WHERE ${users.id} = ${userId}))`);
}

/**
 * One reset link at a time: deletes the account's reset links older than the one just made (`token`).
 * Comparing creation times, two requests at once leave the newer one, whichever finishes last.
 */
export async function deleteOlderResetLinks(db: Executor, userId: string, token: string): Promise<void> {
  const mine = `reset-password:${token}`;
  await db.execute(sql`
    DELETE FROM ${verifications}
    WHERE ${verifications.identifier} LIKE 'reset-password:%'
      AND ${verifications.value} = ${userId}
      AND ${verifications.identifier} <> ${mine}
      AND ${verifications.createdAt} <= (
        SELECT ${verifications.createdAt} FROM ${verifications} WHERE ${verifications.identifier} = ${mine})`);
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function findCredentialAccount(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return row;
}

export async function setPasswordHash(db: Executor, accountId: string, hash: string): Promise<void> {
  await db.update(accounts).set({ password: hash }).where(eq(accounts.id, accountId));
}

export async function deleteSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId);
  const deleted = await db.delete(sessions).where(where).returning({ id: sessions.id });
  // Open realtime streams of those sessions end within seconds, on every instance (events/routes.ts).
  if (deleted.length > 0) await announceSessionsEnded(db, userId);
  return deleted.length;
}

/** What a suspended session's token is remembered by: its hash, never the token itself. */
export const suspendedSessionKey = (token: string) =>
  `suspended-session:${createHash("sha256").update(token).digest("hex")}`;

/**
 * Before a suspension deletes a user's sessions, remembers each one's token hash (until the session would
 * have expired), so the browser holding it can be told "cuenta suspendida" rather than just "signed out".
 */
export async function rememberSuspendedSessions(db: Executor, userId: string): Promise<void> {
  const rows = await db
    .select({ token: sessions.token, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  if (rows.length === 0) return;
  await db.insert(verifications).values(
    rows.map((row) => ({
      id: randomUUID(),
      identifier: suspendedSessionKey(row.token),
      value: userId,
      expiresAt: row.expiresAt,
    })),
  );
}

/** Whether this session token was ended by a suspension that still holds (the user is still inactive). */
export async function isSuspendedSession(db: Executor, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(
      and(
        eq(verifications.identifier, suspendedSessionKey(token)),
        gt(verifications.expiresAt, sql`now()`),
        eq(users.status, "inactive"),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The mobile given on the sign-up form, kept on the account Better Auth just created (its phone field
 * takes no input: every other path writes it through the profile's validated routes).
 */
export async function setPhoneOfNewAccount(db: Executor, email: string, phone: string): Promise<void> {
  await db
    .update(users)
    .set({ phone })
    .where(and(eq(users.email, email), sql`${users.phone} IS NULL`));
}
