// What the instant draw says about one purchase, to its buyer (docs/decisions/0035-prizes-on-the-record.md,
// "Instant wins"): waiting on its drand round, or decided with the tickets that won. The record holds no
// private ids, so a purchase is found by its tickets: the instant_final naming exactly the tickets it sold
// (unique in the raffle while they stay sold; the last such entry should a refunded number be sold again).
import { formatTicketNumber, type InstantOutcome } from "@rifazo/shared";
import type { RecordEntry } from "@rifazo/shared/domain/draw-record";
import type { Executor } from "../../db/client";
import { instantEntriesOfPurchases, instantWinnerIds } from "./instant-repository";

const sameTickets = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((n, i) => n === b[i]);

/**
 * The outcome of the purchase that sold `tickets`, from the raffle's instant entries (record order); null
 * when no instant_final names them. `winnerIdOf` gives the winner row of a winning ticket (null to hide it).
 */
export function instantOutcomeOf(
  entries: readonly RecordEntry[],
  tickets: readonly number[],
  totalTickets: number,
  winnerIdOf: (ticketNumber: number) => string | null = () => null,
): InstantOutcome | null {
  if (tickets.length === 0) return null;
  const sorted = [...tickets].sort((a, b) => a - b);
  const final = [...entries]
    .reverse()
    .find(
      (e): e is RecordEntry<"instant_final"> =>
        e.type === "instant_final" && sameTickets(e.data.tickets, sorted),
    );
  if (!final) return null;
  for (const entry of entries) {
    if (entry.type !== "instant_draw") continue;
    const decided = entry.data.decided.find((d) => d.final === final.seq);
    if (!decided) continue;
    return {
      status: "decided",
      round: entry.data.round,
      decidedAt: entry.at,
      wins: decided.wins.map((w) => ({
        ticketNumber: formatTicketNumber(w.ticketNumber, totalTickets),
        description: w.description,
        winnerId: winnerIdOf(w.ticketNumber),
      })),
    };
  }
  return { status: "pending", round: final.data.round, roundTime: final.data.roundTime };
}

/** A purchase whose instant outcome is asked for: `key` names it in the answer (a proof id). */
export interface InstantPurchaseRef {
  key: string;
  raffleId: string;
  totalTickets: number;
  /** The tickets the purchase sold. */
  tickets: number[];
}

/**
 * The instant outcomes of several purchases, by key (purchases without one are absent). `withWinnerIds`
 * only for the purchase's owner: the prize page of a win (/perfil/premios/:winnerId) is theirs.
 */
export async function instantOutcomes(
  db: Executor,
  purchases: InstantPurchaseRef[],
  withWinnerIds: boolean,
): Promise<Map<string, InstantOutcome>> {
  const outcomes = new Map<string, InstantOutcome>();
  const asked = purchases.filter((p) => p.tickets.length > 0);
  if (asked.length === 0) return outcomes;
  // A page of purchases: their finals and the draws that decided them, never the raffles' whole records.
  const entriesByRaffle = await instantEntriesOfPurchases(db, asked);
  const found = asked.map((p) => ({ p, entries: entriesByRaffle.get(p.raffleId) ?? [] }));
  const decided = found.filter((f) => f.entries.some((e) => e.type === "instant_draw"));
  const winnerIds =
    withWinnerIds && decided.length > 0
      ? await instantWinnerIds(
          db,
          decided.map((f) => f.p.raffleId),
          decided.flatMap((f) => f.p.tickets),
        )
      : new Map<string, string>();
  for (const { p, entries } of found) {
    const outcome = instantOutcomeOf(
      entries,
      p.tickets,
      p.totalTickets,
      (n) => winnerIds.get(`${p.raffleId}:${n}`) ?? null,
    );
    if (outcome) outcomes.set(p.key, outcome);
  }
  return outcomes;
}
