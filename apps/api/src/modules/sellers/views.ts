import {
  type AdminSeller,
  type CommissionKind,
  isUuid,
  type SellerAssignment,
  type SellerSettlement,
  type SellerStatus,
  type SettlementMethod,
} from "@rifazo/shared";
import type { Executor } from "../../db/client";
import { notFound } from "../../lib/errors";
import { iso } from "../../lib/iso";
import { commissionBalances } from "./commissions";
import * as repo from "./repository";

// What the organiser's screens show of a vendedor: their data, assignments, balances and settlements.

type Balances = Awaited<ReturnType<typeof commissionBalances>>;

/** The commission owed and paid on one raffle, and the cash the vendedor holds (all 0 before any posting). */
export function balanceOn(balances: Balances, sellerId: string, raffleId: string) {
  const row = balances.find((b) => b.sellerId === sellerId && b.raffleId === raffleId);
  return { commissionOwed: row?.owed ?? 0, commissionPaid: row?.paid ?? 0, cashHeld: row?.cashHeld ?? 0 };
}

function toAssignment(row: repo.AssignmentRow, balances: Balances): SellerAssignment {
  return {
    raffleId: row.raffleId,
    raffleTitle: row.raffleTitle,
    raffleStatus: row.raffleStatus,
    currency: row.currency === "VES" ? "VES" : "USD",
    ticketPrice: Number(row.ticketPrice),
    allowed: row.allowed,
    commissionKind: row.commissionKind as CommissionKind,
    commissionValue: Number(row.commissionValue),
    creditLimit: Number(row.creditLimit),
    ...balanceOn(balances, row.sellerId, row.raffleId),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type SettlementRow = Awaited<ReturnType<typeof repo.settlementsOf>>[number];

/** Where each reader opens a settlement's receipt: the administrators' route, or the vendedor's own. */
export const settlementProofUrl = (id: string, reader: "admin" | "seller") =>
  reader === "admin" ? `/api/admin/sellers/settlements/${id}/proof` : `/api/seller/settlements/${id}/proof`;

/** A "liquidación" as `reader` lists it, with the link to its receipt on their own route. */
export function toSettlement(s: SettlementRow, reader: "admin" | "seller"): SellerSettlement {
  return {
    id: s.id,
    raffleId: s.raffleId,
    raffleTitle: s.raffleTitle,
    kind: s.kind === "cash" ? "cash" : "commission",
    amount: Number(s.amount),
    currency: s.currency === "VES" ? "VES" : "USD",
    method: s.method as SettlementMethod,
    reference: s.reference,
    note: s.note,
    proofUrl: s.hasProof ? settlementProofUrl(s.id, reader) : null,
    createdAt: s.createdAt.toISOString(),
  };
}

function toAdminSeller(
  row: NonNullable<Awaited<ReturnType<typeof repo.findSeller>>>,
  assignments: repo.AssignmentRow[],
  balances: Balances,
  settlements: SettlementRow[],
): AdminSeller {
  const { seller } = row;
  return {
    id: seller.id,
    name: seller.name,
    email: seller.email,
    phone: seller.phone,
    code: seller.code,
    status: seller.status as SellerStatus,
    account:
      seller.userId && row.accountName !== null && row.accountEmail !== null
        ? { id: seller.userId, name: row.accountName, email: row.accountEmail }
        : null,
    invitedAt: seller.createdAt.toISOString(),
    invitationExpiresAt: iso(seller.invitationExpiresAt),
    acceptedAt: iso(seller.acceptedAt),
    suspendedAt: iso(seller.suspendedAt),
    raffles: assignments.filter((a) => a.sellerId === seller.id).map((a) => toAssignment(a, balances)),
    settlements: settlements.filter((s) => s.sellerId === seller.id).map((s) => toSettlement(s, "admin")),
  };
}

async function sellersWithMoney(
  db: Executor,
  rows: NonNullable<Awaited<ReturnType<typeof repo.findSeller>>>[],
) {
  const ids = rows.map((row) => row.seller.id);
  const [assignments, balances, settlements] = await Promise.all([
    repo.assignmentsOf(db, ids),
    commissionBalances(db, ids),
    repo.settlementsOf(db, ids),
  ]);
  return rows.map((row) => toAdminSeller(row, assignments, balances, settlements));
}

export async function listSellers(db: Executor): Promise<{ items: AdminSeller[] }> {
  return { items: await sellersWithMoney(db, await repo.listSellers(db)) };
}

export async function getSeller(db: Executor, id: string): Promise<AdminSeller> {
  if (!isUuid(id)) throw notFound("SELLER_NOT_FOUND");
  const row = await repo.findSeller(db, id);
  if (!row) throw notFound("SELLER_NOT_FOUND");
  const [seller] = await sellersWithMoney(db, [row]);
  if (!seller) throw notFound("SELLER_NOT_FOUND");
  return seller;
}
