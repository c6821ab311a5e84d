import { type RaffleStatus, TIME_ZONE } from "@rifazo/shared";
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Executor, Tx } from "../../db/client";
import { paymentProofs, prizeLevels, raffleSubscriptions, raffles, users, winners } from "../../db/schema";
import { foldSql, matchesAllTerms } from "./search";

/**
 * Everything a public card shows. The draw seed and the transcript are deliberately absent: the seed is
 * secret until the draw, and the transcript belongs to the draws module.
 */
export const cardColumns = {
  id: raffles.id,
  title: raffles.title,
  description: raffles.description,
  price: raffles.price,
  currency: raffles.currency,
  prizeImage: raffles.prizeImage,
  imageAlt: raffles.imageAlt,
  prizeImages: raffles.prizeImages,
  status: raffles.status,
  isFeatured: raffles.isFeatured,
  startDate: raffles.startDate,
  endDate: raffles.endDate,
  totalTickets: raffles.totalTickets,
  soldTickets: raffles.soldTickets,
  maxTicketsPerBuyer: raffles.maxTicketsPerBuyer,
  activationType: raffles.activationType,
  activationPercentage: raffles.activationPercentage,
  percentageDrawActivatedAt: raffles.percentageDrawActivatedAt,
  paymentMethods: raffles.paymentMethods,
  numberMode: raffles.numberMode,
  reservationMinutes: raffles.reservationMinutes,
  combos: raffles.combos,
  installmentMinimum: raffles.installmentMinimum,
  announcementType: raffles.announcementType,
  externalAnnouncementPlatform: raffles.externalAnnouncementPlatform,
  externalAnnouncementDetails: raffles.externalAnnouncementDetails,
  externalAnnouncementUrl: raffles.externalAnnouncementUrl,
  daysUntilActivationTeaser: raffles.daysUntilActivationTeaser,
  claimPeriodDays: raffles.claimPeriodDays,
  winnerName: raffles.winnerName,
  winningTicketNumber: raffles.winningTicketNumber,
  drawnAt: raffles.drawnAt,
  // The draw's trust level (draw-trust.ts): a lottery bound before the sale, and a v1 seed draw.
  externalLottery: raffles.externalLottery,
  drawAlgorithm: raffles.drawAlgorithm,
  // The lottery as sold (decision 0024): shown on the card, the page and the receipt.
  externalDrawAt: raffles.externalDrawAt,
  externalRule: raffles.externalRule,
  lotteryFallback: raffles.lotteryFallback,
  correctionWindowHours: raffles.correctionWindowHours,
  createdAt: raffles.createdAt,
  // Lifecycle (raffleLifecycleSchema): the state is `status`; these say when and how long.
  closedAt: raffles.closedAt,
  reviewWindowHours: raffles.reviewWindowHours,
  frozenAt: raffles.frozenAt,
  cancelReason: raffles.cancelReason,
  minTickets: raffles.minTickets,
  /** Proofs still under review, a count only (shown while the raffle is closed). */
  pendingProofs: sql<number>`(SELECT count(*)::int FROM payment_proofs pp WHERE pp.raffle_id = "raffles"."id" AND pp.status = 'pending')`,
};

const cardQuery = (db: Executor) => db.select(cardColumns).from(raffles);
export type RaffleCardRow = Awaited<ReturnType<typeof cardQuery>>[number];

export type WinnerRow = typeof winners.$inferSelect;

/** Active first, then upcoming, then closed and frozen (awaiting the draw), then finished and cancelled. */
const statusRank = sql`CASE ${raffles.status} WHEN 'active' THEN 0 WHEN 'upcoming' THEN 1 WHEN 'closed' THEN 2 WHEN 'frozen' THEN 3 ELSE 4 END`;

/** Title and description folded together, so a query word may match either. */
const searchableText = foldSql(sql`${raffles.title} || ' ' || ${raffles.description}`);

export function raffleTextMatch(terms: string[]): SQL | undefined {
  return matchesAllTerms(terms, (pattern) => sql`${searchableText} LIKE ${pattern}`);
}

