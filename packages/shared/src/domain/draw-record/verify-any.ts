import {
  ALGORITHM_VERSION,
  DrawInputError,
  type DrawTranscript,
  type DrawWinner,
  verifyTranscript,
} from "../draw-engine";
import { type DrawRecord, RECORD_FORMATS, type RecordFormat } from "./types";
import { valueText } from "./value-text";
import { emptyInstant, type RecordVerification } from "./verification";
import { verifyRecord } from "./verify";

// v1 and v2 together.

export type AnyVerification =
  | ({ format: typeof ALGORITHM_VERSION; raffleId: string } & Omit<RecordVerification, "winners"> & {
        winners: DrawWinner[];
      })
  | ({ format: RecordFormat; raffleId: string } & RecordVerification);

/**
 * Verifies either a v1 transcript (algorithmVersion "rifazo-draw-v1") or a v2 record (format
 * "rifazo-record-1"). Throws DrawInputError for anything else.
 */
export async function verifyAny(json: unknown): Promise<AnyVerification> {
  const value = json as { format?: unknown; algorithmVersion?: unknown; raffleId?: unknown };
  if (typeof value === "object" && value !== null && RECORD_FORMATS.includes(value.format as RecordFormat)) {
    return {
      format: value.format as RecordFormat,
      raffleId: valueText(value.raffleId),
      ...(await verifyRecord(value as DrawRecord)),
    };
  }
  if (typeof value === "object" && value !== null && value.algorithmVersion === ALGORITHM_VERSION) {
    const t = value as DrawTranscript;
    const result = await verifyTranscript(t);
    return {
      format: ALGORITHM_VERSION,
      raffleId: valueText(t.raffleId),
      ok: result.ok,
      checks: result.checks,
      warnings: [
        "Sorteo de la versión 1: la semilla la generó Rifazo y se comprometió antes del sorteo; la aleatoriedad no vino de fuera.",
      ],
      pending: [],
      winners: result.ok ? t.winners : [],
      status: "drawn",
      listHash: typeof t.ticketListHash === "string" ? t.ticketListHash : null,
      frozenAt: null,
      round: null,
      roundTime: null,
      chainHash: null,
      decisions: [],
      prizes: [],
      instant: emptyInstant(),
    };
  }
  throw new DrawInputError(
    "No reconozco este archivo: no es un acta de Rifazo (rifazo-record-3 o rifazo-record-1) ni una transcripción v1 (rifazo-draw-v1).",
  );
}
