// Beacons, pending replacements, evidence, late rounds and lottery publications (re-exported by repository.ts).
import { type DrandChainInfo, latestRoundAt } from "@rifazo/shared/domain/drand";
import type { LatestBeacon } from "@rifazo/shared/domain/draw-record";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  disqualificationEvidence,
  drandBeacons,
  lotteryCorrectionProposals,
  lotteryPublications,
  raffles,
  users,
} from "../../db/schema";

// ---------------------------------------------------------------------------------------------
// Blind decisions (decision 0021): verified beacons, pending replacements, evidence documents.
// ---------------------------------------------------------------------------------------------

/** Keeps a beacon the caller has verified against `chainHash` (idempotent). */
export async function storeBeacon(
  tx: Executor,
  chainHash: string,
  beacon: LatestBeacon,
  at: Date,
): Promise<void> {
  await tx
    .insert(drandBeacons)
    .values({ chainHash, round: beacon.round, signature: beacon.signature.toLowerCase(), verifiedAt: at })
    .onConflictDoNothing();
}

/** The latest verified beacon of `chain` already published at `at` (null when the server holds none). */
export async function latestHeldBeacon(
  tx: Executor,
  chain: DrandChainInfo,
  at: Date,
): Promise<LatestBeacon | null> {
  const upTo = latestRoundAt(chain, at.getTime() / 1000);
  const [row] = await tx
    .select({ round: drandBeacons.round, signature: drandBeacons.signature })
    .from(drandBeacons)
    .where(and(eq(drandBeacons.chainHash, chain.hash), sql`${drandBeacons.round} <= ${upTo}`))
    .orderBy(desc(drandBeacons.round))
    .limit(1);
  return row ? { round: Number(row.round), signature: row.signature } : null;
}

export interface DueReplacement {
  raffleId: string;
  /** seq of the disqualification entry. */
  seq: number;
  round: number;
  chain: DrandChainInfo;
}

/**
 * v3 disqualifications whose named round is out (roundTime <= now) and that have no replacement entry
 * yet, oldest first (replacements are drawn in record order).
 */
export async function findDueReplacements(tx: Executor, now: Date): Promise<DueReplacement[]> {
  const result = (await tx.execute(sql`
    SELECT e.raffle_id AS "raffleId", e.seq AS "seq", (e.data->>'round')::bigint AS "round",
           e.data->'chain' AS "chain"
    FROM draw_record_entries e
    WHERE e.type = 'disqualification' AND e.data ? 'round'
      AND (e.data->>'roundTime')::timestamptz <= ${now.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM draw_record_entries r WHERE r.raffle_id = e.raffle_id
                      AND r.type = 'replacement' AND (r.data->>'disqualification')::int = e.seq)
    ORDER BY (e.data->>'roundTime')::timestamptz, e.seq
    LIMIT 50`)) as unknown as {
    rows: Array<{
      raffleId: string;
      seq: number | string;
      round: string | number;
      chain: DrandChainInfo | string;
    }>;
  };
  return result.rows.map((row) => ({
    raffleId: row.raffleId,
    seq: Number(row.seq),
    round: Number(row.round),
    chain: typeof row.chain === "string" ? (JSON.parse(row.chain) as DrandChainInfo) : row.chain,
  }));
}

export async function insertEvidence(
  tx: Executor,
  values: typeof disqualificationEvidence.$inferInsert,
): Promise<void> {
  await tx.insert(disqualificationEvidence).values(values);
}

