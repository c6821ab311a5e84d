import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { useSession } from "../auth";
import { setSubscription, subscriptionsQueryKey, subscriptionsQueryOptions } from "./api";
import { removeLocalNotify, setLocalNotify, useLocalNotifyIds } from "./notify-storage";

export interface UpcomingNotify {
  isOn: (raffleId: string) => boolean;
  /** True while the answer is not known yet (session or subscriptions loading) or a change is saving. */
  isBusy: (raffleId: string) => boolean;
  toggle: (raffleId: string, title: string) => void;
}

/**
 * 'Notificarme' for upcoming raffles. A visitor's choice stays in this browser (spec 1 §2); a signed-in
 * user's is a server subscription, which also sends the in-app notice and email when the raffle opens.
 * Choices a visitor made before signing in are carried over to the account once.
 */
export function useUpcomingNotify(upcomingIds: readonly string[] | undefined): UpcomingNotify {
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.status === "signed-in" ? session.user?.id : undefined;
  const local = useLocalNotifyIds();
  const subscriptions = useQuery(subscriptionsQueryOptions(userId));
  const key = [...subscriptionsQueryKey, userId];

  const mutation = useMutation({
    mutationFn: ({ raffleId, on }: { raffleId: string; on: boolean; title: string; quiet?: boolean }) =>
      setSubscription(raffleId, on),
    onMutate: async ({ raffleId, on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ raffleIds: string[] }>(key);
      const ids = previous?.raffleIds ?? [];
      queryClient.setQueryData(key, {
        raffleIds: on ? [...new Set([...ids, raffleId])] : ids.filter((id) => id !== raffleId),
      });
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast({ title: "No pudimos guardar tu aviso", description: errorMessage(error), variant: "error" });
    },
    onSuccess: (_data, { on, title, quiet }) => {
      if (quiet) return;
      toast(
        on
          ? {
              title: "Te avisaremos",
              description: `Recibirás una notificación y un correo cuando «${title}» esté activa.`,
              variant: "success",
            }
          : { title: "Aviso cancelado", description: `Ya no te avisaremos de «${title}».`, variant: "info" },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  // Carry a visitor's browser choices over to the account after signing in (once per page visit).
  const migrated = useRef<string | undefined>(undefined);
  const serverIds = subscriptions.data;
  useEffect(() => {
    if (!userId || !serverIds || !upcomingIds || migrated.current === userId) return;
    migrated.current = userId;
    const pending = local.filter((id) => upcomingIds.includes(id) && !serverIds.includes(id));
    for (const raffleId of pending) mutation.mutate({ raffleId, on: true, title: "", quiet: true });
    // Ids of raffles that are no longer upcoming are dropped too: there is nothing left to announce.
    if (local.length) removeLocalNotify(local);
  }, [userId, serverIds, local, upcomingIds, mutation]);

  const sessionKnown = session.status !== "loading";
  return {
    isOn: (raffleId) => (userId ? (serverIds ?? []).includes(raffleId) : local.includes(raffleId)),
    isBusy: (raffleId) =>
      !sessionKnown ||
      (Boolean(userId) && subscriptions.isPending) ||
      (mutation.isPending && mutation.variables?.raffleId === raffleId),
    toggle: (raffleId, title) => {
      if (userId) {
        mutation.mutate({ raffleId, on: !(serverIds ?? []).includes(raffleId), title });
        return;
      }
      const on = !local.includes(raffleId);
      setLocalNotify(raffleId, on);
      toast(
        on
          ? {
              title: "Te avisaremos",
              description:
                "Guardamos tu recordatorio en este navegador. Inicia sesión para recibir también el aviso por correo.",
              variant: "success",
            }
          : {
              title: "Aviso cancelado",
              description: `Quitamos el recordatorio de «${title}».`,
              variant: "info",
            },
      );
    },
  };
}
