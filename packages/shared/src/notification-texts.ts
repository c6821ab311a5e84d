// Notification texts (spec 1 §2 "Notification dropdown"), for the API and the bell alike. No zod here:
// the web app imports this module directly, and the bell loads on every page of a signed-in user.

export const NOTIFICATION_MESSAGES = {
  title: "Notificaciones",
  markAllRead: "Marcar todas como leídas",
  markRead: "Marcar Leída",
  loading: "Cargando notificaciones...",
  loadError: "No se pudieron cargar las notificaciones. Verifica tu conexión e inténtalo de nuevo.",
  retry: "Intentar Recargar",
  empty: "Aquí verás tus notificaciones importantes",
  defaultTitle: "Notificación",
  realtimeProblem: "Problema de conexión con el canal de notificaciones en tiempo real.",
  notFound: "Notificación no encontrada.",
  /** Label of the date an admin message was received, in its detail dialog. */
  received: "Recibida",
} as const;
