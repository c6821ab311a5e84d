import {
  ADMIN_MESSAGES,
  ADMIN_USERS_PAGE_SIZE,
  type AdminParticipation,
  type AdminUser,
  GENERAL_PROOF_LABEL,
  levelForPoints,
  type RefundStatus,
  ticketLabel,
} from "@rifazo/shared";
import type { AppContext } from "../../../context";
import type { Executor } from "../../../db/client";
import { conflict, notFound } from "../../../lib/errors";
import { recordActorAudit } from "../../audit";
import { endSessionsForSuspension } from "../../auth";
import { noticeEmail } from "../../email";
import { createNotification } from "../../notifications";
import { searchTerms } from "../../raffles";
import { refundStatusesOf } from "../../refunds";
import { type Actor, offsetOf } from "../common";
import * as repo from "./repository";

export type UserContext = Pick<AppContext, "db" | "log" | "events" | "mail" | "config">;

const userNotFound = () => notFound("USER_NOT_FOUND", ADMIN_MESSAGES.userNotFound);

/** Better Auth ids are short opaque strings; anything else cannot name a user. */
function assertUserId(id: string): void {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) throw userNotFound();
}

function toAdminUser(row: repo.AdminUserRow): AdminUser {
  return {
    id: row.id,
    fullName: row.name,
    email: row.email,
    phone: row.phone,
    avatarUrl: row.image,
    role: row.role === "admin" ? "admin" : "user",
    status: row.status === "inactive" ? "inactive" : "active",
    points: row.points,
    // The level follows points earned over time, not the spendable balance.
    level: levelForPoints(row.pointsEarned).name,
    emailVerified: row.emailVerified,
    registrationDate: row.createdAt.toISOString(),
    totalTicketsPurchased: Number(row.totalTicketsPurchased ?? 0),
    totalPaymentProofs: Number(row.totalPaymentProofs ?? 0),
  };
}

export async function listUsers(db: Executor, query: { q?: string | undefined; page: number }) {
  const size = ADMIN_USERS_PAGE_SIZE;
  const { items, total } = await repo.listUsers(db, searchTerms(query.q), size, offsetOf(query.page, size));
  return { items: items.map(toAdminUser), total, page: query.page, pageSize: size };
}

async function adminUser(db: Executor, id: string): Promise<AdminUser> {
  const row = await repo.findAdminUser(db, id);
  if (!row) throw userNotFound();
  return toAdminUser(row);
}

/**
 * Suspends (inactive) or reactivates a user. Suspension also deletes every session of the user in the
 * same transaction, so an open browser is signed out at its next request.
 */
export async function setUserStatus(
  ctx: UserContext,
  actor: Actor,
  id: string,
  status: "active" | "inactive",
): Promise<AdminUser> {
  assertUserId(id);
  if (status === "inactive" && id === actor.id)
    throw conflict(ADMIN_MESSAGES.cannotSuspendSelf, "CANNOT_SUSPEND_SELF");
  await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, id);
    if (!user) throw userNotFound();
    const sessionsEnded = status === "inactive" ? await endSessionsForSuspension(tx, id) : 0;
    if (user.status === status && sessionsEnded === 0) return;
    await repo.setStatus(tx, id, status);
    await recordActorAudit(tx, actor, {
      action: status === "inactive" ? "user.suspend" : "user.reactivate",
      entity: "user",
      entityId: id,
      before: { status: user.status },
      after: { status, ...(status === "inactive" ? { sessionsEnded } : {}) },
    });
  });
  return adminUser(ctx.db, id);
}

export async function notifyUser(
  ctx: UserContext,
  actor: Actor,
  id: string,
  input: { title: string; message: string },
): Promise<{ ok: true; notificationId: string }> {
  assertUserId(id);
  const notification = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, id);
    if (!user) throw userNotFound();
    const row = await createNotification(ctx, tx, {
      userId: id,
      type: "admin_message",
      title: input.title,
      message: input.message,
    });
    await recordActorAudit(tx, actor, {
      action: "user.notify",
      entity: "user",
      entityId: id,
      after: { notificationId: row.id, title: input.title, message: input.message },
    });
    return row;
  });
  return { ok: true, notificationId: notification.id };
}

/** A manual email, really sent: written to the outbox with the audit record, delivered by the worker. */
export async function emailUser(
  ctx: UserContext,
  actor: Actor,
  id: string,
  input: { subject: string; body: string },
): Promise<{ ok: true; messageId: string }> {
  assertUserId(id);
  const messageId = await ctx.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, id);
    if (!user) throw userNotFound();
    const outboxId = await ctx.mail.enqueue(tx, {
      to: user.email,
      ...noticeEmail({ name: user.name, title: input.subject, message: input.body }),
    });
    await recordActorAudit(tx, actor, {
      action: "user.email",
      entity: "user",
      entityId: id,
      after: { outboxId, to: user.email, subject: input.subject, body: input.body },
    });
    return outboxId;
  });
  ctx.mail.flushSoon();
  return { ok: true, messageId };
}

export async function userParticipations(db: Executor, id: string): Promise<AdminParticipation[]> {
  assertUserId(id);
  await adminUser(db, id);
  const rows = await repo.participations(db, id);
  const refunds = await refundStatusesOf(
    db,
    rows.map((row) => row.proofId),
  );
  return rows.map((row) => ({
    raffleId: row.raffleId,
    raffleName: row.raffleTitle ?? GENERAL_PROOF_LABEL,
    participationDate: row.createdAt.toISOString(),
    proofStatus: row.status as AdminParticipation["proofStatus"],
    paymentProofId: row.proofId,
    quantityOfTickets: row.quantity,
    amount: Number(row.amount),
    currency: row.currency as AdminParticipation["currency"],
    tickets: (row.tickets ?? [])
      .map(Number)
      .map((n) => (row.raffleTotalTickets === null ? String(n) : ticketLabel(n, row.raffleTotalTickets))),
    refund: refunds.has(row.proofId) ? { status: refunds.get(row.proofId) as RefundStatus } : null,
  }));
}
