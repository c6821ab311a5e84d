// Draw v2 (decision 0012): the record, the drand draw, disqualifications and external-lottery results. Every
// change locks the raffle row, appends to the record (repository.appendRecordEntry) and updates the
// winners table in one transaction, so the record and what pages show never disagree. Nothing here
// lets anyone choose a winner: the beacon is verified against the chain the record named at the
// freeze, and replacements and lottery mappings come from the shared protocol code.

import { createHash } from "node:crypto";
import type { DrawResult } from "@rifazo/shared";
import { daysText, formatTicketNumber } from "@rifazo/shared";
import {
  type DrandBeacon,
  type DrandChainInfo,
  firstRoundAtOrAfterMs,
  latestRoundAt,
  roundTime,
  verifyBeacon,
} from "@rifazo/shared/domain/drand";
import { DrawInputError } from "@rifazo/shared/domain/draw-engine";
import { ALGORITHM_VERSION_V2, drawV2, pickReplacementV3 } from "@rifazo/shared/domain/draw-engine-v2";
import {
  type DrawRecord,
  type ExternalAnnouncement,
  type LatestBeacon,
  mapExternalResult,
  prizeSlots,
  RECORD_FORMAT_V3,
  type RecordEntry,
  type RecordEntryType,
  type RecordWinner,
  recordFormatOf,
  verifyRecord,
} from "@rifazo/shared/domain/draw-record";
import { DEFAULT_CORRECTION_WINDOW_HOURS, LOTTERY_MESSAGES } from "@rifazo/shared/domain/lottery-binding";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";
import type { Actor } from "../auth";
import { detectFileKind } from "../files/file-type";
import { advanceNow } from "../lifecycle/service";
import { notify } from "../notifications";
import { announceWinners } from "./announce";
import { fetchRound } from "./drand-relays";
import * as repo from "./repository";
import { DRAW_MESSAGES, storedResult } from "./service";

export type DrawContext = Pick<AppContext, "db" | "log" | "events" | "mail" | "config"> &
  Partial<Pick<AppContext, "storage">>;

const caracas = (iso: string) =>
  new Date(iso).toLocaleString("es-VE", {
    timeZone: "America/Caracas",
    dateStyle: "long",
    timeStyle: "medium",
  });

export const DRAW_V2_MESSAGES = {
  notFrozen:
    "El sorteo se realiza cuando la lista de boletos quede congelada (después del cierre y de revisar los pagos pendientes).",
  external:
    "Los ganadores de esta rifa salen del resultado oficial de la lotería que se fijó antes de la venta.",
  notExternal: "Esta rifa no se decide con una lotería externa.",
  winnersByRecord:
    "Esta rifa tiene acta pública: sus ganadores salen del sorteo o del resultado oficial de la lotería, no se escriben a mano.",
  wrongRound: (named: number, got: number) =>
    `Esta rifa se sortea con la ronda ${named} de drand, fijada al congelar la lista; la ronda ${got} no sirve.`,
  tooEarly: (round: number, at: string) =>
    `La ronda ${round} de drand se publica el ${caracas(at)} (hora de Venezuela): el sorteo se puede realizar a partir de ese momento.`,
  relaysDown: (round: number) =>
    `No pudimos obtener la ronda ${round} de drand de ningún servidor. Se reintentará sola; un administrador también puede ingresarla.`,
  notDrawn: "Esta rifa todavía no tiene ganadores.",
  noWinnerAt: (level: number, index: number) =>
    `No hay un ganador vigente en el nivel ${level}, posición ${index + 1}.`,
  resultTooEarly: (lottery: string, at: string) =>
    `El sorteo de ${lottery} es el ${caracas(at)} (hora de Venezuela): el resultado se registra después.`,
  correctionReason: "Indica el motivo de la corrección: el resultado anterior queda visible en el acta.",
  frozenAfterLottery:
    "La lista de boletos se congeló después del sorteo de la lotería: su resultado ya se conocía y no decide esta rifa (se aplica el respaldo de las reglas).",
  recordBroken:
    "El acta de esta rifa no verifica: no se puede modificar hasta que el equipo técnico la revise.",
  noRecord: "Esta rifa todavía no tiene acta publicada.",
  // Blind decisions (decision 0021).
  reasonNotListed: (codes: string[]) =>
    `El motivo debe ser uno de la lista publicada en las reglas de la rifa: ${codes.join(", ")}. No se admite texto libre.`,
  claimPeriodOpen: (days: number, due: string) =>
    `El ganador tiene ${daysText(days)} para reclamar su premio según las reglas: el plazo vence el ${caracas(due)} (hora de Venezuela). Antes no se le puede descalificar por no reclamarlo.`,
  evidenceRequired:
    "Para descalificar por fraude adjunta el documento de prueba: se guarda en privado y su huella SHA-256 queda en el acta.",
  evidenceInvalid: "El documento de prueba no es válido (envíalo en base64, de 1 byte a 700 KB).",
  noLatestBeacon:
    "El servidor no tiene todavía un beacon de drand verificado reciente, que prueba que la ronda del reemplazo está en el futuro. Inténtalo de nuevo en un momento.",
  roundPublished: (round: number, latest: number) =>
    `La ronda ${round} de drand ya se publicó (el servidor tiene la ronda ${latest}): su valor se conoce, así que no puede decidir el reemplazo.`,
  roundTooSoon: (round: number, min: number, delay: number) =>
    `La ronda ${round} de drand es demasiado pronto: el reemplazo debe salir de una ronda al menos ${delay} min posterior a la descalificación (la primera posible es la ${min}).`,
  v2Record:
    "Esta rifa tiene un acta en el formato anterior (rifazo-record-1), que no admite descalificaciones a ciegas: no se puede descalificar a sus ganadores desde aquí.",
  replacementPending: (round: number) =>
    `Ese premio espera su reemplazo: se sortea con la ronda ${round} de drand.`,
} as const;

