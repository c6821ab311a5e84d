/**
 * A bolívar rate (bolívares per dollar) can convert a price only when it is a finite number above zero;
 * anything else counts as no rate published. Pure so the web can use it without loading zod.
 */
export function isUsableRate(rate: number): boolean {
  return Number.isFinite(rate) && rate > 0;
}
