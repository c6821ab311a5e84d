// Addresses that carry a secret: whoever holds the URL can use it (a password-reset or sign-in link, an
// email confirmation, a receipt's private link). The API never writes one to its logs (apps/api
// lib/log-redaction.ts) and sends such pages `no-store`; the service worker never keeps a copy of one
// (docs/decisions/0007-one-sign-in-path.md). Zod-free: the service worker and the web's entry import it.

/** Query parameters whose value is a secret (links' tokens, one-time codes). Compared case-insensitively. */
export const SECRET_QUERY_PARAMS = ["token", "code", "secret", "otp", "password", "receiptcode"] as const;

/**
 * Paths whose next segment is a secret: the receipt page and its API (/recibo/:token,
 * /api/receipts/:token/...), Better Auth's token-in-path links (closed by the allow-list, but a request
 * for one is still logged).
 */
export const SECRET_PATH_PREFIXES = [
  "/recibo/",
  "/api/receipts/",
  "/api/auth/reset-password/",
  "/api/auth/verify-email/",
] as const;

export const REDACTED = "[oculto]";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

// Repeated slashes count as one (a router may fold them). Matched anywhere in the text: a longer path that
// merely contains one of these is redacted too, which costs nothing.
const PATH_PATTERN = new RegExp(
  `(/+(?:${SECRET_PATH_PREFIXES.map((prefix) => prefix.split("/").filter(Boolean).map(escapeRegExp).join("/+")).join("|")})/+)[^/?#\\s"'\\\\<>]+`,
  "gi",
);
const QUERY_PATTERN = new RegExp(
  `([?&;](?:${SECRET_QUERY_PARAMS.map(escapeRegExp).join("|")})=)[^&#\\s"'\\\\<>]+`,
  "gi",
);

/** `text` with every secret a URL in it carries replaced by REDACTED; the rest of the text untouched. */
export function redactSecrets(text: string): string {
  return text.replace(QUERY_PATTERN, `$1${REDACTED}`).replace(PATH_PATTERN, `$1${REDACTED}`);
}

/** Whether this address (absolute, or a path with its query) carries a secret. */
export function urlCarriesSecret(url: string | URL): boolean {
  const text = typeof url === "string" ? url : url.pathname + url.search;
  return redactSecrets(text) !== text;
}