function asRecord(raffleId: string, entries: RecordEntry[]): DrawRecord {
  return { format: recordFormatOf(entries), raffleId, entries };
}

function find<T extends RecordEntryType>(entries: RecordEntry[], type: T): RecordEntry<T> | undefined {
  return entries.find((e) => e.type === type) as RecordEntry<T> | undefined;
}

function last<T extends RecordEntryType>(entries: RecordEntry[], type: T): RecordEntry<T> | undefined {
  return [...entries].reverse().find((e) => e.type === type) as RecordEntry<T> | undefined;
}

/** The rules, frozen list and (internal) round the record holds; null fields until they exist. */
function recordFacts(entries: RecordEntry[]) {
  const rules = last(entries, "rules_published")?.data ?? null;
  const frozen = find(entries, "frozen") ?? null;
  const named = find(entries, "round_named")?.data ?? null;
  // Decision 0024: after a "drand" fallback the lottery no longer decides: the raffle draws like an internal one.
  const fellBack = entries.some((e) => e.type === "lottery_fallback" && e.data.fallback === "drand");
  const external =
    rules?.announcement.type === "external" && !fellBack
      ? (rules.announcement as ExternalAnnouncement)
      : null;
  return { rules, frozen, named, external };
}

/** A DrawInputError from the protocol code is the caller's fault (400), in Spanish already. */
async function protocol<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DrawInputError) throw badRequest(error.message);
    throw error;
  }
}

/** A relay's answer is taken only if it verifies against the chain the record named. */
const verifiesOn = (chain: DrandChainInfo) => (beacon: DrandBeacon) =>
  verifyBeacon(chain, beacon).then(
    () => true,
    () => false,
  );

const laterOf = (a: Date, iso: string) => new Date(Math.max(a.getTime(), Date.parse(iso)));

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** GET /api/raffles/:id/record: the whole record (ticket numbers and owner tags, never a person). */
export async function recordFor(ctx: Pick<AppContext, "db">, raffleId: string): Promise<DrawRecord> {
  const raffle = await repo.findRaffle(ctx.db, raffleId);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(ctx.db, raffleId);
  if (entries.length === 0) throw notFound("NOT_FOUND", DRAW_V2_MESSAGES.noRecord);
  return asRecord(raffleId, entries);
}

// ---------------------------------------------------------------------------------------------
// The drand draw
// ---------------------------------------------------------------------------------------------

export interface DrawOptions {
  viewerId?: string | null;
  now?: Date;
}

/**
 * performDraw: verifies `beacon` against the chain the record named at the freeze (it must be that
 * very round), appends `beacon` and `winners`, writes the winners, finishes the raffle and announces it.
 * Idempotent under the raffle lock: once drawn, any call returns the stored result, whatever it passes.
 */
export async function performDraw(
  ctx: DrawContext,
  raffleId: string,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  options: DrawOptions = {},
): Promise<DrawResult> {
  const { result, queued } = await ctx.db.transaction((tx) =>
    performDrawIn(ctx, tx, raffleId, beacon, source, options),
  );
  if (queued > 0) ctx.mail.flushSoon();
  return result;
}

/**
 * performDraw inside the caller's transaction (the demo seed draws its v2 raffle this way, without
 * announcing). Returns the result and how many emails were queued.
 */
export async function performDrawIn(
  ctx: DrawContext,
  tx: Tx,
  raffleId: string,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  options: DrawOptions & { announce?: boolean } = {},
): Promise<{ result: DrawResult; queued: number }> {
  const viewerId = options.viewerId ?? null;
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(tx, raffleId);
  if (raffle.drawnAt || find(entries, "winners"))
    return { result: await storedResult(tx, raffle, viewerId), queued: 0 };
  const { rules, frozen, named, external } = recordFacts(entries);
  if (external) throw conflict(DRAW_V2_MESSAGES.external);
  if (!rules || !frozen || !named || raffle.status !== "frozen") throw conflict(DRAW_V2_MESSAGES.notFrozen);
  if (beacon.round !== named.round) throw conflict(DRAW_V2_MESSAGES.wrongRound(named.round, beacon.round));
  const randomness = await protocol(() => verifyBeacon(named.chain, beacon));

  // A verified beacon exists only once its round is out; the server clock may lag a little.
  const at = laterOf(options.now ?? new Date(), named.roundTime);
  await repo.storeBeacon(tx, named.chain.hash, { round: named.round, signature: beacon.signature }, at);
  await repo.appendRecordEntry(tx, raffleId, "beacon", at, {
    round: named.round,
    signature: beacon.signature.toLowerCase(),
    randomness,
    source,
  });
  const tags = new Map(frozen.data.tickets.map((t) => [t.number, t.tag]));
  const drawn = await drawV2({
    raffleId,
    listHash: frozen.data.listHash,
    randomness,
    ticketNumbers: frozen.data.tickets.map((t) => t.number),
    prizeLevels: rules.prizeLevels,
  });
  const picks: RecordWinner[] = drawn.picks.map((w) => ({ ...w, tag: tags.get(w.ticketNumber) ?? "" }));
  await repo.appendRecordEntry(tx, raffleId, "winners", at, {
    algorithm: ALGORITHM_VERSION_V2,
    winners: picks,
  });
  const queued = await writeWinners(
    ctx,
    tx,
    raffle,
    picks,
    "internal",
    at,
    frozen.data.listHash,
    options.announce ?? true,
  );
  const updated = await repo.findRaffle(tx, raffleId);
  if (!updated) throw new AppError("INTERNAL");
  return { result: await storedResult(tx, updated, viewerId), queued };
}

