import { describe, expect, it } from "vitest";
import { candidateCount, sampleNumbers } from "./ticket-pick";

describe("sampleNumbers", () => {
  it("returns distinct numbers of the range, all of it when asked for more", () => {
    for (const [range, count] of [
      [10_000, 40],
      [10, 10],
      [7, 3],
      [1, 1],
    ] as const) {
      const sample = sampleNumbers(range, count);
      expect(sample).toHaveLength(count);
      expect(new Set(sample).size).toBe(count);
      for (const n of sample) {
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThan(range);
      }
    }
    expect(sampleNumbers(5, 50).sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it("gives every number and every position the same chance", () => {
    // 30 000 draws of 3 out of 10: each number is expected 9 000 times overall and 3 000 times in each
    // position (standard deviation about 80 and 52); ±7 % is more than 6 deviations away.
    const runs = 30_000;
    const overall = new Array(10).fill(0);
    const first = new Array(10).fill(0);
    for (let i = 0; i < runs; i++) {
      const sample = sampleNumbers(10, 3);
      for (const n of sample) overall[n] += 1;
      first[sample[0] ?? 0] += 1;
    }
    for (const count of overall) expect(Math.abs(count - 9_000)).toBeLessThan(630);
    for (const count of first) expect(Math.abs(count - 3_000)).toBeLessThan(330);
  });
});

describe("candidateCount", () => {
  it("probes about twice what is needed, never more numbers than exist", () => {
    expect(candidateCount(10_000, 10_000, 10)).toBe(52);
    expect(candidateCount(10_000, 5_000, 10)).toBe(72);
    expect(candidateCount(10_000, 300, 10)).toBe(699);
    expect(candidateCount(1_000, 1, 500)).toBe(1_000);
  });
});
