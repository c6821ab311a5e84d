import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { exchangeRates, settings } from "../../db/schema";

export async function readSettings(db: Executor, keys: string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** The current value, locked until the transaction ends so two admins' saves are audited in order. */
export async function readSettingForUpdate(tx: Executor, key: string): Promise<unknown> {
  const [row] = await tx
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, key))
    .for("update");
  return row?.value ?? null;
}

export async function writeSetting(
  tx: Executor,
  key: string,
  value: unknown,
  updatedBy: string,
): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value, updatedBy })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy, updatedAt: sql`now()` } });
}

/** The rate of a day in the history (decision 0035): the last one saved for that day wins. */
export async function upsertDayRate(
  tx: Executor,
  row: { date: string; rate: number; source: string | null; recordedBy: string },
): Promise<void> {
  await tx
    .insert(exchangeRates)
    .values({ ...row, recordedAt: sql`now()` })
    .onConflictDoUpdate({
      target: exchangeRates.date,
      set: { rate: row.rate, source: row.source, recordedBy: row.recordedBy, recordedAt: sql`now()` },
    });
}

export async function dayRate(db: Executor, day: string): Promise<number | null> {
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(eq(exchangeRates.date, day));
  return row ? Number(row.rate) : null;
}
