import { countText } from "./plural";
/**
 * Checkpoints of a raffle's record (docs/draw-protocol.md §14, decision 0023): each approved purchase
 * keeps the record's length and head hash at the moment of its approval, and the latest drand round the
 * server held then. The buyer holds it on the receipt; a record rewritten afterwards (an earlier freeze,
 * other rules) no longer extends it, and a freeze dated before that round was known is backdated.
 *
 * Pure and browser-safe.
 */

import { type DrandChainInfo, roundTime } from "./drand";
import type { DrawRecord, RecordEntry } from "./draw-record";

/** Version tag of the checkpoint string. */
export const CHECKPOINT_FORMAT = "rifazo-cp-1";

export interface RecordCheckpoint {
  raffleId: string;
  /** How many entries the record had (≥ 1). */
  length: number;
  /** Hash of its last entry (entries[length − 1].hash). */
  headHash: string;
  /** The latest verified drand round the server held, or null when it held none. */
  round: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HEX64 = /^[0-9a-f]{64}$/;

/** "rifazo-cp-1:<raffleId>:<length>:<headHash>:<round or ->": what the receipt and its QR carry. */
export function formatCheckpoint(cp: RecordCheckpoint): string {
  return [CHECKPOINT_FORMAT, cp.raffleId, cp.length, cp.headHash, cp.round ?? "-"].join(":");
}

export class CheckpointFormatError extends Error {}

/** Parses a checkpoint string (spaces around it ignored); throws CheckpointFormatError in Spanish. */
export function parseCheckpoint(text: string): RecordCheckpoint {
  const parts = String(text).trim().toLowerCase().split(":");
  const bad = (why: string) =>
    new CheckpointFormatError(
      `Punto de control inválido (${why}). Debe verse así: ${CHECKPOINT_FORMAT}:<id de la rifa>:<entradas>:<huella>:<ronda>.`,
    );
  if (parts.length !== 5 || parts[0] !== CHECKPOINT_FORMAT) throw bad("no empieza por rifazo-cp-1");
  const [, raffleId = "", length = "", headHash = "", round = ""] = parts;
  if (!UUID.test(raffleId)) throw bad("el id de la rifa no es válido");
  if (!/^[1-9]\d{0,8}$/.test(length)) throw bad("el número de entradas no es válido");
  if (!HEX64.test(headHash)) throw bad("la huella debe tener 64 caracteres hexadecimales");
  if (round !== "-" && !/^[1-9]\d{0,14}$/.test(round)) throw bad("la ronda de drand no es válida");
  return {
    raffleId,
    length: Number(length),
    headHash,
    round: round === "-" ? null : Number(round),
  };
}

/** The receipt's words: "Punto de control del acta: entrada 3, huella 1a2b3c4d…; ronda drand 123". */
export function checkpointText(cp: Pick<RecordCheckpoint, "length" | "headHash" | "round">): string {
  const round = cp.round === null ? "sin ronda drand registrada" : `ronda drand ${cp.round}`;
  return `Punto de control del acta: entrada ${cp.length}, huella ${cp.headHash.slice(0, 12)}…; ${round}`;
}

export interface CheckpointCheck {
  ok: boolean;
  checkpoint: RecordCheckpoint;
  /** Spanish: what was confirmed, or how the record contradicts the checkpoint. */
  text: string;
}

const short = (hash: unknown) => (typeof hash === "string" ? `${hash.slice(0, 12)}…` : String(hash));

/**
 * Does the published record extend a checkpoint a buyer holds (§14)? The entry at index length − 1
 * has exactly the checkpoint's hash (so every entry up to it is unchanged: each hash covers the one
 * before); the freeze comes after that position (the approval happened before the freeze); and the
 * freeze names a latest beacon at least the checkpoint's round, and is dated after that round was
 * published. The record's own chain is checked by verifyRecord, not here.
 */
export function checkCheckpoint(record: DrawRecord, checkpoint: RecordCheckpoint): CheckpointCheck {
  const fail = (text: string): CheckpointCheck => ({ ok: false, checkpoint, text });
  const where = `entrada ${checkpoint.length}, huella ${short(checkpoint.headHash)}`;
  const entries: RecordEntry[] = Array.isArray(record?.entries) ? record.entries : [];
  if (record?.raffleId !== checkpoint.raffleId) {
    return fail(`El punto de control (${where}) es de otra rifa (${checkpoint.raffleId}).`);
  }
  if (entries.length < checkpoint.length) {
    return fail(
      `El punto de control (${where}) contradice el acta: el acta publicada tiene solo ${entries.length} entradas; se borraron entradas.`,
    );
  }
  const at = entries[checkpoint.length - 1] as RecordEntry;
  if (at?.hash !== checkpoint.headHash) {
    return fail(
      `El punto de control (${where}) contradice el acta: su entrada ${checkpoint.length} tiene la huella ${short(at?.hash)}; el acta se reescribió desde entonces.`,
    );
  }
  const frozenAt = entries.findIndex((e) => e?.type === "frozen");
  if (frozenAt >= 0 && frozenAt < checkpoint.length) {
    return fail(
      `El punto de control (${where}) contradice el acta: la lista figura congelada en la entrada ${frozenAt + 1}, antes de un pago aprobado después.`,
    );
  }
  if (checkpoint.round !== null) {
    const named = entries.find((e) => e?.type === "round_named") as RecordEntry<"round_named"> | undefined;
    const frozen = frozenAt >= 0 ? (entries[frozenAt] as RecordEntry) : undefined;
    const latest = named?.data?.latestBeacon;
    if (named && latest && typeof latest.round === "number" && latest.round < checkpoint.round) {
      return fail(
        `El punto de control (${where}) contradice el acta: al aprobar el pago el servidor ya tenía la ronda ${checkpoint.round} de drand, pero la congelación dice que su último beacon era la ronda ${latest.round}; la congelación se fechó hacia atrás.`,
      );
    }
    const chain = named?.data?.chain as DrandChainInfo | undefined;
    if (frozen && chain) {
      let published: number | null = null;
      try {
        published = roundTime(chain, checkpoint.round) * 1000;
      } catch {
        published = null;
      }
      if (published !== null && Date.parse(frozen.at) < published) {
        return fail(
          `El punto de control (${where}) contradice el acta: la lista figura congelada el ${frozen.at}, antes de publicarse la ronda ${checkpoint.round} de drand (${new Date(published).toISOString()}) que el servidor ya tenía al aprobar el pago; la congelación se fechó hacia atrás.`,
        );
      }
    }
  }
  return { ok: true, checkpoint, text: `El acta extiende el punto de control (${where}).` };
}

/** One sentence for many checkpoints: all extended, or the first one contradicted and how. */
export function checkpointsSummary(results: readonly CheckpointCheck[]): string {
  const failed = results.filter((r) => !r.ok);
  if (results.length === 0) return "No se presentaron puntos de control.";
  if (failed.length === 0) {
    return results.length === 1
      ? "El acta publicada extiende el punto de control presentado."
      : `El acta publicada extiende los ${countText(results.length, "punto", "puntos")} de control presentados.`;
  }
  return failed.map((r) => r.text).join(" ");
}
