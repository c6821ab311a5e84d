import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../constants";
import { AUTH_MESSAGES, resendVerificationSchema } from "./auth";

// "¿Olvidaste tu contraseña?": a link by email to set a new password (same strength rule as registration).

/** The request form takes just the email; the answer is the same whether or not the account exists. */
export const passwordResetRequestSchema = resendVerificationSchema;
export type PasswordResetRequestInput = z.infer<typeof passwordResetRequestSchema>;

/** How long the emailed link stays valid, in seconds. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

export const PASSWORD_RESET_MESSAGES = {
  link: "¿Olvidaste tu contraseña?",
  requestTitle: "Recuperar contraseña",
  requestIntro: "Escribe el correo de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.",
  requestSubmit: "Enviar enlace",
  sentTitle: "Revisa tu correo",
  sent: "Si el correo está registrado, te enviamos un enlace para crear una contraseña nueva. Vence en 1 hora.",
  resetTitle: "Crea una contraseña nueva",
  resetIntro: "Al guardarla se cerrará la sesión en todos tus dispositivos.",
  resetSubmit: "Guardar contraseña",
  resetDoneTitle: "Contraseña actualizada",
  resetDone: "Ya puedes iniciar sesión con tu nueva contraseña.",
  missingToken: "Este enlace no es válido. Pide uno nuevo para recuperar tu contraseña.",
  requestAgain: "Pedir un enlace nuevo",
  backToLogin: "Volver a iniciar sesión",
} as const;

export const passwordResetSchema = z
  .object({
    token: z.string().trim().min(1, PASSWORD_RESET_MESSAGES.missingToken).max(200),
    newPassword: z
      .string({ error: AUTH_MESSAGES.passwordTooShort })
      .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
      .max(128, "La contraseña no puede superar los 128 caracteres."),
    confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
