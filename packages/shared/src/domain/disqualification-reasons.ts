/**
 * The closed list of reasons a winner may be disqualified for in a v3 record (decision 0021,
 * docs/draw-protocol.md §9), published in the raffle's rules before the first sale. Kept apart from
 * draw-record.ts so pages can show it without loading the verifier (and its BLS code).
 */
export type DisqualificationReasonCode = "unclaimed" | "fraud";

export interface DisqualificationReasonRule {
  code: DisqualificationReasonCode;
  /** The reason as buyers read it in the rules. */
  text: string;
}

export const DISQUALIFICATION_REASONS_V3: readonly DisqualificationReasonRule[] = Object.freeze([
  {
    code: "unclaimed",
    text: "El ganador no reclamó el premio dentro del plazo de reclamo publicado en las reglas.",
  },
  {
    code: "fraud",
    text: "Fraude comprobado; la huella SHA-256 del documento de prueba queda en el acta y el documento se guarda en privado.",
  },
]);
