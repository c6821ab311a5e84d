import { describe, expect, it } from "vitest";
import { MIN_TICKETS_PER_PURCHASE } from "../constants";
import {
  ADMIN_ROW_TICKET_PREVIEW,
  checkTicketQuantity,
  formatTicketNumber,
  isValidTicketNumber,
  parseTicketInput,
  purchaseTotal,
  sanitizeTicketInput,
  TICKET_INPUT_ERROR,
  ticketPreview,
  USER_PAYMENT_TICKET_PREVIEW,
} from "./tickets";

describe("formatTicketNumber", () => {
  it("pads to 4 digits", () => {
    expect(formatTicketNumber(0)).toBe("0000");
    expect(formatTicketNumber(7)).toBe("0007");
    expect(formatTicketNumber(123)).toBe("0123");
    expect(formatTicketNumber(9999)).toBe("9999");
  });

  it("rejects values that are not ticket numbers", () => {
    for (const bad of [-1, 10000, 1.5, Number.NaN]) {
      expect(isValidTicketNumber(bad)).toBe(false);
      expect(() => formatTicketNumber(bad)).toThrow(RangeError);
    }
  });
});

describe("parseTicketInput", () => {
  it.each([
    ["7", 7, "0007"],
    ["0123", 123, "0123"],
    ["9999", 9999, "9999"],
    ["0", 0, "0000"],
    [" 42 ", 42, "0042"],
  ])("accepts %j", (input, number, display) => {
    expect(parseTicketInput(input)).toEqual({ ok: true, number, display });
  });

  it.each(["", "   ", "12345", "12a", "-1", "1.5", "１２"])("rejects %j", (input) => {
    expect(parseTicketInput(input)).toEqual({ ok: false, message: TICKET_INPUT_ERROR });
  });

  it("uses the spec message", () => {
    expect(TICKET_INPUT_ERROR).toBe("El número de boleto debe tener 4 dígitos (ej: 0123).");
  });
});

describe("sanitizeTicketInput", () => {
  it("keeps digits only and caps at 4", () => {
    expect(sanitizeTicketInput("a1b2")).toBe("12");
    expect(sanitizeTicketInput("123456")).toBe("1234");
    expect(sanitizeTicketInput("00-7")).toBe("007");
    expect(sanitizeTicketInput("")).toBe("");
  });
});

describe("ticketPreview", () => {
  it("shows the first 4 in user payments with an ellipsis flag", () => {
    expect(ticketPreview([1, 22, 333, 4444, 5], USER_PAYMENT_TICKET_PREVIEW)).toEqual({
      items: ["0001", "0022", "0333", "4444"],
      more: true,
    });
    expect(ticketPreview([1, 2, 3, 4], USER_PAYMENT_TICKET_PREVIEW)).toEqual({
      items: ["0001", "0002", "0003", "0004"],
      more: false,
    });
  });

  it("shows 3 in admin rows", () => {
    expect(ticketPreview([9, 8, 7, 6], ADMIN_ROW_TICKET_PREVIEW)).toEqual({
      items: ["0009", "0008", "0007"],
      more: true,
    });
  });

  it("handles empty lists and a zero limit", () => {
    expect(ticketPreview([], 4)).toEqual({ items: [], more: false });
    expect(ticketPreview([1], 0)).toEqual({ items: [], more: true });
  });
});

describe("checkTicketQuantity", () => {
  it("has a minimum of 2", () => {
    expect(MIN_TICKETS_PER_PURCHASE).toBe(2);
    expect(checkTicketQuantity(1, 50)).toEqual({
      ok: false,
      quantity: 2,
      title: "Compra Mínima",
      message: "La compra mínima permitida es de 2 boletos.",
    });
    expect(checkTicketQuantity(Number.NaN, 50).quantity).toBe(2);
  });

  it("caps at the remaining tickets (never below 2)", () => {
    expect(checkTicketQuantity(10, 5)).toEqual({
      ok: false,
      quantity: 5,
      title: "Boletos Insuficientes",
      message: "Solo quedan 5 boletos disponibles.",
    });
    expect(checkTicketQuantity(3, 1).quantity).toBe(2);
  });

  it("accepts valid quantities", () => {
    expect(checkTicketQuantity(2, 2)).toEqual({ ok: true, quantity: 2 });
    expect(checkTicketQuantity(7, 100)).toEqual({ ok: true, quantity: 7 });
  });
});

describe("purchaseTotal", () => {
  it("multiplies with 2-decimal rounding", () => {
    expect(purchaseTotal(3, 0.1)).toBe(0.3);
    expect(purchaseTotal(2, 12.5)).toBe(25);
    expect(purchaseTotal(7, 1.15)).toBe(8.05);
  });
});
