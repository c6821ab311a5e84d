// The demo seed's sales and their outcome, inside its transaction: payment proofs approved through the
// app's own service, winners, each raffle's planned lifecycle state and the rewards (demo.ts runs them).

import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import { and, eq, inArray } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { paymentProofs, raffles, rewardRedemptions, rewards, tickets, winners } from "../db/schema";
import { approveInTransaction } from "../modules/admin";
import { recordClose } from "../modules/draws";
import { applyPointsChange } from "../modules/points";
import { DEMO_REWARDS, type DemoUser } from "./demo-data";
import { DEMO_ROUND_DELAY_MINUTES } from "./demo-draws";
import { DAY, type Plan, type PlannedRaffle, type PlannedWinner, planWinners } from "./demo-plan";

type UserId = (key: string) => string;
/** What approvals and the lifecycle close need from the app context. */
type SalesContext = Pick<AppContext, "log" | "events" | "mail" | "config">;

/** Payment proofs: the approved ones go in pending and are approved, as an admin would. */
export async function insertDemoProofs(
  ctx: SalesContext,
  tx: Tx,
  input: { plan: Plan; adminId: string | null; userId: UserId; now: Date },
) {
  const { plan, adminId, userId, now } = input;
  await tx.insert(paymentProofs).values(
    plan.proofs.map((p) => {
      const reviewed = p.status === "rejected";
      return {
        id: p.id,
        userId: userId(p.userKey),
        raffleId: p.raffle?.id ?? null,
        amount: p.amount,
        currency: p.currency,
        exchangeRate: p.exchangeRate,
        paymentMethod: p.method,
        transactionRef: p.reference,
        referenceKey: paymentReferenceKey(p.method, p.reference),
        proofImagePath: p.storageKey,
        proofImageFilename: p.filename,
        proofContentType: "image/png",
        proofSize: p.image?.length ?? 0,
        status: p.status === "approved" ? ("pending" as const) : p.status,
        userNotes: p.userNotes,
        adminNotes: p.adminNotes,
        quantityOfTickets: p.quantity,
        reviewedBy: reviewed ? adminId : null,
        reviewedAt: reviewed ? p.reviewedAt : null,
        createdAt: p.createdAt,
        updatedAt: (reviewed ? p.reviewedAt : null) ?? p.createdAt,
      };
    }),
  );
  // The app's approval, oldest first, dated when the plan reviewed each proof: it hands out random
  // available tickets, credits the points in the ledger and keeps the raffle's sold count.
  const actor = { id: adminId, ip: null };
  const approvals = plan.proofs
    .filter((p) => p.status === "approved")
    .sort((a, b) => (a.reviewedAt?.getTime() ?? 0) - (b.reviewedAt?.getTime() ?? 0));
  for (const p of approvals) {
    await approveInTransaction(ctx, tx, actor, p.id, { replayAt: p.reviewedAt ?? now });
  }
}

/** The user key that owns each sold ticket, by raffle id and ticket number. */
async function soldTicketOwners(tx: Tx, userIds: Map<string, string>) {
  const keyOfUser = new Map([...userIds].map(([key, id]) => [id, key]));
  const owners = new Map<string, Map<number, string>>();
  const sold = await tx
    .select({ raffleId: tickets.raffleId, ticketNumber: tickets.ticketNumber, userId: tickets.userId })
    .from(tickets)
    .where(eq(tickets.status, "sold"));
  for (const row of sold) {
    const byNumber = owners.get(row.raffleId) ?? new Map<number, string>();
    byNumber.set(row.ticketNumber, keyOfUser.get(row.userId ?? "") ?? "");
    owners.set(row.raffleId, byNumber);
  }
  return owners;
}

interface WinnerInput {
  userId: UserId;
  usersByKey: Map<string, DemoUser>;
}

async function insertRaffleWinners(
  tx: Tx,
  r: PlannedRaffle,
  raffleWinners: PlannedWinner[],
  input: WinnerInput,
) {
  const { userId, usersByKey } = input;
  const ticketRows = await tx
    .select({ id: tickets.id, ticketNumber: tickets.ticketNumber })
    .from(tickets)
    .where(
      and(
        eq(tickets.raffleId, r.id),
        inArray(
          tickets.ticketNumber,
          raffleWinners.map((w) => w.ticketNumber),
        ),
      ),
    );
  await tx.insert(winners).values(
    raffleWinners.map((w) => ({
      raffleId: r.id,
      ticketId: ticketRows.find((t) => t.ticketNumber === w.ticketNumber)?.id ?? null,
      ticketNumber: w.ticketNumber,
      userId: userId(w.userKey),
      winnerName: usersByKey.get(w.userKey)?.name ?? "Ganador",
      prizeLevel: w.level,
      prizeDescription: w.description,
      source: w.source,
      announcedAt: w.announcedAt,
    })),
  );
  const first = [...raffleWinners].sort((a, b) => a.level - b.level)[0];
  if (!first) return;
  const transcript = r.transcript;
  await tx
    .update(raffles)
    .set({
      winnerId: userId(first.userKey),
      winnerName: usersByKey.get(first.userKey)?.name ?? null,
      winningTicketNumber: first.ticketNumber,
      ...(transcript
        ? {
            drawPublicValue: transcript.publicValue,
            drawTicketListHash: transcript.ticketListHash,
            drawAlgorithm: transcript.algorithmVersion,
            drawTranscript: transcript,
            drawnAt: new Date(transcript.drawnAt),
          }
        : {}),
    })
    .where(eq(raffles.id, r.id));
}

