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
  /**
   * Decision 0035: each prize as its verified entries tell it: every winner in force once the draw
   * verifies, every instant win (level 0) once the instant entries verify, and any earlier winner the
   * record holds a prize entry of, by level then index.
   */
  prizes: RecordPrize[];
  /**
   * Decision 0035, "rifazo-instant-1": the raffle's instant prizes as its verified instant entries tell
   * them (verify-instant.ts); zeros and empty lists for a raffle without instant prizes.
   */
  instant: RecordInstant;
}

/** Instant prizes on the record: the budget, the purchases still waiting on their round, the wins. */
export interface RecordInstant {
  /** P₀: every instant prize of the rules. */
  total: number;
  /** Not won yet (after the last verified instant_draw). */
  left: number;
  /** instant_final entries waiting on their round, in record order. */
  pending: { seq: number; round: number; roundTime: string }[];
  /** Every instant win, in slot order; drawSeq is the instant_draw entry that decided it. */
  wins: { ticketNumber: number; index: number; description: string; drawSeq: number }[];
}

export function emptyInstant(): RecordInstant {
  return { total: 0, left: 0, pending: [], wins: [] };
}

/** A prize after the draw, from the record's prize entries (docs/decisions/0035-prizes-on-the-record.md). */
export interface RecordPrize {
  level: number;
  index: number;
  ticketNumber: number;
  /** `at` of the prize_claimed entry. */
  claimedAt: string | null;
  /** Of the latest delivery in force (a correction replaces the delivery it corrects). */
  deliveredOn: string | null;
  method: string | null;
  proofHash: string | null;
  /** `at` of the «received» confirmation. */
  confirmedAt: string | null;
  /** A "disputed" confirmation with no "resolved" since. */
  disputeOpen: boolean;
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
  readable: "Valores del acta legibles",
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
  /** Decision 0035: "Premio 1.º, ganador 1: entrega (entrada 9)", one check per prize entry. */
  prizeClaim: "reclamo",
  prizeDelivery: "entrega",
  prizeConfirmation: "confirmación del ganador",
  prizeUnclaimed: "descalificación por no reclamar",
  /** Decision 0035, instant prizes: "Compra final: ronda y boletos (entrada 7)", one check per entry. */
  instantFinal: "Compra final: ronda de drand y boletos",
  instantBeacon: "Premios instantáneos: firma BLS del beacon",
  instantWins: "Premios instantáneos: ganadores y premios restantes",
  instantRules: "Premios instantáneos de las reglas sin cambios desde la primera compra final",
} as const;
