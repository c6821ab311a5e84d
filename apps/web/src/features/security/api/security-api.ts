import type { ChangePasswordInput } from "@rifazo/shared/schemas/auth";
import { api } from "../../../lib/api-client";

// Password, sessions and two-factor authentication. 2FA goes straight to Better Auth's own routes
// under /api/auth/two-factor/* (the API forwards them and maps its errors to our Spanish messages).

export function changePassword(input: ChangePasswordInput): Promise<{ ok: true }> {
  return api.post("/api/account/change-password", input);
}

export function revokeOtherSessions(): Promise<{ revoked: number }> {
  return api.post("/api/account/sessions/revoke-others");
}

export interface TwoFactorSetup {
  /** otpauth://totp/Rifazo:correo?secret=...&issuer=Rifazo */
  totpURI: string;
  backupCodes: string[];
}

/** Step 1: checks the password and creates the secret. 2FA is not on until a code is verified. */
export function enableTwoFactor(password: string): Promise<TwoFactorSetup> {
  return api.post("/api/auth/two-factor/enable", { password });
}

/** Step 2: the first code from the app proves it was set up, and turns 2FA on. */
export function confirmTwoFactor(code: string): Promise<unknown> {
  return api.post("/api/auth/two-factor/verify-totp", { code });
}

export function disableTwoFactor(password: string): Promise<unknown> {
  return api.post("/api/auth/two-factor/disable", { password });
}