/** Winner rows for picks of the record: each ticket's owner (and shown name) from the sold list. */
async function winnerRows(
  tx: Tx,
  raffleId: string,
  picks: RecordWinner[],
  source: "internal" | "external",
  at: Date,
) {
  const sold = await repo.findSoldTickets(tx, raffleId);
  const byNumber = new Map(sold.map((t) => [t.ticketNumber, t]));
  return picks.map((w) => {
    const ticket = byNumber.get(w.ticketNumber);
    return {
      raffleId,
      ticketId: ticket?.id ?? null,
      ticketNumber: w.ticketNumber,
      userId: ticket?.userId ?? null,
      winnerName: ticket?.ownerName ?? "Participante",
      prizeLevel: w.level,
      prizeIndex: w.index,
      prizeDescription: w.description,
      source,
      announcedAt: at,
    };
  });
}

/** Inserts the winner rows of a draw or a lottery result, finishes the raffle and tells everyone. */
async function writeWinners(
  ctx: DrawContext,
  tx: Tx,
  raffle: repo.RaffleRow,
  picks: RecordWinner[],
  source: "internal" | "external",
  at: Date,
  listHash: string,
  announce = true,
): Promise<number> {
  const rows = await winnerRows(tx, raffle.id, picks, source, at);
  await repo.insertWinners(tx, rows);
  const first = rows[0];
  await repo.updateRaffle(tx, raffle.id, {
    status: "finished",
    drawnAt: at,
    drawAlgorithm: source === "internal" ? ALGORITHM_VERSION_V2 : null,
    drawTicketListHash: listHash,
    winnerId: first?.userId ?? null,
    winnerName: first?.winnerName ?? null,
    winningTicketNumber: first?.ticketNumber ?? null,
  });
  const queued = announce ? await announceWinners(ctx, tx, raffle, rows) : 0;
  await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.drawn", id: raffle.id } });
  return queued;
}

/**
 * POST /api/raffles/:id/draw: anyone may press it; the result is fixed. A drawn raffle (a v1 draw kept
 * from before decision 0012, or a v2 one) answers its stored result; a frozen one whose round is out is drawn
 * with the beacon fetched from the relays. There is no other path: every raffle still to draw is closed,
 * frozen with a record and drawn by drand.
 */
export async function drawOnDemand(
  ctx: AppContext,
  raffleId: string,
  options: DrawOptions = {},
): Promise<DrawResult> {
  const now = options.now ?? new Date();
  // The lifecycle first, committed on its own (a refused draw must not undo it): a raffle whose sales
  // just ended closes, and freezes when nothing is pending. A freeze cites the latest verified beacon
  // (decision 0021), so one is fetched first unless the raffle is already past the freeze.
  const before = await repo.findRaffle(ctx.db, raffleId);
  if (before && !before.drawnAt && (before.status === "active" || before.status === "closed")) {
    await refreshLatestBeacon(ctx, ctx.config.drandChainInfo, now).catch(() => null);
  }
  await advanceNow(ctx, raffleId, now);
  const raffle = await repo.findRaffle(ctx.db, raffleId);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  if (raffle.drawnAt) return storedResult(ctx.db, raffle, options.viewerId ?? null);
  if (raffle.status === "cancelled") throw conflict(DRAW_MESSAGES.cancelled, "RAFFLE_STATE");
  const entries = await repo.recordEntries(ctx.db, raffleId);
  const { named, external } = recordFacts(entries);
  if (external) throw conflict(DRAW_V2_MESSAGES.external);
  // A raffle announced on a live broadcast (no lottery bound before the sale) has its winners registered.
  if (raffle.announcementType === "external") throw conflict(DRAW_MESSAGES.external);
  // Only a frozen list is drawn: proofs from before the close are never left out by an early draw.
  if (raffle.status !== "frozen" || !named) throw conflict(DRAW_V2_MESSAGES.notFrozen, "RAFFLE_STATE");
  if (Date.parse(named.roundTime) > now.getTime()) {
    throw conflict(DRAW_V2_MESSAGES.tooEarly(named.round, named.roundTime));
  }
  const fetched = await fetchRound({
    relays: ctx.config.drandRelays,
    chainHash: named.chain.hash,
    round: named.round,
    accept: verifiesOn(named.chain),
    timeoutMs: 4_000,
    attempts: 2,
    retryDelayMs: 500,
  });
  if (!fetched.ok) {
    ctx.log.warn(
      { raffleId, round: named.round, errors: fetched.errors },
      "sorteo: ningún relay de drand respondió",
    );
    throw new AppError("SERVICE_UNAVAILABLE", DRAW_V2_MESSAGES.relaysDown(named.round));
  }
  return performDraw(ctx, raffleId, fetched.beacon, "relay", options);
}

/** POST /api/admin/raffles/:id/beacon: verified exactly as a relay's answer, so pasting grants no power. */
export async function pasteBeacon(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  beacon: { round: number; signature: string },
): Promise<DrawResult> {
  // A drawn raffle whose disqualification waits for this very round: the paste draws the replacement
  // (verified against the chain the disqualification named, exactly as the job's relay answer).
  const entries = await repo.recordEntries(ctx.db, raffleId);
  const waiting = entries.find(
    (e) =>
      e.type === "disqualification" &&
      e.data.round === beacon.round &&
      !entries.some((r) => r.type === "replacement" && r.data.disqualification === e.seq),
  );
  if (waiting && find(entries, "winners")) {
    await resolveReplacement(ctx, raffleId, waiting.seq, beacon, "admin");
  }
  const result = await performDraw(
    ctx,
    raffleId,
    { round: beacon.round, signature: beacon.signature },
    "admin",
    {
      viewerId: actor.id,
    },
  );
  await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.beacon",
      entity: "raffle",
      entityId: raffleId,
      after: { round: beacon.round, signature: beacon.signature },
      ipAddress: actor.ip,
    });
  });
  return result;
}

