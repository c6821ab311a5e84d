import { AUTH_MESSAGES } from "@rifazo/shared/schemas/auth";

// Texts of the password change form (spec 1 §8 "Profile and password") and the two-factor helpers. The
// form's rules are the shared changePasswordFormSchema (@rifazo/shared/schemas/auth), not repeated here.

export const PASSWORD_CHANGE_TEXT = {
  errorTitle: "Error al Cambiar Contraseña",
  weakTitle: "Contraseña Débil",
  successTitle: AUTH_MESSAGES.passwordChangedTitle,
  success: AUTH_MESSAGES.passwordChanged,
  newPlaceholder: "Mínimo 8 caracteres",
  currentHint: "Para confirmar que eres tú.",
  linkPrompt: "¿Tu cuenta no tiene contraseña o no recuerdas la actual?",
  linkButton: "Enviarme un enlace para crear una nueva",
  linkSentTitle: "Revisa tu correo",
  linkSent: "Te enviamos un enlace para crear una contraseña nueva. Vence en 1 hora.",
} as const;

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
