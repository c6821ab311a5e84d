import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DrawInputError } from "./draw-engine";
import { decideInstantBatch, type InstantPurchase } from "./instant-draw";

const RAFFLE = "3f1c2a9e-0000-4000-8000-000000000001";
const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString("hex"));

/** Splits tickets 0..n-1 (shuffled by `order`) into purchases of 1–4 tickets, with increasing seqs. */
function purchasesOf(order: number[], sizes: number[]): InstantPurchase[] {
  const out: InstantPurchase[] = [];
  let at = 0;
  let seq = 5;
  for (const size of sizes) {
    if (at >= order.length) break;
    out.push({ seq, tickets: order.slice(at, at + size) });
    at += size;
    seq += 1 + (size % 3);
  }
  if (at < order.length) out.push({ seq, tickets: order.slice(at) });
  return out;
}

const raffleArb = fc.integer({ min: 1, max: 30 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    prizes: fc.integer({ min: 0, max: n + 3 }),
    order: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
    sizes: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: n }),
    randomness: hex64,
    split: fc.integer({ min: 0, max: 10 }),
  }),
);

describe("rifazo-instant-1", () => {
  it("never hands out more prizes than the budget, only on the purchase's own tickets, and gives them all when the raffle sells out", async () => {
    await fc.assert(
      fc.asyncProperty(raffleArb, async ({ n, prizes, order, sizes, randomness, split }) => {
        const purchases = purchasesOf(order, sizes);
        // Decided in two rounds (two batches), as purchases made final on both sides of a round would be.
        const cut = Math.min(split, purchases.length);
        const first = await decideInstantBatch(RAFFLE, randomness, purchases.slice(0, cut), {
          prizesLeft: prizes,
          undecided: n,
        });
        const second = await decideInstantBatch(
          RAFFLE,
          randomness.split("").reverse().join(""),
          purchases.slice(cut),
          first.budget,
        );
        const results = [...first.results, ...second.results];
        const won = results.flatMap((r) => r.wins);
        expect(won.length).toBeLessThanOrEqual(prizes);
        expect(second.budget.prizesLeft).toBe(prizes - won.length);
        expect(second.budget.undecided).toBe(0);
        for (const r of results) {
          const own = purchases.find((p) => p.seq === r.seq)?.tickets ?? [];
          expect(r.wins.every((t) => own.includes(t))).toBe(true);
          expect(r.wins).toEqual([...r.wins].sort((a, b) => a - b));
        }
        // Every ticket of the raffle decided: every prize that fits is won.
        expect(won.length).toBe(Math.min(prizes, n));
      }),
      { numRuns: 60 },
    );
  });

  it("is a function of the round's randomness and the record: same input, same result", async () => {
    const purchases = [
      { seq: 7, tickets: [3, 1] },
      { seq: 9, tickets: [8] },
    ];
    const a = await decideInstantBatch(RAFFLE, "ab".repeat(32), purchases, { prizesLeft: 2, undecided: 10 });
    const b = await decideInstantBatch(RAFFLE, "ab".repeat(32), purchases, { prizesLeft: 2, undecided: 10 });
    expect(b).toEqual(a);
    // The published worked example (docs/draw-protocol.md will quote it): fixed so a change of the rule shows.
    expect(a).toMatchInlineSnapshot(`
      {
        "budget": {
          "prizesLeft": 0,
          "undecided": 7,
        },
        "results": [
          {
            "seq": 7,
            "wins": [
              3,
            ],
          },
          {
            "seq": 9,
            "wins": [
              8,
            ],
          },
        ],
      }
    `);
  });

  it("gives every ticket the same chance whatever order the purchases come in (P₀ ⁄ N)", async () => {
    // 10 tickets, 3 prizes, bought in a fixed order by 4 purchases; 3 000 rounds.
    const purchases = purchasesOf([9, 0, 4, 7, 1, 3, 8, 2, 6, 5], [3, 2, 4, 1]);
    const runs = 3000;
    const counts = new Array<number>(10).fill(0);
    for (let r = 0; r < runs; r++) {
      const randomness = (r.toString(16).padStart(8, "0") + "5a".repeat(28)).slice(0, 64);
      const { results } = await decideInstantBatch(RAFFLE, randomness, purchases, {
        prizesLeft: 3,
        undecided: 10,
      });
      for (const t of results.flatMap((x) => x.wins)) counts[t] = (counts[t] ?? 0) + 1;
    }
    const expected = (runs * 3) / 10;
    // Chi-square with 9 degrees of freedom: 27.88 is the 0.1 % tail.
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(27.88);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(runs * 3);
  });

  it("refuses input it cannot decide honestly", async () => {
    const ok = { prizesLeft: 1, undecided: 5 };
    await expect(decideInstantBatch(RAFFLE, "zz".repeat(32), [], ok)).rejects.toBeInstanceOf(DrawInputError);
    await expect(
      decideInstantBatch(
        RAFFLE,
        "ab".repeat(32),
        [
          { seq: 3, tickets: [1] },
          { seq: 3, tickets: [2] },
        ],
        ok,
      ),
    ).rejects.toBeInstanceOf(DrawInputError);
    await expect(
      decideInstantBatch(RAFFLE, "ab".repeat(32), [{ seq: 3, tickets: [1, 1] }], ok),
    ).rejects.toBeInstanceOf(DrawInputError);
    await expect(
      decideInstantBatch(RAFFLE, "ab".repeat(32), [], { prizesLeft: -1, undecided: 5 }),
    ).rejects.toBeInstanceOf(DrawInputError);
  });
});
