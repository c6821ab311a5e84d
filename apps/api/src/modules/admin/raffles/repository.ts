import type { RaffleForm } from "@rifazo/shared";
import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { images, instantPrizes, prizeLevels, raffles } from "../../../db/schema";
import { cardColumns, heldTickets } from "../../raffles";

/** The outer raffle row inside correlated subqueries (drizzle leaves single-table columns unqualified). */
const outerId = sql.raw(`"raffles"."id"`);

/** Card fields plus what only the admin sees. The draw seed is never selected here. */
export const adminColumns = {
  ...cardColumns,
  ticketsGenerated: raffles.ticketsGenerated,
  drawSeedCommitment: raffles.drawSeedCommitment,
  externalLottery: raffles.externalLottery,
  lotteryDecided: raffles.lotteryDecided,
  externalDrawAt: raffles.externalDrawAt,
  externalRule: raffles.externalRule,
  lotteryFallback: raffles.lotteryFallback,
  correctionWindowHours: raffles.correctionWindowHours,
  updatedAt: raffles.updatedAt,
  maxExtensions: raffles.maxExtensions,
  extensionsUsed: raffles.extensionsUsed,
  archivedAt: raffles.archivedAt,
  // Held as the public detail counts them: proofs under review and reservations still holding numbers.
  pendingTickets: heldTickets(),
  paymentProofCount: sql<number>`(SELECT count(*) FROM payment_proofs pp WHERE pp.raffle_id = ${outerId})::int`,
};

const adminQuery = (db: Executor) => db.select(adminColumns).from(raffles);
export type AdminRaffleRow = Awaited<ReturnType<typeof adminQuery>>[number];
export type RaffleRow = typeof raffles.$inferSelect;
export type PrizeLevelRow = typeof prizeLevels.$inferSelect;
export type InstantPrizeRow = typeof instantPrizes.$inferSelect;

/** Archived raffles are left out unless asked for ("include": all, "only": the archived ones). */
export async function listRaffles(
  db: Executor,
  archived: "exclude" | "include" | "only" = "exclude",
): Promise<AdminRaffleRow[]> {
  const where =
    archived === "include"
      ? undefined
      : archived === "only"
        ? isNotNull(raffles.archivedAt)
        : isNull(raffles.archivedAt);
  return db.select(adminColumns).from(raffles).where(where).orderBy(desc(raffles.createdAt), asc(raffles.id));
}

export async function findAdminRaffle(db: Executor, id: string): Promise<AdminRaffleRow | undefined> {
  const [row] = await db.select(adminColumns).from(raffles).where(eq(raffles.id, id));
  return row;
}

/** The full row, locked until the transaction ends (every write to a raffle goes through this). */
export async function lockRaffle(tx: Executor, id: string): Promise<RaffleRow | undefined> {
  const [row] = await tx.select().from(raffles).where(eq(raffles.id, id)).for("update");
  return row;
}

export async function prizeLevelsOf(db: Executor, raffleIds: string[]): Promise<PrizeLevelRow[]> {
  if (raffleIds.length === 0) return [];
  return db
    .select()
    .from(prizeLevels)
    .where(inArray(prizeLevels.raffleId, raffleIds))
    .orderBy(asc(prizeLevels.raffleId), asc(prizeLevels.level));
}

/** The raffles' instant prizes (docs/decisions/0035-prizes-on-the-record.md), each raffle's in position order. */
export async function instantPrizesOf(db: Executor, raffleIds: string[]): Promise<InstantPrizeRow[]> {
  if (raffleIds.length === 0) return [];
  return db
    .select()
    .from(instantPrizes)
    .where(inArray(instantPrizes.raffleId, raffleIds))
    .orderBy(asc(instantPrizes.raffleId), asc(instantPrizes.position));
}

