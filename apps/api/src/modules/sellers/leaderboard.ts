import {
  type AdminSellerLeaderboard,
  isUuid,
  LEADERBOARD_MESSAGES,
  PUBLIC_LEADERBOARD_SIZE,
  type PublicSellerLeaderboard,
  roundCents,
  type SellerRanking,
  type SellerStatus,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { notFound } from "../../lib/errors";
import { recordRaffleAudit } from "../audit";
import type { Actor } from "../auth";
import * as repo from "./repository";

// The vendedores' leaderboard per raffle (docs/decisions/0034-vendedores.md): one query ranks them
// (repo.leaderboardRows); the organiser sees it whole, each vendedor their own place, and the raffle page,
// when the organiser switches it on, the first ten by first name and initial.

const raffleNotFound = () => notFound("RAFFLE_NOT_FOUND");

/**
 * "María G." from "María González Pérez": the first word and the first letter of the second, never the
 * whole name. A one-word name is shown as it is.
 */
export function publicSellerName(name: string): string {
  const [first = "", second] = name.trim().split(/\s+/u);
  const initial = second ? Array.from(second)[0]?.toLocaleUpperCase("es") : undefined;
  return initial ? `${first} ${initial}.` : first;
}

export async function adminLeaderboard(db: Executor, raffleId: string): Promise<AdminSellerLeaderboard> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const [raffle, rows] = await Promise.all([
    repo.leaderboardRaffle(db, raffleId),
    repo.leaderboardRows(db, [raffleId]),
  ]);
  if (!raffle) throw raffleNotFound();
  return {
    raffleId,
    currency: raffle.currency === "VES" ? "VES" : "USD",
    public: raffle.public,
    items: rows.map((row) => ({
      position: row.position,
      sellerId: row.sellerId,
      name: row.name,
      code: row.code,
      status: row.status as SellerStatus,
      tickets: row.tickets,
      collected: roundCents(Number(row.collected)),
    })),
  };
}

/**
 * Shows or hides the leaderboard on the raffle's page, audited. The raffle event it publishes refreshes
 * the page's cached detail, which says whether to ask for it.
 */
export async function setLeaderboardPublic(
  ctx: Pick<AppContext, "db" | "events">,
  actor: Actor,
  raffleId: string,
  value: boolean,
): Promise<AdminSellerLeaderboard> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  await ctx.db.transaction(async (tx) => {
    const raffle = await repo.leaderboardRaffle(tx, raffleId, true);
    if (!raffle) throw raffleNotFound();
    if (raffle.public === value) return;
    await repo.setLeaderboardPublic(tx, raffleId, value);
    await recordRaffleAudit(tx, actor, "raffle.seller_leaderboard", raffleId, {
      before: { sellerLeaderboardPublic: raffle.public },
      after: { sellerLeaderboardPublic: value },
    });
    await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.updated", id: raffleId } });
  });
  return adminLeaderboard(ctx.db, raffleId);
}

/** The raffle page's view: 404 unless the organiser made it public; the first ten, by first name. */
export async function publicLeaderboard(db: Executor, raffleId: string): Promise<PublicSellerLeaderboard> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const raffle = await repo.leaderboardRaffle(db, raffleId);
  if (!raffle) throw raffleNotFound();
  if (!raffle.public) throw notFound("NOT_FOUND", LEADERBOARD_MESSAGES.hidden);
  const rows = await repo.leaderboardRows(db, [raffleId]);
  return {
    items: rows.slice(0, PUBLIC_LEADERBOARD_SIZE).map((row) => ({
      position: row.position,
      name: publicSellerName(row.name),
      tickets: row.tickets,
    })),
  };
}

/** Each raffle's place of one vendedor (their area), null where they have no ticket approved yet. */
export async function rankingsOf(
  db: Executor,
  sellerId: string,
  raffleIds: string[],
): Promise<Map<string, SellerRanking>> {
  const rows = await repo.leaderboardRows(db, raffleIds);
  const rankings = new Map<string, SellerRanking>();
  for (const row of rows) {
    if (row.sellerId !== sellerId) continue;
    rankings.set(row.raffleId, { position: row.position, of: row.ranked, tickets: row.tickets });
  }
  return rankings;
}
