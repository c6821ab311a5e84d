import type { PublicRaffle } from "@rifazo/shared";
import type { Db } from "../../db/client";
import { assertRaffleId, raffleNotFound, searchTerms, withWinners } from "../raffles";
import * as repo from "./repository";

// Every function takes the user id from the session, never from the request: a user only ever reads or
// changes their own favourites.

export async function listFavorites(db: Db, userId: string, q?: string): Promise<PublicRaffle[]> {
  return withWinners(db, await repo.favoriteRaffles(db, userId, searchTerms(q)));
}

export function favoriteIds(db: Db, userId: string): Promise<string[]> {
  return repo.favoriteIds(db, userId);
}

/** SQLSTATE of a foreign-key violation; drizzle may wrap the driver error in `cause`. */
function isForeignKeyViolation(error: unknown): boolean {
  const code =
    (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23503";
}

export async function addFavorite(db: Db, userId: string, raffleId: string): Promise<void> {
  assertRaffleId(raffleId);
  try {
    // One statement, no separate existence check: the foreign key decides, so a raffle deleted at the
    // same moment cannot slip through.
    await repo.addFavorite(db, userId, raffleId);
  } catch (error) {
    if (isForeignKeyViolation(error)) throw raffleNotFound();
    throw error;
  }
}

export async function removeFavorite(db: Db, userId: string, raffleId: string): Promise<void> {
  assertRaffleId(raffleId);
  await repo.removeFavorite(db, userId, raffleId);
}
