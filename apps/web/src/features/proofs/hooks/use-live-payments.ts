import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLiveEvents } from "../../../lib/live-events";
import { proofKeys } from "../api/proofs-api";
import { reservationKeys } from "../api/reservations-api";

/** A burst of notifications (an approval and a level up) causes one refetch. */
const COALESCE_MS = 250;

/**
 * Keeps Mis Pagos and the payment page current: the buyer is notified when a proof is approved or
 * rejected and when a reservation expires, and each new notification refetches their payments and
 * reservations (the notification says something about them changed; the lists say what).
 */
export function useLivePayments(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if (event.name !== "notification" || event.data?.type !== "notification.created") return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: proofKeys.all });
      void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
    }, COALESCE_MS);
  });
}
