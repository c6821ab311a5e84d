import {
  type AbonoBalance,
  formatTicketNumber,
  type SellerSale,
  type SellerSaleMethod,
  type SellerSaleStatus,
} from "@rifazo/shared";
import type { SaleRow } from "./repository";

/** What the vendedor's list says: paid (approved), under review, rejected, or undone (refunded). */
function statusOf(row: SaleRow): SellerSaleStatus {
  if (row.refunded) return "cancelled";
  if (row.status === "approved" || row.status === "verified") return "approved";
  if (row.status === "pending") return "pending";
  return "rejected";
}

/** An abono's balance and where its next payment adds to (purchases' abonosOf), for its sales. */
export type SaleAbono = { firstSaleId: string | null; balance: AbonoBalance };

export function toSellerSale(row: SaleRow, abono?: SaleAbono): SellerSale {
  const status = statusOf(row);
  // An abono's numbers are sold to the payment that completes it: its other payments show the purchase's
  // (apartados until then).
  const apartados = abono ? (row.held ?? []) : [];
  const sold = row.sold && row.sold.length > 0 ? row.sold : apartados;
  const numbers = status === "approved" ? sold : status === "pending" ? (row.held ?? []) : [];
  // Written by recordSale only (SELLER_SALE_METHODS); a sale row always has its device id and raffle
  // (payment_proofs_channel_owner_check, and the inner join on raffles).
  const method = row.method as SellerSaleMethod;
  return {
    id: row.id,
    saleId: row.saleId as string,
    raffleId: row.raffleId as string,
    raffleTitle: row.raffleTitle,
    status,
    method,
    // A cash sale's reference is made by the server; the vendedor typed none.
    reference: method === "efectivo_usd" ? null : row.reference,
    amount: Number(row.amount),
    currency: row.currency === "VES" ? "VES" : "USD",
    quantity: row.quantity,
    numbers: [...numbers].sort((a, b) => a - b).map((n) => formatTicketNumber(n, row.totalTickets)),
    buyerName: row.buyerName ?? "",
    buyerPhone: row.buyerPhone ?? "",
    buyerIdNumber: row.buyerIdNumber,
    // The vendedor hands the receipt to their buyer (WhatsApp): the link is theirs to share.
    receiptPath: status === "approved" && row.receiptToken ? `/recibo/${row.receiptToken}` : null,
    abono: abono
      ? {
          saleId: abono.firstSaleId ?? (row.saleId as string),
          total: abono.balance.total,
          paid: abono.balance.paid,
          remaining: abono.balance.remaining,
          currency: row.reservationCurrency === "VES" ? "VES" : "USD",
          complete: abono.balance.complete,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}
