// A prize's delivery (docs/decisions/0035-prizes-on-the-record.md): append-only, with its proof (private;
// the record publishes its SHA-256) and, for a cash prize, the amount paid checked against the BCV rate of
// the payment's day from the platform's history. A correction is a new delivery naming the one it corrects.
import {
  type AdminPrize,
  type CashCheck,
  type CashPayment,
  checkCashPayment,
  isUuid,
  PRIZE_MESSAGES,
  type PrizeDeliveredData,
  type prizeDeliveryInputSchema,
  todayInVenezuela,
} from "@rifazo/shared";
import type { z } from "zod";
import type { Executor, Tx } from "../../db/client";
import { AppError, badRequest } from "../../lib/errors";
import { recordActorAudit } from "../audit";
import type { Actor } from "../auth";
import { appendPrizeEntry, prizeRecord } from "../draws";
import { notify } from "../notifications";
import { rateOn } from "../settings";
import { adminPrize, claimant } from "./admin-service";
import { checkFile, type StoredFile, storeFile, type Upload, withStoredFile } from "./files";
import * as repo from "./repository";
import { type PrizesContext, prizeNotFound, publishPrizeChange, recordRef } from "./service";
import { cashOf } from "./views";

type DeliveryInput = z.output<typeof prizeDeliveryInputSchema>;

/** What a delivery will write, once every rule passed. */
interface DeliveryPlan {
  row: repo.PrizeRow;
  claim: repo.ClaimRow;
  cash: { currency: "USD" | "VES"; amount: number } | null;
  /** What was paid, with the rate of the day when the currencies differ. */
  payment: CashPayment | null;
  corrected: repo.DeliveryRow | null;
}

/** A cash check's refusal as the API answers it, with the figures in plain words. */
function cashRefusal(check: Exclude<CashCheck, { ok: true }>): AppError {
  if (check.reason === "no_rate")
    return new AppError("PRIZE_NO_RATE", check.message, { deliveredOn: check.message });
  return new AppError("PRIZE_BELOW_RATE", check.message, { paidAmount: check.message });
}

/**
 * The amount paid for a cash prize: required, and at least the prize (same currency) or the prize at the
 * BCV rate published for the payment's day; without a rate for that day the organiser publishes it first.
 */
async function checkPayment(
  db: Executor,
  cash: DeliveryPlan["cash"],
  input: DeliveryInput,
): Promise<CashPayment | null> {
  const paid = input.paidCurrency !== null && input.paidAmount !== null;
  if (!cash) {
    if (paid) throw badRequest(PRIZE_MESSAGES.notCash, { paidAmount: PRIZE_MESSAGES.notCash });
    return null;
  }
  if (!input.paidCurrency || input.paidAmount === null)
    throw badRequest(PRIZE_MESSAGES.cashRequired, { paidAmount: PRIZE_MESSAGES.cashRequired });
  const differ = input.paidCurrency !== cash.currency;
  const rate = differ ? await rateOn(db, input.deliveredOn) : null;
  const payment: CashPayment = {
    currency: input.paidCurrency,
    amount: input.paidAmount,
    rate,
    rateDate: differ ? input.deliveredOn : null,
  };
  const check = checkCashPayment(cash, payment);
  if (!check.ok) throw cashRefusal(check);
  return payment;
}

/** Every rule of a delivery, read with `db` (under the winner row's lock when it is a transaction). */
async function planDelivery(
  db: Executor,
  winnerId: string,
  input: DeliveryInput,
  now: Date,
): Promise<DeliveryPlan> {
  const row = await repo.findPrize(db, winnerId);
  if (!row) throw prizeNotFound();
  if (row.disqualifiedAt) throw new AppError("PRIZE_DISQUALIFIED");
  const claim = await repo.claimOf(db, winnerId);
  if (claim?.reviewStatus !== "accepted") throw new AppError("PRIZE_CLAIM_NOT_ACCEPTED");
  if (input.deliveredOn > todayInVenezuela(now))
    throw badRequest(PRIZE_MESSAGES.day, { deliveredOn: PRIZE_MESSAGES.day });
  let corrected: repo.DeliveryRow | null = null;
  if (input.corrects) {
    corrected = (await repo.findDelivery(db, input.corrects)) ?? null;
    if (corrected?.winnerId !== winnerId)
      throw badRequest(PRIZE_MESSAGES.corrects, { corrects: PRIZE_MESSAGES.corrects });
  }
  // An instant prize's cash is its slot's in the rules as sold, read from the record (decision 0035).
  const cash = cashOf(row, await prizeRecord(db, row.raffleId));
  const payment = await checkPayment(db, cash, input);
  return { row, claim, cash, payment, corrected };
}

