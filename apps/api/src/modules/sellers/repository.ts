import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  paymentProofs,
  raffles,
  reservations,
  sellerRaffles,
  sellerSettlements,
  sellers,
  users,
} from "../../db/schema";

export type SellerRow = typeof sellers.$inferSelect;

const sellerColumns = {
  seller: sellers,
  accountName: users.name,
  accountEmail: users.email,
};

export async function listSellers(db: Executor) {
  return db
    .select(sellerColumns)
    .from(sellers)
    .leftJoin(users, eq(users.id, sellers.userId))
    .orderBy(desc(sellers.createdAt), desc(sellers.id));
}

export async function findSeller(db: Executor, id: string) {
  const [row] = await db
    .select(sellerColumns)
    .from(sellers)
    .leftJoin(users, eq(users.id, sellers.userId))
    .where(eq(sellers.id, id));
  return row;
}

export async function lockSeller(tx: Executor, id: string): Promise<SellerRow | undefined> {
  const [row] = await tx.select().from(sellers).where(eq(sellers.id, id)).for("update");
  return row;
}

export async function lockSellerByInvitation(tx: Executor, hash: string): Promise<SellerRow | undefined> {
  const [row] = await tx.select().from(sellers).where(eq(sellers.invitationHash, hash)).for("update");
  return row;
}

export async function sellerOfUser(db: Executor, userId: string): Promise<SellerRow | undefined> {
  const [row] = await db.select().from(sellers).where(eq(sellers.userId, userId));
  return row;
}

export async function insertSeller(tx: Executor, values: typeof sellers.$inferInsert): Promise<SellerRow> {
  const [row] = await tx.insert(sellers).values(values).returning();
  if (!row) throw new Error("sellers: insert returned nothing");
  return row;
}

export async function updateSeller(tx: Executor, id: string, values: Partial<typeof sellers.$inferInsert>) {
  await tx.update(sellers).set(values).where(eq(sellers.id, id));
}

const assignmentColumns = {
  sellerId: sellerRaffles.sellerId,
  raffleId: sellerRaffles.raffleId,
  allowed: sellerRaffles.allowed,
  commissionKind: sellerRaffles.commissionKind,
  commissionValue: sellerRaffles.commissionValue,
  creditLimit: sellerRaffles.creditLimit,
  updatedAt: sellerRaffles.updatedAt,
  raffleTitle: raffles.title,
  raffleStatus: raffles.status,
  currency: raffles.currency,
  ticketPrice: raffles.price,
};

export type AssignmentRow = Awaited<ReturnType<typeof assignmentsOf>>[number];

export async function assignmentsOf(db: Executor, sellerIds: string[]) {
  if (sellerIds.length === 0) return [];
  return db
    .select(assignmentColumns)
    .from(sellerRaffles)
    .innerJoin(raffles, eq(raffles.id, sellerRaffles.raffleId))
    .where(inArray(sellerRaffles.sellerId, sellerIds))
    .orderBy(asc(raffles.title), asc(raffles.id));
}

export async function lockRaffle(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: raffles.id, status: raffles.status })
    .from(raffles)
    .where(eq(raffles.id, id))
    .for("share");
  return row;
}

export async function upsertAssignment(
  tx: Executor,
  values: {
    sellerId: string;
    raffleId: string;
    allowed: boolean;
    commissionKind: string;
    commissionValue: number;
    creditLimit: number;
  },
) {
  const { sellerId, raffleId, ...terms } = values;
  await tx
    .insert(sellerRaffles)
    .values(values)
    .onConflictDoUpdate({ target: [sellerRaffles.sellerId, sellerRaffles.raffleId], set: terms });
}

export async function findAssignment(db: Executor, sellerId: string, raffleId: string) {
  const [row] = await db
    .select({
      allowed: sellerRaffles.allowed,
      commissionKind: sellerRaffles.commissionKind,
      commissionValue: sellerRaffles.commissionValue,
      creditLimit: sellerRaffles.creditLimit,
    })
    .from(sellerRaffles)
    .where(and(eq(sellerRaffles.sellerId, sellerId), eq(sellerRaffles.raffleId, raffleId)));
  return row;
}