// ---------------------------------------------------------------------------------------------
// The draw job
// ---------------------------------------------------------------------------------------------

/**
 * Draws every frozen internal raffle whose round is out, with the beacon from the relays. Returns the
 * raffles drawn; a relay failure leaves the raffle for the next pass (or an admin's paste).
 */
export async function drawDueRaffles(
  ctx: DrawContext,
  now = new Date(),
  skip: (raffleId: string) => boolean = () => false,
  onFailure: (raffleId: string, round: number, errors: string[]) => void = () => {},
): Promise<string[]> {
  const due = await repo.findDueRounds(ctx.db, now);
  const drawn: string[] = [];
  for (const row of due) {
    if (skip(row.raffleId)) continue;
    const fetched = await fetchRound({
      relays: ctx.config.drandRelays,
      chainHash: row.chainHash,
      round: row.round,
      accept: verifiesOn(row.chain),
      timeoutMs: 5_000,
      attempts: 2,
      retryDelayMs: 1_000,
    });
    if (!fetched.ok) {
      onFailure(row.raffleId, row.round, fetched.errors);
      continue;
    }
    try {
      await performDraw(ctx, row.raffleId, fetched.beacon, "relay", { now });
      drawn.push(row.raffleId);
    } catch (error) {
      onFailure(row.raffleId, row.round, [error instanceof Error ? error.message : String(error)]);
    }
  }
  return drawn;
}

// ---------------------------------------------------------------------------------------------
// Disqualification (blind, decision 0021)
// ---------------------------------------------------------------------------------------------

export interface DisqualifyInput {
  level: number;
  /** 0-based index of the pick within its level (as in the record). */
  index: number;
  /** A code of the rules' closed list: "unclaimed" or "fraud". */
  reason: string;
  /** The evidence document of a "fraud" disqualification, base64 (stored privately; the record keeps its SHA-256). */
  evidence?: { contentType: string; dataBase64: string } | undefined;
  /** The round that draws the replacement; by default the first at least the delay after now. */
  round?: number | undefined;
}

export interface DisqualifyResult {
  disqualified: { level: number; index: number; ticketNumber: string };
  replacement: { level: number; index: number; ticketNumber: string } | null;
  /** The round whose randomness will draw the replacement, and when it is published. */
  pendingRound: { round: number; roundTime: string } | null;
}

const MAX_EVIDENCE_BYTES = 700 * 1024;

/** The time the current holder of (level, index) was named: the winners/result entry, or its replacement. */
function awardedAt(entries: RecordEntry[], level: number, index: number): string {
  for (const entry of [...entries].reverse()) {
    if (entry.type === "replacement") {
      const r = entry.data.replacement;
      if (r && r.level === level && r.index === index) return entry.at;
    }
    if (entry.type === "winners" || entry.type === "external_result" || entry.type === "external_correction")
      return entry.at;
  }
  throw new AppError("INTERNAL");
}

/**
 * Fetches the round published at `now` (or the one before, should the relays lag) and keeps it when it
 * verifies against `chain`: the latest beacon freezes and disqualifications cite as proof that the round
 * they name is still in the future. The draw job calls it every pass; null when no relay answered.
 */
export async function refreshLatestBeacon(
  ctx: Pick<AppContext, "db" | "config">,
  chain: DrandChainInfo = ctx.config.drandChainInfo,
  now = new Date(),
): Promise<LatestBeacon | null> {
  const latest = latestRoundAt(chain, now.getTime() / 1000);
  for (const round of [latest, latest - 1]) {
    if (round < 1) continue;
    const fetched = await fetchRound({
      relays: ctx.config.drandRelays,
      chainHash: chain.hash,
      round,
      accept: verifiesOn(chain),
      timeoutMs: 3_000,
      attempts: 1,
    });
    if (fetched.ok) {
      const beacon = { round, signature: fetched.beacon.signature.toLowerCase() };
      await repo.storeBeacon(ctx.db, chain.hash, beacon, now);
      return beacon;
    }
  }
  return null;
}

/**
 * Disqualifies a current winner for a reason of the rules' closed list (decision 0021). The record entry
 * names a drand round at least the configured delay later, with the latest verified beacon the server
 * holds as proof that the round is still in the future; the replacement is drawn from that round's
 * randomness (and this entry's hash) once it is published, by the draw job or an admin's paste. So when
 * the organiser decides, nobody can know who would come in.
 */
export async function disqualifyWinner(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  input: DisqualifyInput,
  clock = new Date(),
): Promise<DisqualifyResult> {
  // The latest beacon first (network, outside the transaction): the proof this entry will carry.
  const before = await repo.recordEntries(ctx.db, raffleId);
  // The entry's time, which the round is computed from: never before the previous entry (a record never
  // goes back in time, so a clock behind the last entry must not name a round too soon for it).
  const lastAt = before[before.length - 1]?.at;
  const now = lastAt ? laterOf(clock, lastAt) : clock;
  const drawChain = find(before, "round_named")?.data.chain ?? ctx.config.drandChainInfo;
  await refreshLatestBeacon(ctx, drawChain, now).catch(() => null);

  let evidence: { bytes: Buffer; sha256: string; contentType: string } | null = null;
  if (input.evidence) {
    const bytes = Buffer.from(input.evidence.dataBase64, "base64");
    if (bytes.length === 0 || bytes.length > MAX_EVIDENCE_BYTES)
      throw badRequest(DRAW_V2_MESSAGES.evidenceInvalid);
    evidence = {
      bytes,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      contentType: input.evidence.contentType,
    };
  }

  return ctx.db.transaction((tx) => disqualifyWinnerIn(ctx, tx, actor, raffleId, input, now, evidence));
}

