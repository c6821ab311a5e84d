import { z } from "zod";
import { TIME_ZONE } from "../constants";
import { isUsableRate } from "../domain/exchange-rate";
import { EMAIL_PATTERN } from "./auth";
import { normalizeVenezuelanMobile } from "./profile";

// Public settings: the bolívar exchange rate, the accounts shown on the payment methods page and the
// support WhatsApp line shown on /contacto.
// Stored in the settings table under these keys; keys starting with 'internal.' are never public.

export const SETTINGS_KEYS = {
  exchangeRate: "exchange_rate",
  paymentAccounts: "payment_accounts",
  supportContact: "support_contact",
  /** Admin only (never in the public whitelist): the inbox's rejection reasons. */
  rejectTemplates: "reject_templates",
} as const;
export const INTERNAL_SETTINGS_PREFIX = "internal.";

export const SETTINGS_MESSAGES = {
  rateInvalid: "La tasa de cambio debe ser un número mayor que cero.",
  rateTooLarge: "La tasa de cambio es demasiado alta.",
  dateInvalid: "La fecha debe tener el formato AAAA-MM-DD.",
  sourceRequired: "Indica la fuente de la tasa (por ejemplo, BCV).",
  sourceTooLong: "La fuente no puede superar los 60 caracteres.",
  bankRequired: "Indica el banco de Pago Móvil.",
  phoneInvalid: "El teléfono de Pago Móvil debe tener el formato 0414-1234567.",
  idNumberInvalid: "La cédula o RIF debe tener el formato V-12345678.",
  zelleEmailInvalid: "El correo de Zelle no es válido.",
  zelleNameRequired: "Indica el titular de la cuenta Zelle.",
  transferBankRequired: "Indica el banco de la cuenta para transferencias.",
  accountNumberInvalid: "El número de cuenta debe tener 20 dígitos.",
  transferHolderRequired: "Indica el titular de la cuenta para transferencias.",
  binancePayIdInvalid: "El Pay ID de Binance solo puede contener letras, números, puntos, guiones y @.",
  textTooLong: "El texto no puede superar los 120 caracteres.",
  whatsappInvalid: "El WhatsApp debe ser un número venezolano, por ejemplo 0424-1234567.",
  saved: "Configuración guardada.",
} as const;

/** Today's date (YYYY-MM-DD) in Venezuelan time. */
export function todayInVenezuela(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, dateStyle: "short" }).format(now);
}