/** The raffles a vendedor may sell now: allowed to them, and on sale. */
export async function sellableRaffles(db: Executor, sellerId: string) {
  return db
    .select({
      raffleId: raffles.id,
      title: raffles.title,
      status: raffles.status,
      currency: raffles.currency,
      ticketPrice: raffles.price,
      totalTickets: raffles.totalTickets,
      soldTickets: raffles.soldTickets,
      endDate: raffles.endDate,
      commissionKind: sellerRaffles.commissionKind,
      commissionValue: sellerRaffles.commissionValue,
      creditLimit: sellerRaffles.creditLimit,
      numberMode: raffles.numberMode,
      combos: raffles.combos,
      paymentMethods: raffles.paymentMethods,
      installmentMinimum: raffles.installmentMinimum,
    })
    .from(sellerRaffles)
    .innerJoin(raffles, eq(raffles.id, sellerRaffles.raffleId))
    .where(
      and(
        eq(sellerRaffles.sellerId, sellerId),
        eq(sellerRaffles.allowed, true),
        eq(raffles.status, "active"),
      ),
    )
    .orderBy(sql`${raffles.endDate} ASC NULLS LAST`, asc(raffles.title));
}

/** Tickets of the purchases each vendedor's link brought, by vendedor and raffle: approved, and under review. */
export async function linkTickets(db: Executor, sellerIds: string[]) {
  if (sellerIds.length === 0) return [];
  return db
    .select({
      sellerId: sql<string>`${reservations.sellerId}`,
      raffleId: reservations.raffleId,
      approved: sql<number>`coalesce(sum(${reservations.quantity}) FILTER (WHERE ${reservations.status} = 'approved'), 0)::int`,
      underReview: sql<number>`coalesce(sum(${reservations.quantity}) FILTER (WHERE ${reservations.status} = 'submitted'), 0)::int`,
    })
    .from(reservations)
    .where(
      and(
        inArray(reservations.sellerId, sellerIds),
        // The vendedor's own recorded sales are not purchases their link brought.
        sql`NOT EXISTS (SELECT 1 FROM payment_proofs p WHERE p.reservation_id = ${reservations.id} AND p.channel = 'seller')`,
      ),
    )
    .groupBy(reservations.sellerId, reservations.raffleId);
}

/** Settlements of these vendedores, newest first: the latest 50 of each (plenty for the screen). */
export async function settlementsOf(db: Executor, sellerIds: string[]) {
  if (sellerIds.length === 0) return [];
  const ranked = db.$with("ranked").as(
    db
      .select({
        id: sellerSettlements.id,
        sellerId: sellerSettlements.sellerId,
        raffleId: sellerSettlements.raffleId,
        raffleTitle: raffles.title,
        kind: sellerSettlements.kind,
        amount: sellerSettlements.amount,
        currency: sellerSettlements.currency,
        method: sellerSettlements.method,
        reference: sellerSettlements.reference,
        note: sellerSettlements.note,
        hasProof: sql<boolean>`${sellerSettlements.proofPath} IS NOT NULL`.as("has_proof"),
        createdAt: sellerSettlements.createdAt,
        rank: sql<number>`row_number() OVER (PARTITION BY ${sellerSettlements.sellerId} ORDER BY ${sellerSettlements.createdAt} DESC, ${sellerSettlements.id} DESC)`.as(
          "rank",
        ),
      })
      .from(sellerSettlements)
      .innerJoin(raffles, eq(raffles.id, sellerSettlements.raffleId))
      .where(inArray(sellerSettlements.sellerId, sellerIds)),
  );
  return db
    .with(ranked)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, 50))
    .orderBy(desc(ranked.createdAt), desc(ranked.id));
}

export async function insertSettlement(tx: Executor, values: typeof sellerSettlements.$inferInsert) {
  await tx.insert(sellerSettlements).values(values);
}

/** The raffle's currency when the vendedor has it assigned (allowed or not), for a settlement. */
export async function assignedRaffle(tx: Executor, sellerId: string, raffleId: string) {
  const [row] = await tx
    .select({ currency: raffles.currency, title: raffles.title })
    .from(sellerRaffles)
    .innerJoin(raffles, eq(raffles.id, sellerRaffles.raffleId))
    .where(and(eq(sellerRaffles.sellerId, sellerId), eq(sellerRaffles.raffleId, raffleId)));
  return row;
}

