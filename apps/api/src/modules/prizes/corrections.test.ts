// A lottery result corrected after a winner claimed (docs/decisions/0035-prizes-on-the-record.md): the
// claimed winner row is not deleted (its claim is evidence); no longer winning, it leaves the public
// winners and the new winner can claim; the record still verifies.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  closedRaffleWithSales,
  expectVerified,
  freezeAt,
  postExternalResult,
  recordOf,
  useDrawTestApp,
} from "../../../test/draw-fixtures";
import { cedulaPng, sendClaim, sendJson } from "../../../test/prize-fixtures";
import { prizeClaims, winners } from "../../db/schema";

const env = useDrawTestApp();

describe("corrección del resultado después de un reclamo", () => {
  it("la fila reclamada queda (ya no vigente) con su reclamo; el nuevo ganador reclama el suyo", async () => {
    const ctx = env.t.app.ctx;
    const raffle = await closedRaffleWithSales(
      ctx,
      {
        total: 100,
        levels: [{ description: "Moto", count: 1 }],
        external: {
          lottery: "Lotería del Táchira, Triple A 7:00 p. m.",
          drawAt: new Date(Date.now() - 5 * 60_000),
          digits: 2,
        },
      },
      [
        { userId: env.ana.id, numbers: [9] },
        { userId: env.beto.id, numbers: [6] },
      ],
    );
    await freezeAt(ctx, raffle.id, new Date(Date.now() - 10 * 60_000));
    const source = { sourceUrl: "https://loteria.example/triple-a" };
    const first = await postExternalResult(env.t, raffle.id, env.admin.cookie, { result: "0009", ...source });
    expect(first.statusCode, first.body).toBe(200);
    const [nine] = await ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    const claimed = await sendClaim(env, nine?.id as string, env.ana.cookie, {}, await cedulaPng());
    expect(claimed.statusCode, claimed.body).toBe(201);

    const proposed = await postExternalResult(env.t, raffle.id, env.admin.cookie, {
      result: "0006",
      reason: "Error de tipeo",
      ...source,
    });
    const proposalId = proposed.json().pendingProposalId as string;
    const confirmed = await sendJson(
      env,
      "POST",
      `/api/admin/raffles/${raffle.id}/external-corrections/${proposalId}/confirm`,
      env.admin2.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const rows = await ctx.db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    const kept = rows.find((r) => r.id === nine?.id);
    expect(kept?.disqualifiedAt).not.toBeNull();
    expect(kept?.disqualificationReason).toBe("Resultado corregido: Error de tipeo");
    expect(
      await ctx.db
        .select()
        .from(prizeClaims)
        .where(eq(prizeClaims.winnerId, nine?.id as string)),
    ).toHaveLength(1);
    const six = rows.find((r) => r.ticketNumber === 6 && r.disqualifiedAt === null);
    expect(six?.userId).toBe(env.beto.id);

    // The old prize is nobody's now; the new one is Beto's to claim.
    expect((await sendJson(env, "GET", `/api/prizes/${nine?.id}`, env.ana.cookie)).statusCode).toBe(404);
    const detail = await sendJson(env, "GET", `/api/raffles/${raffle.id}`);
    expect(detail.json().winners.map((w: { ticketNumber: string }) => w.ticketNumber)).toEqual(["06"]);
    const theirs = await sendClaim(env, six?.id as string, env.beto.cookie, {}, await cedulaPng());
    expect(theirs.statusCode, theirs.body).toBe(201);
    const record = await recordOf(env.t, raffle.id);
    expect(record.entries.filter((e) => e.type === "prize_claimed").map((e) => e.data)).toEqual([
      { level: 1, index: 0, ticketNumber: 9 },
      { level: 1, index: 0, ticketNumber: 6 },
    ]);
    await expectVerified(record);
    const still = await ctx.db
      .select()
      .from(winners)
      .where(and(eq(winners.raffleId, raffle.id), eq(winners.ticketNumber, 9)));
    expect(still).toHaveLength(1);
  });
});
