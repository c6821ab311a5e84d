// The prizes on the organiser's Hoy (docs/decisions/0035-prizes-on-the-record.md): claims to review, each
// open dispute until it is resolved, and unclaimed prizes whose claim period is about to end.
import { type AdminToday, formatTicketNumber } from "@rifazo/shared";
import type { Executor } from "../../db/client";
import { prizeRecords } from "../draws";
import * as repo from "./repository";
import { deadlineOf } from "./views";

/** "Due soon": the claim period ends within this window. */
export const CLAIMS_DUE_WITHIN_MS = 48 * 3_600_000;

export async function prizesToday(db: Executor, now = new Date()): Promise<AdminToday["prizes"]> {
  const [pendingReview, disputes, unclaimed] = await Promise.all([
    repo.pendingReviewCount(db),
    repo.openDisputes(db),
    repo.adminPrizes(db, { status: "unclaimed" }),
  ]);
  const records = await prizeRecords(
    db,
    unclaimed.map((row) => row.raffleId),
  );
  const dueSoon = unclaimed.filter((row) => {
    const left = Date.parse(deadlineOf(row, records.get(row.raffleId)).deadline) - now.getTime();
    return left > 0 && left <= CLAIMS_DUE_WITHIN_MS;
  });
  return {
    pendingReview,
    openDisputes: disputes.map((d) => ({
      winnerId: d.winnerId,
      raffleId: d.raffleId,
      raffleTitle: d.raffleTitle,
      ticketNumber: formatTicketNumber(d.ticketNumber, d.totalTickets),
      openedAt: d.openedAt.toISOString(),
      message: d.message,
    })),
    claimsDueSoon: dueSoon.length,
  };
}
