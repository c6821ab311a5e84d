// The app's one limiter (docs/decisions/0011-one-rate-limiter.md): atomic counting, windows, cleanup.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/helpers";
import { rateLimits } from "../db/schema";
import { clear, giveBack, hit, sweepRateLimits } from "./rate-limit";

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
}, 120_000);

afterAll(async () => {
  await testDb?.drop();
});

const countOf = async (key: string) =>
  (await testDb.database.db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count;

describe("rate limiter", () => {
  it("allows exactly `max` of many parallel hits on one key", async () => {
    const rule = { max: 7, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hit(testDb.database.db, "t:parallel", rule)),
    );
    expect(results.filter(Boolean)).toHaveLength(7);
    expect(await countOf("t:parallel")).toBe(25);
  });

  it("keeps keys apart and starts a new window once the old one is over", async () => {
    const rule = { max: 2, windowSeconds: 60 };
    const db = testDb.database.db;
    expect([await hit(db, "t:a", rule), await hit(db, "t:a", rule), await hit(db, "t:a", rule)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await hit(db, "t:b", rule)).toBe(true);
    await db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, "t:a"));
    expect(await hit(db, "t:a", rule)).toBe(true);
    expect(await countOf("t:a")).toBe(1);
  });

  it("clears a key and gives one hit back, never below zero", async () => {
    const db = testDb.database.db;
    const rule = { max: 5, windowSeconds: 60 };
    await hit(db, "t:give", rule);
    await giveBack(db, "t:give");
    await giveBack(db, "t:give");
    expect(await countOf("t:give")).toBe(0);
    await hit(db, "t:clear", rule);
    await clear(db, "t:clear");
    expect(await countOf("t:clear")).toBeUndefined();
  });

  it("sweeps the counters whose window is over, and only those", async () => {
    const db = testDb.database.db;
    const rule = { max: 5, windowSeconds: 60 };
    await hit(db, "t:old", rule);
    await hit(db, "t:live", rule);
    await db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(rateLimits.key, "t:old"));
    expect(await sweepRateLimits(db)).toBeGreaterThanOrEqual(1);
    expect(await countOf("t:old")).toBeUndefined();
    expect(await countOf("t:live")).toBe(1);
  });
});
