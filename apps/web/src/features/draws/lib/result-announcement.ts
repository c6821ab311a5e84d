import { prizePlaceName } from "@rifazo/shared/domain/glossary";
import type { DrawResult } from "../api";

/** A name such as "María P." already closes its sentence. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The draw's result as one sentence for screen readers: each prize with its ticket and winner, in prize
 * order. Said once by a polite live region, never while the roulette's digits change.
 */
export function resultAnnouncement(result: DrawResult): string {
  if (result.empty || result.winners.length === 0) {
    return "Sorteo vacío: no hubo boletos vendidos, la rifa cerró sin ganadores.";
  }
  const prizes = [...result.winners]
    .sort((a, b) => a.level - b.level)
    .map((w) => {
      const prize = prizePlaceName(w.level);
      const mine = w.isMine ? " ¡Este premio es tuyo!" : "";
      return `${sentence(`${prize}, ${w.prize}: boleto ${w.ticketNumber}, ${w.winnerName}`)}${mine}`;
    });
  return `¡Tenemos ganadores! ${prizes.join(" ")}`;
}