/** Column values of a saved form (everything the form edits; the pool and draw fields are untouched). */
export function formColumns(form: RaffleForm) {
  return {
    title: form.title,
    description: form.description,
    prizeImage: form.prizeImage,
    imageAlt: form.imageAlt,
    prizeImages: form.images,
    price: form.price,
    currency: form.currency,
    totalTickets: form.totalTickets,
    maxTicketsPerBuyer: form.maxTicketsPerBuyer,
    status: form.status,
    isFeatured: form.isFeatured,
    activationType: form.activationType,
    endDate: form.endDate ? new Date(form.endDate) : null,
    activationPercentage: form.activationPercentage,
    startDate: form.startDate ? new Date(form.startDate) : null,
    paymentMethods: form.paymentMethods,
    announcementType: form.announcementType,
    externalAnnouncementPlatform: form.externalAnnouncementPlatform,
    lotteryDecided: form.lotteryDecided,
    externalAnnouncementDetails: form.externalAnnouncementDetails,
    externalAnnouncementUrl: form.externalAnnouncementUrl,
    daysUntilActivationTeaser: form.daysUntilActivationTeaser,
    reviewWindowHours: form.reviewWindowHours,
    claimPeriodDays: form.claimPeriodDays,
    numberMode: form.numberMode,
    reservationMinutes: form.reservationMinutes,
    combos: form.combos,
    installmentMinimum: form.installmentMinimum,
    minTickets: form.minTickets,
    maxExtensions: form.maxExtensions,
  };
}

export async function insertRaffle(
  tx: Executor,
  values: ReturnType<typeof formColumns> & { createdBy: string },
): Promise<string> {
  const [row] = await tx.insert(raffles).values(values).returning({ id: raffles.id });
  if (!row) throw new Error("no se pudo crear la rifa");
  return row.id;
}

export async function updateRaffle(
  tx: Executor,
  id: string,
  values: Partial<typeof raffles.$inferInsert>,
): Promise<void> {
  await tx.update(raffles).set(values).where(eq(raffles.id, id));
}

/**
 * Writes the form's levels: the ones that stay are updated in place (so the database's cash-prize lock,
 * migration 0035, sees the change), new ones inserted, removed ones deleted.
 */
export async function replacePrizeLevels(tx: Executor, raffleId: string, levels: RaffleForm["prizeLevels"]) {
  const kept = levels.map((level) => level.level);
  await tx
    .delete(prizeLevels)
    .where(
      kept.length > 0
        ? and(eq(prizeLevels.raffleId, raffleId), notInArray(prizeLevels.level, kept))
        : eq(prizeLevels.raffleId, raffleId),
    );
  for (const level of levels) {
    const values = {
      description: level.description,
      winnerCount: level.winnerCount,
      prizeValue: level.prizeValue,
      cashCurrency: level.cashCurrency,
    };
    await tx
      .insert(prizeLevels)
      .values({ raffleId, level: level.level, ...values })
      .onConflictDoUpdate({ target: [prizeLevels.raffleId, prizeLevels.level], set: values });
  }
}

/**
 * Writes the form's instant prizes at positions 1..n, as the levels are written: kept positions updated in
 * place, new ones inserted, the rest deleted. Migration 0036's trigger refuses any of it once the raffle
 * has a sale or a proof in review, so callers write only when the list changed.
 */
export async function replaceInstantPrizes(
  tx: Executor,
  raffleId: string,
  prizes: RaffleForm["instantPrizes"],
) {
  await tx
    .delete(instantPrizes)
    .where(and(eq(instantPrizes.raffleId, raffleId), sql`${instantPrizes.position} > ${prizes.length}`));
  for (const [index, prize] of prizes.entries()) {
    const values = {
      description: prize.description,
      winnerCount: prize.count,
      prizeValue: prize.prizeValue,
      cashCurrency: prize.cashCurrency,
    };
    await tx
      .insert(instantPrizes)
      .values({ raffleId, position: index + 1, ...values })
      .onConflictDoUpdate({ target: [instantPrizes.raffleId, instantPrizes.position], set: values });
  }
}

export async function deleteRaffle(tx: Executor, id: string): Promise<void> {
  await tx.delete(raffles).where(eq(raffles.id, id));
}

export async function proofCounts(tx: Executor, raffleId: string): Promise<{ total: number; held: number }> {
  const [row] = await tx
    .select({
      // Every proof and every reservation, whatever its outcome: a raffle that had buyers is kept.
      total: sql<number>`((SELECT count(*) FROM payment_proofs pp WHERE pp.raffle_id = ${outerId}) + (SELECT count(*) FROM reservations rv WHERE rv.raffle_id = ${outerId}))::int`,
      held: heldTickets(),
    })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  return { total: Number(row?.total ?? 0), held: Number(row?.held ?? 0) };
}

export async function imageExists(db: Executor, id: string): Promise<boolean> {
  const rows = await db.select({ id: images.id }).from(images).where(eq(images.id, id)).limit(1);
  return rows.length > 0;
}