/**
 * Archived raffles leave every public list (catalogue, featured, upcoming, winners' history); their own
 * page, record and ticket verification stay reachable by link.
 */
const notArchived = isNull(raffles.archivedAt);

/** Upper bound on one list answer; the public site has no pagination and tens of raffles at most. */
export const LIST_LIMIT = 200;

/**
 * The statements every public catalogue page runs, built once per database handle instead of per
 * request (drizzle rebuilding the SQL was a fifth of the CPU of an uncached answer) and, on PostgreSQL,
 * prepared once per connection. Inside a transaction the ordinary builders are used.
 */
function buildCatalogueStatements(db: Db) {
  const byStatus = sql`${raffles.status} = ANY(${sql.placeholder("statuses")}::text[]) AND ${notArchived}`;
  const listOrder = [statusRank, desc(raffles.createdAt), asc(raffles.id)] as const;
  return {
    list: db
      .select(cardColumns)
      .from(raffles)
      .where(byStatus)
      .orderBy(...listOrder)
      .limit(LIST_LIMIT)
      .prepare("catalogue_list"),
    listAll: db
      .select(cardColumns)
      .from(raffles)
      .where(notArchived)
      .orderBy(...listOrder)
      .limit(LIST_LIMIT)
      .prepare("catalogue_list_all"),
    winners: db
      .select()
      .from(winners)
      .where(
        sql`${winners.raffleId} = ANY(${sql.placeholder("ids")}::uuid[]) AND ${winners.disqualifiedAt} IS NULL`,
      )
      .orderBy(
        asc(winners.prizeLevel),
        asc(winners.prizeIndex),
        asc(winners.announcedAt),
        asc(winners.ticketNumber),
      )
      .prepare("catalogue_winners"),
    detail: db
      .select(detailColumns())
      .from(raffles)
      .where(eq(raffles.id, sql.placeholder("id")))
      .prepare("catalogue_detail"),
    levels: db
      .select(levelColumns)
      .from(prizeLevels)
      .where(eq(prizeLevels.raffleId, sql.placeholder("id")))
      .orderBy(asc(prizeLevels.level))
      .prepare("catalogue_levels"),
  };
}

const statements = new WeakMap<Db, ReturnType<typeof buildCatalogueStatements>>();

/** The prepared statements for `db`, or undefined for a transaction (its connection is borrowed). */
function catalogueStatements(db: Executor) {
  if (isTransaction(db)) return undefined;
  let built = statements.get(db);
  if (!built) {
    built = buildCatalogueStatements(db);
    statements.set(db, built);
  }
  return built;
}

function isTransaction(db: Executor): db is Tx {
  return typeof (db as Partial<Tx>).rollback === "function";
}

export async function listRaffles(
  db: Executor,
  filter: { statuses: RaffleStatus[] | null; terms: string[] },
): Promise<RaffleCardRow[]> {
  const prepared = filter.terms.length === 0 ? catalogueStatements(db) : undefined;
  if (prepared) {
    return filter.statuses
      ? prepared.list.execute({ statuses: `{${filter.statuses.join(",")}}` })
      : prepared.listAll.execute();
  }
  const rows = await db
    .select(cardColumns)
    .from(raffles)
    .where(
      and(
        filter.statuses ? inArray(raffles.status, filter.statuses) : undefined,
        notArchived,
        raffleTextMatch(filter.terms),
      ),
    )
    .orderBy(statusRank, desc(raffles.createdAt), asc(raffles.id))
    .limit(LIST_LIMIT);
  return rows;
}

export async function featuredRaffles(db: Executor, limit: number): Promise<RaffleCardRow[]> {
  const rows = await db
    .select(cardColumns)
    .from(raffles)
    .where(and(eq(raffles.isFeatured, true), eq(raffles.status, "active"), notArchived))
    .orderBy(desc(raffles.createdAt), asc(raffles.id))
    .limit(limit);
  return rows;
}

