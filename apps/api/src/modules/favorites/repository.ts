import { and, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { raffles, userFavorites } from "../../db/schema";
import { cardColumns, type RaffleCardRow, raffleTextMatch } from "../raffles";

/** The user's favourite raffles as cards, most recently saved first. */
export async function favoriteRaffles(
  db: Executor,
  userId: string,
  terms: string[],
): Promise<RaffleCardRow[]> {
  return db
    .select(cardColumns)
    .from(userFavorites)
    .innerJoin(raffles, eq(raffles.id, userFavorites.raffleId))
    .where(and(eq(userFavorites.userId, userId), raffleTextMatch(terms)))
    .orderBy(desc(userFavorites.createdAt), desc(raffles.createdAt));
}

export async function favoriteIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ raffleId: userFavorites.raffleId })
    .from(userFavorites)
    .where(eq(userFavorites.userId, userId))
    .orderBy(desc(userFavorites.createdAt));
  return rows.map((row) => row.raffleId);
}

/** Adding twice is not an error: the primary key (user, raffle) keeps one row. */
export async function addFavorite(db: Executor, userId: string, raffleId: string): Promise<void> {
  await db.insert(userFavorites).values({ userId, raffleId }).onConflictDoNothing();
}

export async function removeFavorite(db: Executor, userId: string, raffleId: string): Promise<void> {
  await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.raffleId, raffleId)));
}
