import type { VerificationCheck } from "../draw-engine";
import type { RecordWinner, ReplacementPick } from "./types";

export type RecordStatus =
  | "empty"
  | "published"
  | "closed"
  | "frozen"
  | "awaiting_beacon"
  | "awaiting_winners"
  | "awaiting_result"
  | "drawn"
  | "cancelled";

/** Spanish words for each status (CLI and pages). */
export const RECORD_STATUS_LABELS: Readonly<Record<RecordStatus, string>> = {
  empty: "acta vacía",
  published: "a la venta",
  closed: "cerrada, revisando pagos",
  frozen: "lista congelada",
  awaiting_beacon: "esperando la ronda de drand",
  awaiting_winners: "beacon recibido, faltan los ganadores",
  awaiting_result: "esperando el resultado de la lotería",
  drawn: "sorteada",
  cancelled: "cancelada",
};

export interface RecordVerification {
  ok: boolean;
  checks: VerificationCheck[];
  /** Spanish; not failures (e.g. a chain that is not a League of Entropy one). */
  warnings: string[];
  /** What the record still waits for, in Spanish (empty once drawn or cancelled). */
  pending: string[];
  /** Current winners after replacements / corrections, by level then index. */
  winners: RecordWinner[];
  status: RecordStatus;
  /** Facts pages show; null until the record holds them. */
  listHash: string | null;
  frozenAt: string | null;
  round: number | null;
  roundTime: string | null;
  chainHash: string | null;
  /** Every disqualification, in record order, with what became of its replacement (pages show them). */
  decisions: RecordDecision[];
}

/** A disqualification as pages show it. */
export interface RecordDecision {
  seq: number;
  at: string;
  level: number;
  index: number;
  ticketNumber: number;
  /** v2: the free text; v3: the code. */
  reason: string;
  /** The reason in words (v3: from the rules; v2: the free text). */
  reasonText: string;
  evidenceHash: string | null;
  /** v3: the round that draws the replacement; null in v2 (drawn with the draw's own beacon). */
  round: number | null;
  roundTime: string | null;
  /** "pending": the round is not in the record yet; "empty": no ticket was left. */
  status: "pending" | "replaced" | "empty";
  replacement: ReplacementPick | null;
}

export const RECORD_CHECK_NAMES = {
  format: "Formato del acta",
  order: "Orden de los eventos",
  times: "Fechas en orden",
  rules: "Reglas de la rifa",
  listHash: "Huella de la lista congelada",
  round: "Ronda de drand fijada al congelar",
  chain: "Cadena drand",
  beacon: "Firma BLS del beacon",
  beaconTime: "Beacon registrado después de publicarse su ronda",
  futureRound: "Ronda fijada en el futuro (último beacon que tenía el servidor)",
  replacement: "Reemplazo sorteado con la ronda de la descalificación",
  winners: "Ganadores",
  disqualification: "Reemplazo por descalificación",
  external: "Resultado de la lotería",
  correction: "Corrección del resultado",
  fallback: "Respaldo de la lotería",
} as const;
