import type { NotificationType } from "@rifazo/shared/constants";

// Texts and rules of the notification dropdown (spec 1 §2 "Notification dropdown").
// The same texts live in @rifazo/shared/schemas/notifications, but that module builds zod schemas when
// it loads; the bell ships on every page of a signed-in user, so it keeps its own copy and zod stays out.

export const NOTIFICATION_TEXT = {
  title: "Notificaciones",
  markAllRead: "Marcar todas como leídas",
  markRead: "Marcar Leída",
  loading: "Cargando notificaciones...",
  loadError: "No se pudieron cargar las notificaciones. Verifica tu conexión e inténtalo de nuevo.",
  retry: "Intentar Recargar",
  empty: "Aquí verás tus notificaciones importantes",
  defaultTitle: "Notificación",
  connectionProblem: "Problemas de conexión. Click para reintentar.",
  realtimeProblem: "Problema de conexión con el canal de notificaciones en tiempo real.",
  received: "Recibida",
} as const;

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
  return title?.trim() || NOTIFICATION_TEXT.defaultTitle;
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
