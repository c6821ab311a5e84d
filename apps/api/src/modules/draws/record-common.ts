import { daysText } from "@rifazo/shared";
import { type DrandBeacon, type DrandChainInfo, verifyBeacon } from "@rifazo/shared/domain/drand";
import { DrawInputError } from "@rifazo/shared/domain/draw-engine";
import {
  type DrawRecord,
  type ExternalAnnouncement,
  type RecordEntry,
  type RecordEntryType,
  type RecordWinner,
  recordFormatOf,
} from "@rifazo/shared/domain/draw-record";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { badRequest } from "../../lib/errors";
import { fetchRound } from "./drand-relays";
import * as repo from "./repository";

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

export function asRecord(raffleId: string, entries: RecordEntry[]): DrawRecord {
  return { format: recordFormatOf(entries), raffleId, entries };
}

export function find<T extends RecordEntryType>(entries: RecordEntry[], type: T): RecordEntry<T> | undefined {
  return entries.find((e) => e.type === type) as RecordEntry<T> | undefined;
}

export function last<T extends RecordEntryType>(entries: RecordEntry[], type: T): RecordEntry<T> | undefined {
  return [...entries].reverse().find((e) => e.type === type) as RecordEntry<T> | undefined;
}

/** The rules, frozen list and (internal) round the record holds; null fields until they exist. */
export function recordFacts(entries: RecordEntry[]) {
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
export async function protocol<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof DrawInputError) throw badRequest(error.message);
    throw error;
  }
}

/** A relay's answer is taken only if it verifies against the chain the record named. */
export const verifiesOn = (chain: DrandChainInfo) => (beacon: DrandBeacon) =>
  verifyBeacon(chain, beacon).then(
    () => true,
    () => false,
  );

/**
 * Runs `work` in one transaction and, once it has committed, sends the emails it queued (`queued`): mail
 * goes out only for what the database kept.
 */
export async function committedThenMailed<T extends { queued: number }>(
  ctx: DrawContext,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const done = await ctx.db.transaction(work);
  if (done.queued > 0) ctx.mail.flushSoon();
  return done;
}

/** What the draw job reports when a due item could not be done this pass. */
export type DueFailure = (raffleId: string, round: number, errors: string[]) => void;

/**
 * The draw job's pass over what is due: fetches each item's round from the relays (accepted only if it
 * verifies on the chain the record named) and hands the beacon to `use`. A relay failure, or an error
 * from `use`, goes to `onFailure` and leaves the item for the next pass (or an admin's paste).
 */
export async function forEachDueBeacon<T extends { raffleId: string; round: number; chain: DrandChainInfo }>(
  ctx: DrawContext,
  due: T[],
  onFailure: DueFailure,
  use: (item: T, beacon: DrandBeacon) => Promise<void>,
): Promise<void> {
  for (const item of due) {
    const fetched = await fetchRound({
      relays: ctx.config.drandRelays,
      chainHash: item.chain.hash,
      round: item.round,
      accept: verifiesOn(item.chain),
      timeoutMs: 5_000,
      attempts: 2,
      retryDelayMs: 1_000,
    });
    if (!fetched.ok) {
      onFailure(item.raffleId, item.round, fetched.errors);
      continue;
    }
    try {
      await use(item, fetched.beacon);
    } catch (error) {
      onFailure(item.raffleId, item.round, [error instanceof Error ? error.message : String(error)]);
    }
  }
}

export const laterOf = (a: Date, iso: string) => new Date(Math.max(a.getTime(), Date.parse(iso)));

/** Winner rows for picks of the record: each ticket's owner (and shown name) from the sold list. */
export async function winnerRows(
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
