import { z } from "zod";
import { LOTTERY_FALLBACKS, MAX_CORRECTION_WINDOW_HOURS } from "../../domain/lottery-binding";

// Draw v2 admin actions (decision 0012): a pasted drand beacon, a disqualification, an official lottery
// result, and the external-lottery binding set before the first sale. None of them lets the admin
// choose a winner: the server verifies, maps and derives.

export const DRAW_ADMIN_MESSAGES = {
  round: "La ronda debe ser un número entero positivo.",
  signature: "La firma debe ser texto hexadecimal (96 caracteres para quicknet).",
  level: "El nivel de premio debe ser un número entero desde 1.",
  index: "La posición debe ser un número entero desde 0.",
  reason: "Elige el motivo de la lista publicada en las reglas de la rifa («unclaimed» o «fraud»).",
  evidence: "Adjunta el documento de prueba (PDF o imagen, hasta 700 KB) en base64.",
  result: "Escribe el resultado oficial: solo cifras, varios números separados por comas.",
  sourceUrl: "Indica el enlace (http o https) a la publicación oficial del resultado.",
  correctionReason: "El motivo de la corrección no puede pasar de 300 caracteres.",
  lottery: "Escribe el nombre de la lotería y su sorteo (entre 3 y 120 caracteres).",
  drawAt: "Indica la fecha y hora del sorteo de la lotería.",
  digits: "La regla debe leer entre 1 y 9 cifras del resultado.",
  fallback: "Elige qué pasa si la lista no está fija a la hora de la lotería: «drand» o «cancel».",
  correctionWindow: "El plazo de corrección debe ser de 1 a 168 horas.",
  publication: "Adjunta la publicación oficial (foto JPG, PNG o WEBP, o PDF, hasta 700 KB) en base64.",
} as const;

/** A correction waiting for a second administrator (decision 0024). Admin tags, never emails. */
export const lotteryCorrectionProposalSchema = z.object({
  id: z.string(),
  result: z.string(),
  sourceUrl: z.string(),
  publicationHash: z.string(),
  reason: z.string(),
  proposedBy: z.string(),
  proposedAt: z.string(),
  /** True when the viewer proposed it (they cannot confirm it). */
  mine: z.boolean(),
  /** When the correction window of the rules closes. */
  windowEndsAt: z.string().nullable(),
});
export type LotteryCorrectionProposal = z.infer<typeof lotteryCorrectionProposalSchema>;

export const beaconInputSchema = z.object({
  round: z.coerce
    .number({ error: DRAW_ADMIN_MESSAGES.round })
    .int(DRAW_ADMIN_MESSAGES.round)
    .min(1, DRAW_ADMIN_MESSAGES.round),
  signature: z
    .string({ error: DRAW_ADMIN_MESSAGES.signature })
    .trim()
    .regex(/^[0-9a-fA-F]{2,512}$/, DRAW_ADMIN_MESSAGES.signature),
});
export type BeaconInput = z.infer<typeof beaconInputSchema>;

export const disqualifyInputSchema = z.object({
  level: z.coerce
    .number({ error: DRAW_ADMIN_MESSAGES.level })
    .int(DRAW_ADMIN_MESSAGES.level)
    // Level 0 (an instant prize) passes here so that the server answers why it is refused (decision 0035).
    .min(0, DRAW_ADMIN_MESSAGES.level),
  /** 0-based position within the level, as in the record (a replacement takes the next one). */
  index: z.coerce
    .number({ error: DRAW_ADMIN_MESSAGES.index })
    .int(DRAW_ADMIN_MESSAGES.index)
    .min(0, DRAW_ADMIN_MESSAGES.index),
  /**
   * A code of the closed list published in the raffle's rules (decision 0021): "unclaimed" (the claim
   * period passed) or "fraud" (with the evidence document). The server refuses anything else.
   */
  reason: z
    .string({ error: DRAW_ADMIN_MESSAGES.reason })
    .trim()
    .min(1, DRAW_ADMIN_MESSAGES.reason)
    .max(300, DRAW_ADMIN_MESSAGES.reason),
  /** The evidence of a "fraud" disqualification, base64; stored privately, its SHA-256 goes in the record. */
  evidence: z
    .object({
      contentType: z
        .string({ error: DRAW_ADMIN_MESSAGES.evidence })
        .trim()
        .regex(/^[a-z]+\/[a-z0-9.+-]+$/i, DRAW_ADMIN_MESSAGES.evidence)
        .max(100, DRAW_ADMIN_MESSAGES.evidence),
      dataBase64: z
        .string({ error: DRAW_ADMIN_MESSAGES.evidence })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, DRAW_ADMIN_MESSAGES.evidence)
        .max(960_000, DRAW_ADMIN_MESSAGES.evidence),
    })
    .optional(),
  /** The drand round that draws the replacement; by default the first allowed (the delay after now). */
  round: z.coerce
    .number({ error: DRAW_ADMIN_MESSAGES.round })
    .int(DRAW_ADMIN_MESSAGES.round)
    .min(1, DRAW_ADMIN_MESSAGES.round)
    .optional(),
});
export type DisqualifyBody = z.infer<typeof disqualifyInputSchema>;

