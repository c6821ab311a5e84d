import {
  DEFAULT_REJECT_TEMPLATES,
  EMPTY_PAYMENT_ACCOUNTS,
  EMPTY_SUPPORT_CONTACT,
  type ExchangeRate,
  type exchangeRateInputSchema,
  INTERNAL_SETTINGS_PREFIX,
  type PaymentAccounts,
  type PublicSettings,
  parseExchangeRate,
  type paymentAccountsSchema,
  publicPaymentAccountsSchema,
  publicSupportContactSchema,
  type RejectTemplates,
  rejectTemplatesSchema,
  SETTINGS_KEYS,
  type SupportContact,
  todayInVenezuela,
} from "@rifazo/shared";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client";
import { recordActorAudit } from "../audit";
import * as repo from "./repository";

/** Only these keys are ever read for the public endpoint: a whitelist, so new or internal keys stay private. */
const PUBLIC_KEYS = [SETTINGS_KEYS.exchangeRate, SETTINGS_KEYS.paymentAccounts, SETTINGS_KEYS.supportContact];

for (const key of PUBLIC_KEYS) {
  if (key.startsWith(INTERNAL_SETTINGS_PREFIX)) throw new Error(`Clave interna en la lista pública: ${key}`);
}

export async function publicSettings(db: Db, log: FastifyBaseLogger): Promise<PublicSettings> {
  const values = await repo.readSettings(db, PUBLIC_KEYS);
  return {
    exchangeRate: publicExchangeRate(values.get(SETTINGS_KEYS.exchangeRate), log),
    paymentAccounts: parsePaymentAccounts(values.get(SETTINGS_KEYS.paymentAccounts), log),
    supportContact: parseSupportContact(values.get(SETTINGS_KEYS.supportContact), log),
  };
}

function parseSupportContact(value: unknown, log: FastifyBaseLogger): SupportContact {
  if (value === undefined || value === null) return { ...EMPTY_SUPPORT_CONTACT };
  const parsed = publicSupportContactSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  log.warn({ value }, "ajustes: el contacto de soporte guardado no es válido; se omite");
  return { ...EMPTY_SUPPORT_CONTACT };
}

/** A hand-edited or outdated row must not break the payment page: a bad value is hidden and logged. */
function publicExchangeRate(value: unknown, log: FastifyBaseLogger): ExchangeRate | null {
  if (value === undefined || value === null) return null;
  const rate = parseExchangeRate(value);
  if (!rate) log.warn({ value }, "ajustes: la tasa de cambio guardada no es válida; se omite");
  return rate;
}

/**
 * Today's published bolívar rate, read in the caller's transaction: what a VES proof records when it is
 * sent, and what its points are converted with on approval when it recorded none. Null when none is usable.
 */
export async function currentExchangeRate(tx: Executor): Promise<ExchangeRate | null> {
  const values = await repo.readSettings(tx, [SETTINGS_KEYS.exchangeRate]);
  return parseExchangeRate(values.get(SETTINGS_KEYS.exchangeRate));
}

/** The saved accounts (pagoMovil, zelle, binance, transfer), read in the caller's transaction. */
export async function paymentAccounts(tx: Executor, log: FastifyBaseLogger): Promise<PaymentAccounts> {
  const values = await repo.readSettings(tx, [SETTINGS_KEYS.paymentAccounts]);
  return parsePaymentAccounts(values.get(SETTINGS_KEYS.paymentAccounts), log);
}

function parsePaymentAccounts(value: unknown, log: FastifyBaseLogger): PaymentAccounts {
  if (value === undefined || value === null || typeof value !== "object")
    return { ...EMPTY_PAYMENT_ACCOUNTS };
  const stored = value as Record<string, unknown>;
  const pick = <S extends z.ZodType>(schema: S, entry: unknown, name: string): z.infer<S> | null => {
    if (entry === undefined || entry === null) return null;
    const parsed = schema.safeParse(entry);
    if (parsed.success) return parsed.data;
    log.warn({ method: name }, "ajustes: datos de pago guardados no válidos; se omiten");
    return null;
  };
  const shape = publicPaymentAccountsSchema.shape;
  return {
    pagoMovil: pick(shape.pagoMovil.unwrap(), stored.pagoMovil, "pagoMovil"),
    zelle: pick(shape.zelle.unwrap(), stored.zelle, "zelle"),
    binance: pick(shape.binance.unwrap(), stored.binance, "binance"),
    transfer: pick(shape.transfer.unwrap().unwrap(), stored.transfer, "transfer"),
  };
}

