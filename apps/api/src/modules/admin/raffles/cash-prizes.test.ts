// Cash prizes in the raffle form (docs/decisions/0035-prizes-on-the-record.md): a level's currency in and
// out, its amount required, published with the rules as sold, fixed from the first sale (the service's
// refusal and the database's trigger, both answered with the same Spanish 409).
import { ADMIN_MESSAGES } from "@rifazo/shared";
import { FIELD_MESSAGES } from "@rifazo/shared/schemas/admin/raffle-form-fields";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, raffleBody, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof } from "../../../../test/fixtures";
import { prizeLevels } from "../../../db/schema";
import { lifecycleRefusal } from "../../../lib/errors";

const ctx = useAdminTest();

const levels = (first: Record<string, unknown>) => [
  { description: "Premio mayor", winnerCount: 1, ...first },
  { description: "Moto", winnerCount: 1 },
];
const patch = (id: string, body: unknown) =>
  call(ctx.t, "PATCH", `/api/admin/raffles/${id}`, ctx.admin.cookie, body);

describe("premios en dinero", () => {
  it("el nivel guarda su moneda; el monto es su valor, obligatorio y mayor que 0", async () => {
    for (const [first, field, message] of [
      [{ prizeValue: "500", cashCurrency: "EUR" }, "prizeLevels.0.cashCurrency", FIELD_MESSAGES.cashCurrency],
      [{ cashCurrency: "USD" }, "prizeLevels.0.prizeValue", FIELD_MESSAGES.cashValue],
      [{ prizeValue: "0", cashCurrency: "VES" }, "prizeLevels.0.prizeValue", FIELD_MESSAGES.cashValue],
    ] as const) {
      const refused = await call(
        ctx.t,
        "POST",
        "/api/admin/raffles",
        ctx.admin.cookie,
        raffleBody({ prizeLevels: levels(first) }),
      );
      expect(refused.statusCode, JSON.stringify(first)).toBe(400);
      expect(refused.json().error.fields).toMatchObject({ [field]: message });
    }

    const { id } = await createRaffle(ctx, {
      prizeLevels: levels({ prizeValue: "1.000", cashCurrency: "usd" }),
    });
    const expected = [
      { level: 1, description: "Premio mayor", winnerCount: 1, prizeValue: 1000, cashCurrency: "USD" },
      { level: 2, description: "Moto", winnerCount: 1, prizeValue: null, cashCurrency: null },
    ];
    const admin = await call(ctx.t, "GET", `/api/admin/raffles/${id}`, ctx.admin.cookie);
    expect(admin.json().prizeLevels).toEqual(expected);
    const visitor = await call(ctx.t, "GET", `/api/raffles/${id}`);
    expect(visitor.json().prizeLevels).toEqual(expected);

    // While nothing is sold it may change; the rules on sale are published again with it.
    const edited = await patch(id, { prizeLevels: levels({ prizeValue: "36.500", cashCurrency: "VES" }) });
    expect(edited.statusCode, edited.body).toBe(200);
    const record = await call(ctx.t, "GET", `/api/raffles/${id}/record`);
    const rules = (
      record.json() as { entries: Array<{ type: string; data: { prizeLevels: unknown } }> }
    ).entries
      .filter((e) => e.type === "rules_published")
      .at(-1);
    expect(rules?.data.prizeLevels).toEqual([
      { level: 1, count: 1, description: "Premio mayor", cash: { currency: "VES", amount: "36500.00" } },
      { level: 2, count: 1, description: "Moto" },
    ]);
  });

  it("con una venta o un pago en revisión ya no cambia: 409 en español, también desde la base de datos", async () => {
    const { id } = await createRaffle(ctx, {
      prizeLevels: levels({ prizeValue: "500", cashCurrency: "USD" }),
    });
    await insertProof(ctx.t.app.ctx.db, { userId: ctx.user.id, raffleId: id, quantityOfTickets: 2 });
    for (const first of [
      { prizeValue: "500", cashCurrency: "VES" },
      { prizeValue: "400", cashCurrency: "USD" },
      { prizeValue: "500", cashCurrency: null },
    ]) {
      const locked = await patch(id, { prizeLevels: levels(first) });
      expect(locked.statusCode, JSON.stringify(first)).toBe(409);
      expect(locked.json().error).toEqual({ code: "RAFFLE_LOCKED", message: ADMIN_MESSAGES.cashPrizeLocked });
    }

    // Past the service (a bug, a hand-written UPDATE) the trigger refuses it, and the answer is the same.
    const db = ctx.t.app.ctx.db;
    const refused = await db
      .update(prizeLevels)
      .set({ cashCurrency: "VES" })
      .where(and(eq(prizeLevels.raffleId, id), eq(prizeLevels.level, 1)))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).not.toBeNull();
    expect(lifecycleRefusal(refused)).toMatchObject({
      code: "RAFFLE_LOCKED",
      status: 409,
      message: ADMIN_MESSAGES.cashPrizeLocked,
    });
    const [kept] = await db
      .select()
      .from(prizeLevels)
      .where(and(eq(prizeLevels.raffleId, id), eq(prizeLevels.level, 1)));
    expect(kept).toMatchObject({ cashCurrency: "USD", prizeValue: 500 });
  });
});