/**
 * disqualifyWinner inside the caller's transaction, at `now` (the demo seed disqualifies its drawn
 * raffle's winner this way, on quicknet's recorded rounds).
 */
export async function disqualifyWinnerIn(
  ctx: DrawContext,
  tx: Tx,
  actor: { id: string | null; ip: string | null },
  raffleId: string,
  input: DisqualifyInput,
  now: Date,
  evidence: { bytes: Buffer; sha256: string; contentType: string } | null = null,
): Promise<DisqualifyResult> {
  {
    const raffle = await repo.findRaffle(tx, raffleId, true);
    if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
    const entries = await repo.recordEntries(tx, raffleId);
    const { rules, frozen, named, external } = recordFacts(entries);
    const drawnEntry = external ? last(entries, "external_result") : find(entries, "winners");
    if (!rules || !frozen || !drawnEntry) throw conflict(DRAW_V2_MESSAGES.notDrawn);
    if (recordFormatOf(entries) !== RECORD_FORMAT_V3) throw conflict(DRAW_V2_MESSAGES.v2Record);
    const verification = await verifyRecord(asRecord(raffleId, entries));
    if (!verification.ok) {
      ctx.log.error({ raffleId, checks: verification.checks.filter((c) => !c.ok) }, "acta: no verifica");
      throw conflict(DRAW_V2_MESSAGES.recordBroken);
    }
    const reasons = rules.disqualificationReasons ?? [];
    const rule = reasons.find((r) => r.code === input.reason.trim());
    if (!rule) throw badRequest(DRAW_V2_MESSAGES.reasonNotListed(reasons.map((r) => r.code)));
    const waiting = verification.decisions.find(
      (d) => d.status === "pending" && d.level === input.level && d.index === input.index,
    );
    if (waiting?.round) throw badRequest(DRAW_V2_MESSAGES.replacementPending(waiting.round));
    const target = verification.winners.find((w) => w.level === input.level && w.index === input.index);
    if (!target) throw badRequest(DRAW_V2_MESSAGES.noWinnerAt(input.level, input.index));

    if (rule.code === "unclaimed") {
      const since = awardedAt(entries, target.level, target.index);
      const days = rules.claimPeriodDays as number;
      const due = new Date(Date.parse(since) + days * 86_400_000);
      if (now < due) throw conflict(DRAW_V2_MESSAGES.claimPeriodOpen(days, due.toISOString()));
    }
    if (rule.code === "fraud" && !evidence) throw badRequest(DRAW_V2_MESSAGES.evidenceRequired);

    // The round: at least the delay after now, and after the latest beacon the server holds.
    const chain = named?.chain ?? ctx.config.drandChainInfo;
    const delay = rules.replacementDelayMinutes as number;
    const latest = await repo.latestHeldBeacon(tx, chain, now);
    if (!latest) throw new AppError("SERVICE_UNAVAILABLE", DRAW_V2_MESSAGES.noLatestBeacon);
    const min = Math.max(
      firstRoundAtOrAfterMs(chain, now.getTime() + delay * 60_000),
      firstRoundAtOrAfterMs(chain, roundTime(chain, latest.round) * 1000 + delay * 60_000),
    );
    const round = input.round ?? min;
    if (round <= latestRoundAt(chain, now.getTime() / 1000) || round <= latest.round) {
      throw badRequest(
        DRAW_V2_MESSAGES.roundPublished(
          round,
          Math.max(latest.round, latestRoundAt(chain, now.getTime() / 1000)),
        ),
      );
    }
    if (round < min) throw badRequest(DRAW_V2_MESSAGES.roundTooSoon(round, min, delay));
    const named_ = { round, roundTime: new Date(roundTime(chain, round) * 1000).toISOString() };

    if (evidence) {
      if (!ctx.storage) throw new AppError("INTERNAL");
      const key = `evidence/${raffleId}/${evidence.sha256}`;
      await ctx.storage.put(key, evidence.bytes, evidence.contentType);
      await repo.insertEvidence(tx, {
        raffleId,
        sha256: evidence.sha256,
        storageKey: key,
        contentType: evidence.contentType,
        size: evidence.bytes.length,
        uploadedBy: actor.id,
      });
    }
    await repo.appendRecordEntry(tx, raffleId, "disqualification", now, {
      level: target.level,
      index: target.index,
      ticketNumber: target.ticketNumber,
      reason: rule.code,
      reasonText: rule.text,
      evidenceHash: evidence?.sha256 ?? null,
      chain,
      round,
      roundTime: named_.roundTime,
      delayMinutes: delay,
      latestBeacon: latest,
    });
    const removed = await repo.markDisqualified(tx, raffleId, target.ticketNumber, rule.text, now);
    if (removed?.userId) {
      await notify(tx, ctx, { userId: removed.userId }, "prizeAnnulled", {
        raffleId: raffle.id,
        raffleTitle: raffle.title,
        ticket: formatTicketNumber(target.ticketNumber, raffle.totalTickets),
        reason: rule.text,
      });
    }
    await refreshWinnerSummary(tx, raffle.id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.disqualify",
      entity: "raffle",
      entityId: raffleId,
      before: { level: target.level, index: target.index, ticketNumber: target.ticketNumber },
      after: { reason: rule.code, evidenceHash: evidence?.sha256 ?? null, round },
      ipAddress: actor.ip,
    });
    await ctx.events.publish(tx, {
      topic: "raffle",
      payload: { type: "raffle.updated", id: raffleId, change: "winners" },
    });
    return {
      disqualified: {
        level: target.level,
        index: target.index,
        ticketNumber: formatTicketNumber(target.ticketNumber, raffle.totalTickets),
      },
      replacement: null,
      pendingRound: named_,
    };
  }
}

