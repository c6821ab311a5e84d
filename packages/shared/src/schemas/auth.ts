import { z } from "zod";
import { PASSWORD_MIN_LENGTH } from "../constants";
import { PAGE_ERROR_MESSAGES } from "../page-errors";
import { venezuelanMobileSchema } from "./profile";
import { fullNameSchema, USER_FIELD_MESSAGES } from "./user-fields";

// Written once, used by the forms (react-hook-form resolver) and by the API routes.

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const AUTH_MESSAGES = {
  fullNameRequired: USER_FIELD_MESSAGES.fullNameRequired,
  invalidEmail: "Por favor, proporciona un correo electrónico válido.",
  invalidEmailTitle: "Correo Inválido",
  passwordTooShort: "La contraseña debe tener al menos 8 caracteres.",
  passwordsDiffer: "Las contraseñas ingresadas no son iguales.",
  loginInvalid: "Por favor, ingresa un correo y contraseña válidos.",
  loginInvalidTitle: "Datos Inválidos",
  newPasswordRequired: "Completa la nueva contraseña y su confirmación.",
  newPasswordRequiredTitle: "Campos Vacíos",
  newPasswordShortTitle: "Contraseña Nueva Corta",
  passwordsDifferTitle: "Contraseñas no Coinciden",
  registerSuccessTitle: "¡Registro Exitoso!",
  registerSuccess: "¡Revisa tu correo electrónico para confirmar tu cuenta!",
  signOutTitle: "Sesión Cerrada",
  signOut: "Has cerrado sesión exitosamente.",
  signOutErrorTitle: "Error al cerrar sesión",
  signOutError: "No pudimos cerrar la sesión en el servidor, pero la sesión local fue eliminada.",
  currentPasswordRequired: "Escribe tu contraseña actual.",
  currentPasswordRequiredTitle: "Falta la Contraseña Actual",
  passwordChangedTitle: "Contraseña Actualizada",
  passwordChanged: "Tu contraseña ha sido cambiada exitosamente.",
} as const;

const email = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .max(254, AUTH_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.invalidEmail);

const newPassword = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(128, "La contraseña no puede superar los 128 caracteres.");

const registerFields = {
  fullName: fullNameSchema,
  email,
  password: newPassword,
  confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsDiffer }),
};
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/**
 * POST /api/account/register. The phone (a Venezuelan mobile) is optional here: an account made without
 * one (older clients, the magic link) is asked for it before its first purchase, where it is enforced.
 */
export const registerSchema = z
  .object({ ...registerFields, phone: venezuelanMobileSchema.optional() })
  .refine(passwordsMatch, { message: AUTH_MESSAGES.passwordsDiffer, path: ["confirmPassword"] });
export type RegisterInput = z.input<typeof registerSchema>;

/** The sign-up form: the spec's fields plus the mobile, required (how the organiser reaches a buyer). */
export const registerFormSchema = z
  .object({ ...registerFields, phone: venezuelanMobileSchema })
  .refine(passwordsMatch, { message: AUTH_MESSAGES.passwordsDiffer, path: ["confirmPassword"] });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.loginInvalid })
    .trim()
    .toLowerCase()
    .regex(EMAIL_PATTERN, AUTH_MESSAGES.loginInvalid),
  password: z.string({ error: AUTH_MESSAGES.loginInvalid }).min(1, AUTH_MESSAGES.loginInvalid),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z
  .object({
    // Required (docs/decisions/0007-one-sign-in-path.md): a session alone, perhaps stolen, cannot change
    // the password. An account without one creates it through the emailed reset link instead.
    currentPassword: z
      .string({ error: AUTH_MESSAGES.currentPasswordRequired })
      .min(1, AUTH_MESSAGES.currentPasswordRequired)
      .max(128, AUTH_MESSAGES.currentPasswordRequired),
    newPassword: z
      .string({ error: AUTH_MESSAGES.newPasswordRequired })
      .min(1, AUTH_MESSAGES.newPasswordRequired)
      .pipe(newPassword),
    confirmPassword: z
      .string({ error: AUTH_MESSAGES.newPasswordRequired })
      .min(1, AUTH_MESSAGES.newPasswordRequired),
    revokeOtherSessions: z.boolean().optional(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ["confirmPassword"],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * The change-password form (spec 1 §5 "Password change"): the API body's rules, plus refusing the current
 * password as the new one (the server answers SAME_PASSWORD for that, with this message).
 */
export const changePasswordFormSchema = changePasswordSchema.refine(
  (v) => v.currentPassword !== v.newPassword,
  { message: PAGE_ERROR_MESSAGES.SAME_PASSWORD, path: ["newPassword"] },
);

/** The toast title of each message of the change-password form (spec 1 §8 "Profile and password"). */
export const CHANGE_PASSWORD_TITLES: Record<string, string> = {
  [AUTH_MESSAGES.newPasswordRequired]: AUTH_MESSAGES.newPasswordRequiredTitle,
  [AUTH_MESSAGES.passwordTooShort]: AUTH_MESSAGES.newPasswordShortTitle,
  [AUTH_MESSAGES.passwordsDiffer]: AUTH_MESSAGES.passwordsDifferTitle,
  [AUTH_MESSAGES.currentPasswordRequired]: AUTH_MESSAGES.currentPasswordRequiredTitle,
};

export const resendVerificationSchema = z.object({ email });

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(["user", "admin"]),
  status: z.enum(["active", "inactive"]),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The balance that can be spent on rewards. */
  points: z.number().int(),
  /** Points earned over time (redemptions never lower them): `level` follows these. */
  pointsEarned: z.number().int(),
  level: z.enum(["Bronce", "Plata", "Oro", "Diamante"]),
  emailVerified: z.boolean(),
  twoFactorEnabled: z.boolean(),
  registrationDate: z.string(),
  /** An accepted vendedor (active or suspended): the menu links the vendedor area (decision 0034). */
  isSeller: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
