import type { RaffleCardState } from "@rifazo/shared/domain/raffle-card-state";
import { effectiveActivationPercentage } from "@rifazo/shared/domain/raffle-progress";
import type { PublicRaffle } from "@rifazo/shared/schemas/raffles";
import { formatDate, formatDateTime, formatDrawMoment } from "../../../lib/format";

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
  // A draw's moment (and the sales' close) reads the same on the card, the raffle page, the draw page, the
  // receipt and the emails: formatDrawMoment, "sábado 5 de diciembre de 2026, 8:00 p. m.".
  const when = (value: string | Date) => formatDrawMoment(value);
  if (raffle.drawnAt) return { label: "Sorteada el", value: when(raffle.drawnAt) };
  if (state.phase === "upcoming") {
    const start = (value: string) => (long ? formatDateTime(value) : formatDate(value, "medium"));
    return raffle.startDate ? { label: "Comienza el", value: start(raffle.startDate) } : null;
  }
  if (raffle.activationType === "percentage") {
    if (state.drawActivatedUntil) return { label: "Sorteo", value: when(state.drawActivatedUntil) };
    const goal = effectiveActivationPercentage(raffle.activationPercentage);
    return { label: "Sorteo", value: `al vender el ${goal}% de los boletos` };
  }
  if (!raffle.endDate) return null;
  // The end date closes sales; the draw comes after the payment review (and, decision 0024, a lottery's
  // draw is shown with the lottery): the receipt calls it the same (glossary receiptDrawLabel).
  return { label: "Cierre de ventas", value: when(raffle.endDate) };
}
