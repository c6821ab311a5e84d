// The organiser's side of abonos (docs/decisions/0034-vendedores.md): the raffle form's «Abono mínimo»,
// saved with the raffle, shown in the admin and public payloads, and fixed from the first reservation like
// the number mode and the combos (PURCHASE_RULES_LOCKED; the database trigger refuses it too).
// Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { ERROR_MESSAGES, type Reservation } from "@rifazo/shared";
import { FIELD_MESSAGES } from "@rifazo/shared/schemas/admin/raffle-form-fields";
import { describe, expect, it } from "vitest";
import { call, createRaffle, useAdminTest } from "./admin-fixtures";
import { raffleRow } from "./fixtures";
import { signedInUser } from "./helpers";

const ctx = useAdminTest();

const post = (payload: unknown) => call(ctx.t, "POST", "/api/admin/raffles", ctx.admin.cookie, payload);
const patch = (id: string, payload: unknown) =>
  call(ctx.t, "PATCH", `/api/admin/raffles/${id}`, ctx.admin.cookie, payload);
const adminView = async (id: string) =>
  (await call(ctx.t, "GET", `/api/admin/raffles/${id}`, ctx.admin.cookie)).json();
const publicView = async (id: string) => (await call(ctx.t, "GET", `/api/raffles/${id}`)).json();

describe("abono mínimo en el formulario de la rifa", () => {
  it("se guarda en es-VE, sale en la vista del organizador y en la pública; vacío es sin abonos", async () => {
    const { id } = await createRaffle(ctx, { price: 5, installmentMinimum: "3,00" });
    expect(Number((await raffleRow(ctx.t.app.ctx.db, id)).installmentMinimum)).toBe(3);
    expect(await adminView(id)).toMatchObject({ installmentMinimum: 3 });
    expect(await publicView(id)).toMatchObject({ installmentMinimum: 3 });

    const whole = await createRaffle(ctx, { price: 5, installmentMinimum: "" });
    expect(await adminView(whole.id)).toMatchObject({ installmentMinimum: null });
    expect(await publicView(whole.id)).toMatchObject({ installmentMinimum: null });
    const unsent = await createRaffle(ctx, { price: 5 });
    expect((await raffleRow(ctx.t.app.ctx.db, unsent.id)).installmentMinimum).toBeNull();
  });

  it("debe ser mayor que 0 y menor que el precio del boleto, con su mensaje en español", async () => {
    for (const minimum of [0, "0,00", 5, "5,00", 7.5, "-1", "abc", "2,555"]) {
      const response = await post({
        title: "Rifa con abono",
        price: 5,
        currency: "USD",
        totalTickets: 100,
        activationType: "date",
        endDate: "2030-06-01T20:00:00.000Z",
        prizeLevels: [{ description: "Moto", winnerCount: 1 }],
        installmentMinimum: minimum,
      });
      expect(response.statusCode, `mínimo ${minimum}`).toBe(400);
      expect(response.json().error.fields.installmentMinimum, `mínimo ${minimum}`).toBe(
        FIELD_MESSAGES.installmentMinimum,
      );
      expect(response.json().error.message).toContain("Abono mínimo");
    }
    // Against the price being saved with it: lowering the price under the minimum is refused too.
    const { id } = await createRaffle(ctx, { price: 5, installmentMinimum: 4 });
    const lower = await patch(id, { price: 4 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().error.fields.installmentMinimum).toBe(FIELD_MESSAGES.installmentMinimum);
  });

  it("se cambia antes de la primera reserva; después queda fijo, como el modo de números y los combos", async () => {
    const { id } = await createRaffle(ctx, { price: 5, numberMode: "chosen", installmentMinimum: 3 });
    expect((await patch(id, { installmentMinimum: "2,50" })).statusCode).toBe(200);
    expect(await adminView(id)).toMatchObject({ installmentMinimum: 2.5 });
    expect((await patch(id, { installmentMinimum: null })).statusCode).toBe(200);
    expect(await publicView(id)).toMatchObject({ installmentMinimum: null });
    expect((await patch(id, { installmentMinimum: 3 })).statusCode).toBe(200);

    const buyer = await signedInUser(ctx.t.app);
    const held = await call(ctx.t, "POST", `/api/raffles/${id}/reservations`, buyer.cookie, {
      numbers: [1, 2],
      abono: true,
    });
    expect(held.statusCode, held.body).toBe(201);
    expect((held.json() as Reservation).abono).toMatchObject({ minimum: 3, total: 10 });

    for (const next of [2, null, "4,00"]) {
      const locked = await patch(id, { installmentMinimum: next });
      expect(locked.statusCode, `mínimo ${next}`).toBe(409);
      expect(locked.json().error).toMatchObject({
        code: "PURCHASE_RULES_LOCKED",
        message: ERROR_MESSAGES.PURCHASE_RULES_LOCKED,
      });
    }
    expect(ERROR_MESSAGES.PURCHASE_RULES_LOCKED).toContain("el abono mínimo");
    // The same value, written as the form shows it, is no change; other fields still save.
    expect((await patch(id, { installmentMinimum: "3,00", reservationMinutes: 20 })).statusCode).toBe(200);
    expect(await adminView(id)).toMatchObject({ installmentMinimum: 3, reservationMinutes: 20 });
  });
});
