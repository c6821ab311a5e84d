import { DEFAULT_TEASER_DAYS } from "@rifazo/shared/constants";

// Upcoming-raffle teaser (spec 1 §9): the prize stays blurred and its details partly hidden until
// `days_until_activation_teaser` days (default 10) before the start; from then on it is revealed
// little by little, linearly, until it is fully visible at the start. Never less than 10% shows.

export const MIN_TEASER_REVEAL = 0.1;
const DAY_MS = 86_400_000;
/** Blur (px) of a fully hidden image; it shrinks as the reveal grows. */
export const MAX_TEASER_BLUR_PX = 18;

function teaserDays(days: number | null | undefined): number {
  return typeof days === "number" && Number.isFinite(days) && days > 0 ? days : DEFAULT_TEASER_DAYS;
}

/** Share (0.1-1) of the raffle that is revealed at `now`. */
export function teaserReveal(
  startDate: string | null,
  daysBefore: number | null | undefined,
  now: number,
): number {
  const start = startDate ? Date.parse(startDate) : Number.NaN;
  if (Number.isNaN(start)) return MIN_TEASER_REVEAL;
  const left = start - now;
  if (left <= 0) return 1;
  const window = teaserDays(daysBefore) * DAY_MS;
  if (left >= window) return MIN_TEASER_REVEAL;
  const progress = 1 - left / window;
  return MIN_TEASER_REVEAL + (1 - MIN_TEASER_REVEAL) * progress;
}

/** Whole percent for display; 10-100. */
export function revealPercent(reveal: number): number {
  return Math.min(100, Math.max(MIN_TEASER_REVEAL * 100, Math.floor(reveal * 100)));
}

export function teaserBlur(reveal: number): number {
  return reveal >= 1 ? 0 : Math.round((1 - reveal) * MAX_TEASER_BLUR_PX);
}

/**
 * The visible start of a text: the share of its words given by `reveal` (at least one word), with
 * the rest withheld entirely (not just visually hidden, so screen readers do not give it away).
 */
export function revealText(text: string, reveal: number): { visible: string; hidden: boolean } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (reveal >= 1 || words.length === 0) return { visible: text.trim(), hidden: false };
  const count = Math.max(1, Math.ceil(words.length * reveal));
  if (count >= words.length) return { visible: text.trim(), hidden: false };
  return { visible: words.slice(0, count).join(" "), hidden: true };
}

/** The day the teaser starts revealing (start − teaser days), as a timestamp; null without a start. */
export function teaserStartsAt(
  startDate: string | null,
  daysBefore: number | null | undefined,
): number | null {
  const start = startDate ? Date.parse(startDate) : Number.NaN;
  if (Number.isNaN(start)) return null;
  return start - teaserDays(daysBefore) * DAY_MS;
}
