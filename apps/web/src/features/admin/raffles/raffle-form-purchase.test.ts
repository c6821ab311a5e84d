import { raffleFormSchema } from "@rifazo/shared/schemas/admin";
import { describe, expect, it } from "vitest";
import { type PurchaseValues, purchaseValuesOf } from "./raffle-form-purchase";
import { newRaffleValues, toSchemaInput } from "./raffle-form-values";

// The purchase fields travel in the form's text and are checked by the shared raffle form schema.
const parse = (purchase: PurchaseValues, price = "1", totalTickets = "100") =>
  raffleFormSchema.safeParse(
    toSchemaInput({
      ...newRaffleValues(),
      title: "Moto",
      price,
      totalTickets,
      endDate: "2099-01-01T18:00",
      prizeLevels: [{ description: "Moto", winnerCount: "1", prizeValue: "1.500", cashCurrency: "" }],
      ...purchase,
    }),
  );

const messages = (result: ReturnType<typeof parse>) =>
  result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));

describe("raffle form purchase fields", () => {
  it("reads combo prices as es-VE ('2,5' is two and a half, '1.194,56' has a thousands dot)", () => {
    const result = parse({
      numberMode: "chosen",
      reservationMinutes: "15",
      combos: [
        { quantity: "5", price: "2,5" },
        { quantity: "99", price: "90" },
      ],
      installmentMinimum: "",
    });
    expect(messages(result)).toEqual({});
    expect(result.data).toMatchObject({
      numberMode: "chosen",
      reservationMinutes: 15,
      combos: [
        { quantity: 5, price: 2.5 },
        { quantity: 99, price: 90 },
      ],
    });
    const big = parse(
      {
        numberMode: "random",
        reservationMinutes: "5",
        combos: [{ quantity: "2000", price: "1.194,56" }],
        installmentMinimum: "",
      },
      "1",
      "10.000",
    );
    expect(big.data?.combos[0]?.price).toBe(1194.56);
  });

  it("refuses minutes outside 5..120, repeated quantities, combos not cheaper and bad prices", () => {
    const result = parse({
      numberMode: "random",
      reservationMinutes: "4",
      combos: [
        { quantity: "5", price: "5" },
        { quantity: "5", price: "4" },
        { quantity: "3", price: "abc" },
        { quantity: "500", price: "1" },
      ],
      installmentMinimum: "1,00",
    });
    expect(messages(result)).toMatchObject({
      reservationMinutes: "Los minutos de reserva deben ser un número entero entre 5 y 120.",
      "combos.0.price": "Cada combo debe costar menos que sus boletos al precio normal.",
      "combos.1.quantity": "Ya hay un combo con esa cantidad de boletos.",
      "combos.2.price": "El precio del combo debe ser un número mayor que 0, con hasta dos decimales.",
      "combos.3.quantity": "Cada combo debe tener al menos 2 boletos y no más que el total de boletos.",
      installmentMinimum: "El abono mínimo debe ser mayor que 0 y menor que el precio del boleto.",
    });
  });

  it("round-trips a stored raffle's rules through the form's text", () => {
    const values = purchaseValuesOf({
      numberMode: "chosen",
      reservationMinutes: 30,
      combos: [{ quantity: 10, price: 7.5 }],
      installmentMinimum: 0.5,
    });
    expect(values).toEqual({
      numberMode: "chosen",
      reservationMinutes: "30",
      combos: [{ quantity: "10", price: "7,50" }],
      installmentMinimum: "0,50",
    });
    expect(parse(values).data).toMatchObject({
      numberMode: "chosen",
      reservationMinutes: 30,
      combos: [{ quantity: 10, price: 7.5 }],
      installmentMinimum: 0.5,
    });
    // Blank sells whole only, and a stored raffle without abonos shows the field blank.
    expect(purchaseValuesOf({ installmentMinimum: null }).installmentMinimum).toBe("");
    expect(parse({ ...values, installmentMinimum: "" }).data?.installmentMinimum).toBeNull();
  });
});
