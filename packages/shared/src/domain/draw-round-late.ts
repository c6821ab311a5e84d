/**
 * A late randomness round: the drand round a frozen raffle named is past its time and the raffle is
 * still not drawn (no relay reachable, or none answered). It is a state of its own, derived here once
 * for the draw page, the organiser's "Hoy" and the one alert email: the page says what it waits for
 * instead of offering a draw that cannot happen, and the organiser learns the way out (check the
 * relays, or paste the round's beacon, which is verified the same way).
 */
import { type DateInput, toDate } from "./raffle-progress";

/**
 * How long after the round's time the draw may take before it counts as late: the draw job looks every
 * 15 s and a relay answers in seconds, so a minute without a draw means something is wrong.
 */
export const DRAW_ROUND_GRACE_MS = 60_000;

/** When a named round that has not decided the draw yet becomes late (round time + grace). */
export function drawRoundLateAt(roundAt: DateInput): Date | null {
  const at = toDate(roundAt);
  return at === null ? null : new Date(at.getTime() + DRAW_ROUND_GRACE_MS);
}

/** True when the named round's time plus the grace has passed (the caller knows it is not drawn). */
export function isDrawRoundLate(roundAt: DateInput, now: Date): boolean {
  const late = drawRoundLateAt(roundAt);
  return late !== null && now.getTime() >= late.getTime();
}

import { claimText, FAIRNESS_HEADINGS } from "../fairness-texts";

/** "… 8:38 p. m." already closes its sentence; anything else gets its full stop. */
const stop = (text: string) => (text.endsWith(".") ? text : `${text}.`);

export const DRAW_ROUND_LATE_TEXTS = {
  title: FAIRNESS_HEADINGS.lateRound,
  /** What the page waits for, in plain Spanish. */
  waiting: (round: number, since: string) =>
    `Los ganadores salen de la ronda ${round} de drand, que debía estar disponible desde el ${stop(since)} ${claimText("lateRoundNoOther")}`,
  next: "Se reintenta sola cada pocos minutos, y el organizador puede ingresar la ronda a mano (se verifica su firma igual). En cuanto llegue, los ganadores aparecen aquí.",
  emailSubject: (title: string) => `El sorteo de "${title}" espera la ronda de drand`,
  emailBody: (title: string, round: number, since: string) =>
    `El sorteo de la rifa "${title}" debía realizarse con la ronda ${round} de drand, disponible desde el ${since}, pero el servidor no ha podido obtenerla de ningún relay. Revisa que el servidor tenga salida a internet y que DRAND_RELAYS apunte a relays que respondan (el estado de cada relay está en /api/health), o copia la ronda ${round} y su firma de un relay público (por ejemplo https://api.drand.sh) y pégala en "Pegar beacon" de la rifa: se verifica contra la clave de la cadena igual que si llegara sola.`,
} as const;