/** A settlement's receipt file and whose settlement it is (the vendedor's account), for reading it. */
export async function settlementProof(db: Executor, id: string) {
  const [row] = await db
    .select({
      proofPath: sellerSettlements.proofPath,
      proofContentType: sellerSettlements.proofContentType,
      sellerUserId: sellers.userId,
    })
    .from(sellerSettlements)
    .innerJoin(sellers, eq(sellers.id, sellerSettlements.sellerId))
    .where(eq(sellerSettlements.id, id));
  return row;
}

/**
 * The vendedores' leaderboard of these raffles, in one query (docs/decisions/0034-vendedores.md): per raffle
 * and vendedor, the tickets of their purchases approved, the sales they recorded and the purchases their link
 * brought (both reservations carry seller_id; an abono counts once, when its last payment sells it), what
 * those came to in the raffle's currency, the place and how many are ranked. Ties go to who reached the
 * count first (the earliest last approval), then by name.
 */
export async function leaderboardRows(db: Executor, raffleIds: string[]) {
  if (raffleIds.length === 0) return [];
  const approvals = db.$with("approvals").as(
    db
      .select({
        reservationId: sql<string>`${paymentProofs.reservationId}`.as("reservation_id"),
        approvedAt: sql<string>`max(coalesce(${paymentProofs.reviewedAt}, ${paymentProofs.updatedAt}))`.as(
          "approved_at",
        ),
      })
      .from(paymentProofs)
      .where(
        and(
          inArray(paymentProofs.raffleId, raffleIds),
          inArray(paymentProofs.status, ["approved", "verified"]),
          isNotNull(paymentProofs.reservationId),
        ),
      )
      .groupBy(paymentProofs.reservationId),
  );
  const sold = db.$with("sold").as(
    db
      .select({
        raffleId: sql<string>`${reservations.raffleId}`.as("raffle_id"),
        sellerId: sql<string>`${reservations.sellerId}`.as("seller_id"),
        tickets: sql<number>`sum(${reservations.quantity})::int`.as("tickets"),
        collected: sql<string>`sum((${reservations.pricing}->>'total')::numeric)`.as("collected"),
        reachedAt: sql<string>`max(${approvals.approvedAt})`.as("reached_at"),
      })
      .from(reservations)
      .innerJoin(approvals, eq(approvals.reservationId, reservations.id))
      .where(
        and(
          inArray(reservations.raffleId, raffleIds),
          isNotNull(reservations.sellerId),
          eq(reservations.status, "approved"),
        ),
      )
      .groupBy(reservations.raffleId, reservations.sellerId),
  );
  const order = sql`${sold.tickets} DESC, ${sold.reachedAt} ASC, ${sellers.name} ASC, ${sellers.id} ASC`;
  return db
    .with(approvals, sold)
    .select({
      raffleId: sold.raffleId,
      sellerId: sold.sellerId,
      name: sellers.name,
      code: sellers.code,
      status: sellers.status,
      tickets: sold.tickets,
      collected: sold.collected,
      position: sql<number>`(row_number() OVER (PARTITION BY ${sold.raffleId} ORDER BY ${order}))::int`,
      ranked: sql<number>`(count(*) OVER (PARTITION BY ${sold.raffleId}))::int`,
    })
    .from(sold)
    .innerJoin(sellers, eq(sellers.id, sold.sellerId))
    .orderBy(asc(sold.raffleId), sql`${order}`);
}

export type LeaderboardRow = Awaited<ReturnType<typeof leaderboardRows>>[number];

/** The raffle's currency and whether its page shows the leaderboard. */
export async function leaderboardRaffle(db: Executor, raffleId: string, lock = false) {
  const query = db
    .select({ currency: raffles.currency, public: raffles.sellerLeaderboardPublic })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function setLeaderboardPublic(tx: Executor, raffleId: string, value: boolean) {
  await tx.update(raffles).set({ sellerLeaderboardPublic: value }).where(eq(raffles.id, raffleId));
}
