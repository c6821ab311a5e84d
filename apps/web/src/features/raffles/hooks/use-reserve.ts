import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { preloadPage } from "../../../lib/page-preload";
import { paths } from "../../../lib/paths";
import { isOffline } from "../../../lib/use-online";
import { type RedirectState, useSession } from "../../auth";
import { isOfflineError } from "../../offline";
import { isPhoneRequired } from "../../profile";
import { reservationKeys } from "../../proofs";
import { activeReservationOf, type Reservation } from "../api/purchase-api";
import { reservationPath } from "../lib/price-quote";

interface ReserveOptions<T> {
  raffleId: string;
  create: (value: T) => Promise<Reservation>;
  /** Runs before the payment page opens. */
  onReserved?: () => void;
  /** A refusal only one way of buying knows (taken numbers); true when it handled the error. */
  onRefused?: (error: unknown, value: T) => boolean;
}

/**
 * "Reservar" for both ways of buying (quantity or chosen numbers): the reservation request and the answers
 * they share — offline, mobile required (asked inline), an active reservation already open, any other error.
 */
/**
 * The payment page's code downloads beside the reservation request, not after its answer; asked for once
 * the request is out, so that the request does not wait behind the code for a connection (decision 0031).
 */
function sendThenPreload<T>(create: (value: T) => Promise<Reservation>, raffleId: string) {
  return (value: T) => {
    const sent = create(value);
    preloadPage(paths.proofUpload(raffleId));
    return sent;
  };
}

/**
 * `sessionLoading`: the session is not known yet, so a choice the browser's form cannot post (an abono,
 * decision 0034) waits for it. `pendingValue`: what is being reserved, so the tapped button is the one
 * that spins.
 */
export function useReserve<T>({ raffleId, create, onReserved, onRefused }: ReserveOptions<T>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, status } = useSession();
  // What waits for the buyer's mobile (422 PHONE_REQUIRED), asked inline.
  const [awaitingPhone, setAwaitingPhone] = useState<{ value: T } | null>(null);
  // The last tap could not reach the server: said under the button, with «Reintentar».
  const [offlineFailed, setOfflineFailed] = useState(false);
  const mutation = useMutation({
    mutationFn: sendThenPreload<T>(create, raffleId),
    onSuccess: (reservation) => {
      // The payment page reads this reservation: it opens with it instead of asking again (decision 0031).
      queryClient.setQueryData(reservationKeys.one(reservation.id), reservation);
      onReserved?.();
      navigate(reservationPath(raffleId, reservation.id));
    },
    onError: (error, value) => {
      if (isOfflineError(error)) {
        setOfflineFailed(true);
        return;
      }
      if (isPhoneRequired(error)) {
        setAwaitingPhone({ value });
        return;
      }
      if (onRefused?.(error, value)) return;
      const active = activeReservationOf(error);
      if (active) {
        toast({
          title: "Reserva activa",
          description: RESERVATION_MESSAGES.activeExists,
          variant: "info",
          survivesRedirect: true,
        });
        navigate(reservationPath(raffleId, active));
        return;
      }
      toast({ title: "No se pudo reservar", description: errorMessage(error), variant: "error" });
    },
  });

  /** Reserves `value`; offline it says so at once, and a visitor signs in first (coming back here). */
  const start = (value: T) => {
    // Offline, say so at once: the sign-in page may not be on this device, and a reservation cannot be made.
    setOfflineFailed(isOffline());
    if (isOffline()) return;
    if (!user) {
      const state: RedirectState = { from: { pathname: paths.raffle(raffleId), search: "" } };
      navigate(paths.login, { state });
      return;
    }
    mutation.mutate(value);
  };

  /** The mobile was saved: the reservation that waited for it goes ahead. */
  const resumeAfterPhone = () => {
    if (!awaitingPhone) return;
    setAwaitingPhone(null);
    mutation.mutate(awaitingPhone.value);
  };

  /**
   * Until the page knows who is tapping (hydrating, or the session still on its way on a slow link), the
   * form posts itself: the server knows the buyer by the cookie and answers with the payment page or the
   * sign-in page (decision 0029). Offline the app says so instead.
   */
  const postsNatively = () => !isOffline() && (status === "loading" || status === "error");

  return {
    user,
    start,
    postsNatively,
    sessionLoading: status === "loading",
    isPending: mutation.isPending,
    pendingValue: mutation.isPending ? mutation.variables : undefined,
    offlineFailed,
    awaitingPhone: awaitingPhone !== null,
    resumeAfterPhone,
  };
}
