/** Reservations as their owner (or an administrator) sees them, with the ways to pay each. */
import {
  abonoBalance,
  abonoBounds,
  acceptedMethodsOf,
  bankAppDigits,
  bankAppPhone,
  type Currency,
  isUuid,
  type MyReservations,
  type NumberMode,
  PAYMENT_METHOD_LABELS,
  type PaymentAccounts,
  type PaymentInstruction,
  RESERVATION_STATUS_LABELS,
  type Reservation,
  type ReservationStatus,
  type SessionUser,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { currentExchangeRate, paymentAccounts } from "../settings";
import { amountFor } from "./quotes";
import * as repo from "./repository";
import { extrasOf, type ReservationExtras } from "./reservation-extras-repository";
import { labelIn, type PurchaseContext, reservationNotFound } from "./rules";

/** How many ended reservations "Mis reservas" lists after the holding ones. */
const ENDED_LISTED = 20;

function effectiveStatus(row: repo.ReservationRow, now: Date): ReservationStatus {
  const status = row.status as ReservationStatus;
  // Past its time and not yet swept: it holds nothing any more, so it is shown as what it is.
  if ((status === "active" || status === "rejected") && row.expiresAt.getTime() <= now.getTime()) {
    return "expired";
  }
  return status;
}

/** An abono's next payment: between these, in the purchase's currency, at today's rate (decision 0034). */
interface AbonoTerms {
  balance: ReturnType<typeof abonoBalance>;
  minimum: number;
  rate: number | null;
}

function instructions(
  row: repo.ReservationRow,
  acceptedLabels: string[],
  accounts: PaymentAccounts,
  abono: AbonoTerms | null,
): PaymentInstruction[] {
  const rate = abono ? abono.rate : row.exchangeRate === null ? null : Number(row.exchangeRate);
  const currency = row.currency as Currency;
  return acceptedMethodsOf(acceptedLabels).map((method) => {
    const whole = amountFor(method, abono ? abono.balance.remaining : row.pricing.total, currency, rate);
    const { currency: to, amount } = whole;
    const least = abono ? abonoBounds(abono.balance, abono.minimum, currency, to, rate).min : undefined;
    let fields: { label: string; value: string; copy: string }[] | null = [];
    const as = (label: string, value: string, copy: string = value) => ({ label, value, copy });
    if (method === "pago_movil") {
      const a = accounts.pagoMovil;
      fields = a
        ? [
            as("Banco", a.bank),
            as("Teléfono", a.phone, bankAppPhone(a.phone)),
            as("Cédula/RIF", a.idNumber, bankAppDigits(a.idNumber)),
          ]
        : null;
    } else if (method === "transferencia") {
      const a = accounts.transfer;
      fields = a
        ? [
            as("Banco", a.bank),
            as("Número de cuenta", a.accountNumber, bankAppDigits(a.accountNumber)),
            as("Titular", a.holder),
            as("Cédula/RIF", a.idNumber, bankAppDigits(a.idNumber)),
          ]
        : null;
    } else if (method === "zelle") {
      const a = accounts.zelle;
      fields = a ? [as("Correo", a.email), as("Titular", a.name)] : null;
    } else if (method === "binance") {
      const a = accounts.binance;
      fields = a ? [as("Binance Pay ID", a.payId)] : null;
    }
    return {
      method,
      label: PAYMENT_METHOD_LABELS[method],
      currency: to,
      amount,
      ...(least === undefined ? {} : { minimum: least }),
      fields: fields ?? [],
      available: fields !== null && amount !== null,
    };
  });
}

/** An abono's balance and payments as its owner sees them; null for a whole purchase. */
function abonoOf(row: repo.ReservationRow, extras: ReservationExtras | undefined, rate: number | null) {
  if (row.kind !== "abono" || !extras) return { view: null, terms: null };
  const currency = row.currency as Currency;
  const approved = extras.payments.filter((p) => p.status === "approved" || p.status === "verified");
  const balance = abonoBalance(
    Number(row.pricing.total),
    currency,
    approved.map((p) => ({
      amount: Number(p.amount),
      currency: p.currency as Currency,
      exchangeRate: p.exchangeRate === null ? null : Number(p.exchangeRate),
    })),
  );
  const minimum = extras.installmentMinimum ?? balance.total;
  return {
    terms: { balance, minimum, rate },
    view: {
      total: balance.total,
      paid: balance.paid,
      remaining: balance.remaining,
      minimum,
      dueAt: extras.endDate?.toISOString() ?? null,
      payments: extras.payments.map((p) => ({
        id: p.id,
        amount: Number(p.amount),
        currency: p.currency as Currency,
        method: p.method as PaymentInstruction["method"],
        status: p.status as NonNullable<Reservation["abono"]>["payments"][number]["status"],
        createdAt: p.createdAt.toISOString(),
      })),
    },
  };
}

function toReservation(
  row: repo.ReservationRow,
  extras: ReservationExtras | undefined,
  accounts: PaymentAccounts,
  now: Date,
  todayRate: number | null,
): Reservation {
  const status = effectiveStatus(row, now);
  const abono = abonoOf(row, extras, todayRate);
  const label = labelIn(extras?.totalTickets ?? null);
  const numbers = row.numbers
    ? [...row.numbers].sort((a, b) => a - b).map(label)
    : status === "approved" && extras && extras.soldNumbers.length > 0
      ? extras.soldNumbers.map(label)
      : null;
  const rate = row.exchangeRate === null ? null : Number(row.exchangeRate);
  return {
    id: row.id,
    raffleId: row.raffleId,
    raffleTitle: extras?.raffleTitle ?? "",
    numberMode: (extras?.numberMode ?? (row.numbers ? "chosen" : "random")) as NumberMode,
    status,
    statusLabel: RESERVATION_STATUS_LABELS[status],
    quantity: row.quantity,
    numbers,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    serverNow: now.toISOString(),
    pricing: row.pricing,
    exchangeRate:
      rate === null ? null : { rate, updatedAt: (row.exchangeRateAt ?? row.createdAt).toISOString() },
    // Ended reservations no longer offer ways to pay.
    methods:
      status === "active" || status === "rejected" || status === "partial"
        ? instructions(row, extras?.paymentMethods ?? [], accounts, abono.terms)
        : [],
    proofId: extras?.proofId ?? null,
    rejectionReason: extras?.proofStatus === "rejected" ? extras.proofNotes : null,
    sellerCode: extras?.sellerCode ?? null,
    kind: row.kind === "abono" ? "abono" : "purchase",
    abono: abono.view,
  };
}

export async function toReservations(
  ctx: Pick<AppContext, "log">,
  db: Executor,
  rows: repo.ReservationRow[],
  now: Date,
): Promise<Reservation[]> {
  const [extras, accounts, rate] = await Promise.all([
    extrasOf(db, rows),
    paymentAccounts(db, ctx.log),
    rows.some((row) => row.kind === "abono") ? currentExchangeRate(db) : null,
  ]);
  return rows.map((row) => toReservation(row, extras.get(row.id), accounts, now, rate?.rate ?? null));
}

export async function oneReservation(
  ctx: PurchaseContext,
  db: Executor,
  row: repo.ReservationRow,
  now: Date,
) {
  const [reservation] = await toReservations(ctx, db, [row], now);
  if (!reservation) throw reservationNotFound();
  return reservation;
}

export async function myReservations(
  ctx: PurchaseContext,
  user: SessionUser,
  now: Date = new Date(),
): Promise<MyReservations> {
  const rows = await repo.listMine(ctx.db, user.id, now, ENDED_LISTED);
  return { items: await toReservations(ctx, ctx.db, rows, now) };
}

/** A reservation its owner or an administrator may see; anybody else gets the same 404 as a missing id. */
export async function visibleReservation(ctx: PurchaseContext, viewer: SessionUser, id: string) {
  if (!isUuid(id)) throw reservationNotFound();
  const row = await repo.findReservation(ctx.db, id);
  if (!row || (row.userId !== viewer.id && viewer.role !== "admin")) throw reservationNotFound();
  return row;
}

export async function reservationFor(
  ctx: PurchaseContext,
  viewer: SessionUser,
  id: string,
  now: Date = new Date(),
): Promise<Reservation> {
  return oneReservation(ctx, ctx.db, await visibleReservation(ctx, viewer, id), now);
}
