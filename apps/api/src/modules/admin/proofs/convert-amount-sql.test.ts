import { convertAmount, quotePurchase } from "@rifazo/shared";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers";
import { convertAmountSql } from "./list-repository";

// The inbox's amount_mismatch filter converts in SQL (convertAmountSql) and each row's flag in
// TypeScript (convertAmount): both must give the same cents, or the filter and the flag disagree.

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

/** Reservation totals (stored as JSON numbers) and BCV rates with 4 decimals, as the columns hold them. */
const pairs = fc
  .sample(
    fc.record({
      unitCents: fc.integer({ min: 1, max: 50_000 }),
      quantity: fc.integer({ min: 1, max: 500 }),
      rateTenThousandths: fc.integer({ min: 1, max: 2_000_000_000 }),
    }),
    { numRuns: 3000, seed: 20260211 },
  )
  .map(({ unitCents, quantity, rateTenThousandths }) => ({
    total: quotePurchase({ quantity, unitPrice: unitCents / 100, currency: "USD" }).total,
    rate: rateTenThousandths / 10_000,
  }));
// Ties at the half cent both ways, where a float product can fall either side.
pairs.push({ total: 1.5, rate: 0.67 }, { total: 4.1, rate: 0.25 }, { total: 1.01, rate: 2 });

async function sqlConvert(from: "USD" | "VES", to: "USD" | "VES"): Promise<(string | null)[]> {
  const totals = `{${pairs.map((p) => String(p.total)).join(",")}}`;
  const rates = `{${pairs.map((p) => String(p.rate)).join(",")}}`;
  const expression = convertAmountSql(sql`x.t`, sql`${from}::text`, sql`${to}::text`, sql`x.r`);
  const result = (await testDb.database.db.execute(sql`
    SELECT (${expression})::text AS amount
    FROM unnest(${totals}::numeric[], ${rates}::numeric[]) WITH ORDINALITY AS x(t, r, n) ORDER BY x.n
  `)) as unknown as { rows: Array<{ amount: string | null }> };
  return result.rows.map((row) => row.amount);
}

describe("convertAmountSql agrees with the shared convertAmount", () => {
  it.each([
    ["USD", "VES"],
    ["VES", "USD"],
  ] as const)("%s → %s on every total and rate", async (from, to) => {
    const fromSql = await sqlConvert(from, to);
    expect(fromSql).toHaveLength(pairs.length);
    const differing = pairs.filter((p, i) => Number(fromSql[i]) !== convertAmount(p.total, from, to, p.rate));
    expect(differing).toEqual([]);
  });

  it("gives nothing without a usable rate, and the total itself in the same currency", async () => {
    const rows = (await testDb.database.db.execute(sql`
      SELECT (${convertAmountSql(sql`12.345::numeric`, sql`'USD'::text`, sql`'VES'::text`, sql`0::numeric`)})::text AS none,
             (${convertAmountSql(sql`12.345::numeric`, sql`'USD'::text`, sql`'USD'::text`, sql`NULL::numeric`)})::text AS same
    `)) as unknown as { rows: Array<{ none: string | null; same: string }> };
    expect(rows.rows[0]).toEqual({ none: null, same: String(convertAmount(12.345, "USD", "USD", null)) });
  });
});
