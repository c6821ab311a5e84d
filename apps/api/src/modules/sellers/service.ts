import { createHash, randomBytes, randomInt } from "node:crypto";
import {
  type AdminSeller,
  ERROR_MESSAGES,
  isUuid,
  SELLER_CODE_ALPHABET,
  SELLER_CODE_LENGTH,
  SELLER_INVITATION_PATH,
  SELLER_LIMITS,
  SELLER_MESSAGES,
  type SellerInvitation,
  type SessionUser,
  type sellerAssignmentInputSchema,
  type sellerInviteInputSchema,
} from "@rifazo/shared";
import { countText } from "@rifazo/shared/domain/plural";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { type AppError, conflict, forbidden, notFound } from "../../lib/errors";
import { uniqueViolation } from "../../lib/pg-errors";
import { recordActorAudit } from "../audit";
import type { Actor } from "../auth";
import { noticeEmail } from "../email";
import * as repo from "./repository";
import { getSeller } from "./views";

export { getSeller, listSellers } from "./views";

export type SellerContext = Pick<AppContext, "db" | "mail" | "config">;

const sellerNotFound = () => notFound("SELLER_NOT_FOUND");
const invitationInvalid = () => notFound("SELLER_INVITATION_INVALID");

function newCode(): string {
  let code = "";
  for (let i = 0; i < SELLER_CODE_LENGTH; i++)
    code += SELLER_CODE_ALPHABET[randomInt(SELLER_CODE_ALPHABET.length)];
  return code;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new invitation link: its address (shown once), and what is stored of it (the token's hash) and until when. */
function newInvitation(ctx: Pick<AppContext, "config">) {
  const token = randomBytes(32).toString("base64url");
  return {
    // A query parameter named `token` is a secret everywhere (packages/shared secret-urls.ts): never logged.
    url: `${ctx.config.publicUrl}${SELLER_INVITATION_PATH}?token=${token}`,
    invitationHash: hashToken(token),
    invitationExpiresAt: new Date(Date.now() + SELLER_LIMITS.invitationDays * 24 * 3600_000),
  };
}

function contactTaken(error: unknown): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === "sellers_email_idx" || constraint === "sellers_phone_idx")
    return conflict(
      constraint === "sellers_email_idx" ? SELLER_MESSAGES.emailTaken : SELLER_MESSAGES.phoneTaken,
      "SELLER_CONTACT_TAKEN",
    );
  return null;
}

function invitationEmail(name: string, url: string) {
  return noticeEmail({
    name,
    title: "Te invitaron a vender en Rifazo",
    message: `El organizador te invitó como vendedor. Acepta la invitación con tu cuenta de Rifazo (regístrate con este correo si aún no tienes una). El enlace vence en ${countText(SELLER_LIMITS.invitationDays, "día", "días")}.`,
    actionUrl: url,
    actionLabel: "Aceptar la invitación",
  });
}

/**
 * Invites a vendedor: the row, a short code and a link to accept, shown once (only its hash is kept). An
 * invitation by email is also sent there through the outbox, in the same transaction.
 */
export async function inviteSeller(
  ctx: SellerContext,
  actor: Actor,
  input: z.output<typeof sellerInviteInputSchema>,
): Promise<SellerInvitation> {
  const { url, ...invitation } = newInvitation(ctx);
  let emailed = false;
  let id = "";
  for (let attempt = 0; ; attempt++) {
    try {
      id = await ctx.db.transaction(async (tx) => {
        const row = await repo.insertSeller(tx, {
          name: input.name,
          email: input.email,
          phone: input.phone,
          code: newCode(),
          status: "invited",
          ...invitation,
          invitedBy: actor.id,
        });
        if (input.email) {
          await ctx.mail.enqueue(tx, { to: input.email, ...invitationEmail(input.name, url) });
          emailed = true;
        }
        await recordActorAudit(tx, actor, {
          action: "seller.invite",
          entity: "seller",
          entityId: row.id,
          after: { name: row.name, email: row.email, phone: row.phone, code: row.code, emailed },
        });
        return row.id;
      });
      break;
    } catch (error) {
      const taken = contactTaken(error);
      if (taken) throw taken;
      // A code already given (1 in 887 million per pair): draw another.
      if (uniqueViolation(error) === "sellers_code_idx" && attempt < 5) continue;
      throw error;
    }
  }
  if (emailed) ctx.mail.flushSoon();
  return { seller: await getSeller(ctx.db, id), invitationUrl: url, emailed };
}

