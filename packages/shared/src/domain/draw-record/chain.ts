import { DrawInputError, sha256Hex } from "../draw-engine";
import {
  type DrawRecord,
  GENESIS_PREV_HASH,
  RECORD_ENTRY_TYPES,
  RECORD_FORMAT,
  RECORD_FORMAT_V3,
  type RecordEntry,
  type RecordEntryData,
  type RecordEntryType,
  type RecordFormat,
} from "./types";

/**
 * JSON with object keys sorted by UTF-16 code units, no whitespace, strings escaped as JSON.stringify
 * does, and only safe integers as numbers. Refuses undefined, NaN, fractions and non-plain objects so
 * two implementations can never disagree on the bytes that are hashed.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return JSON.stringify(value);
    case "number":
      if (!Number.isSafeInteger(value)) {
        throw new DrawInputError(`El acta solo admite números enteros; se encontró ${String(value)}.`);
      }
      return String(value === 0 ? 0 : value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw new DrawInputError(
          "El acta solo admite objetos JSON simples (convierte las fechas a texto ISO).",
        );
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      return `{${keys
        .map((key) => {
          if (record[key] === undefined)
            throw new DrawInputError(`El campo «${key}» del acta no tiene valor.`);
          return `${JSON.stringify(key)}:${canonicalJson(record[key])}`;
        })
        .join(",")}}`;
    }
    default:
      throw new DrawInputError(`Valor no admitido en el acta: ${typeof value}.`);
  }
}

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** True for "YYYY-MM-DDTHH:MM:SS.mmmZ" that is a real instant (Date#toISOString's form). */
export function isRecordTime(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_UTC_MS.test(value)) return false;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && new Date(ms).toISOString() === value;
}

export function toRecordTime(at: Date | string): string {
  const text = at instanceof Date ? at.toISOString() : at;
  if (!isRecordTime(text)) {
    throw new DrawInputError(
      `Fecha inválida en el acta: ${String(text)} (formato AAAA-MM-DDTHH:MM:SS.mmmZ).`,
    );
  }
  return text;
}

/** SHA-256 hex of the UTF-8 canonical JSON of { seq, type, at, data, prevHash }. */
export async function entryHash(entry: {
  seq: number;
  type: string;
  at: string;
  data: unknown;
  prevHash: string;
}): Promise<string> {
  return sha256Hex(
    canonicalJson({
      seq: entry.seq,
      type: entry.type,
      at: entry.at,
      data: entry.data,
      prevHash: entry.prevHash,
    }),
  );
}

/**
 * The next entry after `prev` (null for the first). `data` is copied through canonical JSON, so what is
 * returned (and stored) is exactly what was hashed.
 */
export async function appendEntry<T extends RecordEntryType>(
  prev: RecordEntry | null,
  type: T,
  at: Date | string,
  data: RecordEntryData<T>,
): Promise<RecordEntry<T>> {
  if (!RECORD_ENTRY_TYPES.includes(type)) throw new DrawInputError(`Tipo de entrada desconocido: ${type}.`);
  const time = toRecordTime(at);
  if (prev && Date.parse(time) < Date.parse(prev.at)) {
    throw new DrawInputError("Una entrada del acta no puede ser anterior a la entrada previa.");
  }
  const seq = prev ? prev.seq + 1 : 0;
  const prevHash = prev ? prev.hash : GENESIS_PREV_HASH;
  const copy = JSON.parse(canonicalJson(data)) as RecordEntryData<T>;
  const hash = await entryHash({ seq, type, at: time, data: copy, prevHash });
  return { seq, type, at: time, data: copy, prevHash, hash } as RecordEntry<T>;
}

/** Builds a whole record from scratch (tests, fixtures, demo data). */
export async function buildRecord(
  raffleId: string,
  events: readonly { type: RecordEntryType; at: Date | string; data: RecordEntryData }[],
  format: RecordFormat = RECORD_FORMAT,
): Promise<DrawRecord> {
  const entries: RecordEntry[] = [];
  for (const event of events) {
    entries.push(
      await appendEntry(entries[entries.length - 1] ?? null, event.type, event.at, event.data as never),
    );
  }
  return { format, raffleId, entries };
}

/**
 * The format of a stored record: v3 when its first rules carry the closed list of disqualification
 * reasons (only v3 rules have it), v2 otherwise.
 */
export function recordFormatOf(entries: readonly RecordEntry[]): RecordFormat {
  const rules = entries.find((e) => e.type === "rules_published");
  return rules?.type === "rules_published" && Array.isArray(rules.data.disqualificationReasons)
    ? RECORD_FORMAT_V3
    : RECORD_FORMAT;
}
