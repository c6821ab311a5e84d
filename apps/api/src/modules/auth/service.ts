import { ERROR_MESSAGES, type SessionUser } from "@rifazo/shared";
import type { Db, Executor } from "../../db/client";
import { AppError, badRequest } from "../../lib/errors";
import type { Auth } from "./auth";
import { assertStrongPassword } from "./password-policy";
import * as repo from "./repository";
import { findUserById, toSessionUser } from "./session";

export async function emailExists(db: Executor, email: string): Promise<boolean> {
  return (await repo.findUserByEmail(db, email)) !== undefined;
}

export async function userIdByEmail(db: Executor, email: string): Promise<string | null> {
  return (await repo.findUserByEmail(db, email))?.id ?? null;
}

/**
 * Who gets a sign-in link: an active account without two-factor authentication (a link would skip the
 * second factor; those owners keep their known devices). Suspended accounts get nothing.
 */
export async function canReceiveSignInLink(db: Executor, email: string): Promise<boolean> {
  const user = await repo.findUserByEmail(db, email);
  return user !== undefined && user.status === "active" && !user.twoFactorEnabled;
}

/** Who gets a reset link: an existing, active account (a suspended one could not sign in with it anyway). */
export async function canResetPassword(db: Executor, email: string): Promise<boolean> {
  const user = await repo.findUserByEmail(db, email);
  return user !== undefined && user.status === "active";
}

/**
 * Checks a new password from the reset link against the registration rule, with the account's own name and
 * email as words to avoid. An unknown or expired token is INVALID_TOKEN before any password is looked at.
 */
export async function assertResetPasswordAllowed(db: Executor, token: string, newPassword: string) {
  const user = await repo.findUserByResetToken(db, token);
  if (!user) throw new AppError("INVALID_TOKEN");
  assertStrongPassword(newPassword, [user.email, user.name], "newPassword");
}

export async function needsVerification(db: Executor, email: string): Promise<boolean> {
  const user = await repo.findUserByEmail(db, email);
  return user !== undefined && !user.emailVerified && user.status === "active";
}

export async function sessionUserById(db: Executor, id: string): Promise<SessionUser | null> {
  const row = await findUserById(db, id);
  return row ? toSessionUser(row) : null;
}

// Suspension, signing out everywhere (or on the other devices) and a new password also end the account's
// outstanding sign-in and reset links (docs/decisions/0007-one-sign-in-path.md).

/** Suspension: every session ends, each remembered so its browser hears why (see isSuspendedSession). */
export async function endSessionsForSuspension(db: Executor, userId: string): Promise<number> {
  await repo.rememberSuspendedSessions(db, userId);
  await repo.deleteOutstandingLinks(db, userId);
  return repo.deleteSessions(db, userId);
}

/** Ends every session of a user at once (sign out everywhere), and the links that would open a new one. */
export async function revokeAllSessions(db: Executor, userId: string): Promise<number> {
  await repo.deleteOutstandingLinks(db, userId);
  return repo.deleteSessions(db, userId);
}

/** Signs out every other device: whoever is there is not the owner, and neither are their links. */
export async function revokeOtherSessions(
  db: Executor,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  await repo.deleteOutstandingLinks(db, userId);
  return repo.deleteSessions(db, userId, keepSessionId);
}

export interface ChangePasswordRequest {
  userId: string;
  currentSessionId: string;
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions?: boolean | undefined;
}

/**
 * The current password must be right (docs/decisions/0007-one-sign-in-path.md: a stolen session must not
 * become a stolen account); an account without one is told to create it through the emailed link. The
 * new one must differ from the stored one, which we can only know by checking it against the hash. A new
 * password ends the links sent before it.
 */
/** The part of the app context auth needs: context.ts is built on auth, not below it (decision 0026). */
export interface AuthContext {
  auth: Auth;
  db: Db;
}

export async function changePassword(ctx: AuthContext, request: ChangePasswordRequest): Promise<void> {
  const { password } = await ctx.auth.$context;
  await ctx.db.transaction(async (tx) => {
    const account = await repo.findCredentialAccount(tx, request.userId);
    if (!account?.password) throw new AppError("PASSWORD_NOT_SET");
    const ok = await password.verify({ hash: account.password, password: request.currentPassword });
    if (!ok) {
      throw new AppError("INVALID_PASSWORD", undefined, {
        currentPassword: ERROR_MESSAGES.INVALID_PASSWORD,
      });
    }
    if (await password.verify({ hash: account.password, password: request.newPassword })) {
      // Answered as VALIDATION with the field, so the form marks it; the text is the catalogue's.
      throw badRequest(ERROR_MESSAGES.SAME_PASSWORD, { newPassword: ERROR_MESSAGES.SAME_PASSWORD });
    }
    await repo.setPasswordHash(tx, account.id, await password.hash(request.newPassword));
    await repo.deleteOutstandingLinks(tx, request.userId);
    // A new password signs out every other device unless the user asks to keep them: whoever knew the
    // old one loses the session it gave them (docs/decisions/0006-realtime-stream-limits.md).
    if (request.revokeOtherSessions !== false)
      await repo.deleteSessions(tx, request.userId, request.currentSessionId);
  });
}

export async function setPhoneOfNewAccount(db: Executor, email: string, phone: string): Promise<void> {
  await repo.setPhoneOfNewAccount(db, email, phone);
}
