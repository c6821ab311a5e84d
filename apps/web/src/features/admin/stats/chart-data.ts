// Pure helpers behind the stats charts (unit-tested): series normalisation and axis scaling.

export interface DayCount {
  /** YYYY-MM-DD (Venezuelan calendar day). */
  date: string;
  count: number;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Accepts `{ "2025-03-01": 4 }` or `[{ date, count }]`; sorted, with missing days filled with 0. */
export function normalizeSalesByDay(input: unknown): DayCount[] {
  const entries: DayCount[] = [];
  if (Array.isArray(input)) {
    for (const item of input) {
      if (item && typeof item === "object") {
        const record = item as Record<string, unknown>;
        const date = String(record.date ?? record.day ?? "").slice(0, 10);
        const count = Number(record.count ?? record.tickets ?? record.value ?? 0);
        if (DAY_PATTERN.test(date) && Number.isFinite(count)) entries.push({ date, count });
      }
    }
  } else if (input && typeof input === "object") {
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      const date = key.slice(0, 10);
      const count = Number(value);
      if (DAY_PATTERN.test(date) && Number.isFinite(count)) entries.push({ date, count });
    }
  }
  if (entries.length === 0) return [];
  const byDate = new Map<string, number>();
  for (const entry of entries) byDate.set(entry.date, (byDate.get(entry.date) ?? 0) + entry.count);
  const sorted = [...byDate.keys()].sort();
  const first = sorted[0] as string;
  const last = sorted[sorted.length - 1] as string;
  const out: DayCount[] = [];
  // Walk calendar days in UTC: the strings are already local calendar days, so no time zone applies.
  const cursor = new Date(`${first}T00:00:00Z`);
  const end = new Date(`${last}T00:00:00Z`);
  // A year of days at most: a stray far-away date must not make the chart draw thousands of points.
  for (let i = 0; cursor <= end && i < 366; i++) {
    const day = cursor.toISOString().slice(0, 10);
    out.push({ date: day, count: byDate.get(day) ?? 0 });
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return out;
}

/** A "nice" upper bound for an axis (1, 2, 2.5, 5 × 10^n), never below 1. */
export function niceMax(value: number): number {
  if (!Number.isFinite(value) || value <= 1) return 1;
  const exponent = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * exponent >= value) return step * exponent;
  }
  return 10 * exponent;
}

/** Share of `max` as a percentage for bar widths, clamped 0-100; a non-zero value is at least 1 %. */
export function barPercent(value: number, max: number): number {
  if (!Number.isFinite(value) || value <= 0 || !Number.isFinite(max) || max <= 0) return 0;
  return Math.min(100, Math.max(1, (value / max) * 100));
}
