import { z } from "zod";
import { normalizeVenezuelanMobile, normalizeVenezuelanPhone } from "../domain/phone";
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

export {
  formatVenezuelanPhone,
  isVenezuelanMobile,
  normalizeVenezuelanMobile,
  normalizeVenezuelanPhone,
} from "../domain/phone";

export const MOBILE_PHONE_MESSAGES = {
  required: "Escribe tu teléfono celular: el organizador lo usa para contactarte y devolverte un pago.",
  invalid:
    "Ingresa un celular venezolano válido, por ejemplo 0414-1234567 (0412, 0414, 0416, 0422, 0424 o 0426).",
} as const;

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
