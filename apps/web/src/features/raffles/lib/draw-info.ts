import type { RaffleCardState } from "@rifazo/shared/domain/raffle-card-state";
import { effectiveActivationPercentage } from "@rifazo/shared/domain/raffle-progress";
import type { PublicRaffle } from "@rifazo/shared/schemas/raffles";
import { formatDate, formatDateTime } from "../../../lib/format";

export interface DrawInfo {
  label: string;
  value: string;
}

type DrawInfoRaffle = Pick<
  PublicRaffle,
  "activationType" | "activationPercentage" | "endDate" | "startDate" | "drawnAt"
> &
  Partial<Pick<PublicRaffle, "lottery">>;

/**
 * When the draw happens, as the card and the detail page say it: the date for date raffles, the sales goal
 * for percentage raffles (or the end of the 24 h window once it runs), the start date for upcoming ones.
 * `long` adds the time (detail page); cards show the day only. Null when there is nothing to say.
 */
export function drawInfo(
  raffle: DrawInfoRaffle,
  state: Pick<RaffleCardState, "phase" | "drawActivatedUntil">,
  long = false,
): DrawInfo | null {
  const when = (value: string | Date) => (long ? formatDateTime(value) : formatDate(value, "medium"));
  if (raffle.drawnAt) return { label: "Sorteada el", value: when(raffle.drawnAt) };
  if (state.phase === "upcoming") {
    return raffle.startDate ? { label: "Comienza el", value: when(raffle.startDate) } : null;
  }
  if (raffle.activationType === "percentage") {
    if (state.drawActivatedUntil) return { label: "Sorteo", value: when(state.drawActivatedUntil) };
    const goal = effectiveActivationPercentage(raffle.activationPercentage);
    return { label: "Sorteo", value: `al vender el ${goal}% de los boletos` };
  }
  if (!raffle.endDate) return null;
  // Decision 0024: a lottery decides after the list is fixed; its own time is shown with the lottery.
  if (raffle.lottery) return { label: "Cierre de ventas", value: when(raffle.endDate) };
  return { label: "Fecha del sorteo", value: when(raffle.endDate) };
}
