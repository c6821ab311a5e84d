import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client";
import { pageViewCounts } from "../../db/schema";

/** Adds one view to the page's count of that day, creating the row on the first view. */
export async function addView(tx: Tx, day: string, path: string): Promise<void> {
  await tx
    .insert(pageViewCounts)
    .values({ day, path, views: 1 })
    .onConflictDoUpdate({
      target: [pageViewCounts.day, pageViewCounts.path],
      set: { views: sql`${pageViewCounts.views} + 1` },
    });
}

export async function hasRow(tx: Tx, day: string, path: string): Promise<boolean> {
  const rows = await tx
    .select({ path: pageViewCounts.path })
    .from(pageViewCounts)
    .where(and(eq(pageViewCounts.day, day), eq(pageViewCounts.path, path)))
    .limit(1);
  return rows.length > 0;
}

export async function distinctPaths(tx: Tx, day: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(pageViewCounts)
    .where(eq(pageViewCounts.day, day));
  return row?.n ?? 0;
}

export async function viewsByDay(db: Executor, from: string, to: string) {
  return db
    .select({ day: pageViewCounts.day, views: sql<number>`sum(${pageViewCounts.views})::int` })
    .from(pageViewCounts)
    .where(and(gte(pageViewCounts.day, from), lte(pageViewCounts.day, to)))
    .groupBy(pageViewCounts.day);
}

export async function topPages(db: Executor, from: string, to: string, limit: number) {
  const views = sql<number>`sum(${pageViewCounts.views})::int`;
  return db
    .select({ path: pageViewCounts.path, views })
    .from(pageViewCounts)
    .where(and(gte(pageViewCounts.day, from), lte(pageViewCounts.day, to)))
    .groupBy(pageViewCounts.path)
    .orderBy(desc(views), pageViewCounts.path)
    .limit(limit);
}
