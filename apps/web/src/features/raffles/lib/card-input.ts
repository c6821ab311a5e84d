import type { RaffleCardInput } from "@rifazo/shared/domain/raffle-card-state";
import type { PublicRaffle } from "@rifazo/shared/schemas/raffles";

/** The API's raffle as the input of the shared card logic (raffleCardState): the state is the server's. */
export function toCardInput(raffle: PublicRaffle): RaffleCardInput {
  return {
    id: raffle.id,
    state: raffle.lifecycle.state,
    activationType: raffle.activationType,
    activationPercentage: raffle.activationPercentage,
    percentageDrawActivatedAt: raffle.percentageDrawActivatedAt,
    totalTickets: raffle.totalTickets,
    soldTickets: raffle.soldTickets,
    announcementType: raffle.announcementType,
    hasWinners: raffle.hasWinners,
  };
}
