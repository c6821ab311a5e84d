import { type AdminProofListQuery, METHOD_CURRENCIES, type ProofOcr } from "@rifazo/shared";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { paymentProofs, raffles, reservations, sellers, users } from "../../../db/schema";
import { heldNumbersSql } from "../../proofs";
import { foldSql, matchesAllTerms, searchTerms } from "../../raffles";

// The inbox list's queries: its columns, filters, order and counts (list.ts makes the rows).

const outerProof = (column: string) => sql.raw(`"payment_proofs"."${column}"`);

/** Another proof `o` whose key equals this one's, typed or read on either receipt (indexed columns). */
const sameReference = sql`o.id <> ${outerProof("id")} AND (o.reference_key = ${outerProof("reference_key")}
  OR o.reference_key = ${outerProof("ocr_reference_key")} OR o.ocr_reference_key = ${outerProof("reference_key")})`;

/** What a proof says of its sale: the raffle, the amount and how it was paid (the inbox and the export). */
export const proofSaleColumns = {
  raffleTitle: raffles.title,
  raffleTotalTickets: raffles.totalTickets,
  amount: paymentProofs.amount,
  currency: paymentProofs.currency,
  exchangeRate: paymentProofs.exchangeRate,
  paymentMethod: paymentProofs.paymentMethod,
  transactionRef: paymentProofs.transactionRef,
};

export const proofListColumns = {
  id: paymentProofs.id,
  userId: paymentProofs.userId,
  // A vendedor's sale names the buyer the vendedor wrote down until it is claimed (decision 0034).
  buyerName: sql<string>`coalesce(${users.name}, ${paymentProofs.buyerName}, '')`,
  // And the email the vendedor wrote down, if any: administrators see it whole (the receipt masks it).
  buyerEmail: sql<string | null>`coalesce(${users.email}, ${paymentProofs.buyerEmail})`,
  sellerId: sellers.id,
  sellerName: sellers.name,
  sellerCode: sellers.code,
  raffleId: paymentProofs.raffleId,
  ...proofSaleColumns,
  status: paymentProofs.status,
  userNotes: paymentProofs.userNotes,
  adminNotes: paymentProofs.adminNotes,
  quantityOfTickets: paymentProofs.quantityOfTickets,
  proofImageFilename: paymentProofs.proofImageFilename,
  proofContentType: paymentProofs.proofContentType,
  proofSize: paymentProofs.proofSize,
  reviewedBy: paymentProofs.reviewedBy,
  reviewedAt: paymentProofs.reviewedAt,
  createdAt: paymentProofs.createdAt,
  updatedAt: paymentProofs.updatedAt,
  raffleStatus: raffles.status,
  raffleClosedAt: raffles.closedAt,
  raffleReviewWindowHours: raffles.reviewWindowHours,
  buyerPhone: sql<string | null>`coalesce(${users.phone}, ${paymentProofs.buyerPhone})`,
  analysisStatus: paymentProofs.analysisStatus,
  ocr: paymentProofs.ocr,
  nearDuplicateOf: paymentProofs.nearDuplicateOf,
  /** The reservation's frozen quote and rate: what the purchase costs (null for proofs without one). */
  reservationTotal: sql<number | null>`(${reservations.pricing}->>'total')::float8`,
  reservationCurrency: reservations.currency,
  reservationRate: reservations.exchangeRate,
  reservationKind: reservations.kind,
  tickets: sql<
    number[] | null
  >`(SELECT array_agg(t.ticket_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = ${outerProof("id")})`,
  heldNumbers: heldNumbersSql,
  // The other proof with the same reference key (decision 0022): typed by both, or read by OCR on one
  // receipt and typed on the other. The one the clean-up steps named comes first, else the oldest.
  duplicateOf: sql<
    string | null
  >`(SELECT o.id FROM payment_proofs o WHERE ${sameReference} ORDER BY (o.id = ${outerProof("duplicate_reference_of")}) IS TRUE DESC, o.created_at, o.id LIMIT 1)`,
};

/**
 * The "Referencia repetida" filter (sameReference for every proof at once) as three uncorrelated sets,
 * each built once per query from the key indexes instead of a lookup per proof: a key typed on two
 * proofs; a key read on this receipt that another proof typed; a key typed here that another receipt
 * shows. A receipt whose OCR read its own typed key counts only through another proof with that key.
 */