/**
 * Draws the replacement of the disqualification at `seq` with its named round's beacon (verified against
 * the chain the disqualification named) and appends the `replacement` entry. Replacements are drawn in
 * record order: an earlier one still waiting blocks it (the job retries). Idempotent.
 */
export async function resolveReplacement(
  ctx: DrawContext,
  raffleId: string,
  seq: number,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  now = new Date(),
): Promise<"resolved" | "waiting" | "done"> {
  const { outcome, queued } = await ctx.db.transaction((tx) =>
    resolveReplacementIn(ctx, tx, raffleId, seq, beacon, source, now),
  );
  if (queued > 0) ctx.mail.flushSoon();
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
  let queued = 0;
  const outcome = await (async () => {
    const raffle = await repo.findRaffle(tx, raffleId, true);
    if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
    const entries = await repo.recordEntries(tx, raffleId);
    const { rules, frozen } = recordFacts(entries);
    const entry = entries[seq];
    if (!rules || !frozen || entry?.type !== "disqualification" || entry.data.round === undefined)
      throw notFound("NOT_FOUND");
    const d = entry.data;
    const replacements = entries.filter((e) => e.type === "replacement") as RecordEntry<"replacement">[];
    if (replacements.some((r) => r.data.disqualification === seq)) return "done" as const;
    const earlier = entries.filter(
      (e) => e.type === "disqualification" && e.seq < seq && e.data.round !== undefined,
    );
    if (earlier.some((e) => !replacements.some((r) => r.data.disqualification === e.seq)))
      return "waiting" as const;
    if (beacon.round !== d.round)
      throw conflict(DRAW_V2_MESSAGES.wrongRound(d.round as number, beacon.round));
    const chain = d.chain as DrandChainInfo;
    const randomness = await protocol(() => verifyBeacon(chain, beacon));

    const verification = await verifyRecord(asRecord(raffleId, entries));
    if (!verification.ok) {
      ctx.log.error({ raffleId, checks: verification.checks.filter((c) => !c.ok) }, "acta: no verifica");
      throw conflict(DRAW_V2_MESSAGES.recordBroken);
    }
    const taken = new Set(verification.winners.map((w) => w.ticketNumber));
    const disqualified = new Set(verification.decisions.map((x) => x.ticketNumber));
    const pool = frozen.data.tickets
      .map((t) => t.number)
      .filter((n) => !taken.has(n) && !disqualified.has(n));
    const count = rules.prizeLevels.find((l) => l.level === d.level)?.count ?? 0;
    const index = count + replacements.filter((r) => r.data.replacement?.level === d.level).length;
    const ticket = await protocol(() =>
      pickReplacementV3({
        raffleId,
        listHash: frozen.data.listHash,
        randomness,
        disqualificationHash: entry.hash,
        level: d.level,
        index,
        pool,
      }),
    );
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
    queued = await writeReplacement(
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
    return "resolved" as const;
  })();
  return { outcome, queued };
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
async function refreshWinnerSummary(tx: Tx, raffleId: string): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// External lottery results
// ---------------------------------------------------------------------------------------------

export interface ExternalResultInput {
  result: string;
  sourceUrl: string;
  reason?: string | undefined;
  /** Decision 0024: the official publication (photo or PDF), base64; public, its SHA-256 in the record. */
  publication?: { contentType: string; dataBase64: string } | undefined;
}

/** An administrator in the record (decision 0024): a tag derived from the account id, never a name or email. */
export function adminTag(userId: string): string {
  return createHash("sha256").update(`rifazo-admin-tag:${userId}`).digest("hex").slice(0, 16);
}

const PUBLICATION_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
const PUBLICATION_MAX_BYTES = 700 * 1024;

/** The publication's bytes, its real type (magic bytes) and SHA-256; a Spanish 400 when it is missing or not a photo/PDF. */
async function readPublication(input: ExternalResultInput["publication"]) {
  if (!input)
    throw badRequest(LOTTERY_MESSAGES.publicationRequired, {
      publication: LOTTERY_MESSAGES.publicationRequired,
    });
  const bytes = Buffer.from(input.dataBase64, "base64");
  const kind =
    bytes.length > 0 && bytes.length <= PUBLICATION_MAX_BYTES
      ? await detectFileKind(bytes, PUBLICATION_TYPES)
      : null;
  if (!kind)
    throw badRequest(LOTTERY_MESSAGES.publicationInvalid, {
      publication: LOTTERY_MESSAGES.publicationInvalid,
    });
  return { bytes, contentType: kind.mime, sha256: createHash("sha256").update(bytes).digest("hex") };
}

async function storePublication(
  ctx: DrawContext,
  tx: Tx,
  raffleId: string,
  actor: Actor,
  publication: Awaited<ReturnType<typeof readPublication>>,
): Promise<void> {
  if (!ctx.storage) throw new AppError("INTERNAL");
  const key = `publications/${raffleId}/${publication.sha256}`;
  await ctx.storage.put(key, publication.bytes, publication.contentType);
  await repo.insertPublication(tx, {
    raffleId,
    sha256: publication.sha256,
    storageKey: key,
    contentType: publication.contentType,
    size: publication.bytes.length,
    uploadedBy: actor.id,
  });
}

/** Checks shared by a result and a correction; returns the record facts and the mapped winners. */
async function externalFacts(tx: Tx, raffleId: string, input: { result: string }, now: Date) {
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(tx, raffleId);
  const { rules, frozen, external } = recordFacts(entries);
  if (!rules) throw conflict(DRAW_V2_MESSAGES.notFrozen);
  if (!external) throw conflict(DRAW_V2_MESSAGES.notExternal);
  if (!frozen) throw conflict(DRAW_V2_MESSAGES.notFrozen);
  if (now.getTime() < Date.parse(external.drawAt)) {
    throw conflict(DRAW_V2_MESSAGES.resultTooEarly(external.lottery, external.drawAt));
  }
  // Decision 0024: a list frozen at or after the lottery's draw was open while its result was known.
  if (Date.parse(frozen.at) >= Date.parse(external.drawAt))
    throw conflict(DRAW_V2_MESSAGES.frozenAfterLottery);
  const previous = [...entries]
    .reverse()
    .find((e) => e.type === "external_result" || e.type === "external_correction");
  const firstResult = find(entries, "external_result");
  const waiting = entries.find(
    (e) =>
      e.type === "disqualification" &&
      e.data.round !== undefined &&
      !entries.some((r) => r.type === "replacement" && r.data.disqualification === e.seq),
  );
  if (previous && waiting?.type === "disqualification")
    throw conflict(DRAW_V2_MESSAGES.replacementPending(waiting.data.round as number));
  const disqualified = (
    entries.filter((e) => e.type === "disqualification") as RecordEntry<"disqualification">[]
  ).map((d) => d.data.ticketNumber);
  const tags = new Map(frozen.data.tickets.map((t) => [t.number, t.tag]));
  const slots = prizeSlots(rules.prizeLevels);
  const mapped = await protocol(() =>
    mapExternalResult(
      external.rule,
      input.result,
      frozen.data.tickets.map((t) => t.number),
      rules.totalTickets,
      { exclude: disqualified, maxResults: slots.length },
    ),
  );
  const winners: RecordWinner[] = mapped.map((ticketNumber, k) => {
    const slot = slots[k] as (typeof slots)[number];
    return { ...slot, ticketNumber, tag: tags.get(ticketNumber) ?? "" };
  });
  // Rules sold before decision 0024 state no window: the default one applies to their corrections.
  const windowHours = external.correctionWindowHours ?? DEFAULT_CORRECTION_WINDOW_HOURS;
  const windowEndsAt = firstResult ? new Date(Date.parse(firstResult.at) + windowHours * 3_600_000) : null;
  return { raffle, frozen, previous, waiting, winners, windowHours, windowEndsAt };
}

const winnerView = (winners: RecordWinner[], totalTickets: number) =>
  winners.map((w) => ({
    level: w.level,
    index: w.index,
    ticketNumber: formatTicketNumber(w.ticketNumber, totalTickets),
  }));

/**
 * POST /api/admin/raffles/:id/external-result: the official result of the bound lottery, mapped to
 * tickets by the rule fixed before the sale, with the official publication (decision 0024). The first
 * call is an `external_result` entry and finishes the raffle. A later one only PROPOSES a correction:
 * it reaches the record when a different administrator confirms it within the rules' window.
 */
export async function enterExternalResult(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  input: ExternalResultInput,
  now = new Date(),
): Promise<{
  correction: boolean;
  pendingProposalId: string | null;
  winners: Array<{ level: number; index: number; ticketNumber: string }>;
}> {
  const publication = await readPublication(input.publication);
  let queued = 0;
  const result = await ctx.db.transaction(async (tx) => {
    const facts = await externalFacts(tx, raffleId, input, now);
    const { raffle, frozen, previous, winners } = facts;
    const reason = input.reason?.trim();
    const sourceUrl = input.sourceUrl.trim();
    const resultText = input.result.trim();
    if (previous) {
      if (!reason) throw badRequest(DRAW_V2_MESSAGES.correctionReason);
      if (facts.windowEndsAt && now.getTime() > facts.windowEndsAt.getTime())
        throw conflict(LOTTERY_MESSAGES.windowClosed(facts.windowHours));
      if ((await repo.pendingCorrectionProposals(tx, raffleId)).length > 0)
        throw conflict(LOTTERY_MESSAGES.proposalPending);
      await storePublication(ctx, tx, raffleId, actor, publication);
      const proposal = await repo.insertCorrectionProposal(tx, {
        raffleId,
        result: resultText,
        sourceUrl,
        publicationSha256: publication.sha256,
        reason,
        proposedBy: actor.id,
        proposedAt: now,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "raffle.external_correction_proposed",
        entity: "raffle",
        entityId: raffleId,
        after: {
          proposalId: proposal.id,
          result: resultText,
          sourceUrl,
          reason,
          publicationHash: publication.sha256,
        },
        ipAddress: actor.ip,
      });
      return {
        correction: true,
        pendingProposalId: proposal.id,
        winners: winnerView(winners, raffle.totalTickets),
      };
    }
    await storePublication(ctx, tx, raffleId, actor, publication);
    await repo.appendRecordEntry(tx, raffleId, "external_result", now, {
      result: resultText,
      sourceUrl,
      publicationHash: publication.sha256,
      winners,
    });
    queued = await writeWinners(ctx, tx, raffle, winners, "external", now, frozen.data.listHash);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.external_result",
      entity: "raffle",
      entityId: raffleId,
      after: {
        result: resultText,
        sourceUrl,
        publicationHash: publication.sha256,
        winners: winners.map((w) => w.ticketNumber),
      },
      ipAddress: actor.ip,
    });
    return { correction: false, pendingProposalId: null, winners: winnerView(winners, raffle.totalTickets) };
  });
  if (queued > 0) ctx.mail.flushSoon();
  return result;
}

