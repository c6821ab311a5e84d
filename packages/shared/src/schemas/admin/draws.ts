import { z } from "zod";

// Draw v2 admin actions (issue 15): a pasted drand beacon, a disqualification, an official lottery
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
} as const;

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
    .min(1, DRAW_ADMIN_MESSAGES.level),
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
});
export type ExternalResultBody = z.infer<typeof externalResultInputSchema>;

export const externalResultResponseSchema = z.object({
  correction: z.boolean(),
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
});
export type ExternalBinding = z.infer<typeof externalBindingSchema>;
