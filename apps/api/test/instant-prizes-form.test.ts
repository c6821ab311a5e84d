// Instant prizes in the raffle form (docs/decisions/0035-prizes-on-the-record.md, "Instant wins nobody can
// aim"): written with the raffle, read back for the form, published with the rules as sold, and fixed from
// the first sale or proof in review (the service's refusal and migration 0036's trigger, the same 409).
import { ADMIN_MESSAGES } from "@rifazo/shared";
import { FIELD_MESSAGES } from "@rifazo/shared/schemas/admin/raffle-form-fields";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { instantPrizes } from "../src/db/schema";
import { lifecycleRefusal } from "../src/lib/errors";
import { call, createRaffle, expectAdminOnly, raffleBody, useAdminTest } from "./admin-fixtures";
import { insertProof } from "./fixtures";

const ctx = useAdminTest();

const post = (body: unknown) => call(ctx.t, "POST", "/api/admin/raffles", ctx.admin.cookie, body);
const patch = (id: string, body: unknown) =>
  call(ctx.t, "PATCH", `/api/admin/raffles/${id}`, ctx.admin.cookie, body);
const read = async (id: string) =>
  (await call(ctx.t, "GET", `/api/admin/raffles/${id}`, ctx.admin.cookie)).json();
const rowsOf = (id: string) =>
  ctx.t.app.ctx.db
    .select()
    .from(instantPrizes)
    .where(eq(instantPrizes.raffleId, id))
    .orderBy(asc(instantPrizes.position));

/** The rules_published entries of the raffle's public record, oldest first. */
async function rulesOf(id: string) {
  const record = await call(ctx.t, "GET", `/api/raffles/${id}/record`);
  const entries = (record.json() as { entries: Array<{ type: string; data: Record<string, unknown> }> })
    .entries;
  return entries.filter((e) => e.type === "rules_published").map((e) => e.data);
}

const twoKinds = [
  { description: "Gorra Rifazo", count: 5 },
  { description: "Veinte dólares", count: "2", prizeValue: "20,00", cashCurrency: "usd" },
];

