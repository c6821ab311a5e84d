import type { SessionUser } from "@rifazo/shared/schemas/auth";
import type { QueryClient } from "@tanstack/react-query";
import { api, isApiError } from "../../../lib/api-client";
import { keepOfflineDataOnlyFor } from "../../../lib/offline-snapshot";
import { markSuspended } from "../suspended-state";

// Calls to the account API (team brief). Types only from the shared schemas module: the zod
// runtime stays out of the bundles that merely read the session.

export type { SessionUser };

export interface RegisterPayload {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** A Venezuelan mobile: the sign-up form requires it (the API accepts accounts without one). */
  phone?: string;
}

export interface LoginPayload {
  email: string;
  password: string;
}

export type LoginResult = { user: SessionUser; twoFactorRequired?: false } | { twoFactorRequired: true };

/**
 * The signed-in user as the server renders a page for them (decision 0029): null without a session.
 * `client` carries that render's transport (lib/page-data.ts).
 */
export async function fetchRenderedSessionUser(client: QueryClient): Promise<SessionUser | null> {
  try {
    return await api.get<SessionUser>("/api/account/me", { client });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/** The signed-in user, or null when there is no session (401). Other failures throw. */
export async function fetchSessionUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const user = await api.get<SessionUser>("/api/account/me", { signal });
    // Someone else is signed in now: the previous account's offline copy goes (decision 0017). No session
    // at all (401) is cleared by the API client itself.
    keepOfflineDataOnlyFor(user.id);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      // The session is valid but its profile is gone: send the browser to /login?error=profile_not_found.
      if (error.code === "PROFILE_NOT_FOUND" && window.location.pathname !== "/login") {
        window.location.assign("/login?error=profile_not_found");
      }
      return null;
    }
    // The session was ended by a suspension: signed out, and the sign-in page says why.
    if (isApiError(error) && error.code === "ACCOUNT_SUSPENDED") {
      markSuspended();
      return null;
    }
    throw error;
  }
}

export function register(payload: RegisterPayload): Promise<{ ok: true }> {
  return api.post("/api/account/register", payload);
}

export function login(payload: LoginPayload): Promise<LoginResult> {
  return api.post("/api/account/login", payload);
}

export function logout(options: { allDevices?: boolean } = {}): Promise<{ ok: true }> {
  return api.post("/api/account/logout", options);
}

export function resendVerification(email: string): Promise<{ ok: true }> {
  return api.post("/api/account/resend-verification", { email });
}

/** A single-use sign-in link by email (same answer whether or not the account exists). */
export function requestSignInLink(email: string): Promise<{ ok: true }> {
  return api.post("/api/account/magic-link", { email });
}

/** "¿Olvidaste tu contraseña?": same answer whether or not the account exists. */
export function requestPasswordReset(email: string): Promise<{ ok: true }> {
  return api.post("/api/account/password-reset/request", { email });
}

/** Sets a new password with the emailed link's token; every session of the account ends. */
export function resetPassword(payload: {
  token: string;
  newPassword: string;
  confirmPassword: string;
}): Promise<{ ok: true }> {
  return api.post("/api/account/password-reset", payload);
}

/** Second step of a two-factor login: a 6-digit code from the authenticator app. */
export function verifyTotp(code: string): Promise<unknown> {
  return api.post("/api/auth/two-factor/verify-totp", { code });
}

/** Second step with one of the backup codes instead of the app. */
export function verifyBackupCode(code: string): Promise<unknown> {
  return api.post("/api/auth/two-factor/verify-backup-code", { code });
}