export async function upcomingRaffles(db: Executor): Promise<RaffleCardRow[]> {
  const rows = await db
    .select(cardColumns)
    .from(raffles)
    .where(and(eq(raffles.status, "upcoming"), notArchived))
    .orderBy(sql`${raffles.startDate} ASC NULLS LAST`, desc(raffles.createdAt), asc(raffles.id))
    .limit(LIST_LIMIT);
  return rows;
}

/**
 * The outer raffle's id, always table-qualified: drizzle leaves columns unqualified in single-table
 * selects, and inside a subquery an unqualified "id" would name the subquery's own table.
 */
const outerRaffleId = sql.raw(`"raffles"."id"`);

/**
 * Tickets held and not sold, summed in the database: purchases under review or waiting for their proof
 * and not past their time (reservations), plus proofs under review sent before reservations existed.
 * The admin payloads count them the same way (decision 0014).
 */
export const heldTickets = () =>
  sql<number>`(coalesce((SELECT sum(pp.quantity_of_tickets) FROM ${paymentProofs} pp WHERE pp.raffle_id = ${outerRaffleId} AND pp.status = 'pending' AND pp.reservation_id IS NULL), 0) + coalesce((SELECT sum(rv.quantity) FROM reservations rv WHERE rv.raffle_id = ${outerRaffleId} AND (rv.status IN ('submitted', 'partial') OR (rv.status IN ('active', 'rejected') AND rv.expires_at > now()))), 0))::int`;

/** Draw values that only become public once the draw has run. */
const afterDraw = (column: AnyPgColumn) =>
  sql<string | null>`CASE WHEN ${raffles.drawnAt} IS NOT NULL THEN ${column} END`;

function detailColumns() {
  return {
    ...cardColumns,
    drawSeedCommitment: raffles.drawSeedCommitment,
    drawAlgorithm: raffles.drawAlgorithm,
    drawPublicValueSource: raffles.drawPublicValueSource,
    drawSeed: afterDraw(raffles.drawSeed),
    drawPublicValue: afterDraw(raffles.drawPublicValue),
    drawTicketListHash: afterDraw(raffles.drawTicketListHash),
    sellerLeaderboardPublic: raffles.sellerLeaderboardPublic,
    pendingTickets: heldTickets(),
  };
}

export async function findRaffleDetail(db: Executor, id: string) {
  const prepared = catalogueStatements(db);
  const [row] = prepared
    ? await prepared.detail.execute({ id })
    : await db.select(detailColumns()).from(raffles).where(eq(raffles.id, id));
  return row;
}

export async function raffleStatus(
  db: Executor,
  id: string,
): Promise<{ status: string; title: string } | undefined> {
  const [row] = await db
    .select({ status: raffles.status, title: raffles.title })
    .from(raffles)
    .where(eq(raffles.id, id));
  return row;
}

const levelColumns = {
  level: prizeLevels.level,
  description: prizeLevels.description,
  winnerCount: prizeLevels.winnerCount,
  prizeValue: prizeLevels.prizeValue,
  cashCurrency: prizeLevels.cashCurrency,
};

export async function prizeLevelsOf(db: Executor, raffleId: string) {
  const prepared = catalogueStatements(db);
  if (prepared) return prepared.levels.execute({ id: raffleId });
  return db
    .select(levelColumns)
    .from(prizeLevels)
    .where(eq(prizeLevels.raffleId, raffleId))
    .orderBy(asc(prizeLevels.level));
}

/**
 * Winners of several raffles in one query, by prize level and announcement order: the draw's and the
 * instant prizes' (level 0, source 'instant', first), as every public list shows them (decision 0035).
 */
export async function winnersOf(db: Executor, raffleIds: string[]): Promise<WinnerRow[]> {
  if (raffleIds.length === 0) return [];
  const prepared = catalogueStatements(db);
  if (prepared) return prepared.winners.execute({ ids: `{${raffleIds.join(",")}}` });
  return db
    .select()
    .from(winners)
    .where(and(inArray(winners.raffleId, raffleIds), isNull(winners.disqualifiedAt)))
    .orderBy(
      asc(winners.prizeLevel),
      asc(winners.prizeIndex),
      asc(winners.announcedAt),
      asc(winners.ticketNumber),
    );
}

