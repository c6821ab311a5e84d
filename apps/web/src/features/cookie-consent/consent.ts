import { COOKIE_CONSENT_KEY } from "@rifazo/shared/constants";

// Cookie consent as kept in the browser (spec 1 §3): necessary is always true; analytics and
// marketing are the visitor's choice. No stored value means no choice yet, so the banner shows.

export interface CookieConsent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  /** ISO timestamp of the choice. */
  updatedAt: string;
}

export type ConsentChoice = Pick<CookieConsent, "analytics" | "marketing">;

export const ACCEPT_ALL: ConsentChoice = { analytics: true, marketing: true };
export const REJECT_NON_ESSENTIAL: ConsentChoice = { analytics: false, marketing: false };

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export function createConsent(choice: ConsentChoice, now: Date = new Date()): CookieConsent {
  return {
    necessary: true,
    analytics: choice.analytics === true,
    marketing: choice.marketing === true,
    updatedAt: now.toISOString(),
  };
}

/** Reads a stored value; anything malformed counts as "no choice yet" so the visitor is asked again. */
export function parseConsent(raw: string | null): CookieConsent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.analytics !== "boolean" || typeof record.marketing !== "boolean") return null;
  const updatedAt =
    typeof record.updatedAt === "string" && !Number.isNaN(Date.parse(record.updatedAt))
      ? record.updatedAt
      : new Date(0).toISOString();
  return { necessary: true, analytics: record.analytics, marketing: record.marketing, updatedAt };
}

/** Storage can throw (private mode, disabled storage); consent then lives only for this page view. */
export function readConsent(storage: KeyValueStorage | undefined): CookieConsent | null {
  try {
    return parseConsent(storage?.getItem(COOKIE_CONSENT_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeConsent(storage: KeyValueStorage | undefined, consent: CookieConsent): boolean {
  try {
    storage?.setItem(COOKIE_CONSENT_KEY, JSON.stringify(consent));
    return storage !== undefined;
  } catch {
    return false;
  }
}

export function hasAnalyticsConsent(consent: CookieConsent | null): boolean {
  return consent?.analytics === true;
}
