import { bitmapFromBase64, isTaken } from "@rifazo/shared/domain/number-bitmap";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { myRaffleNumbersQuery, raffleNumbersQuery } from "../../api/purchase-api";
import type { RaffleDetail } from "../../api/raffles-api";
import type { OwnNumber } from "./number-grid";

/**
 * Which numbers are taken (the live bitmap, plus those the server just refused) and which are the signed-in
 * buyer's own, held or bought (none without `userId`: a vendedor selling to someone else).
 */
export function useNumberAvailability(
  raffle: Pick<RaffleDetail, "id" | "totalTickets">,
  userId: string | undefined,
) {
  const total = raffle.totalTickets;
  const numbers = useQuery(raffleNumbersQuery(raffle.id));
  const mine = useQuery(myRaffleNumbersQuery(raffle.id, userId));
  /** Numbers the server just refused as taken, marked before the new bitmap arrives. */
  const [lost, setLost] = useState<ReadonlySet<number>>(new Set());

  const bitmap = useMemo(
    () => (numbers.data ? bitmapFromBase64(numbers.data.bitmap, total) : null),
    [numbers.data, total],
  );
  const takenFn = useMemo(
    () => (n: number) => (bitmap ? isTaken(bitmap, n) : false) || lost.has(n),
    [bitmap, lost],
  );
  const signedIn = Boolean(userId);
  const ownOf = useMemo(() => {
    const own = new Map<number, OwnNumber>();
    if (signedIn && mine.data) {
      for (const n of mine.data.held) own.set(n, "held");
      for (const n of mine.data.owned) own.set(n, "owned");
    }
    return (n: number) => own.get(n) ?? null;
  }, [signedIn, mine.data]);

  // A new bitmap already includes what the server refused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new bitmap only.
  useEffect(() => setLost(new Set()), [bitmap]);

  /** Marks numbers the server refused as taken until the next bitmap. */
  const markLost = (gone: ReadonlySet<number>) => setLost((current) => new Set([...current, ...gone]));

  return { numbers, bitmap, takenFn, ownOf, markLost };
}
