import { PASSWORD_MIN_LENGTH } from "@rifazo/shared/constants";
import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import { AUTH_MESSAGES } from "@rifazo/shared/schemas/auth";

// The password change form's checks (spec 1 §5 "Password change", §8 "Profile and password"), in the
// order the toasts are shown. The server checks all of them again.

export const PASSWORD_CHANGE_TEXT = {
  errorTitle: "Error al Cambiar Contraseña",
  weakTitle: "Contraseña Débil",
  successTitle: AUTH_MESSAGES.passwordChangedTitle,
  success: AUTH_MESSAGES.passwordChanged,
  newPlaceholder: "Mínimo 8 caracteres",
} as const;

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface PasswordProblem {
  field: keyof PasswordChangeValues;
  title: string;
  description: string;
}

export function findPasswordProblem(values: PasswordChangeValues): PasswordProblem | null {
  if (!values.newPassword || !values.confirmPassword) {
    return {
      field: values.newPassword ? "confirmPassword" : "newPassword",
      title: AUTH_MESSAGES.newPasswordRequiredTitle,
      description: AUTH_MESSAGES.newPasswordRequired,
    };
  }
  if (values.newPassword.length < PASSWORD_MIN_LENGTH) {
    return {
      field: "newPassword",
      title: AUTH_MESSAGES.newPasswordShortTitle,
      description: AUTH_MESSAGES.passwordTooShort,
    };
  }
  if (values.newPassword !== values.confirmPassword) {
    return {
      field: "confirmPassword",
      title: AUTH_MESSAGES.passwordsDifferTitle,
      description: AUTH_MESSAGES.passwordsDiffer,
    };
  }
  if (values.currentPassword && values.currentPassword === values.newPassword) {
    return {
      field: "newPassword",
      title: PASSWORD_CHANGE_TEXT.errorTitle,
      description: ERROR_MESSAGES.SAME_PASSWORD,
    };
  }
  return null;
}

/** "123 456" or "123-456" pasted from an app still counts: only the six digits are kept. */
export function normalizeTotpCode(value: string): string {
  return value.replace(/\D/g, "").slice(0, 6);
}

/** The base32 secret inside an otpauth:// URI, grouped by four for typing it by hand. */
export function totpSecret(uri: string): string | null {
  const match = /[?&]secret=([A-Z2-7]+=*)/i.exec(uri);
  return match?.[1] ? match[1].toUpperCase().replace(/=+$/, "") : null;
}

export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
