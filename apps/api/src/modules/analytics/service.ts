import {
  type AdminPageViews,
  OTHER_PAGES_PATH,
  PAGE_VIEW_LIMITS,
  type PageViewInput,
  todayInVenezuela,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import type { RateRule } from "../../lib/rate-limit";
import * as repo from "./repository";

/** Generous for a person browsing (a page every 5 s for 10 minutes); a script filling the table is not. */
export const PAGE_VIEW_RATE_RULE: RateRule = { max: 120, windowSeconds: 600 };

const TOP_PAGES = 10;
const DAY_MS = 86_400_000;

/**
 * Counts one view of a page. Pages beyond the day's limit of distinct paths are counted together, so
 * made-up paths cannot grow the table without bound.
 */
export async function recordPageView(
  ctx: Pick<AppContext, "db">,
  input: PageViewInput,
  now: Date = new Date(),
): Promise<void> {
  const day = todayInVenezuela(now);
  await ctx.db.transaction(async (tx) => {
    let path = input.path;
    if (
      !(await repo.hasRow(tx, day, path)) &&
      (await repo.distinctPaths(tx, day)) >= PAGE_VIEW_LIMITS.distinctPathsPerDay
    ) {
      path = OTHER_PAGES_PATH;
    }
    await repo.addView(tx, day, path);
  });
}

/** Views per day for the last `days` days (today included), zero-filled, and the most visited pages. */
export async function pageViewReport(
  db: Executor,
  days: number,
  now: Date = new Date(),
): Promise<AdminPageViews> {
  const to = todayInVenezuela(now);
  const dayList = Array.from({ length: days }, (_, i) =>
    todayInVenezuela(new Date(now.getTime() - (days - 1 - i) * DAY_MS)),
  );
  const from = dayList[0] ?? to;
  const [rows, top] = await Promise.all([
    repo.viewsByDay(db, from, to),
    repo.topPages(db, from, to, TOP_PAGES),
  ]);
  const byDayMap = new Map(rows.map((r) => [r.day, r.views]));
  const byDay = dayList.map((day) => ({ day, views: byDayMap.get(day) ?? 0 }));
  return { days, total: byDay.reduce((sum, d) => sum + d.views, 0), byDay, topPages: top };
}