const duplicateRefSql = sql`(${paymentProofs.referenceKey} IN (SELECT d.reference_key FROM payment_proofs d GROUP BY d.reference_key HAVING count(*) > 1)
  OR (${paymentProofs.ocrReferenceKey} <> ${paymentProofs.referenceKey} AND ${paymentProofs.ocrReferenceKey} IN (SELECT d.reference_key FROM payment_proofs d))
  OR ${paymentProofs.referenceKey} IN (SELECT d.ocr_reference_key FROM payment_proofs d WHERE d.ocr_reference_key IS NOT NULL AND d.ocr_reference_key <> d.reference_key))`;

/**
 * What the purchase costs in the method's currency at the reservation's frozen rate, in SQL: the same
 * rule as methodCurrency and convertAmount (shared domain/pricing), so the amount_mismatch filter agrees
 * with the flag computed for each row.
 */
const methodIn = (methods: readonly string[]) =>
  sql`${paymentProofs.paymentMethod} IN (${sql.join(
    methods.map((method) => sql`${method}`),
    sql`, `,
  )})`;
const expectedCurrencySql = sql`CASE WHEN ${methodIn(METHOD_CURRENCIES.VES)} THEN 'VES' WHEN ${methodIn(METHOD_CURRENCIES.USD)} THEN 'USD' ELSE ${reservations.currency} END`;
const reservationTotalSql = sql`(${reservations.pricing}->>'total')::numeric`;
/**
 * convertAmount (shared domain/pricing) in SQL: round(numeric, 2) is half away from zero on the exact
 * decimal, the shared rule; convert-amount-sql.test.ts runs both on many totals and rates.
 */
export const convertAmountSql = (total: SQL, from: SQL, to: SQL, rate: SQL) =>
  sql`CASE WHEN ${to} = ${from} THEN round(${total}, 2) WHEN coalesce(${rate}, 0) <= 0 THEN NULL WHEN ${from} = 'USD' THEN round(${total} * ${rate}, 2) ELSE round(${total} / ${rate}, 2) END`;
const expectedAmountSql = convertAmountSql(
  reservationTotalSql,
  sql`${reservations.currency}`,
  expectedCurrencySql,
  sql`${reservations.exchangeRate}`,
);
// An abono's payment is any part of the price (decision 0034): never "a different amount".
const amountMismatchSql = sql`(${expectedAmountSql} IS NOT NULL AND ${reservations.kind} <> 'abono' AND (${paymentProofs.currency} <> ${expectedCurrencySql} OR round(${paymentProofs.amount}::numeric, 2) <> ${expectedAmountSql}))`;

function flagFilter(flag: AdminProofListQuery["flag"]): SQL | undefined {
  switch (flag) {
    case "duplicate_reference":
      return duplicateRefSql;
    case "near_duplicate":
      return sql`${paymentProofs.nearDuplicateOf} IS NOT NULL`;
    case "amount_mismatch":
      return amountMismatchSql;
    // Comparing references (normalised, last digits) and dates is ocrMismatches' job: SQL keeps the
    // proofs OCR read something on, and the service compares them (listProofsWithOcr).
    case "ocr_mismatch":
      return sql`${paymentProofs.ocr} IS NOT NULL`;
    default:
      return undefined;
  }
}

function listFilter(query: AdminProofListQuery): SQL | undefined {
  const terms = searchTerms(query.q);
  return and(
    query.status ? eq(paymentProofs.status, query.status) : undefined,
    query.method ? eq(paymentProofs.paymentMethod, query.method) : undefined,
    query.proofId ? eq(paymentProofs.id, query.proofId) : undefined,
    flagFilter(query.flag),
    query.raffleId === "general"
      ? isNull(paymentProofs.raffleId)
      : query.raffleId
        ? eq(paymentProofs.raffleId, query.raffleId)
        : undefined,
    // Buyers and raffles are matched in their own (small) tables, then proofs by their ids: the fold
    // runs once per buyer and raffle instead of once per proof.
    matchesAllTerms(
      terms,
      (pattern) =>
        or(
          sql`${paymentProofs.userId} IN (SELECT u.id FROM users u WHERE ${foldSql(sql`u.full_name || ' ' || u.email`)} LIKE ${pattern})`,
          sql`lower(${paymentProofs.transactionRef}) LIKE ${pattern}`,
          sql`${foldSql(sql`coalesce(${paymentProofs.buyerName}, '')`)} LIKE ${pattern}`,
          sql`${paymentProofs.raffleId} IN (SELECT r.id FROM raffles r WHERE ${foldSql(sql`coalesce(r.title, '')`)} LIKE ${pattern})`,
        ) as SQL,
    ),
  );
}

