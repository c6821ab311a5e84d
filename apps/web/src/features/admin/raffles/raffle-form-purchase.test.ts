import { describe, expect, it } from "vitest";
import { PURCHASE_MESSAGES, parsePurchaseValues, purchaseValuesOf } from "./raffle-form-purchase";

const raffle = { unitPrice: 1, totalTickets: 100 };

describe("parsePurchaseValues", () => {
  it("reads combo prices as es-VE ('2,5' is two and a half, '1.194,56' has a thousands dot)", () => {
    const result = parsePurchaseValues(
      {
        numberMode: "chosen",
        reservationMinutes: "15",
        combos: [
          { quantity: "5", price: "2,5" },
          { quantity: "99", price: "90" },
        ],
      },
      raffle,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        numberMode: "chosen",
        reservationMinutes: 15,
        combos: [
          { quantity: 5, price: 2.5 },
          { quantity: 99, price: 90 },
        ],
      },
    });
    const big = parsePurchaseValues(
      { numberMode: "random", reservationMinutes: "5", combos: [{ quantity: "2000", price: "1.194,56" }] },
      { unitPrice: 1, totalTickets: 10_000 },
    );
    expect(big.ok && big.value.combos[0]?.price).toBe(1194.56);
  });

  it("refuses minutes outside 5..120, repeated quantities, combos not cheaper and bad prices", () => {
    const result = parsePurchaseValues(
      {
        numberMode: "random",
        reservationMinutes: "4",
        combos: [
          { quantity: "5", price: "5" },
          { quantity: "5", price: "4" },
          { quantity: "1", price: "abc" },
          { quantity: "500", price: "1" },
        ],
      },
      raffle,
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        reservationMinutes: PURCHASE_MESSAGES.reservationMinutes,
        "combos.0.price": PURCHASE_MESSAGES.comboNotCheaper,
        "combos.1.quantity": PURCHASE_MESSAGES.comboRepeated,
        "combos.2.quantity": PURCHASE_MESSAGES.comboQuantity,
        "combos.2.price": expect.any(String),
        "combos.3.quantity": PURCHASE_MESSAGES.comboQuantity,
      },
    });
  });

  it("round-trips a stored raffle's rules through the form's text", () => {
    const values = purchaseValuesOf({
      numberMode: "chosen",
      reservationMinutes: 30,
      combos: [{ quantity: 10, price: 7.5 }],
    });
    expect(values).toEqual({
      numberMode: "chosen",
      reservationMinutes: "30",
      combos: [{ quantity: "10", price: "7,50" }],
    });
    expect(parsePurchaseValues(values, raffle)).toEqual({
      ok: true,
      value: { numberMode: "chosen", reservationMinutes: 30, combos: [{ quantity: 10, price: 7.5 }] },
    });
  });
});
