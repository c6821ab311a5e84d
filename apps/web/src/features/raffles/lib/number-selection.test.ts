import { describe, expect, it } from "vitest";
import { parseNumberQuery, parseTakenNumbers, pickRandomAvailable } from "./number-selection";

describe("pickRandomAvailable", () => {
  it("never picks a taken or already chosen number, and picks each at most once", () => {
    const taken = (n: number) => n % 3 === 0;
    const chosen = new Set([1, 2]);
    for (let run = 0; run < 50; run++) {
      const picks = pickRandomAvailable(30, taken, chosen, 8);
      expect(picks).toHaveLength(8);
      expect(new Set(picks).size).toBe(8);
      for (const n of picks) {
        expect(taken(n)).toBe(false);
        expect(chosen.has(n)).toBe(false);
        expect(n).toBeLessThan(30);
      }
    }
  });

  it("gives fewer when fewer are left", () => {
    expect(pickRandomAvailable(5, (n) => n < 3, new Set([3]), 10)).toEqual([4]);
    expect(pickRandomAvailable(5, () => true, new Set(), 2)).toEqual([]);
  });

  it("is uniform: with a fixed random source the partial shuffle is deterministic", () => {
    expect(
      pickRandomAvailable(
        4,
        () => false,
        new Set(),
        4,
        () => 0,
      ),
    ).toEqual([0, 1, 2, 3]);
    expect(
      pickRandomAvailable(
        4,
        () => false,
        new Set(),
        1,
        () => 0.99,
      ),
    ).toEqual([3]);
  });
});

describe("parseNumberQuery", () => {
  it("reads up to the raffle's digits within the raffle", () => {
    expect(parseNumberQuery("42", 100)).toEqual({ ok: true, number: 42 });
    expect(parseNumberQuery(" 09 ", 100)).toEqual({ ok: true, number: 9 });
    expect(parseNumberQuery("100", 100)).toEqual({
      ok: false,
      message: "Escribe un número entre 00 y 99.",
    });
    // 3 digits are one too many for a 100-ticket raffle, and fine for a 1,000-ticket one.
    expect(parseNumberQuery("099", 100).ok).toBe(false);
    expect(parseNumberQuery("099", 1000)).toEqual({ ok: true, number: 99 });
    expect(parseNumberQuery("1000", 1000)).toEqual({
      ok: false,
      message: "Escribe un número entre 000 y 999.",
    });
    expect(parseNumberQuery("0099", 10_000)).toEqual({ ok: true, number: 99 });
    expect(parseNumberQuery("", 100).ok).toBe(false);
    expect(parseNumberQuery("12a", 100).ok).toBe(false);
  });
});

describe("parseTakenNumbers", () => {
  it("turns the server's formatted numbers into integers", () => {
    expect(parseTakenNumbers(["0042", "0000", "x"])).toEqual([42, 0]);
  });
});
