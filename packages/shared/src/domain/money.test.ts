import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatEsNumber, formatMoney, MONEY_MESSAGES, parseEsNumber, roundCents } from "./money";

const value = (text: string | number, decimals?: number) => {
  const result = parseEsNumber(text, decimals === undefined ? {} : { decimals });
  return result.ok ? result.value : result.error;
};

describe("parseEsNumber: what es-VE buyers and organisers type", () => {
  it.each([
    ["1.194,56", 1194.56],
    ["1194,56", 1194.56],
    ["1194.56", 1194.56],
    ["1.194", 1194],
    ["1.194.000", 1194000],
    ["1.194.000,5", 1194000.5],
    ["0,5", 0.5],
    [",5", 0.5],
    ["0.5", 0.5],
    [".75", 0.75],
    ["20", 20],
    [" 20 ", 20],
    ["20,00", 20],
    ["2,50", 2.5],
    ["007", 7],
    ["+5", 5],
    ["Bs. 1.194,56", 1194.56],
    ["Bs 1.194,56", 1194.56],
    ["Bs.S 1.194,56", 1194.56],
    ["bs.1194,56", 1194.56],
    ["1.194,56 Bs.", 1194.56],
    ["$20", 20],
    ["$ 20", 20],
    ["20$", 20],
    ["US$ 20,5", 20.5],
    ["USD 20", 20],
    ["20 VES", 20],
    ["\u00a01.194,56\u202f", 1194.56],
    ["0", 0],
  ])("accepts %j as %d", (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it.each([
    ["", MONEY_MESSAGES.empty],
    ["   ", MONEY_MESSAGES.empty],
    ["1,194.56", MONEY_MESSAGES.invalid],
    ["1.19.4", MONEY_MESSAGES.invalid],
    ["1,2,3", MONEY_MESSAGES.invalid],
    ["abc", MONEY_MESSAGES.invalid],
    ["12abc", MONEY_MESSAGES.invalid],
    ["1.5,0", MONEY_MESSAGES.invalid],
    ["1.1944,5", MONEY_MESSAGES.invalid],
    ["01.194,5", MONEY_MESSAGES.invalid],
    ["1 5", MONEY_MESSAGES.invalid],
    ["1.", MONEY_MESSAGES.invalid],
    ["20,", MONEY_MESSAGES.invalid],
    [",", MONEY_MESSAGES.invalid],
    ["$", MONEY_MESSAGES.invalid],
    ["1e3", MONEY_MESSAGES.invalid],
    ["Infinity", MONEY_MESSAGES.invalid],
    ["NaN", MONEY_MESSAGES.invalid],
    ["٣", MONEY_MESSAGES.invalid],
    ["-5", MONEY_MESSAGES.negative],
    ["−5", MONEY_MESSAGES.negative],
    ["$-5", MONEY_MESSAGES.negative],
    ["-$5", MONEY_MESSAGES.negative],
    ["1,555", MONEY_MESSAGES.tooManyDecimals(2)],
    ["1194.567", MONEY_MESSAGES.ambiguous],
    ["0.500", MONEY_MESSAGES.ambiguous],
    ["1194.560", MONEY_MESSAGES.ambiguous],
    ["1.1945", MONEY_MESSAGES.tooManyDecimals(2)],
    ["1.000.000.000.000,01", MONEY_MESSAGES.tooLarge],
    [`1${"0".repeat(400)}`, MONEY_MESSAGES.tooLarge],
  ])("refuses %j with its message", (text, message) => {
    expect(value(text)).toBe(message);
  });

  it("reads a dot and three digits as thousands only where the field cannot hold three decimals", () => {
    expect(value("1.194", 2)).toBe(1194);
    expect(value("1.000", 0)).toBe(1000);
    // An exchange rate has 4 decimals: "36.512" could be either, so it is refused, never guessed.
    expect(value("36.512", 4)).toBe(MONEY_MESSAGES.ambiguous);
    expect(value("12.345", 4)).toBe(MONEY_MESSAGES.ambiguous);
    expect(value("36,512", 4)).toBe(36.512);
    expect(value("36.5124", 4)).toBe(36.5124);
    expect(value("1.194,5678", 4)).toBe(1194.5678);
    expect(value("1.194.000", 4)).toBe(1194000);
  });

  it("takes quantities whole: trailing zeros are not decimals", () => {
    expect(value("2,5", 0)).toBe(MONEY_MESSAGES.tooManyDecimals(0));
    expect(value("2.5", 0)).toBe(MONEY_MESSAGES.tooManyDecimals(0));
    expect(value("2,0", 0)).toBe(2);
    expect(value("10.000", 0)).toBe(10000);
    expect(MONEY_MESSAGES.tooManyDecimals(0)).toBe("Escribe un número entero, sin decimales.");
  });

  it("honours max", () => {
    expect(parseEsNumber("1.000,01", { max: 1000 })).toEqual({ ok: false, error: MONEY_MESSAGES.tooLarge });
    expect(parseEsNumber("1.000", { max: 1000 })).toEqual({ ok: true, value: 1000 });
  });

  it("checks typed numbers (JSON) by the same rules", () => {
    expect(value(1194.56)).toBe(1194.56);
    expect(value(10.1 * 3)).toBe(30.3);
    expect(value(30.295)).toBe(MONEY_MESSAGES.tooManyDecimals(2));
    expect(value(2.5, 0)).toBe(MONEY_MESSAGES.tooManyDecimals(0));
    expect(value(-1)).toBe(MONEY_MESSAGES.negative);
    expect(value(Number.NaN)).toBe(MONEY_MESSAGES.invalid);
    expect(value(Number.POSITIVE_INFINITY)).toBe(MONEY_MESSAGES.invalid);
    expect(value(2e12)).toBe(MONEY_MESSAGES.tooLarge);
  });
});

describe("formatEsNumber and formatMoney", () => {
  it.each([
    [1194.56, 2, "1.194,56"],
    [1194.5, 2, "1.194,50"],
    [0, 2, "0,00"],
    [5, 0, "5"],
    [1000, 0, "1.000"],
    [1234567.891, 2, "1.234.567,89"],
    [36.5, 4, "36,5000"],
    [1.005, 2, "1,01"],
    [2.675, 2, "2,68"],
    [0.125, 2, "0,13"],
    [999.995, 2, "1.000,00"],
    [-1194.5, 2, "-1.194,50"],
    [-0.001, 2, "0,00"],
    [1e21, 2, "1.000.000.000.000.000.000.000,00"],
    [1e-7, 2, "0,00"],
    [Number.NaN, 2, "—"],
  ])("formats %d with %d decimals as %j", (input, decimals, expected) => {
    expect(formatEsNumber(input, decimals)).toBe(expected);
  });

  it("rounds as Intl's es-VE formatter does", () => {
    const intl = new Intl.NumberFormat("es-VE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const n of [0.005, 1.005, 1.015, 2.345, 10.555, 1234.565, 99999.995, 123456789012.345]) {
      expect(formatEsNumber(n)).toBe(intl.format(n));
    }
  });

  it("puts the symbol people use", () => {
    expect(formatMoney(1194.56, "USD")).toBe("$1.194,56");
    expect(formatMoney(1194.56, "VES")).toBe("Bs. 1.194,56");
    expect(formatMoney(2.5, "USD")).toBe("$2,50");
  });
});

describe("roundCents", () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [91.281, 91.28],
    [10.1 * 3, 30.3],
    [-1.005, -1.01],
    [-0.001, 0],
  ])("rounds %d to %d", (input, expected) => {
    expect(roundCents(input)).toBe(expected);
  });
});