export const disqualifyResultSchema = z.object({
  disqualified: z.object({ level: z.number().int(), index: z.number().int(), ticketNumber: z.string() }),
  replacement: z
    .object({ level: z.number().int(), index: z.number().int(), ticketNumber: z.string() })
    .nullable(),
  /** The round whose randomness will draw the replacement (it is not known yet). */
  pendingRound: z.object({ round: z.number().int(), roundTime: z.string() }).nullable(),
});

const httpUrl = z
  .string({ error: DRAW_ADMIN_MESSAGES.sourceUrl })
  .trim()
  .max(500, DRAW_ADMIN_MESSAGES.sourceUrl)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, DRAW_ADMIN_MESSAGES.sourceUrl);

export const externalResultInputSchema = z.object({
  result: z
    .string({ error: DRAW_ADMIN_MESSAGES.result })
    .trim()
    .regex(/^\d[\d\s]*(,\s*\d[\d\s]*)*$/, DRAW_ADMIN_MESSAGES.result)
    .max(200, DRAW_ADMIN_MESSAGES.result),
  sourceUrl: httpUrl,
  /** Required from the second call on (a correction). */
  reason: z.string().trim().max(300, DRAW_ADMIN_MESSAGES.correctionReason).optional(),
  /** Decision 0024: the official publication (photo or PDF), base64; public, its SHA-256 goes in the record. */
  publication: z
    .object({
      contentType: z.enum(["image/jpeg", "image/png", "image/webp", "application/pdf"], {
        error: DRAW_ADMIN_MESSAGES.publication,
      }),
      dataBase64: z
        .string({ error: DRAW_ADMIN_MESSAGES.publication })
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, DRAW_ADMIN_MESSAGES.publication)
        .max(960_000, DRAW_ADMIN_MESSAGES.publication),
    })
    .optional(),
});
export type ExternalResultBody = z.infer<typeof externalResultInputSchema>;

export const externalResultResponseSchema = z.object({
  correction: z.boolean(),
  /** Decision 0024: a correction waits for a second administrator; nothing changed yet. */
  pendingProposalId: z.string().nullable().optional(),
  winners: z.array(z.object({ level: z.number().int(), index: z.number().int(), ticketNumber: z.string() })),
});

/** The rule that maps an official result to a ticket: its last `digits` digits (see draw-record.ts). */
export const externalBindingRuleSchema = z.object({
  kind: z.literal("last_digits"),
  digits: z.coerce
    .number({ error: DRAW_ADMIN_MESSAGES.digits })
    .int(DRAW_ADMIN_MESSAGES.digits)
    .min(1, DRAW_ADMIN_MESSAGES.digits)
    .max(9, DRAW_ADMIN_MESSAGES.digits),
});

/**
 * PUT /api/admin/raffles/:id/external-binding: the lottery, its draw time and the rule, set on an
 * external-announcement raffle before its first sale (refused after). null fields clear the binding.
 */
export const externalBindingInputSchema = z.object({
  externalLottery: z
    .string({ error: DRAW_ADMIN_MESSAGES.lottery })
    .trim()
    .min(3, DRAW_ADMIN_MESSAGES.lottery)
    .max(120, DRAW_ADMIN_MESSAGES.lottery)
    .nullable(),
  externalDrawAt: z.iso.datetime({ offset: true, error: DRAW_ADMIN_MESSAGES.drawAt }).nullable(),
  externalRule: externalBindingRuleSchema.nullable(),
  /** Decision 0024: if the list is still open when the lottery draws: a drand draw (default) or a cancellation. */
  lotteryFallback: z.enum(LOTTERY_FALLBACKS, { error: DRAW_ADMIN_MESSAGES.fallback }).optional(),
  /** Decision 0024: hours after the result in which a second administrator may confirm a correction. */
  correctionWindowHours: z.coerce
    .number({ error: DRAW_ADMIN_MESSAGES.correctionWindow })
    .int(DRAW_ADMIN_MESSAGES.correctionWindow)
    .min(1, DRAW_ADMIN_MESSAGES.correctionWindow)
    .max(MAX_CORRECTION_WINDOW_HOURS, DRAW_ADMIN_MESSAGES.correctionWindow)
    .optional(),
});
export type ExternalBindingInput = z.infer<typeof externalBindingInputSchema>;

export const externalBindingSchema = z.object({
  externalLottery: z.string().nullable(),
  externalDrawAt: z.string().nullable(),
  externalRule: z.object({ kind: z.literal("last_digits"), digits: z.number().int() }).nullable(),
  /** The rule in plain Spanish, as the record will publish it (null without a rule). */
  externalRuleText: z.string().nullable(),
  /** False once a ticket is sold or a proof is under review: the binding is fixed. */
  editable: z.boolean(),
  lotteryFallback: z.enum(LOTTERY_FALLBACKS),
  lotteryFallbackText: z.string(),
  correctionWindowHours: z.number().int(),
  /** The earliest lottery time allowed by the end date and review window (null for a percentage raffle). */
  earliestDrawAt: z.string().nullable(),
});
export type ExternalBinding = z.infer<typeof externalBindingSchema>;
