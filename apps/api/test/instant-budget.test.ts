// Parallel approvals never award more instant prizes than the rules offer (docs/decisions/0035-prizes-on-
// the-record.md, "Instant wins"): twelve buyers' proofs approved at once through the real endpoint, every
// purchase's round drawn by the job, then the wins counted on the record and in the winners table. Runs on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the approvals really run side by side).
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { winners } from "../src/db/schema";
import { recordEntries } from "../src/modules/draws";
import { refreshLatestBeacon } from "../src/modules/draws/record-disqualify";
import { expectVerified, recordOf, useDrawTestApp } from "./draw-fixtures";
import { soldNumbers } from "./fixtures";
import { createUser } from "./helpers";
import {
  approve,
  drawAllDue,
  drawsOf,
  expectInstantDrawsRecomputed,
  finalsOf,
  type InstantKind,
  instantRaffle,
  pendingProof,
} from "./instant-fixtures";

const env = useDrawTestApp();
const ctx = () => env.t.app.ctx;

afterEach(() => env.relay.setNow(null));

const BUYERS = 12;
const EACH = 2;

/**
 * A raffle of `total` numbers with `instant` prizes; BUYERS proofs of EACH numbers approved concurrently,
 * then every named round drawn. Returns the instant wins on the record and the instant winner rows.
 */
async function approvedAtOnceAndDrawn(total: number, instant: InstantKind[]) {
  const raffle = await instantRaffle(ctx(), total, instant);
  // The latest beacon, as the draw job keeps it: a sell-out freezes the raffle, whose round cites it.
  await refreshLatestBeacon(ctx(), env.relay.chain.info, new Date());
  const proofs = [];
  for (let i = 0; i < BUYERS; i++) {
    const buyer = await createUser(env.t.app, { fullName: `Comprador ${i + 1}` });
    proofs.push(await pendingProof(ctx(), raffle.id, buyer.id, EACH));
  }
  await Promise.all(proofs.map((p) => approve(env.t, env.admin.cookie, p.id)));
  expect(await soldNumbers(ctx().db, raffle.id)).toHaveLength(BUYERS * EACH);

  const finals = finalsOf(await recordEntries(ctx().db, raffle.id));
  // Every purchase was final while prizes were left: each named its round, with its own tickets.
  expect(finals).toHaveLength(BUYERS);
  expect(new Set(finals.flatMap((f) => f.data.tickets)).size).toBe(BUYERS * EACH);

  const rounds = new Set(finals.map((f) => f.data.round));
  expect(await drawAllDue(ctx(), env.relay, raffle.id)).toBe(rounds.size);
  const entries = await recordEntries(ctx().db, raffle.id);
  const draws = drawsOf(entries);
  // Every final decided exactly once.
  expect(draws.flatMap((d) => d.data.decided.map((x) => x.final)).sort((a, b) => a - b)).toEqual(
    finals.map((f) => f.seq),
  );
  const wins = await expectInstantDrawsRecomputed(raffle.id, entries);
  const rows = await ctx()
    .db.select()
    .from(winners)
    .where(and(eq(winners.raffleId, raffle.id), eq(winners.source, "instant")));
  await expectVerified(await recordOf(env.t, raffle.id));
  return { raffle, draws, wins, rows };
}

const slotsOf = (rows: Array<{ prizeIndex: number | null }>) =>
  rows.map((w) => w.prizeIndex as number).sort((a, b) => a - b);

describe("premios instantáneos: aprobaciones en paralelo y el presupuesto", () => {
  it("3 premios y 12 compras aprobadas a la vez: nunca más de 3 ganadores, cada premio una vez", async () => {
    const { wins, rows, draws } = await approvedAtOnceAndDrawn(40, [{ description: "Bono", count: 3 }]);
    expect(wins).toBeLessThanOrEqual(3);
    expect(rows).toHaveLength(wins);
    expect(slotsOf(rows)).toEqual([...Array(wins).keys()]);
    expect(draws.at(-1)?.data).toMatchObject({ prizesLeft: 3 - wins, undecided: 40 - BUYERS * EACH });
  });

  it("con tantos premios como boletos vendidos, cada boleto gana y se reparte exactamente el presupuesto", async () => {
    const total = BUYERS * EACH;
    const { wins, rows, draws } = await approvedAtOnceAndDrawn(total, [
      { description: "Bono de $20", count: 4, cash: { currency: "USD", amount: 20 } },
      { description: "Gorra", count: total - 4 },
    ]);
    expect(wins).toBe(total);
    expect(slotsOf(rows)).toEqual([...Array(total).keys()]);
    expect(rows.filter((w) => w.prizeDescription === "Bono de $20")).toHaveLength(4);
    expect(draws.at(-1)?.data).toMatchObject({ prizesLeft: 0, undecided: 0 });
  });

  it("una rifa agotada reparte todos sus premios instantáneos, ni uno más", async () => {
    const { wins, rows, draws } = await approvedAtOnceAndDrawn(BUYERS * EACH, [
      { description: "Bono", count: 10 },
    ]);
    expect(wins).toBe(10);
    expect(slotsOf(rows)).toEqual([...Array(10).keys()]);
    expect(draws.at(-1)?.data).toMatchObject({ prizesLeft: 0, undecided: 0 });
  });
});
