import { describe, expect, it } from "vitest";
import { commitQuantity, parseQuantity, typeQuantity } from "./quantity";

const minimum = { title: "Compra Mínima", message: "La compra mínima permitida es de 2 boletos." };

describe("ticket quantity box", () => {
  it("parses the input", () => {
    expect(parseQuantity(" 12 ")).toBe(12);
    expect(parseQuantity("")).toBeNaN();
    expect(parseQuantity("abc")).toBeNaN();
  });

  it("resets to 2 below the minimum when committed", () => {
    expect(commitQuantity(1, 50)).toEqual({ quantity: 2, draft: "2", notice: minimum });
    expect(commitQuantity(Number.NaN, 50)).toEqual({ quantity: 2, draft: "2", notice: minimum });
  });

  it("caps at what is left, never under 2", () => {
    expect(commitQuantity(10, 5)).toEqual({
      quantity: 5,
      draft: "5",
      notice: { title: "Boletos Insuficientes", message: "Solo quedan 5 boletos disponibles." },
    });
    expect(commitQuantity(10, 1).quantity).toBe(2);
  });

  it("accepts valid values without a notice", () => {
    expect(commitQuantity(4, 5)).toEqual({ quantity: 4, draft: "4", notice: null });
  });

  it("lets a value under the minimum be typed on", () => {
    expect(typeQuantity("1", 3, 50)).toEqual({ quantity: 3, draft: "1", notice: null });
    expect(typeQuantity("", 3, 50)).toEqual({ quantity: 3, draft: "", notice: null });
  });

  it("counts valid typed values at once", () => {
    expect(typeQuantity("12", 3, 50)).toEqual({ quantity: 12, draft: "12", notice: null });
  });

  it("stops at the raffle's cap per buyer when it is lower than what is left", () => {
    expect(commitQuantity(30, 500, 25)).toEqual({
      quantity: 25,
      draft: "25",
      notice: { title: "Límite por Persona", message: "Máximo 25 boletos por persona." },
    });
    expect(typeQuantity("40", 3, 500, 25)).toMatchObject({ quantity: 25, draft: "25" });
    expect(commitQuantity(20, 500, 25)).toEqual({ quantity: 20, draft: "20", notice: null });
    // Fewer left than the cap: the tickets-left rule speaks.
    expect(commitQuantity(30, 10, 25).notice?.title).toBe("Boletos Insuficientes");
  });

  it("corrects too many at once", () => {
    expect(typeQuantity("60", 3, 50)).toMatchObject({ quantity: 50, draft: "50" });
    expect(typeQuantity("60", 3, 50).notice?.title).toBe("Boletos Insuficientes");
  });
});
