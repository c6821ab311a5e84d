import { z } from "zod";
import { MONEY_MESSAGES, parseEsNumber } from "../../domain/money";
import { ADMIN_MESSAGES } from "./messages";

// Helpers shared by the administrator area's schemas: loose input, list pages, the plain ok answer.

/** True for undefined, null and text that is only spaces. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/**
 * Numbers may arrive typed (JSON) or as input text in es-VE ("1.194,56", "2,5", "1.000"), read by the one
 * shared parser; text it refuses (ambiguous, negative, letters) is NaN and each field says what it takes.
 */
export function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  const parsed = parseEsNumber(value, { decimals: 2 });
  return parsed.ok ? parsed.value : Number.NaN;
}

/** The parser's message when `value` is text whose dot could be thousands or decimals ("0.500"), else null. */
export function ambiguityOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const parsed = parseEsNumber(value, { decimals: 2 });
  return !parsed.ok && parsed.error === MONEY_MESSAGES.ambiguous ? parsed.error : null;
}

export const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

// Form fields arrive loosely typed (JSON or input text); the schemas check them in one pass.
export const textInput = z.union([z.string(), z.null()]).optional();
export const numberInput = z.union([z.number(), z.string(), z.null()]).optional();
export const dateInput = z.union([z.string(), z.date(), z.null()]).optional();

export const pageParam = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: ADMIN_MESSAGES.pageInvalid })
    .int(ADMIN_MESSAGES.pageInvalid)
    .min(1, ADMIN_MESSAGES.pageInvalid)
    .max(100_000, ADMIN_MESSAGES.pageInvalid)
    .default(1),
);
export const searchParam = z.preprocess(
  blankToUndefined,
  z.string().trim().max(100, ADMIN_MESSAGES.searchTooLong).optional(),
);

export const adminPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const adminOkSchema = z.object({ ok: z.literal(true) });
