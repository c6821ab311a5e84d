import {
  type AdminApproveResult,
  formatEsNumber,
  isActivationReached,
  LEVELS,
  levelRank,
  pointsForApprovedAmount,
  previewOf,
} from "@rifazo/shared";
import { countText } from "@rifazo/shared/domain/plural";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../db/client";
import type { paymentProofs } from "../../../db/schema";
import { recordActorAudit } from "../../audit";
import { latestHeldBeacon, recordHead } from "../../draws";
import { sellerSaleReceiptEmail } from "../../email";
import { NOTICES, type NoticeData, notify, replaceLevelUpOfThisTransaction } from "../../notifications";
import { applyPointsChange } from "../../points";
import { newReceiptToken } from "../../receipts";
import { currentExchangeRate } from "../../settings";
import { labelsOf } from "./list";
import * as repo from "./repository";

// The steps of one approval (approveInTransaction in ./service), in the order it takes them.

export type LockedProof = NonNullable<Awaited<ReturnType<typeof repo.lockProofForApproval>>>;
type StepContext = Pick<AppContext, "log" | "events" | "mail" | "config">;
export type ApprovalActor = { id: string | null; ip: string | null };

/** How many numbers a notification lists before "y N más" (a 500-ticket purchase stays readable). */
const NUMBERS_IN_MESSAGE = 50;

/** "0001, 0042, 0777" (about NUMBERS_IN_MESSAGE, then "y N más", never "y 1 más": previewOf). */
function numbersText(numbers: number[], totalTickets: number | null): string {
  const { shown, hidden } = previewOf(numbers, NUMBERS_IN_MESSAGE);
  const text = labelsOf(shown, totalTickets).join(", ");
  return hidden > 0 ? `${text} y ${hidden} más` : text;
}

const money = (amount: number, currency: string) => `${formatEsNumber(amount)} ${currency}`;

/**
 * The payment in dollars for the 100-RifaPuntos-per-unit rule: a VES
 * payment is divided by the rate saved with the proof, or by today's published rate when it has none.
 */
async function dollarValue(tx: Tx, proof: repo.ProofRow, log: FastifyBaseLogger): Promise<number> {
  const amount = Number(proof.amount);
  if (proof.currency !== "VES") return amount;
  const rate = proof.exchangeRate
    ? Number(proof.exchangeRate)
    : ((await currentExchangeRate(tx))?.rate ?? null);
  if (!rate) {
    log.warn({ proofId: proof.id }, "puntos: pago en VES sin tasa de cambio; no se acreditan puntos");
    return 0;
  }
  return amount / rate;
}

/**
 * The approval's checkpoint (docs/draw-protocol.md §14, decision 0023): the record's length and head hash
 * now, and the latest drand round the server holds (with its signature). Read without a lock: entries are
 * append-only, so it is a prefix of every later record, and the freeze waits for this pending proof. The
 * buyer keeps it on the receipt; a record rewritten later (an earlier freeze, other rules) contradicts it.
 * Nothing when the raffle has no record (a legacy external raffle).
 */
async function recordCheckpoint(
  tx: Tx,
  config: AppContext["config"],
  raffleId: string,
  now: Date,
): Promise<Partial<typeof paymentProofs.$inferInsert>> {
  const head = await recordHead(tx, raffleId);
  if (!head) return {};
  const beacon = await latestHeldBeacon(tx, config.drandChainInfo, now);
  return {
    checkpointLength: head.length,
    checkpointHash: head.hash,
    checkpointRound: beacon?.round ?? null,
    checkpointSignature: beacon?.signature ?? null,
    checkpointAt: now,
  };
}

/** A proof approved before (a double click, a retry, a second administrator): the same numbers back. */
export async function alreadyApproved(
  tx: Tx,
  id: string,
  status: AdminApproveResult["status"],
  totalTickets: number | null,
): Promise<{ result: AdminApproveResult; changed: boolean }> {
  const numbers = await repo.ticketNumbersOfProof(tx, id);
  return {
    changed: false,
    result: {
      proofId: id,
      status,
      tickets: labelsOf(numbers, totalTickets),
      alreadyApproved: true,
      pointsAwarded: 0,
    },
  };
}

/** The proof row approved, with its receipt's private link and the record's checkpoint. */
export async function markApproved(
  ctx: StepContext,
  tx: Tx,
  actor: ApprovalActor,
  proof: repo.ProofRow,
  now: Date,
): Promise<string | null> {
  // A raffle purchase gets its receipt's private link now; a general payment has no numbers to show.
  const receiptToken = proof.raffleId ? newReceiptToken() : null;
  const checkpoint = proof.raffleId ? await recordCheckpoint(tx, ctx.config, proof.raffleId, now) : {};
  await repo.updateProof(tx, proof.id, {
    status: "approved",
    reviewedBy: actor.id,
    reviewedAt: now,
    receiptToken,
    ...checkpoint,
  });
  return receiptToken;
}

