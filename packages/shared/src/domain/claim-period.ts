/**
 * The claim period of a raffle (decision 0021): the days a winner has to claim the prize, counted from
 * the record entry that named that winner. Published in the record's rules; the database locks it after
 * the first sale (migration 0017_blind_decisions).
 */
import { claimText } from "../fairness-texts";
import { pluralWord } from "./plural";

export const DEFAULT_CLAIM_PERIOD_DAYS = 7;
export const MIN_CLAIM_PERIOD_DAYS = 1;
export const MAX_CLAIM_PERIOD_DAYS = 365;

/** "1 día", "7 días" (Spanish plural rules). */
export function daysText(days: number): string {
  return `${days} ${pluralWord(days, "día", "días")}`;
}

export const CLAIM_PERIOD_MESSAGES = {
  invalid: `El plazo para reclamar el premio debe ser un número entero de días entre ${MIN_CLAIM_PERIOD_DAYS} y ${MAX_CLAIM_PERIOD_DAYS}.`,
  locked:
    "Esta rifa ya tiene ventas o pagos en revisión: el plazo para reclamar el premio forma parte de las reglas publicadas y ya no se puede cambiar.",
  /** The rule as the raffle page shows it (what record-service.ts disqualifyWinner does, nothing more). */
  rule: (days: number) =>
    `Plazo para reclamar el premio: ${daysText(days)} desde que el acta nombra al ganador. ${claimText("claimPeriodReplacement")}`,
  /** The same rule where no raffle is at hand (terms, transparency). */
  ruleInGeneral: `En las rifas con acta, cada rifa indica en su página los días que tiene un ganador para reclamar su premio (${DEFAULT_CLAIM_PERIOD_DAYS} si el organizador no fija otro), contados desde que el acta lo nombra. ${claimText("claimPeriodReplacement")}`,
} as const;