/** GET /api/admin/raffles/:id/external-corrections: corrections waiting for a second administrator. */
export async function pendingCorrections(ctx: DrawContext, actor: Actor, raffleId: string) {
  const rows = await repo.pendingCorrectionProposals(ctx.db, raffleId);
  const entries = await repo.recordEntries(ctx.db, raffleId);
  const { external } = recordFacts(entries);
  const first = find(entries, "external_result");
  const hours = external?.correctionWindowHours ?? DEFAULT_CORRECTION_WINDOW_HOURS;
  const windowEndsAt = first ? new Date(Date.parse(first.at) + hours * 3_600_000).toISOString() : null;
  return rows.map((p) => ({
    id: p.id,
    result: p.result,
    sourceUrl: p.sourceUrl,
    publicationHash: p.publicationSha256,
    reason: p.reason,
    proposedBy: adminTag(p.proposedBy),
    proposedAt: p.proposedAt.toISOString(),
    mine: p.proposedBy === actor.id,
    windowEndsAt,
  }));
}

/**
 * POST /api/admin/raffles/:id/external-corrections/:proposalId/confirm (decision 0024): a DIFFERENT
 * administrator confirms a proposed correction within the rules' window; only then is it appended
 * (`external_correction` naming both by their tags) and the winners change.
 */
