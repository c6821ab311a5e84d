import { asc, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { paymentProofs, raffles, users } from "../../../db/schema";
import { foldSql, matchesAllTerms } from "../../raffles";

const outerUser = sql.raw(`"users"."id"`);

export const adminUserColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  image: users.image,
  role: users.role,
  status: users.status,
  points: users.rifazoPoints,
  pointsEarned: users.pointsEarned,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
  totalTicketsPurchased: sql<number>`(SELECT count(*) FROM tickets t WHERE t.user_id = ${outerUser} AND t.status = 'sold')::int`,
  totalPaymentProofs: sql<number>`(SELECT count(*) FROM payment_proofs p WHERE p.user_id = ${outerUser})::int`,
};

const userQuery = (db: Executor) => db.select(adminUserColumns).from(users);
export type AdminUserRow = Awaited<ReturnType<typeof userQuery>>[number];

function searchFilter(terms: string[]) {
  return matchesAllTerms(
    terms,
    (pattern) => sql`${foldSql(sql`${users.name} || ' ' || ${users.email}`)} LIKE ${pattern}`,
  );
}

export async function listUsers(db: Executor, terms: string[], limit: number, offset: number) {
  const where = searchFilter(terms);
  const [items, totals] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { items, total: Number(totals[0]?.n ?? 0) };
}

export async function findAdminUser(db: Executor, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id));
  return row;
}

export async function lockUser(tx: Executor, id: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email, status: users.status, role: users.role })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  return row;
}

export async function setStatus(tx: Executor, id: string, status: "active" | "inactive"): Promise<void> {
  await tx.update(users).set({ status }).where(eq(users.id, id));
}

/** One row per payment proof of the user (the spec's get_user_participations), newest first. */
export async function participations(db: Executor, userId: string) {
  return db
    .select({
      raffleId: paymentProofs.raffleId,
      raffleTitle: raffles.title,
      raffleTotalTickets: raffles.totalTickets,
      createdAt: paymentProofs.createdAt,
      status: paymentProofs.status,
      proofId: paymentProofs.id,
      quantity: paymentProofs.quantityOfTickets,
      amount: paymentProofs.amount,
      currency: paymentProofs.currency,
      tickets: sql<
        number[] | null
      >`(SELECT array_agg(t.ticket_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = ${sql.raw(`"payment_proofs"."id"`)})`,
    })
    .from(paymentProofs)
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .where(eq(paymentProofs.userId, userId))
    .orderBy(desc(paymentProofs.createdAt), asc(paymentProofs.id));
}
