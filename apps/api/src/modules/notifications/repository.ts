import type { Executor } from "../../db/client";
import { notifications } from "../../db/schema";

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotifications(tx: Executor, rows: Array<typeof notifications.$inferInsert>) {
  if (rows.length === 0) return [];
  return tx.insert(notifications).values(rows).returning();
}