/** An evidence document of this raffle with this SHA-256, if one was uploaded. */
export async function findEvidence(tx: Executor, raffleId: string, sha256: string) {
  const [row] = await tx
    .select()
    .from(disqualificationEvidence)
    .where(and(eq(disqualificationEvidence.raffleId, raffleId), eq(disqualificationEvidence.sha256, sha256)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Late rounds (draw-round-late.ts): frozen internal raffles whose named round is past its time and
// the grace, still without winners.
// ---------------------------------------------------------------------------------------------

export interface LateRound {
  raffleId: string;
  title: string;
  round: number;
  roundTime: string;
  alertedAt: Date | null;
}

/** Frozen raffles whose named round was due at or before `dueBefore` and that are still not drawn. */
export async function findLateRounds(tx: Executor, dueBefore: Date): Promise<LateRound[]> {
  const result = (await tx.execute(sql`
    SELECT r.id AS "raffleId", r.title AS "title", (e.data->>'round')::bigint AS "round",
           e.data->>'roundTime' AS "roundTime", r.draw_late_alerted_at AS "alertedAt"
    FROM draw_record_entries e
    JOIN raffles r ON r.id = e.raffle_id
    WHERE e.type = 'round_named' AND r.status = 'frozen' AND r.drawn_at IS NULL
      AND (e.data->>'roundTime')::timestamptz <= ${dueBefore.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM draw_record_entries w WHERE w.raffle_id = e.raffle_id AND w.type = 'winners')
    ORDER BY (e.data->>'roundTime')::timestamptz
    LIMIT 50`)) as unknown as {
    rows: Array<{
      raffleId: string;
      title: string;
      round: string | number;
      roundTime: string;
      alertedAt: Date | string | null;
    }>;
  };
  return result.rows.map((row) => ({
    raffleId: row.raffleId,
    title: row.title,
    round: Number(row.round),
    roundTime: new Date(row.roundTime).toISOString(),
    alertedAt: row.alertedAt === null ? null : new Date(row.alertedAt),
  }));
}

/**
 * Claims the late-round alert of a raffle: true for exactly one caller (the conditional update), so the
 * email goes once whatever runs concurrently or restarts.
 */
export async function claimLateAlert(tx: Executor, raffleId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(raffles)
    .set({ drawLateAlertedAt: at })
    .where(and(eq(raffles.id, raffleId), isNull(raffles.drawLateAlertedAt), eq(raffles.status, "frozen")))
    .returning({ id: raffles.id });
  return rows.length > 0;
}

/** The organisers: every active administrator account. */
export async function organiserEmails(tx: Executor) {
  return tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")));
}

// Decision 0024: the official publications of lottery results (public) and the corrections waiting for
// a second administrator.

export async function insertPublication(
  tx: Executor,
  values: typeof lotteryPublications.$inferInsert,
): Promise<void> {
  await tx.insert(lotteryPublications).values(values).onConflictDoNothing();
}

export async function findPublication(tx: Executor, raffleId: string, sha256: string) {
  const [row] = await tx
    .select()
    .from(lotteryPublications)
    .where(and(eq(lotteryPublications.raffleId, raffleId), eq(lotteryPublications.sha256, sha256)))
    .limit(1);
  return row;
}

export type CorrectionProposalRow = typeof lotteryCorrectionProposals.$inferSelect;

export async function insertCorrectionProposal(
  tx: Executor,
  values: typeof lotteryCorrectionProposals.$inferInsert,
): Promise<CorrectionProposalRow> {
  const [row] = await tx.insert(lotteryCorrectionProposals).values(values).returning();
  if (!row) throw new Error("sin propuesta");
  return row;
}

export async function pendingCorrectionProposals(tx: Executor, raffleId: string) {
  return tx
    .select()
    .from(lotteryCorrectionProposals)
    .where(
      and(
        eq(lotteryCorrectionProposals.raffleId, raffleId),
        eq(lotteryCorrectionProposals.status, "pending"),
      ),
    )
    .orderBy(asc(lotteryCorrectionProposals.proposedAt));
}

export async function decideCorrectionProposal(
  tx: Executor,
  id: string,
  status: "confirmed" | "discarded",
  decidedBy: string,
  at: Date,
): Promise<void> {
  await tx
    .update(lotteryCorrectionProposals)
    .set({ status, decidedBy, decidedAt: at })
    .where(and(eq(lotteryCorrectionProposals.id, id), eq(lotteryCorrectionProposals.status, "pending")));
}
