import {
  type AppNotification,
  isUuid,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_LIMIT,
  type NotificationList,
  type NotificationType,
  type SessionUser,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Db, Executor } from "../../db/client";
import { notFound } from "../../lib/errors";
import * as repo from "./repository";
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

// ---------------------------------------------------------------------------------------------
// Reading and marking (the dropdown). The user always comes from the session, never from the request.
// ---------------------------------------------------------------------------------------------

export function toAppNotification(row: NotificationRow): AppNotification {
  return {
    id: row.id,
    title: row.title.trim() || NOTIFICATION_MESSAGES.defaultTitle,
    message: row.message,
    type: row.type as NotificationType,
    linkTo: row.linkTo,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's newest notifications; administrators get none (spec 1 §4, §6). */
export async function listNotifications(db: Db, user: SessionUser): Promise<NotificationList> {
  if (user.role === "admin") return { items: [], unreadCount: 0 };
  const [rows, unreadCount] = await Promise.all([
    repo.listForUser(db, user.id, NOTIFICATIONS_LIMIT),
    repo.countUnread(db, user.id),
  ]);
  return { items: rows.map(toAppNotification), unreadCount };
}

const notificationNotFound = () => notFound("NOT_FOUND", NOTIFICATION_MESSAGES.notFound);

/**
 * Marks one of the user's notifications read. Another user's id answers 404 exactly like an unknown one,
 * so ids cannot be probed. Other open tabs hear about it through the realtime channel.
 */
export async function markNotificationRead(
  ctx: Pick<AppContext, "db" | "events">,
  userId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw notificationNotFound();
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.markRead(tx, userId, id))) throw notificationNotFound();
    await ctx.events.publish(tx, {
      topic: "notification",
      userId,
      payload: { type: "notification.read", id },
    });
  });
}

export async function markAllNotificationsRead(
  ctx: Pick<AppContext, "db" | "events">,
  userId: string,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const updated = await repo.markAllRead(tx, userId);
    if (updated > 0) {
      await ctx.events.publish(tx, {
        topic: "notification",
        userId,
        payload: { type: "notification.read_all", updated },
      });
    }
    return updated;
  });
}
