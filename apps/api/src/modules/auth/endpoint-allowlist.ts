// One path per action (docs/decisions/0007-one-sign-in-path.md): Better Auth mounts some forty endpoints
// under /api/auth/*, most of them a second way to do what /api/account/* and /api/profile already do
// with our limits and schemas (sign-in, sign-up, update-user, resend the verification email...). Only
// the ones the web app itself calls are reachable; every other one answers the app's ordinary 404.

export const AUTH_BASE_PATH = "/api/auth";

/** "METHOD /path" as Better Auth's route table names it (without the base path). */
export const ALLOWED_AUTH_ENDPOINTS: ReadonlySet<string> = new Set([
  // The link in the confirmation email (spec 1 §5 registration); single use, see auth.ts.
  "GET /verify-email",
  // The link in the sign-in email, requested through /api/account/magic-link with its limits.
  "GET /magic-link/verify",
  // Two-factor settings and the code step of a sign-in (features/security, features/auth).
  "POST /two-factor/enable",
  "POST /two-factor/disable",
  "POST /two-factor/verify-totp",
  "POST /two-factor/verify-backup-code",
]);

export function isAllowedAuthEndpoint(method: string, path: string): boolean {
  return ALLOWED_AUTH_ENDPOINTS.has(`${method.toUpperCase()} ${path}`);
}

/** The Better Auth path of a request URL ("/api/auth/verify-email?token=..." -> "/verify-email"). */
export function authPathOf(url: string): string {
  const pathname = url.split("?")[0] ?? "";
  return pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : pathname;
}
