import type { NotificationType } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { insertNotifications, type NotificationRow } from "./repository";

export interface NewNotification {
  userId: string;
  title: string;
  message: string;
  type: NotificationType;
  linkTo?: string | null;
}

/**
 * Creates notifications inside the caller's transaction and publishes one realtime event per user, so
 * an open page shows them as soon as the transaction commits (and never if it rolls back).
 */
export async function createNotifications(
  ctx: Pick<AppContext, "events">,
  tx: Executor,
  items: NewNotification[],
): Promise<NotificationRow[]> {
  const rows = await insertNotifications(
    tx,
    items.map((item) => ({
      userId: item.userId,
      title: item.title.trim() || "Notificación",
      message: item.message,
      type: item.type,
      linkTo: item.linkTo ?? null,
    })),
  );
  for (const row of rows) {
    await ctx.events.publish(tx, {
      topic: "notification",
      userId: row.userId,
      payload: { type: "notification.created", id: row.id, notificationType: row.type },
    });
  }
  return rows;
}

export async function createNotification(
  ctx: Pick<AppContext, "events">,
  tx: Executor,
  item: NewNotification,
): Promise<NotificationRow> {
  const [row] = await createNotifications(ctx, tx, [item]);
  if (!row) throw new Error("no se pudo crear la notificación");
  return row;
}
