import { DrawInputError, orderedPrizeLevels, type PrizeLevel } from "../draw-engine";
import { countText } from "../plural";
import { isValidTicketNumber } from "../tickets";
import type { ExternalRule } from "./types";

/** The prize slots in draw order: levels ascending, indices 0..count−1. */
export function prizeSlots(
  prizeLevels: readonly PrizeLevel[],
): { level: number; index: number; description: string }[] {
  return orderedPrizeLevels(prizeLevels).flatMap((p) =>
    Array.from({ length: p.count }, (_, index) => ({ level: p.level, index, description: p.description })),
  );
}

export function assertExternalRule(rule: ExternalRule, totalTickets: number): void {
  if (typeof rule !== "object" || rule === null || rule.kind !== "last_digits") {
    throw new DrawInputError("Regla de lotería desconocida: solo se admite «last_digits» (últimas cifras).");
  }
  if (!Number.isSafeInteger(rule.digits) || rule.digits < 1 || rule.digits > 9) {
    throw new DrawInputError("La regla debe leer entre 1 y 9 cifras del resultado.");
  }
  if (!Number.isSafeInteger(totalTickets) || totalTickets < 1 || totalTickets > 10_000) {
    throw new DrawInputError("Cantidad total de boletos inválida.");
  }
  if (10 ** rule.digits < totalTickets) {
    throw new DrawInputError(
      `Con ${countText(rule.digits, "cifra", "cifras")} la regla no alcanza a todos los ${countText(totalTickets, "boleto", "boletos")}: usa al menos ${String(totalTickets - 1).length}.`,
    );
  }
}

/** The official numbers of a result text: digit groups separated by commas (spaces ignored). */
export function parseExternalResult(result: string, rule: ExternalRule): string[] {
  if (typeof result !== "string" || result.trim() === "") {
    throw new DrawInputError("Falta el resultado oficial de la lotería.");
  }
  const numbers = result.split(",").map((part) => part.replace(/\s+/g, ""));
  for (const n of numbers) {
    if (!/^\d+$/.test(n)) {
      throw new DrawInputError(
        `Resultado oficial inválido: «${result}». Usa solo cifras, separando varios números con comas.`,
      );
    }
    if (n.length < rule.digits) {
      throw new DrawInputError(
        `Cada número del resultado debe tener al menos ${countText(rule.digits, "cifra", "cifras")}: «${n}».`,
      );
    }
  }
  return numbers;
}

/**
 * Maps an official result to ticket numbers, one per official number in order (protocol §10). Each
 * official number's last `digits` digits, read as a base-10 integer, modulo totalTickets, give a
 * starting number; the ticket is the first number from there upward (wrapping from totalTickets − 1 to
 * 0) that is in the frozen list, not excluded (disqualified) and not already mapped. Stops early when
 * no ticket is left. Refuses more official numbers than `maxResults` when given.
 */
export function mapExternalResult(
  rule: ExternalRule,
  result: string,
  frozenNumbers: readonly number[],
  totalTickets: number,
  options: { exclude?: readonly number[]; maxResults?: number } = {},
): number[] {
  assertExternalRule(rule, totalTickets);
  const official = parseExternalResult(result, rule);
  if (options.maxResults !== undefined && official.length > options.maxResults) {
    throw new DrawInputError(
      `El resultado tiene ${countText(official.length, "número", "números")} pero la rifa solo tiene ${countText(options.maxResults, "premio", "premios")}.`,
    );
  }
  const available = new Set(frozenNumbers.filter((n) => isValidTicketNumber(n) && n < totalTickets));
  for (const n of options.exclude ?? []) available.delete(n);
  const mapped: number[] = [];
  for (const text of official) {
    if (available.size === 0) break;
    let n = Number.parseInt(text.slice(-rule.digits), 10) % totalTickets;
    while (!available.has(n)) n = (n + 1) % totalTickets;
    available.delete(n);
    mapped.push(n);
  }
  return mapped;
}

/**
 * External raffles have no randomness, so the replacement of a disqualified winner is the first sold
 * ticket upward from the disqualified number (wrapping) that is neither a current winner nor
 * disqualified; null when none is left.
 */
export function externalReplacement(
  disqualified: number,
  frozenNumbers: readonly number[],
  totalTickets: number,
  taken: readonly number[],
): number | null {
  const available = new Set(frozenNumbers);
  for (const n of taken) available.delete(n);
  available.delete(disqualified);
  if (available.size === 0) return null;
  let n = (disqualified + 1) % totalTickets;
  while (!available.has(n)) n = (n + 1) % totalTickets;
  return n;
}
