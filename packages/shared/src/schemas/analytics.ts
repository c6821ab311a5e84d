import { z } from "zod";
import { PAGE_VIEW_LIMITS, PAGE_VIEW_PATH_PATTERN } from "../domain/page-views";

export { OTHER_PAGES_PATH, PAGE_VIEW_LIMITS, PAGE_VIEW_PATH_PATTERN } from "../domain/page-views";

// Page views (spec 1 §3 cookie consent: "analytics"): sent only while the visitor has accepted analytics
// cookies, and stored as a count per day and page. No IP, account, referrer or device is kept, so a
// count can never be traced back to a person.

export const ANALYTICS_MESSAGES = {
  invalidPath: "La página indicada no es válida.",
  rateLimited: "Demasiadas visitas registradas desde esta conexión. Inténtalo más tarde.",
  invalidDays: `Indica un número de días entre 1 y ${PAGE_VIEW_LIMITS.maxDays}.`,
} as const;

export const pageViewSchema = z.object({
  path: z
    .string({ error: ANALYTICS_MESSAGES.invalidPath })
    .max(PAGE_VIEW_LIMITS.path, ANALYTICS_MESSAGES.invalidPath)
    .regex(PAGE_VIEW_PATH_PATTERN, ANALYTICS_MESSAGES.invalidPath),
});
export type PageViewInput = z.infer<typeof pageViewSchema>;

export const adminPageViewsQuerySchema = z.object({
  days: z.coerce
    .number({ error: ANALYTICS_MESSAGES.invalidDays })
    .int(ANALYTICS_MESSAGES.invalidDays)
    .min(1, ANALYTICS_MESSAGES.invalidDays)
    .max(PAGE_VIEW_LIMITS.maxDays, ANALYTICS_MESSAGES.invalidDays)
    .default(30),
});

export const adminPageViewsSchema = z.object({
  days: z.number().int(),
  total: z.number().int(),
  /** One row per day of the period (Venezuela time), oldest first, zero-filled. */
  byDay: z.array(z.object({ day: z.string(), views: z.number().int() })),
  /** The most visited pages of the period, most visited first. */
  topPages: z.array(z.object({ path: z.string(), views: z.number().int() })),
});
export type AdminPageViews = z.infer<typeof adminPageViewsSchema>;
