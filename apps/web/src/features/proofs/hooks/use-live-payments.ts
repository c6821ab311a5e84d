import { useRefetchOnNotification } from "../../../lib/use-refetch-on-notification";
import { proofKeys } from "../api/proofs-api";
import { reservationKeys } from "../api/reservations-api";

const KEYS = [proofKeys.all, reservationKeys.all];

/**
 * Keeps Mis Pagos and the payment page current: the buyer is notified when a proof is approved or
 * rejected and when a reservation expires.
 */
export function useLivePayments(): void {
  useRefetchOnNotification(KEYS);
}