const isoDate = z
  .string({ error: SETTINGS_MESSAGES.dateInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, SETTINGS_MESSAGES.dateInvalid);

export const exchangeRateSchema = z.object({
  /** Bolívares per US dollar. */
  rate: z.number(),
  date: z.string(),
  source: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

/**
 * The stored exchange-rate setting as a usable rate, or null when none is saved or the row is not one
 * (hand-edited, outdated shape, zero): every reader treats such a row as "no rate published".
 */
export function parseExchangeRate(value: unknown): ExchangeRate | null {
  const parsed = exchangeRateSchema.safeParse(value);
  return parsed.success && isUsableRate(parsed.data.rate) ? parsed.data : null;
}

export const exchangeRateInputSchema = z.object({
  rate: z
    .number({ error: SETTINGS_MESSAGES.rateInvalid })
    .positive(SETTINGS_MESSAGES.rateInvalid)
    .max(1_000_000_000, SETTINGS_MESSAGES.rateTooLarge)
    .transform((value) => Math.round(value * 10_000) / 10_000),
  date: isoDate.optional().describe("Fecha de la tasa (AAAA-MM-DD); por defecto, hoy en Venezuela."),
  source: z
    .string({ error: SETTINGS_MESSAGES.sourceRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.sourceRequired)
    .max(60, SETTINGS_MESSAGES.sourceTooLong)
    .default("BCV"),
});
export type ExchangeRateInput = z.input<typeof exchangeRateInputSchema>;

const text = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(120, SETTINGS_MESSAGES.textTooLong);

export const pagoMovilAccountSchema = z.object({
  bank: text(SETTINGS_MESSAGES.bankRequired),
  phone: z
    .string({ error: SETTINGS_MESSAGES.phoneInvalid })
    .trim()
    .regex(/^(\+58\s?|0)4\d{2}[-\s]?\d{3}[-\s]?\d{4}$/, SETTINGS_MESSAGES.phoneInvalid),
  idNumber: z
    .string({ error: SETTINGS_MESSAGES.idNumberInvalid })
    .trim()
    .toUpperCase()
    .regex(/^[VEJGP]-?\d{5,9}(-?\d)?$/, SETTINGS_MESSAGES.idNumberInvalid),
});

export const zelleAccountSchema = z.object({
  email: z
    .string({ error: SETTINGS_MESSAGES.zelleEmailInvalid })
    .trim()
    .toLowerCase()
    .max(254, SETTINGS_MESSAGES.zelleEmailInvalid)
    .regex(EMAIL_PATTERN, SETTINGS_MESSAGES.zelleEmailInvalid),
  name: text(SETTINGS_MESSAGES.zelleNameRequired),
});

export const binanceAccountSchema = z.object({
  payId: z
    .string({ error: SETTINGS_MESSAGES.binancePayIdInvalid })
    .trim()
    .min(1, SETTINGS_MESSAGES.binancePayIdInvalid)
    .max(64, SETTINGS_MESSAGES.binancePayIdInvalid)
    .regex(/^[A-Za-z0-9@._-]+$/, SETTINGS_MESSAGES.binancePayIdInvalid),
});

/** A bank account in bolívares for transfers: 20 digits, stored without separators. */
export const transferAccountSchema = z.object({
  bank: text(SETTINGS_MESSAGES.transferBankRequired),
  accountNumber: z
    .string({ error: SETTINGS_MESSAGES.accountNumberInvalid })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{20}$/, SETTINGS_MESSAGES.accountNumberInvalid)),
  holder: text(SETTINGS_MESSAGES.transferHolderRequired),
  idNumber: pagoMovilAccountSchema.shape.idNumber,
});

/**
 * Admin input: each method may be left unconfigured (null); the payment methods page then hides it.
 * `transfer` may be left out (a form that does not show it): the saved transfer account is kept.
 */
export const paymentAccountsSchema = z.object({
  pagoMovil: pagoMovilAccountSchema.nullable(),
  zelle: zelleAccountSchema.nullable(),
  binance: binanceAccountSchema.nullable(),
  transfer: transferAccountSchema.nullable().optional(),
});
export type PaymentAccountsInput = z.input<typeof paymentAccountsSchema>;

export const publicTransferAccountSchema = z.object({
  bank: z.string(),
  accountNumber: z.string(),
  holder: z.string(),
  idNumber: z.string(),
});
export type TransferAccount = z.infer<typeof publicTransferAccountSchema>;

/** What the public endpoint answers (plain strings: the input rules were applied when saving). */
export const publicPaymentAccountsSchema = z.object({
  pagoMovil: z.object({ bank: z.string(), phone: z.string(), idNumber: z.string() }).nullable(),
  zelle: z.object({ email: z.string(), name: z.string() }).nullable(),
  binance: z.object({ payId: z.string() }).nullable(),
  /**
   * Bank transfer in bolívares; null when not configured. The API always sends it; optional so a page
   * cached from before the method existed reads it as not configured.
   */
  transfer: publicTransferAccountSchema.nullable().optional(),
});
/** The organiser's accounts, one per payment method that needs one (null: not configured). */
export type PaymentAccounts = z.infer<typeof publicPaymentAccountsSchema>;

export const EMPTY_PAYMENT_ACCOUNTS: PaymentAccounts = {
  pagoMovil: null,
  zelle: null,
  binance: null,
  transfer: null,
};

// The mobile rule lives once, beside the phone rule of the profile (schemas/profile.ts).
export { normalizeVenezuelanMobile };

/** "+584241234567" -> "+58 424-123-4567", the way it is shown. */
export function formatVenezuelanMobile(normalized: string): string {
  const national = normalized.replace(/^\+58/, "");
  return `+58 ${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`;
}

/** Admin input: the support WhatsApp line; null hides it from /contacto. Saved normalised (+58...). */
export const supportContactSchema = z.object({
  whatsapp: z
    .string({ error: SETTINGS_MESSAGES.whatsappInvalid })
    .trim()
    .transform((value, context) => {
      const normalized = normalizeVenezuelanMobile(value);
      if (!normalized) {
        context.addIssue({ code: "custom", message: SETTINGS_MESSAGES.whatsappInvalid });
        return z.NEVER;
      }
      return normalized;
    })
    .nullable(),
});
export type SupportContactInput = z.input<typeof supportContactSchema>;

export const publicSupportContactSchema = z.object({
  /** E.164, "+584241234567". */
  whatsapp: z.string().nullable(),
});
export type SupportContact = z.infer<typeof publicSupportContactSchema>;

export const EMPTY_SUPPORT_CONTACT: SupportContact = { whatsapp: null };

export const publicSettingsSchema = z.object({
  exchangeRate: exchangeRateSchema.nullable(),
  paymentAccounts: publicPaymentAccountsSchema,
  supportContact: publicSupportContactSchema,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
