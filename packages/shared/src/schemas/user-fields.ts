import { z } from "zod";

// The user's own data as every path writes it (spec 1 §5 registration and profile edit): the sign-up
// form, the profile form, the API routes behind them and the Better Auth hooks below every path.

export const USER_FIELD_LIMITS = { fullName: 120, imageUrl: 2048 } as const;

export const USER_FIELD_MESSAGES = {
  fullNameRequired: "Por favor, ingresa tu nombre completo.",
  fullNameTooLong: `El nombre no puede superar los ${USER_FIELD_LIMITS.fullName} caracteres.`,
  fullNameInvalid: "El nombre contiene caracteres no permitidos.",
  imageInvalid: "La imagen de perfil debe ser una dirección http(s) o una ruta del sitio.",
} as const;

// Control characters (bell, escape...) and invisible format characters (bidi overrides, zero-width):
// no name needs them, and they can disguise a name in the admin lists.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

export const fullNameSchema = z
  .string({ error: USER_FIELD_MESSAGES.fullNameRequired })
  // Checked before trimming: a megabyte of spaces is refused without copying it around.
  .max(USER_FIELD_LIMITS.fullName * 4, USER_FIELD_MESSAGES.fullNameTooLong)
  .transform((value) => value.replace(/[ \t\r\n\f\v\u00a0]+/g, " ").trim())
  .pipe(
    z
      .string()
      .min(1, USER_FIELD_MESSAGES.fullNameRequired)
      .max(USER_FIELD_LIMITS.fullName, USER_FIELD_MESSAGES.fullNameTooLong)
      .refine((value) => !INVISIBLE.test(value), USER_FIELD_MESSAGES.fullNameInvalid),
  );

/** An avatar address: absolute http(s), or a path on this site ("/api/images/..."); never javascript:, data:... */
export const userImageSchema = z
  .string({ error: USER_FIELD_MESSAGES.imageInvalid })
  .max(USER_FIELD_LIMITS.imageUrl, USER_FIELD_MESSAGES.imageInvalid)
  .refine((value) => {
    if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, USER_FIELD_MESSAGES.imageInvalid)
  .nullable();

/** The first message a user-data write breaks (name and image, when present), or null when it is valid. */
export function userFieldsProblem(data: { name?: unknown; image?: unknown }): string | null {
  if (data.name !== undefined) {
    const name = fullNameSchema.safeParse(data.name);
    if (!name.success) return name.error.issues[0]?.message ?? USER_FIELD_MESSAGES.fullNameInvalid;
  }
  if (data.image !== undefined) {
    const image = userImageSchema.safeParse(data.image);
    if (!image.success) return image.error.issues[0]?.message ?? USER_FIELD_MESSAGES.imageInvalid;
  }
  return null;
}
