/**
 * Small helpers shared by the raffle card and the draw page so both screens
 * agree on when a percentage goal is reached and when the 24 h window ends.
 */

import { DEFAULT_ACTIVATION_PERCENTAGE } from "../constants";

/** Spec 1 §9: percentage draws keep selling for 24 hours after the goal is hit. */
export const LAST_SALES_WINDOW_MS = 24 * 60 * 60 * 1000;

export type DateInput = Date | string | number | null | undefined;

/** Parses API dates (ISO strings) or Dates; anything unparseable becomes null so callers never compare NaN. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? new Date(value.getTime()) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Null, undefined and non-finite values fall back to the default (spec: "default 100 when missing"). */
export function effectiveActivationPercentage(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? value : DEFAULT_ACTIVATION_PERCENTAGE;
}

/** Sold share in percent, clamped to 0-100; 0 when the raffle has no tickets (avoids 0/0). */
export function soldPercentage(soldTickets: number, totalTickets: number): number {
  if (!(totalTickets > 0) || !Number.isFinite(soldTickets)) return 0;
  const percent = (soldTickets / totalTickets) * 100;
  return Math.min(100, Math.max(0, percent));
}

/**
 * True when sold/total*100 >= activation percentage. Compared as sold*100 >= pct*total
 * so that e.g. 1/3 with a 33.333...% goal is not lost to float division.
 */
export function isActivationReached(
  soldTickets: number,
  totalTickets: number,
  activationPercentage: number | null | undefined,
): boolean {
  if (!(totalTickets > 0) || !Number.isFinite(soldTickets)) return false;
  return soldTickets * 100 >= effectiveActivationPercentage(activationPercentage) * totalTickets;
}

/** End of the 24 h last-sales window, or null when the countdown never started. */
export function lastSalesWindowEnd(activatedAt: DateInput): Date | null {
  const start = toDate(activatedAt);
  return start ? new Date(start.getTime() + LAST_SALES_WINDOW_MS) : null;
}
