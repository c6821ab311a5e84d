import { formatTicketNumber } from "@rifazo/shared/domain/tickets";

/** Number of roulette ticks for one spin: between min and max inclusive (30 to 44, spec 1 §9). */
export function rouletteTicks(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A random number below `total`, in the raffle's digits, for the roulette's flicker. Display only: the server draws. */
export function randomDisplayNumber(random: () => number, total: number): string {
  const n = Math.floor(random() * Math.max(1, Math.min(total, 10_000)));
  return formatTicketNumber(n, total);
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true
  );
}