const DECIMALS = [0, 2, 4] as const;

/** Values on the grid of `decimals` places, up to 1e10, as an integer count of the smallest unit. */
const gridValue = fc
  .constantFrom(...DECIMALS)
  .chain((decimals) =>
    fc
      .integer({ min: 0, max: 10_000_000_000 * 10 ** decimals })
      .map((units) => ({ decimals, value: units / 10 ** decimals })),
  );

describe("properties", () => {
  it("format then parse returns the same value (cents up to 1e10; 0, 2 and 4 decimals)", () => {
    fc.assert(
      fc.property(gridValue, ({ decimals, value: n }) => {
        const parsed = parseEsNumber(formatEsNumber(n, decimals), { decimals, max: 1e11 });
        expect(parsed).toEqual({ ok: true, value: n });
      }),
      { numRuns: 2000 },
    );
  });

  it("formatMoney reads back through the parser, symbol and all", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.constantFrom("USD", "VES"),
        (cents, cur) => {
          const n = cents / 100;
          expect(parseEsNumber(formatMoney(n, cur as "USD" | "VES"))).toEqual({ ok: true, value: n });
        },
      ),
    );
  });

  const numberLike = fc.oneof(
    fc.string(),
    fc.stringMatching(/^[ $Bs.]{0,3}[\d.,]{0,16}[ $Bs.]{0,3}$/),
    fc.double().map(String),
    fc.tuple(fc.nat(), fc.nat(999)).map(([a, b]) => `${a}.${b}`),
  );

  it("never returns NaN, Infinity or a negative value, whatever the text", () => {
    fc.assert(
      fc.property(numberLike, fc.constantFrom(...DECIMALS), (text, decimals) => {
        const parsed = parseEsNumber(text, { decimals });
        if (parsed.ok) {
          expect(Number.isFinite(parsed.value)).toBe(true);
          expect(parsed.value).toBeGreaterThanOrEqual(0);
        } else {
          expect(parsed.error).toMatch(/\S/);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("any accepted text re-formats to a canonical form that parses to the same value", () => {
    fc.assert(
      fc.property(numberLike, fc.constantFrom(...DECIMALS), (text, decimals) => {
        const parsed = parseEsNumber(text, { decimals });
        if (!parsed.ok) return;
        const canonical = formatEsNumber(parsed.value, decimals);
        expect(parseEsNumber(canonical, { decimals })).toEqual({ ok: true, value: parsed.value });
        expect(formatEsNumber(parsed.value, decimals)).toBe(canonical);
      }),
      { numRuns: 3000 },
    );
  });

  it("roundCents agrees with formatting to two decimals", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e10, noNaN: true }), (n) => {
        expect(formatEsNumber(roundCents(n))).toBe(formatEsNumber(n));
      }),
    );
  });
});
