// Every way a password is set goes through the same strength rule (checkPasswordStrength, shared with the
// forms; length as in spec 1 §9): the app's own routes call assertStrongPassword, and Better Auth's endpoints that take a new password
// (whether reached over HTTP or through auth.api) are checked by passwordPolicyHook before they run.
import type { ErrorCode } from "@rifazo/shared";
import { checkPasswordStrength } from "@rifazo/shared/password-strength";
import { APIError, type createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { AppError } from "../../lib/errors";

/** Our own code, so the bridge keeps the specific Spanish reason instead of the generic message. */
export const WEAK_PASSWORD_CODE = "WEAK_PASSWORD" satisfies ErrorCode;

/** Throws a 400 with the Spanish reason (and the form field it belongs to) when the password is weak. */
export function assertStrongPassword(
  password: string,
  userInputs: ReadonlyArray<string | null | undefined>,
  field: string,
): void {
  const verdict = checkPasswordStrength(password, userInputs);
  if (!verdict.ok) throw new AppError(WEAK_PASSWORD_CODE, verdict.reason, { [field]: verdict.reason });
}

/** The reason ADMIN_PASSWORD cannot be used, or null when it is strong enough. */
export function adminPasswordProblem(password: string, email: string): string | null {
  const verdict = checkPasswordStrength(password, [email, "Administrador"]);
  return verdict.ok ? null : verdict.reason;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function refuse(reason: string): never {
  throw new APIError("BAD_REQUEST", { code: WEAK_PASSWORD_CODE, message: reason });
}

/**
 * Better Auth `before` hook: sign-up, change-password, set-password and reset-password take a new
 * password; each is held to the same rule as the app's forms, with the account's name and email as the
 * words it must not be made of.
 */
export async function passwordPolicyHook(ctx: HookContext): Promise<void> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const str = (value: unknown) => (typeof value === "string" ? value : undefined);
  switch (ctx.path) {
    case "/sign-up/email": {
      const password = str(body.password);
      if (password === undefined) return;
      const verdict = checkPasswordStrength(password, [str(body.email), str(body.name)]);
      if (!verdict.ok) refuse(verdict.reason);
      return;
    }
    case "/change-password":
    case "/set-password": {
      const password = str(body.newPassword);
      if (password === undefined) return;
      // The endpoint itself refuses a request without a session; the names are only extra words to avoid.
      const session = await getSessionFromCtx(ctx).catch(() => null);
      const verdict = checkPasswordStrength(password, [session?.user.email, session?.user.name]);
      if (!verdict.ok) refuse(verdict.reason);
      return;
    }
    case "/reset-password": {
      const password = str(body.newPassword);
      if (password === undefined) return;
      const token = str(body.token);
      const verification = token
        ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
        : null;
      const user = verification ? await ctx.context.internalAdapter.findUserById(verification.value) : null;
      const verdict = checkPasswordStrength(password, [user?.email, user?.name]);
      if (!verdict.ok) refuse(verdict.reason);
      return;
    }
  }
}
