import { z } from "zod";
import { fullNameSchema, USER_FIELD_LIMITS, USER_FIELD_MESSAGES } from "./user-fields";

// Profile area (spec 1 §2 "Profile area", §5 "Profile edit", §7 profiles and login activity, §8 lists).
// Only the full name and the phone are editable; the email is shown read-only.

export const PROFILE_LIMITS = { fullName: USER_FIELD_LIMITS.fullName } as const;

export const PROFILE_MESSAGES = {
  fullNameRequired: USER_FIELD_MESSAGES.fullNameRequired,
  fullNameTooLong: USER_FIELD_MESSAGES.fullNameTooLong,
  fullNameInvalid: USER_FIELD_MESSAGES.fullNameInvalid,
  imageInvalid: USER_FIELD_MESSAGES.imageInvalid,
  phoneInvalid: "Ingresa un teléfono venezolano válido, por ejemplo 0414-1234567 o 0212-1234567.",
  emailReadOnly: "El correo electrónico no se puede modificar.",
  updatedTitle: "Perfil Actualizado",
  updated: "Tus datos fueron guardados.",
  updateErrorTitle: "Error al Actualizar",
  loginActivityError: "No se pudo cargar la actividad de inicio de sesión.",
  loginActivityEmpty: "No hay actividad de inicio de sesión reciente para mostrar.",
  notAvailable: "No disponible",
  unknownDate: "Fecha desconocida",
} as const;

/**
 * Venezuelan numbers: mobile 04XX-XXXXXXX, landline 02XX-XXXXXXX, or the same with +58 / 0058 / 58 in front
 * (with or without the trunk 0). Spaces, dashes, dots and parentheses are ignored.
 * Returns the E.164 form (+58 and ten digits), or null when the value is not such a number.
 */
export function normalizeVenezuelanPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-.()]/g, "");
  const match = /^(?:(?:\+|00)?580?|0)([24]\d{9})$/.exec(compact);
  return match ? `+58${match[1]}` : null;
}

export const MOBILE_PHONE_MESSAGES = {
  required: "Escribe tu teléfono celular: el organizador lo usa para contactarte y devolverte un pago.",
  invalid:
    "Ingresa un celular venezolano válido, por ejemplo 0414-1234567 (0412, 0414, 0416, 0422, 0424 o 0426).",
} as const;

/**
 * A Venezuelan mobile (04XX), the number buyers are reached at by WhatsApp and paid back by Pago Móvil:
 * the same rule as normalizeVenezuelanPhone, landlines (02XX) refused. E.164 (+584XXXXXXXXX) or null.
 */
export function normalizeVenezuelanMobile(input: string): string | null {
  const normalized = normalizeVenezuelanPhone(input);
  return normalized?.startsWith("+584") ? normalized : null;
}

/** True for a stored phone that is a Venezuelan mobile (what a purchase needs), in any written form. */
export function isVenezuelanMobile(value: string | null | undefined): boolean {
  return typeof value === "string" && normalizeVenezuelanMobile(value) !== null;
}

/** A required mobile: validated and normalised to E.164 with the Spanish messages above. */
export const venezuelanMobileSchema = z
  .string({ error: MOBILE_PHONE_MESSAGES.required })
  .max(40, MOBILE_PHONE_MESSAGES.invalid)
  .transform((value, ctx) => {
    if (value.trim() === "") {
      ctx.addIssue({ code: "custom", message: MOBILE_PHONE_MESSAGES.required });
      return z.NEVER;
    }
    const normalized = normalizeVenezuelanMobile(value);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: MOBILE_PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return normalized;
  });

/** PUT /api/profile/phone: the mobile asked before a first purchase (spec 1 §5; docs/spec contact). */
export const buyerPhoneSchema = z.object({ phone: venezuelanMobileSchema });
export type BuyerPhoneInput = z.input<typeof buyerPhoneSchema>;

/** +584141234567 -> 0414-1234567 (how the form shows a stored number); other values are returned as they are. */
export function formatVenezuelanPhone(value: string | null | undefined): string {
  if (!value) return "";
  const match = /^\+58([24]\d{2})(\d{7})$/.exec(value);
  return match ? `0${match[1]}-${match[2]}` : value;
}

export const updateProfileSchema = z
  .object({
    fullName: fullNameSchema,
    /** Empty or null clears the phone. */
    phone: z
      .string({ error: PROFILE_MESSAGES.phoneInvalid })
      .max(40, PROFILE_MESSAGES.phoneInvalid)
      .nullable()
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        if (value === null || value.trim() === "") return null;
        const normalized = normalizeVenezuelanPhone(value);
        if (!normalized) {
          ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.phoneInvalid });
          return z.NEVER;
        }
        return normalized;
      }),
    /** Accepted only so that sending it gets a clear answer instead of being silently dropped. */
    email: z.unknown().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.email !== undefined) {
      ctx.addIssue({ code: "custom", path: ["email"], message: PROFILE_MESSAGES.emailReadOnly });
    }
  })
  .transform(({ email: _email, ...rest }) => rest);
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const loginActivityEntrySchema = z.object({
  id: z.string(),
  loginTime: z.string(),
  /** 'Chrome en Android'; null when unknown (the screen shows 'No disponible'). */
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
});
export type LoginActivityEntry = z.infer<typeof loginActivityEntrySchema>;

export const loginActivitySchema = z.object({ items: z.array(loginActivityEntrySchema) });
export type LoginActivity = z.infer<typeof loginActivitySchema>;
