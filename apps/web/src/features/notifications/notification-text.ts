import type { NotificationType } from "@rifazo/shared/constants";
import { NOTIFICATION_MESSAGES } from "@rifazo/shared/notification-texts";

// Rules of the notification dropdown (spec 1 §2 "Notification dropdown"); its texts are the shared
// NOTIFICATION_MESSAGES, the same the API uses.

export { NOTIFICATION_MESSAGES } from "@rifazo/shared/notification-texts";

export type NotificationTone = "success" | "danger" | "accent" | "brand" | "info" | "neutral";

export const NOTIFICATION_TONES: Record<NotificationType, NotificationTone> = {
  payment_approved: "success",
  payment_rejected: "danger",
  level_up: "accent",
  raffle_won: "accent",
  raffle_announcement: "brand",
  admin_message: "info",
  other: "neutral",
};

export function notificationTone(type: string): NotificationTone {
  return NOTIFICATION_TONES[type as NotificationType] ?? "neutral";
}

export function notificationTitle(title: string | null | undefined): string {
  return title?.trim() || NOTIFICATION_MESSAGES.defaultTitle;
}

/**
 * Only paths of this site are followed: "/perfil/pagos" yes, "//otro.sitio" or "https://..." no, so a
 * notification can never send the user elsewhere.
 */
export function safeInternalLink(linkTo: string | null | undefined): string | null {
  const value = linkTo?.trim();
  if (!value?.startsWith("/") || value.startsWith("//") || value.includes("\\")) return null;
  return value;
}

export type NotificationAction = { kind: "navigate"; to: string } | { kind: "detail" } | { kind: "none" };

/** What clicking an item does: follow its link, open the admin message, or just mark it read. */
export function notificationAction(item: { type: string; linkTo: string | null }): NotificationAction {
  const link = safeInternalLink(item.linkTo);
  if (link) return { kind: "navigate", to: link };
  if (item.type === "admin_message") return { kind: "detail" };
  return { kind: "none" };
}
