// A vendedor's code and the link that credits them (docs/decisions/0034-vendedores.md). Zod-free: the
// raffle page reads a link's code before any form code loads.

/** Letters and digits nobody misreads when a code is dictated or written by hand (no 0/O, 1/I/L). */
export const SELLER_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const SELLER_CODE_LENGTH = 6;
/** The query parameter of a vendedor's link: /rifas/:id?v=CODE. */
export const SELLER_LINK_PARAM = "v";
/** How long a link's credit lasts on the buyer's device, from the last link opened (last click wins). */
export const SELLER_LINK_DAYS = 30;

const CODE = new RegExp(`^[${SELLER_CODE_ALPHABET}]{${SELLER_CODE_LENGTH}}$`);

/** The code as stored (upper case, no spaces or dashes), or null when it cannot be one. */
export function normalizeSellerCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 20) return null;
  const code = input.replace(/[\s-]/g, "").toUpperCase();
  return CODE.test(code) ? code : null;
}

/** The path of a vendedor's link to a raffle. */
export function sellerLinkPath(raffleId: string, code: string): string {
  return `/rifas/${raffleId}?${SELLER_LINK_PARAM}=${code}`;
}
