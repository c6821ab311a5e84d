// Instant wins (docs/decisions/0035-prizes-on-the-record.md, "Instant wins"): a raffle on sale with instant
// prizes whose rules are published, pending proofs approved through the real endpoint, the draw job's
// instant pass run once the named rounds are out (the local relay's clock moved there), and every
// instant_draw of a record recomputed from scratch with the public rule.
import { createHash } from "node:crypto";
import type { RecordEntry, RulesPublishedData } from "@rifazo/shared/domain/draw-record";
import { decideInstantBatch, instantPrizeTotal, instantSlots } from "@rifazo/shared/domain/instant-draw";
import { expect } from "vitest";
import type { AppContext } from "../src/context";
import { instantPrizes, type raffles } from "../src/db/schema";
import { publishRulesOnSale, recordEntries } from "../src/modules/draws";
import { resolveDueInstantDraws } from "../src/modules/draws/record-instant";
import type { DrandRelay } from "./drand-relay";
import { insertPrizeLevel, insertProof, insertRaffleWithTickets } from "./fixtures";
import { nextIp, type TestApp } from "./helpers";

export interface InstantKind {
  description: string;
  count: number;
  cash?: { currency: "USD" | "VES"; amount: number };
}

type Ctx = Pick<AppContext, "db" | "config">;

/** An active raffle of `total` numbers at 5 USD with one drawn prize and `instant`, its rules published. */
export async function instantRaffle(
  ctx: Ctx,
  total: number,
  instant: InstantKind[],
  values: Partial<typeof raffles.$inferInsert> = {},
) {
  const raffle = await insertRaffleWithTickets(ctx.db, {
    totalTickets: total,
    startDate: new Date(Date.now() - 86_400_000),
    ...values,
  });
  await insertPrizeLevel(ctx.db, { raffleId: raffle.id, level: 1, description: "Moto", winnerCount: 1 });
  if (instant.length > 0) {
    await ctx.db.insert(instantPrizes).values(
      instant.map((kind, i) => ({
        raffleId: raffle.id,
        position: i + 1,
        description: kind.description,
        winnerCount: kind.count,
        prizeValue: kind.cash?.amount ?? null,
        cashCurrency: kind.cash?.currency ?? null,
      })),
    );
  }
  // As the admin form does after writing prizes on a raffle on sale.
  await ctx.db.transaction((tx) => publishRulesOnSale(ctx, tx, raffle.id, new Date()));
  return raffle;
}

/** A pending proof of `quantity` random numbers, 5 USD each. */
export async function pendingProof(ctx: Ctx, raffleId: string, userId: string, quantity: number) {
  return insertProof(ctx.db, {
    userId,
    raffleId,
    status: "pending",
    quantityOfTickets: quantity,
    amount: quantity * 5,
    currency: "USD",
    paymentMethod: "zelle",
  });
}

/** POST /api/admin/proofs/{id}/approve as the administrator; must succeed. */
export async function approve(t: TestApp, adminCookie: string, proofId: string) {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/admin/proofs/${proofId}/approve`,
    headers: { cookie: adminCookie },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { tickets: string[] };
}

export const finalsOf = (entries: RecordEntry[]) =>
  entries.filter((e): e is RecordEntry<"instant_final"> => e.type === "instant_final");
export const drawsOf = (entries: RecordEntry[]) =>
  entries.filter((e): e is RecordEntry<"instant_draw"> => e.type === "instant_draw");

/**
 * Runs the draw job's instant pass at the time every named round is out (the relay's clock too), until a
 * pass draws nothing; returns how many instant_draw entries it appended.
 */
export async function drawAllDue(ctx: AppContext, relay: DrandRelay, raffleId: string): Promise<number> {
  const finals = finalsOf(await recordEntries(ctx.db, raffleId));
  const last = Math.max(...finals.map((f) => Date.parse(f.data.roundTime)));
  const at = new Date(last + 1_000);
  relay.setNow(() => at.getTime());
  let drawn = 0;
  for (;;) {
    const now = await resolveDueInstantDraws(ctx, at, (_id, round, errors) => {
      throw new Error(`ronda ${round}: ${errors.join("; ")}`);
    });
    if (now === 0) return drawn;
    drawn += now;
  }
}

/**
 * Recomputes every instant_draw of `entries` with decideInstantBatch from the contract alone (the rules in
 * force, the finals naming its round not decided yet, the previous draw's budget) and expects it equal.
 * Returns the total wins.
 */
export async function expectInstantDrawsRecomputed(raffleId: string, entries: RecordEntry[]) {
  const rules = [...entries].reverse().find((e) => e.type === "rules_published")?.data as RulesPublishedData;
  const slots = instantSlots(rules.instantPrizes);
  let budget = { prizesLeft: instantPrizeTotal(rules.instantPrizes), undecided: rules.totalTickets };
  const decidedSeqs = new Set<number>();
  let wins = 0;
  for (const draw of drawsOf(entries)) {
    const waiting = finalsOf(entries).filter(
      (f) => f.seq < draw.seq && f.data.round === draw.data.round && !decidedSeqs.has(f.seq),
    );
    const randomness = createHash("sha256").update(Buffer.from(draw.data.signature, "hex")).digest("hex");
    expect(draw.data.randomness).toBe(randomness);
    const batch = await decideInstantBatch(
      raffleId,
      randomness,
      waiting.map((f) => ({ seq: f.seq, tickets: f.data.tickets })),
      budget,
    );
    let index = slots.length - budget.prizesLeft;
    const decided = batch.results.map((r) => ({
      final: r.seq,
      wins: r.wins.map((ticketNumber) => {
        const slot = index++;
        return { ticketNumber, index: slot, description: slots[slot]?.description };
      }),
    }));
    expect(draw.data).toEqual({
      algorithm: "rifazo-instant-1",
      round: draw.data.round,
      signature: draw.data.signature,
      randomness,
      source: "relay",
      decided,
      prizesLeft: batch.budget.prizesLeft,
      undecided: batch.budget.undecided,
    });
    for (const f of waiting) decidedSeqs.add(f.seq);
    wins += decided.reduce((n, d) => n + d.wins.length, 0);
    budget = batch.budget;
  }
  return wins;
}
