import { formatTicketNumber, parseTicketInput } from "@rifazo/shared/domain/tickets";

// Pure helpers of the number grid (chosen-number raffles).

/**
 * Up to `count` numbers drawn uniformly among those neither taken nor already chosen (partial
 * Fisher–Yates over the candidates). Fewer when fewer are left.
 */
export function pickRandomAvailable(
  total: number,
  isTaken: (n: number) => boolean,
  chosen: ReadonlySet<number>,
  count: number,
  random: () => number = Math.random,
): number[] {
  const candidates: number[] = [];
  for (let n = 0; n < total; n++) if (!isTaken(n) && !chosen.has(n)) candidates.push(n);
  const wanted = Math.max(0, Math.min(Math.floor(count), candidates.length));
  for (let i = 0; i < wanted; i++) {
    const j = i + Math.floor(random() * (candidates.length - i));
    const swap = candidates[i] as number;
    candidates[i] = candidates[j] as number;
    candidates[j] = swap;
  }
  return candidates.slice(0, wanted);
}

export type NumberQuery = { ok: true; number: number } | { ok: false; message: string };

/** "7" or "07" → 7, within this raffle's numbers (00 to total − 1, in its digits: ticketDigits). */
export function parseNumberQuery(text: string, total: number): NumberQuery {
  const parsed = parseTicketInput(text, total);
  const first = formatTicketNumber(0, total);
  const last = formatTicketNumber(Math.max(0, total - 1), total);
  if (!parsed.ok || parsed.number >= total)
    return { ok: false, message: `Escribe un número entre ${first} y ${last}.` };
  return { ok: true, number: parsed.number };
}

/** The numbers the server answered as taken ("042"), as integers. */
export function parseTakenNumbers(taken: readonly string[]): number[] {
  return taken.map((t) => Number.parseInt(t, 10)).filter((n) => Number.isInteger(n) && n >= 0);
}