/** Winners of the finished raffles, among the tickets the approvals sold. */
export async function insertDemoWinners(
  tx: Tx,
  plan: Plan,
  input: WinnerInput & { userIds: Map<string, string> },
) {
  await planWinners(plan, await soldTicketOwners(tx, input.userIds));
  for (const r of plan.raffles) {
    const raffleWinners = plan.winners.filter((w) => w.raffle === r);
    if (raffleWinners.length === 0) continue;
    await insertRaffleWinners(tx, r, raffleWinners, input);
  }
}

/**
 * Each raffle moves on to its planned lifecycle state, after its sales (lifecycle, decision 0012). A
 * frozen or finished raffle's tickets, proofs and prizes can no longer change after this.
 */
export async function moveDemoRafflesToPlannedStates(ctx: SalesContext, tx: Tx, plan: Plan, now: Date) {
  for (const r of plan.raffles) {
    const target = r.def.status;
    if (target === "upcoming" || target === "active") continue;
    const closedAt =
      r.activatedAt !== null && r.activatedAt !== undefined
        ? new Date(Math.min(r.activatedAt.getTime() + DAY, now.getTime()))
        : (r.endDate ?? now);
    const closeReason = r.def.activationType === "percentage" ? "countdown_ended" : "end_date";
    if (r.def.drawV2) {
      // Record-era raffles close through the lifecycle's own record (rules, then the close); the
      // freeze and the draw are the app's own code (demo-draws.ts).
      await tx.update(raffles).set({ status: "closed", closedAt, closeReason }).where(eq(raffles.id, r.id));
      // With the demo's own round delay: the drawn raffle's quicknet round is fixed (demo-draws.ts), so
      // a server started with another DRAW_ROUND_DELAY_MINUTES (the e2e relay uses 0) still seeds it.
      const demoDraws = {
        config: { ...ctx.config, drawRoundDelayMinutes: DEMO_ROUND_DELAY_MINUTES },
        events: ctx.events,
      };
      await recordClose(demoDraws, tx, r.id, closedAt, {
        reason: closeReason,
        reviewDeadline: new Date(closedAt.getTime() + 48 * 3_600_000).toISOString(),
      });
      continue;
    }
    await tx
      .update(raffles)
      .set({
        status: target,
        closedAt,
        closeReason,
        frozenAt: target === "frozen" ? closedAt : null,
        ...(target === "cancelled"
          ? { cancelledAt: closedAt, cancelReason: "Rifa de demostración cancelada." }
          : {}),
      })
      .where(eq(raffles.id, r.id));
  }
}

/** Rewards, and one redemption through the points ledger (the approvals credited the rest). */
export async function seedDemoRewards(tx: Tx, now: Date, userId: UserId) {
  const hasRewards = (await tx.select({ id: rewards.id }).from(rewards).limit(1)).length > 0;
  if (hasRewards) return;
  const inserted = await tx
    .insert(rewards)
    .values(DEMO_REWARDS.map((r, i) => ({ ...r, createdAt: new Date(now.getTime() - (60 - i) * DAY) })))
    .returning({ id: rewards.id, title: rewards.title, pointsRequired: rewards.pointsRequired });
  const ticketReward = inserted.find((r) => r.title === "Boleto gratis");
  if (!ticketReward) return;
  const redeemedAt = new Date(now.getTime() - 3 * DAY);
  const [redemption] = await tx
    .insert(rewardRedemptions)
    .values({
      userId: userId("maria"),
      rewardId: ticketReward.id,
      rewardTitle: ticketReward.title,
      pointsSpent: ticketReward.pointsRequired,
      createdAt: redeemedAt,
    })
    .returning({ id: rewardRedemptions.id });
  await applyPointsChange(tx, {
    userId: userId("maria"),
    change: -ticketReward.pointsRequired,
    reason: `Canje de recompensa: ${ticketReward.title}`,
    rewardRedemptionId: redemption?.id ?? null,
    at: redeemedAt,
  });
}
