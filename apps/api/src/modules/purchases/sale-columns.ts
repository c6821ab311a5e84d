import { sql } from "drizzle-orm";
import { raffles } from "../../db/schema";

// Purchases own the sale rules; proofs read a raffle's sale columns from here (decision 0026).
/** What the sale rules read from a raffle (the inputs of raffleCardState, price and currency). */
export const saleColumns = {
  id: raffles.id,
  title: raffles.title,
  price: raffles.price,
  currency: raffles.currency,
  status: raffles.status,
  endDate: raffles.endDate,
  totalTickets: raffles.totalTickets,
  soldTickets: raffles.soldTickets,
  activationType: raffles.activationType,
  activationPercentage: raffles.activationPercentage,
  percentageDrawActivatedAt: raffles.percentageDrawActivatedAt,
  announcementType: raffles.announcementType,
  // A drawn raffle never sells again, whatever its status says (same rule as the public card); an instant
  // prize won while it sells is not a draw (decision 0035).
  hasWinners: sql<boolean>`(${raffles.winningTicketNumber} IS NOT NULL OR EXISTS (SELECT 1 FROM winners w WHERE w.raffle_id = "raffles"."id" AND w.source <> 'instant'))`,
};
