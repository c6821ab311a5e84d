import { SELLER_LINK_KEY } from "@rifazo/shared/constants";
import { normalizeSellerCode, SELLER_LINK_DAYS, SELLER_LINK_PARAM } from "@rifazo/shared/domain/seller-code";

// A vendedor's link (/rifas/:id?v=CODE) credits the purchases it brings (docs/decisions/0034-vendedores.md):
// the code is kept in this browser per raffle for SELLER_LINK_DAYS, the last link opened wins, and the
// raffle page shows it with «Quitar». Stated in the privacy policy's necessary storage.

type SellerLinks = Record<string, { code: string; until: number }>;

function readLinks(): SellerLinks {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(SELLER_LINK_KEY) ?? "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as SellerLinks) : {};
  } catch {
    return {};
  }
}

function writeLinks(links: SellerLinks, now: number): void {
  const kept = Object.fromEntries(Object.entries(links).filter(([, link]) => link?.until > now));
  try {
    if (Object.keys(kept).length > 0) window.localStorage.setItem(SELLER_LINK_KEY, JSON.stringify(kept));
    else window.localStorage.removeItem(SELLER_LINK_KEY);
  } catch {
    // Storage refused (private mode, full): the link credits only while this page is open.
  }
}

/** The vendedor's code a page address carries (`?v=`), or null. */
export function sellerCodeInUrl(search: string): string | null {
  return normalizeSellerCode(new URLSearchParams(search).get(SELLER_LINK_PARAM));
}

export function rememberSellerLink(raffleId: string, code: string, now = Date.now()): void {
  const links = readLinks();
  links[raffleId] = { code, until: now + SELLER_LINK_DAYS * 24 * 3600_000 };
  writeLinks(links, now);
}

/** The code that credits a purchase of this raffle from this browser now, or null. */
export function rememberedSellerCode(raffleId: string, now = Date.now()): string | null {
  if (typeof window === "undefined") return null;
  const link = readLinks()[raffleId];
  return link && link.until > now ? normalizeSellerCode(link.code) : null;
}

export function forgetSellerLink(raffleId: string, now = Date.now()): void {
  const links = readLinks();
  delete links[raffleId];
  writeLinks(links, now);
}