describe("premios instantáneos en el formulario de la rifa", () => {
  it("crear guarda las filas en orden, el GET del admin las devuelve y las reglas a la venta las publican", async () => {
    const { id } = await createRaffle(ctx, { instantPrizes: twoKinds });
    expect(
      (await rowsOf(id)).map((r) => [r.position, r.description, r.winnerCount, r.prizeValue, r.cashCurrency]),
    ).toEqual([
      [1, "Gorra Rifazo", 5, null, null],
      [2, "Veinte dólares", 2, 20, "USD"],
    ]);
    expect((await read(id)).instantPrizes).toEqual([
      { description: "Gorra Rifazo", count: 5, prizeValue: null, cashCurrency: null },
      { description: "Veinte dólares", count: 2, prizeValue: 20, cashCurrency: "USD" },
    ]);
    expect((await rulesOf(id)).at(-1)?.instantPrizes).toEqual([
      { description: "Gorra Rifazo", count: 5 },
      { description: "Veinte dólares", count: 2, cash: { currency: "USD", amount: "20.00" } },
    ]);

    // A raffle without them: [] for the form, no key in the rules.
    const plain = await createRaffle(ctx);
    expect((await read(plain.id)).instantPrizes).toEqual([]);
    expect((await rulesOf(plain.id)).at(-1)).not.toHaveProperty("instantPrizes");
  });

  it("sin ventas se cambian (en su sitio, quitando las sobrantes) y las reglas se publican de nuevo", async () => {
    const { id } = await createRaffle(ctx, { instantPrizes: twoKinds });
    const edited = await patch(id, {
      instantPrizes: [{ description: "Camiseta", count: 3, prizeValue: "", cashCurrency: null }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().instantPrizes).toEqual([
      { description: "Camiseta", count: 3, prizeValue: null, cashCurrency: null },
    ]);
    expect((await rowsOf(id)).map((r) => [r.position, r.description])).toEqual([[1, "Camiseta"]]);
    const rules = await rulesOf(id);
    expect(rules).toHaveLength(2);
    expect(rules.at(-1)?.instantPrizes).toEqual([{ description: "Camiseta", count: 3 }]);

    // A PATCH of other fields keeps them; an empty list removes them all.
    expect((await patch(id, { title: "Otra moto" })).statusCode).toBe(200);
    expect(await rowsOf(id)).toHaveLength(1);
    expect((await patch(id, { instantPrizes: [] })).statusCode).toBe(200);
    expect(await rowsOf(id)).toEqual([]);
    expect((await rulesOf(id)).at(-1)).not.toHaveProperty("instantPrizes");
  });

  it("rechaza cada dato inválido con su mensaje en español", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { instantPrizes: [{ description: "ab", count: 1 }] },
        "instantPrizes.0.description",
        FIELD_MESSAGES.instantDescription,
      ],
      [
        { instantPrizes: [{ description: "Gorra", count: 0 }] },
        "instantPrizes.0.count",
        FIELD_MESSAGES.instantCount,
      ],
      [
        { instantPrizes: [{ description: "Gorra", count: 501 }] },
        "instantPrizes.0.count",
        FIELD_MESSAGES.instantCount,
      ],
      [
        { instantPrizes: [{ description: "Bono", count: 1, prizeValue: "10" }] },
        "instantPrizes.0.cashCurrency",
        FIELD_MESSAGES.instantCashCurrency,
      ],
      [
        { instantPrizes: [{ description: "Bono", count: 1, cashCurrency: "VES" }] },
        "instantPrizes.0.prizeValue",
        FIELD_MESSAGES.cashValue,
      ],
      [
        { totalTickets: 10, instantPrizes: [{ description: "Gorra", count: 11 }] },
        "instantPrizes",
        FIELD_MESSAGES.instantExceedTickets,
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const refused = await post(raffleBody(overrides));
      expect(refused.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(refused.json().error.fields).toMatchObject({ [field]: message });
    }
  });

  it("con un pago en revisión quedan fijos: 409 en español, filas intactas; otra edición sigue funcionando", async () => {
    const { id } = await createRaffle(ctx, { instantPrizes: twoKinds });
    await insertProof(ctx.t.app.ctx.db, { userId: ctx.user.id, raffleId: id, quantityOfTickets: 2 });
    const before = await rowsOf(id);
    for (const changed of [
      [twoKinds[0]],
      [{ ...twoKinds[0], count: 6 }, twoKinds[1]],
      [twoKinds[0], { ...twoKinds[1], cashCurrency: "VES" }],
      [],
    ]) {
      const locked = await patch(id, { instantPrizes: changed });
      expect(locked.statusCode, JSON.stringify(changed)).toBe(409);
      expect(locked.json().error).toEqual({
        code: "RAFFLE_LOCKED",
        message: ADMIN_MESSAGES.instantPrizesLocked,
      });
    }
    expect(await rowsOf(id)).toEqual(before);

    // The same list (as the form sends it back) and an unrelated edit do not touch the rows.
    const same = await patch(id, {
      description: "Ahora con casco",
      instantPrizes: [
        { description: "Gorra Rifazo", count: 5, prizeValue: null, cashCurrency: null },
        { description: "Veinte dólares", count: 2, prizeValue: 20, cashCurrency: "USD" },
      ],
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((await read(id)).description).toBe("Ahora con casco");
    expect(await rowsOf(id)).toEqual(before);

    // Past the service (a bug, a hand-written write) the trigger refuses it, and the answer is the same.
    const refused = await ctx.t.app.ctx.db
      .update(instantPrizes)
      .set({ winnerCount: 9 })
      .where(eq(instantPrizes.raffleId, id))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(lifecycleRefusal(refused)).toMatchObject({
      code: "RAFFLE_LOCKED",
      status: 409,
      message: ADMIN_MESSAGES.instantPrizesLocked,
    });
    expect(await rowsOf(id)).toEqual(before);
  });

  it("solo el administrador: visitante 401, usuario 403", async () => {
    const { id } = await createRaffle(ctx, { instantPrizes: twoKinds });
    const body = { instantPrizes: [{ description: "Hackeo", count: 1 }] };
    await expectAdminOnly(ctx, "POST", "/api/admin/raffles", raffleBody(body));
    await expectAdminOnly(ctx, "PATCH", `/api/admin/raffles/${id}`, body);
    await expectAdminOnly(ctx, "GET", `/api/admin/raffles/${id}`);
    expect((await rowsOf(id)).map((r) => r.description)).toEqual(["Gorra Rifazo", "Veinte dólares"]);
  });
});