export async function confirmExternalCorrection(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  proposalId: string,
  now = new Date(),
): Promise<{ correction: true; winners: Array<{ level: number; index: number; ticketNumber: string }> }> {
  let queued = 0;
  const result = await ctx.db.transaction(async (tx) => {
    await repo.findRaffle(tx, raffleId, true);
    const proposal = (await repo.pendingCorrectionProposals(tx, raffleId)).find((p) => p.id === proposalId);
    if (!proposal) throw notFound("NOT_FOUND", LOTTERY_MESSAGES.proposalNotFound);
    if (proposal.proposedBy === actor.id) throw forbidden("FORBIDDEN", LOTTERY_MESSAGES.sameAdmin);
    const facts = await externalFacts(tx, raffleId, proposal, now);
    const { raffle, previous, winners } = facts;
    if (!previous) throw new AppError("INTERNAL");
    if (facts.windowEndsAt && now.getTime() > facts.windowEndsAt.getTime())
      throw conflict(LOTTERY_MESSAGES.windowClosed(facts.windowHours));
    await repo.appendRecordEntry(tx, raffleId, "external_correction", now, {
      result: proposal.result,
      sourceUrl: proposal.sourceUrl,
      publicationHash: proposal.publicationSha256,
      winners,
      corrects: previous.seq,
      reason: proposal.reason,
      proposedBy: adminTag(proposal.proposedBy),
      proposedAt: proposal.proposedAt.toISOString(),
      confirmedBy: adminTag(actor.id),
    });
    await repo.decideCorrectionProposal(tx, proposal.id, "confirmed", actor.id, now);
    queued = await correctWinners(ctx, tx, raffle, winners, proposal.reason, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.external_correction",
      entity: "raffle",
      entityId: raffleId,
      after: {
        proposalId,
        proposedBy: proposal.proposedBy,
        result: proposal.result,
        reason: proposal.reason,
        winners: winners.map((w) => w.ticketNumber),
      },
      ipAddress: actor.ip,
    });
    return { correction: true as const, winners: winnerView(winners, raffle.totalTickets) };
  });
  if (queued > 0) ctx.mail.flushSoon();
  return result;
}

/** POST .../external-corrections/:proposalId/discard: any administrator drops a pending proposal (audited). */
export async function discardExternalCorrection(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  proposalId: string,
  now = new Date(),
): Promise<{ ok: true }> {
  return ctx.db.transaction(async (tx) => {
    const proposal = (await repo.pendingCorrectionProposals(tx, raffleId)).find((p) => p.id === proposalId);
    if (!proposal) throw notFound("NOT_FOUND", LOTTERY_MESSAGES.proposalNotFound);
    await repo.decideCorrectionProposal(tx, proposal.id, "discarded", actor.id, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.external_correction_discarded",
      entity: "raffle",
      entityId: raffleId,
      after: { proposalId },
      ipAddress: actor.ip,
    });
    return { ok: true as const };
  });
}

/** GET /api/raffles/:id/publications/:sha256: the official publication, public by design (decision 0024). */
export async function publicationFile(ctx: Pick<AppContext, "db">, raffleId: string, sha256: string) {
  const row = await repo.findPublication(ctx.db, raffleId, sha256);
  if (!row) throw notFound("NOT_FOUND", "El archivo solicitado no existe.");
  return row;
}

/** A correction replaces the current winner rows (the record keeps both results) and tells those affected. */
async function correctWinners(
  ctx: DrawContext,
  tx: Tx,
  raffle: repo.RaffleRow,
  winners: RecordWinner[],
  reason: string,
  at: Date,
): Promise<number> {
  const before = await repo.findWinners(tx, raffle.id);
  const keep = new Set(winners.map((w) => w.ticketNumber));
  const removed = before.filter((w) => !keep.has(w.ticketNumber));
  const known = new Set(before.map((w) => w.ticketNumber));
  await repo.deleteCurrentWinners(tx, raffle.id);
  const rows = await winnerRows(tx, raffle.id, winners, "external", at);
  await repo.insertWinners(tx, rows);
  const first = rows[0];
  await repo.updateRaffle(tx, raffle.id, {
    winnerId: first?.userId ?? null,
    winnerName: first?.winnerName ?? null,
    winningTicketNumber: first?.ticketNumber ?? null,
  });
  await notify(
    tx,
    ctx,
    removed.flatMap((w) => (w.userId ? [{ userId: w.userId, ticketNumber: w.ticketNumber }] : [])),
    "resultCorrected",
    (r) => ({
      raffleId: raffle.id,
      raffleTitle: raffle.title,
      reason,
      ticket: formatTicketNumber(r.ticketNumber, raffle.totalTickets),
    }),
  );
  const fresh = rows.filter((r) => !known.has(r.ticketNumber));
  const queued = fresh.length > 0 ? await announceWinners(ctx, tx, raffle, fresh) : 0;
  await ctx.events.publish(tx, {
    topic: "raffle",
    payload: { type: "raffle.updated", id: raffle.id, change: "winners" },
  });
  return queued;
}