export interface Actor {
  id: string;
  ip: string | null;
}

/** Saves a setting and its audit record (before/after) in one transaction, with `also` written in it too. */
async function saveSetting<T>(
  db: Db,
  actor: Actor,
  key: string,
  value: T,
  also?: (tx: Executor) => Promise<void>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const before = await repo.readSettingForUpdate(tx, key);
    await repo.writeSetting(tx, key, value, actor.id);
    await also?.(tx);
    await recordActorAudit(tx, actor, {
      action: "settings.update",
      entity: "settings",
      entityId: key,
      before,
      after: value,
    });
    return value;
  });
}

export function updateExchangeRate(
  db: Db,
  actor: Actor,
  input: z.output<typeof exchangeRateInputSchema>,
  now = new Date(),
): Promise<ExchangeRate> {
  const value: ExchangeRate = {
    rate: input.rate,
    date: input.date ?? todayInVenezuela(now),
    source: input.source,
  };
  // The rate is also kept for its day (decision 0035): a cash prize paid that day is checked against it.
  return saveSetting(db, actor, SETTINGS_KEYS.exchangeRate, value, (tx) =>
    repo.upsertDayRate(tx, {
      date: value.date,
      rate: value.rate,
      source: value.source,
      recordedBy: actor.id,
    }),
  );
}

/** The rate published for `day` (YYYY-MM-DD, Venezuela), from the history; null when none was. */
export async function rateOn(tx: Executor, day: string): Promise<number | null> {
  return repo.dayRate(tx, day);
}

/** The organiser's WhatsApp number as published in the support contact; null when none is. */
export async function supportWhatsapp(tx: Executor): Promise<string | null> {
  const values = await repo.readSettings(tx, [SETTINGS_KEYS.supportContact]);
  const parsed = publicSupportContactSchema.safeParse(values.get(SETTINGS_KEYS.supportContact));
  return parsed.success ? parsed.data.whatsapp : null;
}

export async function updatePaymentAccounts(
  db: Db,
  actor: Actor,
  input: z.output<typeof paymentAccountsSchema>,
  log: FastifyBaseLogger,
): Promise<PaymentAccounts> {
  // A form without the transfer field keeps the saved transfer account.
  const transfer =
    input.transfer === undefined ? ((await paymentAccounts(db, log)).transfer ?? null) : input.transfer;
  return saveSetting(db, actor, SETTINGS_KEYS.paymentAccounts, { ...input, transfer });
}

/** The settings an admin saves exactly as the form sent them (the route's schema has validated them). */
interface SavedAsSent {
  supportContact: SupportContact;
  rejectTemplates: RejectTemplates;
}

export function updateSetting<K extends keyof SavedAsSent>(
  db: Db,
  actor: Actor,
  key: K,
  input: SavedAsSent[K],
): Promise<SavedAsSent[K]> {
  return saveSetting(db, actor, SETTINGS_KEYS[key], input);
}

/** The inbox's rejection reasons: the saved ones, else the defaults (a bad saved value is logged and ignored). */
export async function rejectTemplates(db: Executor, log: FastifyBaseLogger): Promise<RejectTemplates> {
  const values = await repo.readSettings(db, [SETTINGS_KEYS.rejectTemplates]);
  const value = values.get(SETTINGS_KEYS.rejectTemplates);
  if (value === undefined || value === null) return DEFAULT_REJECT_TEMPLATES;
  const parsed = rejectTemplatesSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  log.warn("ajustes: las plantillas de rechazo guardadas no son válidas; se usan las de siempre");
  return DEFAULT_REJECT_TEMPLATES;
}
