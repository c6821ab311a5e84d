// A vendedor's cash sale makes a purchase final as an approval does (docs/decisions/0035-prizes-on-the-
// record.md, "Instant wins"): it names its future drand round on the record, the draw job decides it with
// the same rule, and the buyer the vendedor wrote down is the instant winner. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { winners } from "../src/db/schema";
import { recordEntries } from "../src/modules/draws";
import { call } from "./admin-fixtures";
import { expectVerified, recordOf, useDrawTestApp } from "./draw-fixtures";
import { signedInUser } from "./helpers";
import { drawAllDue, expectInstantDrawsRecomputed, finalsOf, instantRaffle } from "./instant-fixtures";
import { sellerOf } from "./seller-fixtures";

const env = useDrawTestApp();
const ctx = () => env.t.app.ctx;

afterEach(() => env.relay.setNow(null));

describe("premios instantáneos: la venta en efectivo de un vendedor", () => {
  it("queda final al registrarse: nombra su ronda, se decide igual y gana quien compró", async () => {
    // As many prizes as tickets: both tickets of the sale win, whichever slots the round gives them.
    const raffle = await instantRaffle(ctx(), 10, [{ description: "Bono", count: 10 }]);
    const user = await signedInUser(env.t.app, { fullName: "Usuario Normal" });
    const { account } = await sellerOf({ t: env.t, admin: env.admin, user }, raffle.id);
    const sale = await call(env.t, "POST", "/api/seller/sales", account.cookie, {
      saleId: randomUUID(),
      raffleId: raffle.id,
      quantity: 2,
      buyerName: "Compradora Calle",
      buyerPhone: "0414-5500001",
      method: "efectivo_usd",
      amount: "10,00",
    });
    expect(sale.statusCode, sale.body).toBe(201);

    const [final, ...others] = finalsOf(await recordEntries(ctx().db, raffle.id));
    expect(others).toEqual([]);
    expect(final?.data.tickets).toHaveLength(2);
    expect(await drawAllDue(ctx(), env.relay, raffle.id)).toBe(1);
    const entries = await recordEntries(ctx().db, raffle.id);
    expect(await expectInstantDrawsRecomputed(raffle.id, entries)).toBe(2);
    const rows = await ctx()
      .db.select()
      .from(winners)
      .where(and(eq(winners.raffleId, raffle.id), eq(winners.source, "instant")));
    expect(rows.map((w) => [w.ticketNumber, w.winnerName, w.userId]).sort()).toEqual(
      (final?.data.tickets ?? []).map((n) => [n, "Compradora Calle", null]),
    );
    await expectVerified(await recordOf(env.t, raffle.id));
  });
});
