import { z } from "zod";
import { DRAW_TRUST_LEVELS } from "../domain/draw-trust";
import { drawRecordSchema } from "./draws";

// API shapes of draw v2 (decision 0012) beyond the record itself (drawRecordV2Schema in ./draws).

/** GET /api/draws items: v1 draws as before, v2 draws with their record's link. */
export const drawListItemSchema = drawRecordSchema.extend({
  /** "rifazo-draw-v1", "rifazo-draw-v2", or "external" for a bound lottery result. */
  algorithm: z.string().nullable(),
  /** The raffle's public record (v2 and external results); null for a v1 draw. */
  recordUrl: z.string().nullable(),
  /** What this draw asks readers to trust (domain/draw-trust.ts), stated next to it on the transparency page. */
  drawTrust: z.enum(DRAW_TRUST_LEVELS),
  /** The raffle's size: its winners' numbers are shown in its digits (ticketDigits). */
  totalTickets: z.number().int(),
});
export type DrawListItem = z.infer<typeof drawListItemSchema>;