/** Oldest first for the pending inbox, newest first for the history (AdminProofListQuery.sort). */
export function sortOf(query: Pick<AdminProofListQuery, "sort" | "status">): "oldest" | "newest" {
  return query.sort ?? (query.status === "pending" ? "oldest" : "newest");
}

/** Pending proofs of closed raffles first (their review window runs), then by date. */
const closedPendingFirst = sql`CASE WHEN ${paymentProofs.status} = 'pending' AND ${paymentProofs.raffleId} IN (SELECT r.id FROM raffles r WHERE r.status = 'closed') THEN 0 ELSE 1 END`;

/**
 * The list's order. Only pending proofs can lead (closedPendingFirst), so a filter on another status
 * orders by date alone, straight from payment_proofs_status_created_idx.
 */
function listOrder(query: AdminProofListQuery): SQL[] {
  const order = sortOf(query) === "oldest" ? asc : desc;
  const byDate = [order(paymentProofs.createdAt), order(paymentProofs.id)];
  return query.status && query.status !== "pending" ? byDate : [closedPendingFirst, ...byDate];
}

/**
 * Filters read payment_proofs alone, except amount_mismatch (the reservation's quote). PostgreSQL drops
 * this LEFT JOIN on a unique key whenever nothing reads the reservation.
 */
function filteredProofs(db: Executor, query: AdminProofListQuery) {
  return {
    ids: () =>
      db
        .select({ id: paymentProofs.id })
        .from(paymentProofs)
        .leftJoin(reservations, eq(reservations.id, paymentProofs.reservationId))
        .where(listFilter(query))
        .orderBy(...listOrder(query)),
    count: () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentProofs)
        .leftJoin(reservations, eq(reservations.id, paymentProofs.reservationId))
        .where(listFilter(query)),
  };
}

/**
 * The page in two steps: the ids in list order (a narrow sort, LIMIT on an indexed order where the
 * filter allows), then the listed columns and per-row lookups (tickets, duplicateOf) for those ids only.
 */
async function rowsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(proofListColumns)
    .from(paymentProofs)
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .leftJoin(sellers, eq(sellers.id, paymentProofs.sellerId))
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .leftJoin(reservations, eq(reservations.id, paymentProofs.reservationId))
    .where(inArray(paymentProofs.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listProofs(db: Executor, query: AdminProofListQuery, limit: number, offset: number) {
  const [page, totals] = await Promise.all([
    filteredProofs(db, query).ids().limit(limit).offset(offset),
    filteredProofs(db, query).count(),
  ]);
  const items = await rowsByIds(
    db,
    page.map((row) => row.id),
  );
  return { items, total: Number(totals[0]?.n ?? 0) };
}

/**
 * What the ocr_mismatch filter compares (ocrMismatches of packages/shared) for every proof OCR read that
 * the query matches, in list order, up to `cap`: the reading's fields only, not its text.
 */
export function listOcrCandidates(db: Executor, query: AdminProofListQuery, cap: number) {
  return db
    .select({
      id: paymentProofs.id,
      transactionRef: paymentProofs.transactionRef,
      amount: paymentProofs.amount,
      createdAt: paymentProofs.createdAt,
      fields: sql<ProofOcr["fields"] | null>`${paymentProofs.ocr}->'fields'`,
    })
    .from(paymentProofs)
    .leftJoin(reservations, eq(reservations.id, paymentProofs.reservationId))
    .where(listFilter(query))
    .orderBy(...listOrder(query))
    .limit(cap);
}

/** The listed rows of these proofs, in the order given. */
export const listProofsByIds = rowsByIds;

/** The inbox badge: proofs waiting for a decision. */
export async function countPending(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentProofs)
    .where(eq(paymentProofs.status, "pending"));
  return Number(row?.n ?? 0);
}

export type ProofListRow = Awaited<ReturnType<typeof rowsByIds>>[number];
