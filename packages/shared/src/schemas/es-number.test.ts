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
});
