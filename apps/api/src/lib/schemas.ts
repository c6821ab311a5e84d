import { z } from "zod";

/** The one error body every route answers with (see the error handler), for response schemas and OpenAPI. */
export const errorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Facts of the refusal: `taken` (numbers) for NUMBERS_TAKEN, `reservationId` for RESERVATION_ACTIVE. */
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
