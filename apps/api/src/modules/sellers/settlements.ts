import {
  ADMIN_MESSAGES,
  type AdminSeller,
  formatMoney,
  isUuid,
  SELLER_MESSAGES,
  SETTLEMENT_KIND_LABELS,
  SETTLEMENT_METHOD_LABELS,
  SETTLEMENT_PROOF_METHODS,
  type SessionUser,
  type sellerSettlementInputSchema,
} from "@rifazo/shared";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { recordActorAudit } from "../audit";
import type { Actor } from "../auth";
import { checkProofFile, newStorageKey, sendPrivateFile, type Upload } from "../files";
import { commissionBalances, postCashHandover, postSettlement } from "./commissions";
import * as repo from "./repository";
import { activeSellerOf } from "./service";
import { getSeller } from "./views";

type SettlementInput = z.output<typeof sellerSettlementInputSchema>;
/** The transfer's receipt as uploaded (multipart), before its checks. */
type ReceiptUpload = Upload;
type StoredReceipt = { key: string; mime: string; size: number };

/**
 * The receipt checked as the payment proofs and the refunds' receipts are (decision 0034): a JPG, PNG or
 * PDF by its magic bytes, an image within the pixel cap read from its header, only for a method that
 * leaves one; then stored privately under a random name.
 */
async function storeReceipt(
  ctx: Pick<AppContext, "storage">,
  method: SettlementInput["method"],
  file: ReceiptUpload,
): Promise<StoredReceipt> {
  if (!(SETTLEMENT_PROOF_METHODS as readonly string[]).includes(method))
    throw badRequest(SELLER_MESSAGES.proofCash, { file: SELLER_MESSAGES.proofCash });
  const kind = await checkProofFile(file.buffer, {
    type: SELLER_MESSAGES.proofType,
    pixels: ADMIN_MESSAGES.imageTooManyPixels,
  });
  const key = newStorageKey("settlements", kind.ext);
  await ctx.storage.put(key, file.buffer, kind.mime);
  return { key, mime: kind.mime, size: file.buffer.length };
}

/**
 * A "liquidación" on one raffle: the organiser pays a vendedor's commission (never more than what is owed
 * then), or records the cash of their sales the vendedor handed over (never more than they hold). The
 * vendedor's row is locked first, so two settlements of the same balance take turns and the second sees
 * what the first left (docs/decisions/0034-vendedores.md).
 */
export async function recordSettlement(
  ctx: Pick<AppContext, "db" | "storage">,
  actor: Actor,
  sellerId: string,
  raffleId: string,
  input: SettlementInput,
  file: ReceiptUpload | null = null,
): Promise<AdminSeller> {
  if (!isUuid(sellerId)) throw notFound("SELLER_NOT_FOUND");
  if (!isUuid(raffleId)) throw notFound("RAFFLE_NOT_FOUND");
  // Stored before the transaction: a failed upload leaves no settlement and no ledger entry.
  const stored = file ? await storeReceipt(ctx, input.method, file) : null;
  try {
    await writeSettlement(ctx, actor, { sellerId, raffleId, input, stored });
  } catch (error) {
    // Nothing half-written: a refused or failed settlement leaves no orphan file behind.
    if (stored) await ctx.storage.delete(stored.key).catch(() => {});
    throw error;
  }
  return getSeller(ctx.db, sellerId);
}

async function writeSettlement(
  ctx: Pick<AppContext, "db">,
  actor: Actor,
  settlement: { sellerId: string; raffleId: string; input: SettlementInput; stored: StoredReceipt | null },
): Promise<void> {
  const { sellerId, raffleId, input, stored } = settlement;
  await ctx.db.transaction(async (tx) => {
    const seller = await repo.lockSeller(tx, sellerId);
    if (!seller) throw notFound("SELLER_NOT_FOUND");
    const raffle = await repo.assignedRaffle(tx, sellerId, raffleId);
    if (!raffle) throw notFound("RAFFLE_NOT_FOUND", SELLER_MESSAGES.notAssigned);
    const currency = raffle.currency === "VES" ? "VES" : "USD";
    const [balance] = (await commissionBalances(tx, [sellerId])).filter((b) => b.raffleId === raffleId);
    const cash = input.kind === "cash";
    const owed = (cash ? balance?.cashHeld : balance?.owed) ?? 0;
    if (input.amount > owed) {
      const shown = formatMoney(Math.max(0, owed), currency);
      throw conflict(cash ? SELLER_MESSAGES.cashTooLarge(shown) : SELLER_MESSAGES.settlementTooLarge(shown));
    }
    const method = SETTLEMENT_METHOD_LABELS[input.method];
    const posting = {
      sellerId,
      raffleId,
      amount: input.amount,
      currency,
      reason: `${SETTLEMENT_KIND_LABELS[input.kind]}: ${method}${input.reference ? ` (referencia ${input.reference})` : ""}`,
    };
    const entry = cash ? await postCashHandover(tx, posting) : await postSettlement(tx, posting);
    await repo.insertSettlement(tx, {
      entry,
      sellerId,
      raffleId,
      kind: input.kind,
      amount: input.amount,
      currency,
      method: input.method,
      reference: input.reference,
      note: input.note,
      proofPath: stored?.key ?? null,
      proofContentType: stored?.mime ?? null,
      proofSize: stored?.size ?? null,
      createdBy: actor.id,
    });
    await recordActorAudit(tx, actor, {
      action: "seller.settle",
      entity: "seller",
      entityId: sellerId,
      before: { raffleId, [cash ? "cashHeld" : "owed"]: owed },
      after: {
        raffleId,
        kind: input.kind,
        amount: input.amount,
        currency,
        method: input.method,
        reference: input.reference,
        entry,
        proof: stored !== null,
      },
    });
  });
}

/**
 * A settlement's receipt, for an administrator or for the active vendedor it was paid to; anyone else gets
 * the same 404 as for an id that does not exist (decision 0034).
 */
export async function sendSettlementProof(
  ctx: Pick<AppContext, "db" | "storage">,
  reply: FastifyReply,
  viewer: SessionUser,
  id: string,
  reader: "admin" | "seller",
): Promise<FastifyReply> {
  // A vendedor's route: a suspended vendedor, or an account that is not one, is refused (403) first.
  const seller = reader === "seller" ? await activeSellerOf(ctx.db, viewer) : null;
  const missing = () => notFound("NOT_FOUND", SELLER_MESSAGES.proofMissing);
  if (!isUuid(id)) throw missing();
  const row = await repo.settlementProof(ctx.db, id);
  if (!row || (seller && row.sellerUserId !== seller.userId)) throw missing();
  if (!row.proofPath || !row.proofContentType) throw missing();
  const ext = row.proofPath.split(".").pop() ?? "bin";
  return sendPrivateFile(reply, {
    storage: ctx.storage,
    key: row.proofPath,
    contentType: row.proofContentType,
    filename: `liquidacion.${ext}`,
    disposition: "inline",
  });
}
