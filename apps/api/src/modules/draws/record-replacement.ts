import { formatTicketNumber } from "@rifazo/shared";
import { type DrandBeacon, type DrandChainInfo, verifyBeacon } from "@rifazo/shared/domain/drand";
import { pickReplacementV3 } from "@rifazo/shared/domain/draw-engine-v2";
import {
  type RecordEntry,
  type RecordWinner,
  type RulesPublishedData,
  verifyRecord,
} from "@rifazo/shared/domain/draw-record";
import type { Tx } from "../../db/client";
import { conflict, notFound } from "../../lib/errors";
import { notify } from "../notifications";
import {
  asRecord,
  committedThenMailed,
  DRAW_V2_MESSAGES,
  type DrawContext,
  type DueFailure,
  forEachDueBeacon,
  laterOf,
  protocol,
  recordFacts,
  winnerRows,
} from "./record-common";
import { winnerNoticeFacts } from "./record-prizes";
import * as repo from "./repository";

export async function resolveReplacement(
  ctx: DrawContext,
  raffleId: string,
  seq: number,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  now = new Date(),
): Promise<"resolved" | "waiting" | "done"> {
  const { outcome } = await committedThenMailed(ctx, (tx) =>
    resolveReplacementIn(ctx, tx, raffleId, seq, beacon, source, now),
  );
  return outcome;
}

/** resolveReplacement inside the caller's transaction (the demo seed); returns the emails queued. */
export async function resolveReplacementIn(
  ctx: DrawContext,
  tx: Tx,
  raffleId: string,
  seq: number,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  now: Date,
  options: { announce?: boolean } = {},
): Promise<{ outcome: "resolved" | "waiting" | "done"; queued: number }> {
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(tx, raffleId);
  const { rules, frozen } = recordFacts(entries);
  const entry = entries[seq];
  if (!rules || !frozen || entry?.type !== "disqualification" || entry.data.round === undefined)
    throw notFound("NOT_FOUND");
  const d = entry.data;
  const replacements = entries.filter((e) => e.type === "replacement") as RecordEntry<"replacement">[];
  if (replacements.some((r) => r.data.disqualification === seq)) return { outcome: "done", queued: 0 };
  const earlier = entries.filter(
    (e) => e.type === "disqualification" && e.seq < seq && e.data.round !== undefined,
  );
  if (earlier.some((e) => !replacements.some((r) => r.data.disqualification === e.seq)))
    return { outcome: "waiting", queued: 0 };
  if (beacon.round !== d.round) throw conflict(DRAW_V2_MESSAGES.wrongRound(d.round as number, beacon.round));
  const chain = d.chain as DrandChainInfo;
  const randomness = await protocol(() => verifyBeacon(chain, beacon));

  const { ticket, index } = await drawReplacementTicket(ctx, raffleId, entries, {
    rules,
    frozen,
    disqualification: entry,
    replacements,
    randomness,
  });
  const tag = frozen.data.tickets.find((t) => t.number === ticket)?.tag ?? "";
  const at = laterOf(now, d.roundTime as string);
  await repo.storeBeacon(tx, chain.hash, { round: beacon.round, signature: beacon.signature }, at);
  await repo.appendRecordEntry(tx, raffleId, "replacement", at, {
    disqualification: seq,
    round: beacon.round,
    signature: beacon.signature.toLowerCase(),
    randomness,
    source,
    replacement: ticket === null ? null : { level: d.level, index, ticketNumber: ticket, tag },
  });
  const description = rules.prizeLevels.find((l) => l.level === d.level)?.description ?? "Premio";
  const queued = await writeReplacement(
    ctx,
    tx,
    raffle,
    ticket === null ? null : { level: d.level, index, ticketNumber: ticket, tag, description },
    at,
    options.announce ?? true,
  );
  await ctx.events.publish(tx, {
    topic: "raffle",
    payload: { type: "raffle.updated", id: raffleId, change: "winners" },
  });
  return { outcome: "resolved", queued };
}

