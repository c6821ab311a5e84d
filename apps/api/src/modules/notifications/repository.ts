import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { notifications } from "../../db/schema";

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotifications(tx: Executor, rows: Array<typeof notifications.$inferInsert>) {
  if (rows.length === 0) return [];
  return tx.insert(notifications).values(rows).returning();
}

/**
 * Rewrites the level-up notice this transaction already gave the user (its created_at is the
 * transaction's now()), if any, and moves it after what was written since. False when there is none.
 */
export async function replaceLevelUpOfThisTransaction(
  tx: Executor,
  userId: string,
  notice: { title: string; message: string },
): Promise<boolean> {
  const rows = await tx
    .update(notifications)
    .set({ ...notice, isRead: false, seq: sql`nextval(pg_get_serial_sequence('notifications', 'seq'))` })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, "level_up"),
        eq(notifications.createdAt, sql`now()`),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** The user's newest notifications, newest first; within one transaction, the last written first. */
export async function listForUser(db: Executor, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.seq))
    .limit(limit);
}

export async function countUnread(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return Number(row?.count ?? 0);
}

/** Marks one notification read; the user id in the WHERE makes another user's id match nothing. */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
