import { z } from "zod";
import { RAFFLE_STATUSES } from "../../constants";
import { ticketDigits } from "../../domain/tickets";
import { publicWinnerSchema } from "../raffles";
import { blankToUndefined, isBlank, numberInput, textInput, toNumber } from "./common";
import { ADMIN_MESSAGES } from "./messages";

// External winners (spec 2 §2 "External winners tab", §5).

const winnerEntryInputSchema = z.object({
  level: numberInput,
  ticketNumber: z.union([z.string(), z.number(), z.null()]).optional(),
  winnerName: textInput,
});

export interface ExternalWinnerEntry {
  level: number;
  /** In the raffle's digits: '07' (100 tickets), '007' (1,000), '0123' (10,000). */
  ticketNumber: string;
  winnerName: string;
}

/**
 * The spec's checks in the screen's order; returns the first message, or null when the entries are fine.
 * `raffleId` is what the tab has selected (null/empty: none).
 */
export function externalWinnersError(
  raffleId: string | null | undefined,
  winners:
    | ReadonlyArray<{ level?: unknown; ticketNumber?: unknown; winnerName?: unknown }>
    | null
    | undefined,
  /** The raffle's size, so numbers have exactly its digits; null before the raffle is loaded (2-4). */
  totalTickets: number | null,
): string | null {
  if (!raffleId) return ADMIN_MESSAGES.selectRaffle;
  const list = winners ?? [];
  if (list.length === 0) return ADMIN_MESSAGES.atLeastOneWinner;
  const numberText = (value: unknown) =>
    typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (list.some((w) => !numberText(w.ticketNumber) || isBlank(w.winnerName))) {
    return ADMIN_MESSAGES.winnerFieldsRequired;
  }
  if (totalTickets === null) {
    if (list.some((w) => !/^\d{2,4}$/.test(numberText(w.ticketNumber))))
      return ADMIN_MESSAGES.ticketDigitsAny;
  } else {
    const digits = ticketDigits(totalTickets);
    const exact = new RegExp(`^\\d{${digits}}$`);
    if (list.some((w) => !exact.test(numberText(w.ticketNumber))))
      return ADMIN_MESSAGES.ticketDigitsOf(digits);
  }
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const w of list) {
    const n = numberText(w.ticketNumber);
    if (seen.has(n) && !repeated.includes(n)) repeated.push(n);
    seen.add(n);
  }
  if (repeated.length > 0) return ADMIN_MESSAGES.duplicates(repeated);
  if (
    list.some((w) => !isBlank(w.level) && !(Number.isInteger(toNumber(w.level)) && toNumber(w.level) >= 1))
  ) {
    return ADMIN_MESSAGES.levelInvalid;
  }
  return null;
}

/** Body of POST /api/admin/raffles/:id/external-winners. A missing level means level 1. */
export const externalWinnersInputSchema = z
  .object({ winners: z.union([z.array(winnerEntryInputSchema), z.null()]).optional() })
  .transform((raw, ctx): { winners: ExternalWinnerEntry[] } => {
    const message = externalWinnersError("selected", raw.winners, null);
    if (message) {
      ctx.addIssue({ code: "custom", path: ["winners"], message });
      return z.NEVER;
    }
    return {
      winners: (raw.winners ?? []).map((w) => ({
        level: isBlank(w.level) ? 1 : toNumber(w.level),
        ticketNumber: String(w.ticketNumber).trim(),
        winnerName: String(w.winnerName).trim().slice(0, 150),
      })),
    };
  });

export const soldTicketLookupQuerySchema = z.object({
  number: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{2,4}$/, ADMIN_MESSAGES.ticketDigitsAny)
      .optional()
      .describe("Número con las cifras de la rifa (2 a 4); sin él se listan todos los boletos vendidos."),
  ),
});
export const soldTicketListSchema = z.object({
  // userId is null for a vendedor's sale whose buyer has no account (decision 0034).
  items: z.array(
    z.object({ ticketNumber: z.string(), buyerName: z.string(), userId: z.string().nullable() }),
  ),
});
export const externalWinnersResultSchema = z.object({
  raffleId: z.string(),
  status: z.enum(RAFFLE_STATUSES),
  winners: z.array(publicWinnerSchema),
});
