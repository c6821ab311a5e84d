/**
 * The receipt of one payment of an abono (docs/decisions/0034-vendedores.md, "Abonos"). Only the approval
 * that completes the price sells the numbers, to itself; the receipt of every payment of the purchase
 * shows its balance, its payments and its numbers with their state: apartados (not in the draw) until it
 * is paid whole, then sold with the owner tags the frozen list gives them, which come from the completing
 * payment's receipt secret (decision 0012). That secret and that payment's link never leave the server.
 */
import type { Currency, PaymentMethod, ProofStatus, ReceiptAbono } from "@rifazo/shared";
import { ownerTag } from "@rifazo/shared/domain/owner-tag";
import {
  abonoBalanceText,
  abonoNumbersLabel,
  abonoNumbersNote,
  abonoTitle,
  type ReceiptAbonoNumberState,
} from "@rifazo/shared/domain/receipt-abono";
import { ticketLabel } from "@rifazo/shared/domain/tickets";
import type { Executor } from "../../db/client";
import { abonosOf, findReservation } from "../purchases";
import * as repo from "./repository";

const APPROVED: readonly string[] = ["approved", "verified"];
/** An abono with an approved payment still holds its numbers in these (a later one may be under review). */
const HOLDING: readonly string[] = ["partial", "submitted", "active"];

type Payment = Awaited<ReturnType<typeof repo.paymentsOfReservation>>[number];

/** The purchase's numbers: the sold ones with their owner tags, else the ones its reservation holds. */
async function numbersOf(
  row: Pick<repo.ReceiptRow, "raffleId" | "totalTickets">,
  reservation: { numbers: number[] | null; quantity: number },
  state: ReceiptAbonoNumberState,
  sold: { secret: string; numbers: number[] } | null,
): Promise<ReceiptAbono["numbers"]["items"]> {
  if (sold) {
    return Promise.all(
      sold.numbers.map(async (n) => ({
        number: ticketLabel(n, row.totalTickets),
        tag: await ownerTag(sold.secret, row.raffleId, n),
      })),
    );
  }
  const held = [...(reservation.numbers ?? [])].sort((a, b) => a - b);
  return state === "sold" ? [] : held.map((n) => ({ number: ticketLabel(n, row.totalTickets), tag: null }));
}

function paymentView(payment: Payment, thisId: string): ReceiptAbono["payments"][number] {
  return {
    amount: Number(payment.amount),
    currency: payment.currency as Currency,
    method: payment.method as PaymentMethod,
    status: payment.status as ProofStatus,
    createdAt: payment.createdAt.toISOString(),
    isThis: payment.id === thisId,
  };
}

/** Null unless the receipt's payment is one of an abono's; else what its receipt says of the purchase. */
export async function abonoOfReceipt(db: Executor, row: repo.ReceiptRow): Promise<ReceiptAbono | null> {
  if (!row.reservationId) return null;
  const reservation = await findReservation(db, row.reservationId);
  if (reservation?.kind !== "abono") return null;
  const [payments, balances] = await Promise.all([
    repo.paymentsOfReservation(db, reservation.id),
    abonosOf(db, [reservation]),
  ]);
  const balance = balances.get(reservation.id)?.balance;
  if (!balance) return null;
  const soldRows = await repo.soldTo(
    db,
    payments.map((p) => p.id),
  );
  // The payment the tickets were sold to: the one that completed the price.
  const finalId = soldRows[0]?.paymentId ?? null;
  const finalSecret = payments.find((p) => p.id === finalId)?.receiptSecret ?? null;
  const state: ReceiptAbonoNumberState =
    finalId !== null ? "sold" : HOLDING.includes(reservation.status) ? "apartados" : "released";
  const sold = finalSecret ? { secret: finalSecret, numbers: soldRows.map((r) => r.n) } : null;
  const items = await numbersOf(row, reservation, state, sold);
  const approved = payments.filter((p) => APPROVED.includes(p.status));
  const currency = reservation.currency as Currency;
  const position = approved.findIndex((p) => p.id === row.id) + 1;
  const final = finalId === row.id;
  const dueAt = row.endDate ? row.endDate.toISOString() : null;
  return {
    ...balance,
    currency,
    final,
    dueAt,
    position,
    count: approved.length,
    title: abonoTitle(position, approved.length),
    text: abonoBalanceText({ ...balance, currency }, state, dueAt),
    payments: payments.map((payment) => paymentView(payment, row.id)),
    numbers: {
      state,
      label: abonoNumbersLabel(state, items.length || reservation.quantity),
      note: abonoNumbersNote(state, { final, chosen: reservation.numbers !== null }),
      quantity: items.length || reservation.quantity,
      items,
    },
  };
}
