import { useQueryClient } from "@tanstack/react-query";
import { useRaffleEvents } from "../../../lib/use-raffle-events";
import { raffleKeys } from "../api/raffles-api";

/** Live catalogue: the public raffle queries refetch when a raffle changes. */
export function useLiveRaffles(): void {
  const queryClient = useQueryClient();
  useRaffleEvents(() => {
    void queryClient.invalidateQueries({ queryKey: raffleKeys.all });
  });
}
