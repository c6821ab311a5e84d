import { formatDate, UNKNOWN_DATE } from "../../lib/format";

/**
 * A calendar day from the API ('2026-11-21': a rate's date, a testimonial's date) in es-VE words.
 * Parsed at noon UTC: midnight UTC would already be the previous evening in Venezuela (UTC−4).
 */
export function formatDay(
  day: string | null | undefined,
  style: "long" | "medium" | "short" = "long",
): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return UNKNOWN_DATE;
  return formatDate(`${day}T12:00:00Z`, style);
}
