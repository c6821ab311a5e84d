import { useQueryClient } from "@tanstack/react-query";
import { recordKeys } from "../../draws";
import { type AdminPrize, prizeKeys } from "../api/prizes-api";
import { todayKey } from "../api/today-api";

/**
 * After a review, a delivery or a resolved dispute the API answers with the prize as it now stands: it
 * replaces the old one in the raffle's list at once, and what counts it (Hoy, the lists by status, the
 * public record the action wrote to) is asked again.
 */
export function usePrizeUpdate() {
  const queryClient = useQueryClient();
  return (updated: AdminPrize) => {
    queryClient.setQueryData<{ items: AdminPrize[] }>(prizeKeys.raffle(updated.raffleId), (old) =>
      old
        ? { items: old.items.map((prize) => (prize.winnerId === updated.winnerId ? updated : prize)) }
        : old,
    );
    void queryClient.invalidateQueries({ queryKey: [...prizeKeys.all, "status"] });
    void queryClient.invalidateQueries({ queryKey: todayKey() });
    void queryClient.invalidateQueries({ queryKey: recordKeys.one(updated.raffleId) });
  };
}
