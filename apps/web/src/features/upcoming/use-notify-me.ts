import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { type RedirectState, useSession } from "../auth";
import { toastIfOffline } from "../offline";
import { setSubscription, subscriptionsQueryKey, subscriptionsQueryOptions } from "./api";
import { removeLocalNotify, setLocalNotify, useLocalNotifyIds } from "./notify-storage";

export interface NotifyMe {
  /** The signed-in user is subscribed: the button reads "Te avisaremos" and a click undoes it. */
  on: boolean;
  /** The answer is not known yet (session or subscriptions loading) or a change is saving. */
  busy: boolean;
  toggle: () => void;
}

export const NOTIFY_MESSAGES = {
  off: "Notificarme",
  on: "Te avisaremos",
  signInTitle: "Inicia sesión para recibir el aviso",
  signIn: (title: string) =>
    `Al entrar guardaremos tu aviso y te escribiremos cuando «${title}» abra sus ventas.`,
  onTitle: "Te avisaremos",
  onText: (title: string) => `Recibirás una notificación y un correo cuando «${title}» esté activa.`,
  offTitle: "Aviso cancelado",
  offText: (title: string) => `Ya no te avisaremos de «${title}».`,
  undo: "Deshacer",
  errorTitle: "No pudimos guardar tu aviso",
} as const;

/**
 * 'Notificarme' for one upcoming raffle, the same wherever it is shown (the raffle card, the upcoming
 * page). The notice is a server subscription (an in-app notice and an email when the raffle opens), so it
 * needs an account: a visitor is taken to sign in and back, with the choice kept in this browser (spec 1
 * §2) and saved to the account once signed in. A subscribed user sees "Te avisaremos" and can undo it.
 */
export function useNotifyMe(raffle: { id: string; title: string }): NotifyMe {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const userId = session.status === "signed-in" ? session.user?.id : undefined;
  const local = useLocalNotifyIds();
  const subscriptions = useQuery(subscriptionsQueryOptions(userId));
  const key = [...subscriptionsQueryKey, userId];
  const serverIds = subscriptions.data;

  const mutation = useMutation({
    mutationFn: ({ on }: { on: boolean; quiet?: boolean }) => setSubscription(raffle.id, on),
    onMutate: async ({ on }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<{ raffleIds: string[] }>(key);
      const ids = previous?.raffleIds ?? [];
      queryClient.setQueryData(key, {
        raffleIds: on ? [...new Set([...ids, raffle.id])] : ids.filter((id) => id !== raffle.id),
      });
      return { previous };
    },
    onError: (error, variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      if (toastIfOffline(error, "guardar el aviso", () => mutation.mutate(variables))) return;
      toast({ title: NOTIFY_MESSAGES.errorTitle, description: errorMessage(error), variant: "error" });
    },
    onSuccess: (_data, { on, quiet }) => {
      if (quiet) return;
      toast({
        title: on ? NOTIFY_MESSAGES.onTitle : NOTIFY_MESSAGES.offTitle,
        description: on ? NOTIFY_MESSAGES.onText(raffle.title) : NOTIFY_MESSAGES.offText(raffle.title),
        variant: on ? "success" : "info",
        action: { label: NOTIFY_MESSAGES.undo, onClick: () => mutation.mutate({ on: !on, quiet: true }) },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  // A choice made before signing in (kept in this browser) is saved to the account once, then forgotten.
  const carried = useRef(false);
  const pendingLocally = local.includes(raffle.id);
  useEffect(() => {
    if (!userId || !serverIds || !pendingLocally || carried.current) return;
    carried.current = true;
    removeLocalNotify([raffle.id]);
    if (!serverIds.includes(raffle.id)) mutation.mutate({ on: true });
  }, [userId, serverIds, pendingLocally, raffle.id, mutation]);

  const on = Boolean(userId && serverIds?.includes(raffle.id));
  return {
    on,
    busy: session.status === "loading" || (Boolean(userId) && subscriptions.isPending) || mutation.isPending,
    toggle: () => {
      if (userId) {
        mutation.mutate({ on: !on });
        return;
      }
      setLocalNotify(raffle.id, true);
      toast({
        id: "notify-sign-in",
        title: NOTIFY_MESSAGES.signInTitle,
        description: NOTIFY_MESSAGES.signIn(raffle.title),
        variant: "info",
        survivesRedirect: true,
      });
      const state: RedirectState = {
        from: { pathname: location.pathname, search: location.search, hash: location.hash },
      };
      void navigate(paths.login, { state });
    },
  };
}
