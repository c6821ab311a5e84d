import { z } from "zod";

export const drawWinnerSchema = z.object({
  level: z.number().int(),
  index: z.number().int(),
  ticketNumber: z.number().int(),
  description: z.string(),
});

export const drawTranscriptSchema = z.object({
  algorithmVersion: z.string(),
  raffleId: z.string(),
  commitment: z.string(),
  seed: z.string(),
  publicValue: z.string(),
  ticketNumbers: z.array(z.number().int()),
  ticketListHash: z.string(),
  prizeLevels: z.array(
    z.object({ level: z.number().int(), count: z.number().int(), description: z.string() }),
  ),
  winners: z.array(drawWinnerSchema),
  drawnAt: z.string(),
});

export const drawResultSchema = z.object({
  raffleId: z.string(),
  drawnAt: z.string(),
  empty: z.boolean(),
  winners: z.array(
    z.object({
      level: z.number().int(),
      prize: z.string(),
      ticketNumber: z.string(),
      winnerName: z.string(),
      /** True only for the signed-in caller's own prize: public answers never carry a user id. */
      isMine: z.boolean(),
    }),
  ),
  transcript: drawTranscriptSchema.nullable(),
});

export type DrawResult = z.infer<typeof drawResultSchema>;

export const drawRequestSchema = z.object({
  publicValue: z.string().trim().max(200, "El valor público es demasiado largo.").optional(),
});

export const ticketVerificationSchema = z.object({
  result: z.enum(["not_found", "not_sold", "winner", "not_winner"]),
  ticketNumber: z.string(),
  matches: z.array(
    z.object({
      raffleId: z.string(),
      raffleTitle: z.string(),
      raffleStatus: z.string(),
      sold: z.boolean(),
      isWinner: z.boolean(),
      prize: z.string().nullable(),
      drawDate: z.string().nullable(),
      ownerName: z.string().nullable(),
    }),
  ),
});
export type TicketVerificationResponse = z.infer<typeof ticketVerificationSchema>;

export const drawRecordSchema = z.object({
  raffleId: z.string(),
  title: z.string(),
  drawnAt: z.string(),
  commitment: z.string().nullable(),
  seed: z.string().nullable(),
  publicValue: z.string().nullable(),
  publicValueSource: z.string().nullable(),
  ticketListHash: z.string().nullable(),
  algorithm: z.string().nullable(),
  ticketCount: z.number().int(),
  winners: z.array(drawWinnerSchema),
});
export type DrawRecord = z.infer<typeof drawRecordSchema>;