/** The payment's RifaPuntos through the ledger; the level-up notice when the buyer moved up (and is told). */
export async function awardPoints(
  ctx: StepContext,
  tx: Tx,
  proof: repo.ProofRow,
  raffleTitle: string | null,
  replayAt: Date | undefined,
): Promise<{ points: number; levelUp: NoticeData<"levelUp"> | null }> {
  // A vendedor's sale to a buyer without an account earns no RifaPuntos until it is claimed (decision 0034).
  const { userId } = proof;
  if (userId === null) return { points: 0, levelUp: null };
  const points = pointsForApprovedAmount(await dollarValue(tx, proof, ctx.log));
  const pointsResult =
    points > 0
      ? await applyPointsChange(tx, {
          userId,
          change: points,
          reason: raffleTitle
            ? `Pago aprobado: ${raffleTitle} (${countText(proof.quantityOfTickets, "boleto", "boletos")})`
            : `Pago general aprobado (${money(Number(proof.amount), proof.currency)})`,
          paymentProofId: proof.id,
          at: replayAt,
        })
      : null;

  let levelUp: NoticeData<"levelUp"> | null = null;
  if (
    replayAt === undefined &&
    pointsResult?.levelChanged &&
    levelRank(pointsResult.level) > levelRank(pointsResult.previousLevel)
  ) {
    const level = LEVELS.find((l) => l.name === pointsResult.level);
    levelUp = { level: pointsResult.level, welcomeMessage: level?.welcomeMessage };
  }
  return { points, levelUp };
}

/** The buyer's "payment approved" notice (and mail), then the level-up one if any. */
export async function tellBuyer(
  ctx: StepContext,
  tx: Tx,
  locked: LockedProof,
  sale: { numbers: number[]; raffleTitle: string | null; receiptToken: string | null; abono?: string },
  points: { points: number; levelUp: NoticeData<"levelUp"> | null },
): Promise<void> {
  const { proof, buyer } = locked;
  // A buyer without an account hears from the vendedor, who shares the receipt link, and by email when
  // the vendedor wrote one down (decision 0034).
  if (proof.userId === null) return mailSellerSaleReceipt(ctx, tx, locked, sale);
  await notify(tx, ctx, { userId: proof.userId, email: buyer?.email, name: buyer?.name }, "paymentApproved", {
    raffleTitle: sale.raffleTitle,
    numbers: numbersText(sale.numbers, locked.raffle?.totalTickets ?? null),
    amount: money(Number(proof.amount), proof.currency),
    points: points.points,
    receiptToken: sale.receiptToken,
    abono: sale.abono,
  });
  const { levelUp } = points;
  // Written after the approval, so it lists above it. Approvals in one batch (reconciliation) may cross
  // two levels for one buyer: one notice names the level reached, rather than "Plata" and "Oro" together.
  if (levelUp && !(await replaceLevelUpOfThisTransaction(tx, proof.userId, NOTICES.levelUp(levelUp)))) {
    await notify(tx, ctx, { userId: proof.userId }, "levelUp", levelUp);
  }
}

/**
 * A vendedor's sale paid for a buyer without an account: the receipt link to the email the vendedor wrote
 * down, if any. Only here, in the approval's transaction: an approval happens once, so does the email.
 */
async function mailSellerSaleReceipt(
  ctx: StepContext,
  tx: Tx,
  locked: LockedProof,
  sale: { numbers: number[]; raffleTitle: string | null; receiptToken: string | null },
): Promise<void> {
  const { proof } = locked;
  // Nothing sold yet (an abono's partial payment): the receipt comes with the numbers.
  if (!proof.buyerEmail || !proof.sellerId || !sale.raffleTitle || !sale.receiptToken) return;
  if (sale.numbers.length === 0) return;
  await ctx.mail.enqueue(tx, {
    to: proof.buyerEmail,
    ...sellerSaleReceiptEmail({
      buyerName: proof.buyerName ?? "",
      raffleTitle: sale.raffleTitle,
      numbers: numbersText(sale.numbers, locked.raffle?.totalTickets ?? null),
      sellerName: (await repo.sellerNameOf(tx, proof.sellerId)) ?? "Tu vendedor",
      url: `${ctx.config.publicUrl}/recibo/${sale.receiptToken}`,
    }),
  });
}

/** A percentage raffle whose sale just reached its activation share starts its countdown. */
export async function startCountdownIfReached(
  tx: Tx,
  actor: ApprovalActor,
  proofId: string,
  raffleId: string,
  sale: NonNullable<Awaited<ReturnType<typeof repo.addSold>>>,
  added: number,
  now: Date,
): Promise<void> {
  if (
    sale.activationType === "percentage" &&
    sale.percentageDrawActivatedAt === null &&
    isActivationReached(sale.soldTickets, sale.totalTickets, sale.activationPercentage)
  ) {
    // The 24-hour last-sales window starts now (spec 2 §4): a raffle change of its own in the audit
    // (audit_log is append-only, and the approval's record was written before the sum was known).
    await repo.setRaffleFields(tx, raffleId, { percentageDrawActivatedAt: now });
    await recordActorAudit(tx, actor, {
      action: "raffle.countdown_started",
      entity: "raffle",
      entityId: raffleId,
      before: { percentageDrawActivatedAt: null, soldTickets: sale.soldTickets - added },
      after: { percentageDrawActivatedAt: now.toISOString(), soldTickets: sale.soldTickets, proofId },
    });
  }
}
