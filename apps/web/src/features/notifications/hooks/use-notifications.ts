import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { useSigningOut } from "../../auth";
import {
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationList,
  notificationKeys,
  notificationsQuery,
} from "../api/notifications-api";

/** The user's notifications, with read marks applied at once and undone if the server refuses. */
export function useNotifications() {
  const queryClient = useQueryClient();
  // Signing out, the session ends before the header does: a refetch then (the live stream's reconnect,
  // an invalidation) would only be refused with 401.
  const signingOut = useSigningOut();
  const query = useQuery({ ...notificationsQuery, enabled: !signingOut });

  const update = (change: (list: NotificationList) => NotificationList) => {
    const previous = queryClient.getQueryData<NotificationList>(notificationKeys.all);
    if (previous) queryClient.setQueryData(notificationKeys.all, change(previous));
    return { previous };
  };
  const restore = (context: { previous?: NotificationList } | undefined, error: unknown) => {
    if (context?.previous) queryClient.setQueryData(notificationKeys.all, context.previous);
    toast({ title: "Error", description: errorMessage(error), variant: "error" });
  };
  const settle = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      return update((list) => {
        const target = list.items.find((item) => item.id === id);
        if (!target || target.isRead) return list;
        return {
          items: list.items.map((item) => (item.id === id ? { ...item, isRead: true } : item)),
          unreadCount: Math.max(0, list.unreadCount - 1),
        };
      });
    },
    onError: (error, _id, context) => restore(context, error),
    onSettled: settle,
  });

  const markAllRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      return update((list) => ({
        items: list.items.map((item) => (item.isRead ? item : { ...item, isRead: true })),
        unreadCount: 0,
      }));
    },
    onError: (error, _vars, context) => restore(context, error),
    onSettled: settle,
  });

  const items = query.data?.items ?? [];
  const unreadCount = query.data
    ? Math.max(query.data.unreadCount, items.filter((n) => !n.isRead).length)
    : 0;

  return {
    items,
    unreadCount,
    isPending: query.isPending,
    isError: query.isError && !query.data,
    /** A refresh failed but an older list is still showing. */
    isStale: query.isError && Boolean(query.data),
    refetch: () => void query.refetch(),
    markRead: (id: string) => markRead.mutate(id),
    markAllRead: () => markAllRead.mutate(),
    markingAll: markAllRead.isPending,
  };
}