// ---------------------------------------------------------------------------------------------
// Winners history (/ganadores)
// ---------------------------------------------------------------------------------------------

const drawDate = () => sql<Date>`coalesce(${raffles.drawnAt}, ${raffles.endDate}, ${raffles.updatedAt})`;
/** The draw date as seen on a Venezuelan calendar, so a draw at 22:00 on the 31st stays in its month. */
const localDrawDate = sql`(${drawDate()} AT TIME ZONE ${TIME_ZONE})`;

export const WINNERS_HISTORY_LIMIT = 120;

export async function finishedRaffles(
  db: Executor,
  filter: { terms: string[]; month?: number | undefined; years: number[] },
) {
  const winnerNameMatch = (pattern: string) =>
    sql`EXISTS (SELECT 1 FROM ${winners} w WHERE w.raffle_id = ${outerRaffleId} AND w.disqualified_at IS NULL AND ${foldSql(sql.raw("w.winner_name"))} LIKE ${pattern})`;
  return db
    .select({
      id: raffles.id,
      title: raffles.title,
      totalTickets: raffles.totalTickets,
      prizeImage: raffles.prizeImage,
      imageAlt: raffles.imageAlt,
      announcementType: raffles.announcementType,
      externalLottery: raffles.externalLottery,
      drawAlgorithm: raffles.drawAlgorithm,
      endDate: raffles.endDate,
      drawnAt: raffles.drawnAt,
      drawDate: drawDate().mapWith(raffles.updatedAt),
    })
    .from(raffles)
    .where(
      and(
        eq(raffles.status, "finished"),
        notArchived,
        matchesAllTerms(
          filter.terms,
          (pattern) => sql`(${searchableText} LIKE ${pattern} OR ${winnerNameMatch(pattern)})`,
        ),
        filter.years.length > 0
          ? sql`extract(year FROM ${localDrawDate})::int IN (${sql.join(
              filter.years.map((y) => sql`${y}`),
              sql`, `,
            )})`
          : undefined,
        filter.month ? sql`extract(month FROM ${localDrawDate})::int = ${filter.month}` : undefined,
      ),
    )
    .orderBy(desc(drawDate()), asc(raffles.id))
    .limit(WINNERS_HISTORY_LIMIT);
}

// ---------------------------------------------------------------------------------------------
// "Notify me" subscriptions for upcoming raffles
// ---------------------------------------------------------------------------------------------

export async function subscribe(db: Executor, userId: string, raffleId: string): Promise<void> {
  await db.insert(raffleSubscriptions).values({ userId, raffleId }).onConflictDoNothing();
}

export async function unsubscribe(db: Executor, userId: string, raffleId: string): Promise<void> {
  await db
    .delete(raffleSubscriptions)
    .where(and(eq(raffleSubscriptions.userId, userId), eq(raffleSubscriptions.raffleId, raffleId)));
}

export async function subscribedRaffleIds(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ raffleId: raffleSubscriptions.raffleId })
    .from(raffleSubscriptions)
    .where(eq(raffleSubscriptions.userId, userId))
    .orderBy(desc(raffleSubscriptions.createdAt));
  return rows.map((row) => row.raffleId);
}

/**
 * Marks every not-yet-notified subscription of the raffle as notified and returns who they belong to.
 * The UPDATE takes the row locks, so two concurrent callers never claim the same subscriber.
 */
export async function claimPendingSubscribers(db: Executor, raffleId: string) {
  const claimed = await db
    .update(raffleSubscriptions)
    .set({ notifiedAt: sql`now()` })
    .where(and(eq(raffleSubscriptions.raffleId, raffleId), isNull(raffleSubscriptions.notifiedAt)))
    .returning({ userId: raffleSubscriptions.userId });
  if (claimed.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.name, status: users.status, role: users.role })
    .from(users)
    .where(
      inArray(
        users.id,
        claimed.map((row) => row.userId),
      ),
    );
}