/** A fresh link for a vendedor who has not accepted yet (the old one stops working). */
export async function renewInvitation(
  ctx: SellerContext,
  actor: Actor,
  id: string,
): Promise<SellerInvitation> {
  if (!isUuid(id)) throw sellerNotFound();
  const { url, ...invitation } = newInvitation(ctx);
  const emailed = await ctx.db.transaction(async (tx) => {
    const seller = await repo.lockSeller(tx, id);
    if (!seller) throw sellerNotFound();
    if (seller.status !== "invited") throw conflict(SELLER_MESSAGES.notInvited);
    await repo.updateSeller(tx, id, invitation);
    if (seller.email) await ctx.mail.enqueue(tx, { to: seller.email, ...invitationEmail(seller.name, url) });
    await recordActorAudit(tx, actor, {
      action: "seller.invitation_renew",
      entity: "seller",
      entityId: id,
      after: { emailed: Boolean(seller.email) },
    });
    return Boolean(seller.email);
  });
  if (emailed) ctx.mail.flushSoon();
  return { seller: await getSeller(ctx.db, id), invitationUrl: url, emailed };
}

/**
 * The signed-in account accepts an invitation and becomes that vendedor. An invitation sent to an email
 * can only be accepted by the account with that email (a forwarded link is not enough); one sent to a
 * celular was handed over by the organiser, and its link is what proves it.
 */
export async function acceptInvitation(
  ctx: SellerContext,
  actor: Actor,
  user: SessionUser,
  token: string,
): Promise<{ ok: true; sellerId: string }> {
  const sellerId = await ctx.db.transaction(async (tx) => {
    const seller = await repo.lockSellerByInvitation(tx, hashToken(token));
    const expiresAt = seller?.status === "invited" ? seller.invitationExpiresAt : null;
    if (!seller || !expiresAt || expiresAt.getTime() <= Date.now()) throw invitationInvalid();
    if (seller.email && seller.email !== user.email.trim().toLowerCase())
      throw forbidden("SELLER_INVITATION_OTHER_ACCOUNT", SELLER_MESSAGES.invitationOtherEmail(seller.email));
    if (await repo.sellerOfUser(tx, user.id)) throw conflict(ERROR_MESSAGES.SELLER_ALREADY, "SELLER_ALREADY");
    await repo.updateSeller(tx, seller.id, {
      status: "active",
      userId: user.id,
      invitationHash: null,
      invitationExpiresAt: null,
      acceptedAt: new Date(),
    });
    await recordActorAudit(tx, actor, {
      action: "seller.accept",
      entity: "seller",
      entityId: seller.id,
      before: { status: seller.status },
      after: { status: "active", userId: user.id },
    });
    return seller.id;
  });
  return { ok: true, sellerId };
}

/**
 * Suspension is immediate: every later sale checks the status in its own transaction (decision 0034). A
 * vendedor who has not accepted yet is not suspended but left to expire (or given a new link).
 */
export async function setSellerStatus(
  ctx: SellerContext,
  actor: Actor,
  id: string,
  status: "active" | "suspended",
): Promise<AdminSeller> {
  if (!isUuid(id)) throw sellerNotFound();
  await ctx.db.transaction(async (tx) => {
    const seller = await repo.lockSeller(tx, id);
    if (!seller) throw sellerNotFound();
    if (seller.status === "invited") throw conflict(SELLER_MESSAGES.stillInvited);
    if (seller.status === status) return;
    await repo.updateSeller(tx, id, { status, suspendedAt: status === "suspended" ? new Date() : null });
    await recordActorAudit(tx, actor, {
      action: status === "suspended" ? "seller.suspend" : "seller.reactivate",
      entity: "seller",
      entityId: id,
      before: { status: seller.status },
      after: { status },
    });
  });
  return getSeller(ctx.db, id);
}

/** Which raffle a vendedor may sell, with what commission and cash limit; terms apply to later sales. */
export async function setAssignment(
  ctx: SellerContext,
  actor: Actor,
  sellerId: string,
  raffleId: string,
  input: z.output<typeof sellerAssignmentInputSchema>,
): Promise<AdminSeller> {
  if (!isUuid(sellerId)) throw sellerNotFound();
  if (!isUuid(raffleId)) throw notFound("RAFFLE_NOT_FOUND");
  await ctx.db.transaction(async (tx) => {
    const seller = await repo.lockSeller(tx, sellerId);
    if (!seller) throw sellerNotFound();
    const raffle = await repo.lockRaffle(tx, raffleId);
    if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
    const before = await repo.findAssignment(tx, sellerId, raffleId);
    if (input.allowed && raffle.status !== "upcoming" && raffle.status !== "active")
      throw conflict(SELLER_MESSAGES.raffleNotOnSale);
    await repo.upsertAssignment(tx, { sellerId, raffleId, ...input });
    await recordActorAudit(tx, actor, {
      action: "seller.assign",
      entity: "seller",
      entityId: sellerId,
      before: before ? { raffleId, ...before } : null,
      after: { raffleId, ...input },
    });
  });
  return getSeller(ctx.db, sellerId);
}

/**
 * The vendedor behind this account, refused when there is none or it is suspended: every vendedor route
 * starts here, so a suspension takes effect at the next request.
 */
export async function activeSellerOf(db: Executor, user: SessionUser) {
  const seller = await repo.sellerOfUser(db, user.id);
  if (!seller) throw forbidden("NOT_A_SELLER");
  if (seller.status === "suspended") throw forbidden("SELLER_SUSPENDED");
  return seller;
}
