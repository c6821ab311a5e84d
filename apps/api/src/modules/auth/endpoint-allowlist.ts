import { RATE_RULES, type RateRule } from "../../lib/rate-limit";

// One path per action (docs/decisions/0007-one-sign-in-path.md): Better Auth mounts some forty endpoints
// under /api/auth/*, most of them a second way to do what /api/account/* and /api/profile already do
// with our limits and schemas (sign-in, sign-up, update-user, resend the verification email...). Only
// the ones the web app itself calls are reachable; every other one answers the app's ordinary 404.

export const AUTH_BASE_PATH = "/api/auth";

/**
 * "METHOD /path" as Better Auth's route table names it (without the base path), with its limit per
 * address: Better Auth's own limiter is off, these count in the app's one limiter
 * (docs/decisions/0011-one-rate-limiter.md).
 */
export const AUTH_ENDPOINT_RULES: Readonly<Record<string, RateRule>> = {
  // The link in the confirmation email (spec 1 §5 registration); single use, see auth.ts.
  "GET /verify-email": RATE_RULES.verifyEmailLinkPerIp,
  // The link in the sign-in email, requested through /api/account/magic-link with its limits.
  "GET /magic-link/verify": RATE_RULES.signInLinkVerifyPerIp,
  // Two-factor settings and the code step of a sign-in (features/security, features/auth).
  "POST /two-factor/enable": RATE_RULES.twoFactorPerIp,
  "POST /two-factor/disable": RATE_RULES.twoFactorPerIp,
  "POST /two-factor/verify-totp": RATE_RULES.twoFactorPerIp,
  "POST /two-factor/verify-backup-code": RATE_RULES.twoFactorPerIp,
};

/** The endpoint's limit when it is open, else null (the caller answers 404). */
export function allowedAuthEndpoint(method: string, path: string): { name: string; rule: RateRule } | null {
  const name = `${method.toUpperCase()} ${path}`;
  const rule = AUTH_ENDPOINT_RULES[name];
  return rule ? { name, rule } : null;
}

/** The Better Auth path of a request's canonical path ("/api/auth/verify-email" -> "/verify-email"). */
export function authPathOf(pathname: string): string {
  return pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : pathname;
}