/** The `prize_delivered` entry's data: decimal text as the record holds money, never numbers. */
function deliveredData(
  plan: DeliveryPlan,
  ref: NonNullable<ReturnType<typeof recordRef>>,
  input: DeliveryInput,
  proofHash: string,
): PrizeDeliveredData {
  const { cash, payment, corrected } = plan;
  return {
    ...ref,
    method: input.method,
    deliveredOn: input.deliveredOn,
    proofHash,
    ...(cash && payment
      ? {
          cash: {
            prizeCurrency: cash.currency,
            prizeValue: cash.amount.toFixed(2),
            paidCurrency: payment.currency,
            paidAmount: payment.amount.toFixed(2),
            rate: payment.rate === null ? null : payment.rate.toFixed(4),
            rateDate: payment.rate === null ? null : payment.rateDate,
          },
        }
      : {}),
    ...(corrected?.recordSeq !== null && corrected?.recordSeq !== undefined
      ? { corrects: corrected.recordSeq }
      : {}),
  };
}

/**
 * POST /api/admin/prizes/{winnerId}/deliveries: records how the prize was delivered, with its proof. The
 * rules are checked before the file is stored and again under the winner row's lock; a refused or failed
 * delivery leaves no file. The winner is told to confirm it.
 */
export async function recordDelivery(
  ctx: PrizesContext,
  actor: Actor,
  winnerId: string,
  input: DeliveryInput,
  file: Upload | null,
  now = new Date(),
): Promise<AdminPrize> {
  if (!isUuid(winnerId)) throw prizeNotFound();
  await planDelivery(ctx.db, winnerId, input, now);
  if (!file) throw badRequest(PRIZE_MESSAGES.proofRequired, { file: PRIZE_MESSAGES.proofRequired });
  const stored = await storeFile(ctx, "prizes/deliveries", file, await checkFile(file));
  const mails = await withStoredFile(ctx, stored, () =>
    ctx.db.transaction((tx) => writeDelivery(ctx, tx, actor, winnerId, input, stored, now)),
  );
  if (mails > 0) ctx.mail.flushSoon();
  return adminPrize(ctx.db, winnerId, now);
}

async function writeDelivery(
  ctx: PrizesContext,
  tx: Tx,
  actor: Actor,
  winnerId: string,
  input: DeliveryInput,
  stored: StoredFile,
  now: Date,
): Promise<number> {
  if (!(await repo.lockWinner(tx, winnerId))) throw prizeNotFound();
  const plan = await planDelivery(tx, winnerId, input, now);
  const { row, payment } = plan;
  const ref = recordRef(row, await prizeRecord(tx, row.raffleId));
  const entry = ref
    ? await appendPrizeEntry(
        tx,
        row.raffleId,
        "prize_delivered",
        now,
        deliveredData(plan, ref, input, stored.sha256),
      )
    : null;
  const delivery = await repo.insertDelivery(tx, {
    winnerId,
    raffleId: row.raffleId,
    method: input.method,
    deliveredOn: input.deliveredOn,
    paidCurrency: payment?.currency ?? null,
    paidAmount: payment?.amount ?? null,
    rate: payment?.rate ?? null,
    rateDate: payment?.rate === null || !payment ? null : payment.rateDate,
    proofPath: stored.key,
    proofSha256: stored.sha256,
    proofContentType: stored.mime,
    proofSize: stored.size,
    note: input.note,
    corrects: plan.corrected?.id ?? null,
    recordSeq: entry?.seq ?? null,
    recordedBy: actor.id,
    createdAt: now,
  });
  await recordActorAudit(tx, actor, {
    action: "prize.deliver",
    entity: "winner",
    entityId: winnerId,
    after: {
      deliveryId: delivery.id,
      method: input.method,
      deliveredOn: input.deliveredOn,
      payment,
      corrects: delivery.corrects,
    },
  });
  const to = await claimant(tx, row, plan.claim);
  const told = to
    ? await notify(tx, ctx, to, "prizeDelivered", {
        winnerId,
        raffleTitle: row.raffleTitle,
        prize: row.prizeDescription,
      })
    : { mails: 0 };
  await publishPrizeChange(ctx, tx, row.raffleId);
  return told.mails;
}
