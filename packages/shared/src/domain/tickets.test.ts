import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MIN_TICKETS_PER_PURCHASE } from "../constants";
import {
  ADMIN_ROW_TICKET_PREVIEW,
  checkTicketQuantity,
  formatTicketNumber,
  isValidTicketNumber,
  parseTicketInput,
  previewCount,
  protocolTicketNumber,
  purchaseTotal,
  sanitizeTicketInput,
  TICKET_INPUT_ERROR,
  ticketDigits,
  ticketLabel,
  ticketPreview,
  USER_PAYMENT_TICKET_PREVIEW,
} from "./tickets";

describe("ticketDigits", () => {
  it.each([
    [1, 2],
    [10, 2],
    [50, 2],
    [100, 2],
    [101, 3],
    [500, 3],
    [1000, 3],
    [1001, 4],
    [10_000, 4],
  ])("a %i-ticket raffle shows %i digits", (total, digits) => {
    expect(ticketDigits(total)).toBe(digits);
  });
});

describe("formatTicketNumber", () => {
  it("pads to the raffle's digits", () => {
    expect(formatTicketNumber(0, 100)).toBe("00");
    expect(formatTicketNumber(99, 100)).toBe("99");
    expect(formatTicketNumber(7, 10)).toBe("07");
    expect(formatTicketNumber(7, 1000)).toBe("007");
    expect(formatTicketNumber(7, 10_000)).toBe("0007");
    expect(formatTicketNumber(123, 500)).toBe("123");
    expect(formatTicketNumber(9999, 10_000)).toBe("9999");
  });

  it("rejects values that are not ticket numbers", () => {
    for (const bad of [-1, 10000, 1.5, Number.NaN]) {
      expect(isValidTicketNumber(bad)).toBe(false);
      expect(() => formatTicketNumber(bad, 10_000)).toThrow(RangeError);
    }
  });

  it("parses back to the same number, at the raffle's width, for every number of every raffle size", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 10_000 })
          .chain((total) => fc.tuple(fc.constant(total), fc.integer({ min: 0, max: total - 1 }))),
        ([total, n]) => {
          const shown = formatTicketNumber(n, total);
          expect(shown).toHaveLength(ticketDigits(total));
          expect(parseTicketInput(shown, total)).toEqual({ ok: true, number: n, display: shown });
          // The cross-raffle verifier reads it back too.
          const anywhere = parseTicketInput(shown);
          expect(anywhere.ok && anywhere.number).toBe(n);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("keeps the draw protocol's 4 digits whatever the raffle's size", () => {
    expect(protocolTicketNumber(7)).toBe("0007");
    expect(() => protocolTicketNumber(10_000)).toThrow(RangeError);
  });

  it("labels stored values that are not ticket numbers as plain integers", () => {
    expect(ticketLabel(7, 1000)).toBe("007");
    expect(ticketLabel(12_345, 1000)).toBe("12345");
  });
});

describe("parseTicketInput", () => {
  it.each([
    ["7", 7, "07"],
    ["0123", 123, "0123"],
    ["9999", 9999, "9999"],
    ["0", 0, "00"],
    [" 42 ", 42, "42"],
    ["007", 7, "007"],
  ])("accepts %j across raffles (1-4 digits)", (input, number, display) => {
    expect(parseTicketInput(input)).toEqual({ ok: true, number, display });
  });

  it.each(["", "   ", "12345", "12a", "-1", "1.5", "１２"])("rejects %j", (input) => {
    expect(parseTicketInput(input)).toEqual({ ok: false, message: TICKET_INPUT_ERROR });
  });

  it("accepts up to the raffle's digits when the raffle is known", () => {
    expect(parseTicketInput("7", 100)).toEqual({ ok: true, number: 7, display: "07" });
    expect(parseTicketInput("7", 1000)).toEqual({ ok: true, number: 7, display: "007" });
    expect(parseTicketInput("007", 100)).toEqual({
      ok: false,
      message: "El número de boleto debe tener 2 dígitos (ej: 01).",
    });
    expect(parseTicketInput("0007", 1000)).toEqual({
      ok: false,
      message: "El número de boleto debe tener 3 dígitos (ej: 012).",
    });
    expect(parseTicketInput("0007", 10_000)).toEqual({ ok: true, number: 7, display: "0007" });
  });

  it("uses the spec message", () => {
    expect(TICKET_INPUT_ERROR).toBe("El número de boleto debe tener 4 dígitos (ej: 0123).");
  });
});

describe("sanitizeTicketInput", () => {
  it("keeps digits only and caps at 4 across raffles", () => {
    expect(sanitizeTicketInput("a1b2")).toBe("12");
    expect(sanitizeTicketInput("123456")).toBe("1234");
    expect(sanitizeTicketInput("00-7")).toBe("007");
    expect(sanitizeTicketInput("")).toBe("");
  });

  it("caps at the raffle's digits when the raffle is known", () => {
    expect(sanitizeTicketInput("123456", 100)).toBe("12");
    expect(sanitizeTicketInput("123456", 1000)).toBe("123");
  });
});

describe("ticketPreview", () => {
  it("shows the first 4 in user payments with an ellipsis flag, and never hides a single number", () => {
    expect(ticketPreview([1, 22, 333, 4444, 5, 6], USER_PAYMENT_TICKET_PREVIEW, 10_000)).toEqual({
      items: ["0001", "0022", "0333", "4444"],
      more: true,
    });
    // Five numbers: "…y 1 más" would hide one; all five are shown.
    expect(ticketPreview([1, 22, 333, 4444, 5], USER_PAYMENT_TICKET_PREVIEW, 10_000)).toEqual({
      items: ["0001", "0022", "0333", "4444", "0005"],
      more: false,
    });
    expect(ticketPreview([1, 2, 3, 4], USER_PAYMENT_TICKET_PREVIEW, 100)).toEqual({
      items: ["01", "02", "03", "04"],
      more: false,
    });
  });

  it("shows 3 in admin rows (4 when only one more)", () => {
    expect(ticketPreview([9, 8, 7, 6, 5], ADMIN_ROW_TICKET_PREVIEW, 1000)).toEqual({
      items: ["009", "008", "007"],
      more: true,
    });
    expect(ticketPreview([9, 8, 7, 6], ADMIN_ROW_TICKET_PREVIEW, 1000).items).toEqual([
      "009",
      "008",
      "007",
      "006",
    ]);
  });

  it("handles empty lists and a zero limit", () => {
    expect(ticketPreview([], 4, 100)).toEqual({ items: [], more: false });
    expect(ticketPreview([1], 0, 100)).toEqual({ items: ["01"], more: false });
    expect(ticketPreview([1, 2], 0, 100)).toEqual({ items: [], more: true });
  });

  it("previewCount hides either nothing or at least two", () => {
    for (let max = 0; max <= 12; max++) {
      for (let count = 0; count <= 30; count++) {
        const shown = previewCount(count, max);
        expect(count - shown === 0 || count - shown >= 2).toBe(true);
        expect(shown).toBeLessThanOrEqual(Math.max(max, count <= max + 1 ? count : 0));
      }
    }
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
