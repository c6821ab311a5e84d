import { describe, expect, it } from "vitest";
import { MONEY_MESSAGES } from "../domain/money";
import { esNumber } from "./es-number";

describe("esNumber", () => {
  it("reads es-VE text and typed numbers", () => {
    expect(esNumber().parse("1.194,56")).toBe(1194.56);
    expect(esNumber().parse(2.5)).toBe(2.5);
    expect(esNumber({ decimals: 0 }).parse("1.000")).toBe(1000);
    expect(esNumber({ decimals: 4 }).parse("36,5124")).toBe(36.5124);
  });

  it("refuses with the parser's Spanish message", () => {
    const issue = (schema: ReturnType<typeof esNumber>, input: unknown) =>
      schema.safeParse(input).error?.issues[0]?.message;
    expect(issue(esNumber({ decimals: 4 }), "36.512")).toBe(MONEY_MESSAGES.ambiguous);
    expect(issue(esNumber({ decimals: 0 }), "2,5")).toBe(MONEY_MESSAGES.tooManyDecimals(0));
    expect(issue(esNumber(), "1,194.56")).toBe(MONEY_MESSAGES.invalid);
    expect(issue(esNumber(), null)).toBe(MONEY_MESSAGES.invalid);
  });

  it("takes the field's own messages when given", () => {
    const issue = (schema: ReturnType<typeof esNumber>, input: unknown) =>
      schema.safeParse(input).error?.issues[0]?.message;
    const amount = esNumber({ required: "Monto Inválido" });
    expect(issue(amount, undefined)).toBe("Monto Inválido");
    expect(issue(amount, "1.19.4")).toBe(MONEY_MESSAGES.invalid);
    const quantity = esNumber({ decimals: 0, max: 10, message: "Cantidad" });
    expect(issue(quantity, undefined)).toBe("Cantidad");
    expect(issue(quantity, "2,5")).toBe("Cantidad");
    expect(issue(quantity, "11")).toBe("Cantidad");
    expect(quantity.parse("1.0")).toBe(1);
  });
});
