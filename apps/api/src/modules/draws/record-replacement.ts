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
import { fetchRound } from "./drand-relays";
import {
  asRecord,
  committedThenMailed,
  DRAW_V2_MESSAGES,
  type DrawContext,
  laterOf,
  protocol,
  recordFacts,
  verifiesOn,
} from "./record-common";
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
  onFailure: (raffleId: string, round: number, errors: string[]) => void = () => {},
): Promise<number> {
  let resolved = 0;
  for (const due of await repo.findDueReplacements(ctx.db, now)) {
    const fetched = await fetchRound({
      relays: ctx.config.drandRelays,
      chainHash: due.chain.hash,
      round: due.round,
      accept: verifiesOn(due.chain),
      timeoutMs: 5_000,
      attempts: 2,
      retryDelayMs: 1_000,
    });
    if (!fetched.ok) {
      onFailure(due.raffleId, due.round, fetched.errors);
      continue;
    }
    try {
      if ((await resolveReplacement(ctx, due.raffleId, due.seq, fetched.beacon, "relay", now)) === "resolved")
        resolved += 1;
    } catch (error) {
      onFailure(due.raffleId, due.round, [error instanceof Error ? error.message : String(error)]);
    }
  }
  return resolved;
}

/** The raffle row's first-winner summary, from the current winner rows. */
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
    const sold = await repo.findSoldTickets(tx, raffle.id);
    const ticket = sold.find((t) => t.ticketNumber === replacement.ticketNumber);
    await repo.insertWinners(tx, [
      {
        raffleId: raffle.id,
        ticketId: ticket?.id ?? null,
        ticketNumber: replacement.ticketNumber,
        userId: ticket?.userId ?? null,
        winnerName: ticket?.ownerName ?? "Participante",
        prizeLevel: replacement.level,
        prizeIndex: replacement.index,
        prizeDescription: replacement.description,
        source: raffle.announcementType === "external" ? "external" : "internal",
        announcedAt: at,
      },
    ]);
    if (ticket?.userId && announce) {
      const [user] = await repo.findUserEmails(tx, [ticket.userId]);
      const told = await notify(
        tx,
        ctx,
        { userId: ticket.userId, email: user?.email, name: user?.name },
        "raffleWonAsReplacement",
        {
          raffleId: raffle.id,
          raffleTitle: raffle.title,
          ticket: formatTicketNumber(replacement.ticketNumber, raffle.totalTickets),
          prize: replacement.description,
        },
      );
      queued += told.mails;
    }
  }
  await refreshWinnerSummary(tx, raffle.id);
  return queued;
}
