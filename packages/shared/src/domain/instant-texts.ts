/**
 * Instant prizes in the buyer's words (docs/decisions/0035-prizes-on-the-record.md, "Instant wins nobody
 * can aim"): one source for the payment list, the payment page, the receipt page, its PNG and its PDF, and
 * the raffle page, so every copy says the same. Pure (Intl only, through the shared formatters).
 */
import type { WINNER_SOURCES } from "../constants";
import type { InstantOutcome, InstantPrizeInfo, RaffleInstantPrizes } from "../schemas/instant";
import { sentence, timeWithArticle } from "./dates";
import { prizePlaceName } from "./glossary";
import { formatEsNumber, formatMoney } from "./money";
import { countText, pluralWord } from "./plural";

/** The badge and the place name of an instant winner, wherever winners are listed. */
export const INSTANT_PRIZE_LABEL = "Premio instantáneo";

/** Why nobody can aim an instant win, as the raffle page states it. */
export const INSTANT_FAIRNESS_TEXT =
  "Se deciden con drand un minuto después de aprobar cada compra: nadie, ni Rifazo, puede elegir ni saber qué boleto gana.";

type WinnerSource = (typeof WINNER_SOURCES)[number];

/**
 * INSTANT_PRIZE_LEVEL of ./instant-draw (the test holds them equal): not imported, so the pages that list
 * winners do not bring the draw engine along.
 */
const INSTANT_LEVEL = 0;

/** A winner's place: «Premio instantáneo» for an instant win (level 0), else «Primer premio» and so on. */
export function winnerPlaceName(level: number, source?: WinnerSource): string {
  return isInstantWinner(level, source) ? INSTANT_PRIZE_LABEL : prizePlaceName(level);
}

/** «Nivel 2» for a prize of the draw, «Premio instantáneo» for level 0 (the organiser's lists, the statement). */
export function winnerPlaceLabel(level: number): string {
  return level === INSTANT_LEVEL ? INSTANT_PRIZE_LABEL : `Nivel ${level}`;
}

/** Whether the winner is an instant one (its source, or level 0 where the source is not sent). */
export function isInstantWinner(level: number, source?: WinnerSource): boolean {
  return source === "instant" || level === INSTANT_LEVEL;
}

/** "hacia las 3:05 p. m.", "hacia la 1:05 p. m.". */
function aroundTime(iso: string): string {
  return `hacia ${timeWithArticle(iso)}`;
}

/** "Boleto 0042: Bono de $20". */
export function instantWinText(win: { ticketNumber: string; description: string }): string {
  return `Boleto ${win.ticketNumber}: ${win.description}`;
}

/**
 * What the instant draw says about one purchase:
 * - pending: «Premios instantáneos: esta compra se decide con la ronda 12345 de drand (hacia las 3:05 p. m.).»
 * - a win: «¡Ganaste un premio instantáneo! Boleto 0042: Bono de $20.» (several: «¡Ganaste 2 premios
 *   instantáneos! Boleto 0042: Bono de $20; boleto 0107: Camiseta.»)
 * - no win: «Esta compra no ganó premio instantáneo (ronda 12345 de drand).»
 */
export function instantOutcomeText(outcome: InstantOutcome): string {
  if (outcome.status === "pending") {
    return `Premios instantáneos: esta compra se decide con la ronda ${outcome.round} de drand (${aroundTime(outcome.roundTime)}).`;
  }
  if (outcome.wins.length === 0) {
    return `Esta compra no ganó premio instantáneo (ronda ${outcome.round} de drand).`;
  }
  return `${instantWinHeadline(outcome.wins.length)} ${instantWinsList(outcome.wins)}`;
}

/** «¡Ganaste un premio instantáneo!» or «¡Ganaste 3 premios instantáneos!». */
export function instantWinHeadline(count: number): string {
  const prizes =
    count === 1 ? "un premio instantáneo" : countText(count, "premio instantáneo", "premios instantáneos");
  return `¡Ganaste ${prizes}!`;
}

/** «Boleto 0042: Bono de $20; boleto 0107: Camiseta.» */
export function instantWinsList(wins: readonly { ticketNumber: string; description: string }[]): string {
  // One sentence: only its first "Boleto" takes the capital.
  const lines = wins.map(
    (win, i) => `${i === 0 ? "Boleto" : "boleto"} ${win.ticketNumber}: ${win.description}`,
  );
  return sentence(lines.join("; "));
}

/**
 * The raffle page's count: «3 premios instantáneos: quedan 2», «1 premio instantáneo: queda 1», and once
 * every one is won «3 premios instantáneos: ya se ganaron todos» («…: ya se ganó» for a single one).
 */
export function instantPrizesLeftText(prizes: Pick<RaffleInstantPrizes, "total" | "left">): string {
  const total = countText(prizes.total, "premio instantáneo", "premios instantáneos");
  if (prizes.left <= 0) return `${total}: ${pluralWord(prizes.total, "ya se ganó", "ya se ganaron todos")}`;
  return `${total}: ${pluralWord(prizes.left, "queda", "quedan")} ${formatEsNumber(prizes.left, 0)}`;
}

/** A kind as sold, under its description: «3 premios», «2 premios de $20,00 cada uno», «1 premio de Bs. 500,00». */
export function instantKindDetail(kind: InstantPrizeInfo): string {
  const count = countText(kind.count, "premio", "premios");
  if (kind.prizeValue === null || kind.cashCurrency === null) return count;
  const each = kind.count > 1 ? " cada uno" : "";
  return `${count} de ${formatMoney(kind.prizeValue, kind.cashCurrency)}${each}`;
}
