import { useMemo } from "react";
import { useNow } from "../../../lib/use-now";
import { clockOffsetMs, remainingMs } from "../reservation";

const SECOND_MS = 1_000;

/**
 * Milliseconds left on a reservation, ticking each second by the server's clock (its serverNow, read
 * when the payload arrived), so a phone whose clock is off still ends the countdown on time.
 */
export function useReservationCountdown(
  reservation: { expiresAt: string; serverNow: string } | null | undefined,
): number | null {
  const serverNow = reservation?.serverNow;
  // Computed once per payload: the phone's time at the moment this serverNow was first seen.
  const offset = useMemo(() => (serverNow ? clockOffsetMs(serverNow, Date.now()) : 0), [serverNow]);
  const now = useNow(SECOND_MS);
  return reservation ? remainingMs(reservation.expiresAt, offset, now.getTime()) : null;
}
