import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { accounts, sessions, users } from "../../db/schema";
import { announceSessionsEnded } from "../events/service";

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