/**
 * The replacement's ticket, drawn from the verified record's frozen list without its current winners and
 * its disqualified tickets (null when none is left), with the named round's randomness and the
 * disqualification entry's hash; `index` is its position in the level, after the level's original picks
 * and its earlier replacements.
 */
async function drawReplacementTicket(
  ctx: DrawContext,
  raffleId: string,
  entries: RecordEntry[],
  drawn: {
    rules: RulesPublishedData;
    frozen: RecordEntry<"frozen">;
    disqualification: RecordEntry<"disqualification">;
    replacements: RecordEntry<"replacement">[];
    randomness: string;
  },
): Promise<{ ticket: number | null; index: number }> {
  const { rules, frozen, disqualification, replacements, randomness } = drawn;
  const d = disqualification.data;
  const verification = await verifyRecord(asRecord(raffleId, entries));
  if (!verification.ok) {
    ctx.log.error({ raffleId, checks: verification.checks.filter((c) => !c.ok) }, "acta: no verifica");
    throw conflict(DRAW_V2_MESSAGES.recordBroken);
  }
  const taken = new Set(verification.winners.map((w) => w.ticketNumber));
  const disqualified = new Set(verification.decisions.map((x) => x.ticketNumber));
  const pool = frozen.data.tickets.map((t) => t.number).filter((n) => !taken.has(n) && !disqualified.has(n));
  const count = rules.prizeLevels.find((l) => l.level === d.level)?.count ?? 0;
  const index = count + replacements.filter((r) => r.data.replacement?.level === d.level).length;
  const ticket = await protocol(() =>
    pickReplacementV3({
      raffleId,
      listHash: frozen.data.listHash,
      randomness,
      disqualificationHash: disqualification.hash,
      level: d.level,
      index,
      pool,
    }),
  );
  return { ticket, index };
}

/** Replacements whose round is out, drawn with the relays' beacon (the draw job). */
export async function resolveDueReplacements(
  ctx: DrawContext,
  now = new Date(),
  onFailure: DueFailure = () => {},
): Promise<number> {
  let resolved = 0;
  await forEachDueBeacon(ctx, await repo.findDueReplacements(ctx.db, now), onFailure, async (due, beacon) => {
    if ((await resolveReplacement(ctx, due.raffleId, due.seq, beacon, "relay", now)) === "resolved")
      resolved += 1;
  });
  return resolved;
}

/**
 * The raffle row's first-winner summary (winnerName, winningTicketNumber), from the draw's current winner
 * rows: an instant prize never makes the raffle look drawn (decision 0035).
 */
export async function refreshWinnerSummary(tx: Tx, raffleId: string): Promise<void> {
  const current = await repo.findWinners(tx, raffleId);
  const first = current[0];
  await repo.updateRaffle(tx, raffleId, {
    winnerId: first?.userId ?? null,
    winnerName: first?.winnerName ?? null,
    winningTicketNumber: first?.ticketNumber ?? null,
  });
}

/** The replacement's winner row and its notice. */
async function writeReplacement(
  ctx: DrawContext,
  tx: Tx,
  raffle: repo.RaffleRow,
  replacement: RecordWinner | null,
  at: Date,
  announce = true,
): Promise<number> {
  let queued = 0;
  if (replacement) {
    const source = raffle.announcementType === "external" ? "external" : "internal";
    const rows = await winnerRows(tx, raffle.id, [replacement], source, at);
    await repo.insertWinners(tx, rows);
    const userId = rows[0]?.userId;
    const prize = (await winnerNoticeFacts(tx, raffle.id)).get(replacement.ticketNumber);
    if (userId && prize && announce) {
      const [user] = await repo.findUserEmails(tx, [userId]);
      const told = await notify(
        tx,
        ctx,
        { userId, email: user?.email, name: user?.name },
        "raffleWonAsReplacement",
        {
          raffleId: raffle.id,
          raffleTitle: raffle.title,
          ticket: formatTicketNumber(replacement.ticketNumber, raffle.totalTickets),
          prize: replacement.description,
          ...prize,
        },
      );
      queued += told.mails;
    }
  }
  await refreshWinnerSummary(tx, raffle.id);
  return queued;
}
