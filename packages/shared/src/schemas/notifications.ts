import { z } from "zod";
import { NOTIFICATION_TYPES } from "../constants";

// Notification dropdown (spec 1 §2 "Notification dropdown", §4 session, §7 notifications).

/** The dropdown shows the newest 50; older ones stay in the database. */
export const NOTIFICATIONS_LIMIT = 50;

// The texts live in a module without zod (the bell ships on every page of a signed-in user).
export { NOTIFICATION_MESSAGES } from "../notification-texts";

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  /** In-app path to open on click (e.g. /perfil/pagos); null when the item has no link. */
  linkTo: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Unread notifications of the user in total (not only among the listed ones): drives the bell's dot. */
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markReadResultSchema = z.object({
  ok: z.literal(true),
  id: z.string(),
  isRead: z.literal(true),
});
export const markAllReadResultSchema = z.object({ ok: z.literal(true), updated: z.number().int() });
