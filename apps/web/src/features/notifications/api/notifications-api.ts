import type { AppNotification, NotificationList } from "@rifazo/shared/schemas/notifications";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

// Type-only imports from the shared schemas: the zod runtime stays out of the bell's chunk.
export type { AppNotification, NotificationList };

export const notificationKeys = {
  all: ["notifications"] as const,
};

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: ({ signal }) => api.get<NotificationList>("/api/notifications", { signal }),
  // Realtime events say when to refetch; no polling, and focus refetches are enough as a safety net.
  staleTime: 60_000,
  retry: 1,
});

export function markNotificationRead(id: string): Promise<unknown> {
  return api.patch(`/api/notifications/${encodeURIComponent(id)}/read`);
}

export function markAllNotificationsRead(): Promise<unknown> {
  return api.post("/api/notifications/read-all");
}
