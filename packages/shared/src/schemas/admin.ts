import { z } from "zod";
import {
  ACTIVATION_TYPES,
  ANNOUNCEMENT_TYPES,
  CURRENCIES,
  DEFAULT_PRIZE_LABEL,
  DEFAULT_RAFFLE_PAYMENT_METHODS,
  DEFAULT_TEASER_DAYS,
  DEFAULT_TOTAL_TICKETS,
  EXTERNAL_PLATFORMS,
  IMAGE_FOLDERS,
  LEVEL_NAMES,
  MAX_IMAGE_PIXELS,
  MAX_TOTAL_TICKETS,
  PAYMENT_METHODS,
  PROOF_STATUSES,
  RAFFLE_STATUSES,
  ROLES,
  USER_STATUSES,
  USERS_PAGE_SIZE,
} from "../constants";
import { minTicketCap } from "../domain/purchase-limits";
import type { ErrorCode } from "../errors";
import { isUuid } from "../uuid";
import { prizeLevelSchema, publicRaffleSchema, publicWinnerSchema } from "./raffles";

// Administrator area (spec 2): the raffle form, gallery, payment proofs, users, external winners,
// exports, statistics and the audit log. The web form and the API validate with the same schemas.

export const ADMIN_MESSAGES = {
  // Raffle form (spec 2 §5)
  formTitle: "Campos Requeridos",
  atLeastOneLevel: "Debe haber al menos un nivel de premio.",
  winnersExceedTickets: "El número total de ganadores no puede exceder el total de boletos.",
  totalTicketsLocked: "El total de boletos no se puede editar una vez creada la rifa.",
  saleLocked:
    "Esta rifa ya tiene ventas o pagos en revisión: el precio, la moneda, el total de boletos y las reglas de activación ya no se pueden cambiar.",
  drawDateEarlier: "Esta rifa ya tiene ventas: la fecha del sorteo solo puede posponerse, no adelantarse.",
  raffleHasProofs: "Esta rifa tiene comprobantes de pago y no se puede eliminar. Finalízala en su lugar.",
  raffleCreated: "Rifa creada. Los boletos se están generando.",
  // Images (spec 2 §5)
  imageType: "Solo se permiten imágenes JPG, PNG, WEBP o GIF.",
  imageTooLarge: "La imagen no debe exceder los 5MB.",
  imageTooManyPixels: `La imagen tiene demasiados píxeles (máximo ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles).`,
  imageUnreadable: "No se pudo leer la imagen. Verifica que el archivo no esté dañado.",
  imageMissing: "Selecciona una imagen para subir.",
  imageFolderInvalid: "La carpeta de la imagen no es válida.",
  imageNotFound: "Imagen no encontrada.",
  imageInUse: "Esta imagen se usa en una rifa y no se puede eliminar.",
  // Payment proofs
  proofNotFound: "Comprobante no encontrado.",
  proofRejectedCannotApprove: "Este comprobante fue rechazado y no se puede aprobar.",
  proofAlreadyReviewed: "Este comprobante ya fue revisado.",
  notEnoughTickets: "No hay suficientes boletos disponibles.",
  ticketsNotReady: "Los boletos de esta rifa aún se están generando. Inténtalo de nuevo en unos segundos.",
  raffleAlreadyDrawn: "Esta rifa ya tiene ganadores: no se pueden asignar ni liberar boletos.",
  adminNotesTooLong: "La nota no puede superar los 500 caracteres.",
  noTicketsReturned: "¡Pago aprobado! Pero no se pudieron recuperar los números de boletos asignados.",
  // Users
  userNotFound: "Usuario no encontrado.",
  cannotSuspendSelf: "No puedes suspender tu propia cuenta.",
  notifyRequired: "El título y el mensaje son obligatorios.",
  emailRequired: "El asunto y el mensaje son obligatorios.",
  titleTooLong: "El título no puede superar los 120 caracteres.",
  messageTooLong: "El mensaje no puede superar los 5000 caracteres.",
  // External winners (spec 2 §5)
  selectRaffle: "Selecciona una rifa primero.",
  atLeastOneWinner: "Debes registrar al menos un ganador.",
  winnerFieldsRequired: "Todos los ganadores deben tener número de boleto y nombre.",
  ticketDigits: "Los números de boleto deben tener exactamente 4 dígitos.",
  duplicates: (numbers: readonly string[]) =>
    `Los siguientes números están duplicados: ${numbers.join(", ")}.`,
  levelInvalid: "El nivel de premio no es válido.",
  levelUnknown: (level: number) => `El nivel de premio ${level} no existe en esta rifa.`,
  levelFull: (level: number, max: number) =>
    `El nivel de premio ${level} admite como máximo ${max} ${max === 1 ? "ganador" : "ganadores"}.`,
  winnersAlreadyRegistered: "Esta rifa ya tiene ganadores registrados.",
  // Lists
  emptyExport: "No hay datos para exportar.",
  pageInvalid: "La página solicitada no es válida.",
  searchTooLong: "La búsqueda no puede superar los 100 caracteres.",
  invalidId: "El identificador no es válido.",
} as const;

const IMAGE_PATH = "/api/images/";
const isImageUrl = (value: string) => value.startsWith(IMAGE_PATH) && isUuid(value.slice(IMAGE_PATH.length));
/** Dates typed in a datetime-local input carry no offset: they are Venezuelan time (UTC−4, no DST). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const VENEZUELA_OFFSET = "-04:00";

export const RAFFLE_FORM_LIMITS = {
  title: 150,
  description: 5000,
  imageAlt: 200,
  maxPrice: 9_999_999_999.99,
  levels: 50,
  levelDescription: 300,
  paymentMethods: 20,
  paymentMethod: 60,
  details: 1000,
  url: 500,
  teaserDays: 365,
} as const;

/** Labels of the form fields, listed in "Por favor, completa o corrige: {list}." */
export const RAFFLE_FORM_LABELS = {
  title: "Nombre de la Rifa",
  description: "Descripción",
  prizeImage: "Imagen del Premio",
  imageAlt: "Texto Alternativo de la Imagen",
  price: "Precio",
  currency: "Moneda",
  totalTickets: "Total de Boletos",
  maxTicketsPerBuyer: "Máximo de Boletos por Persona",
  status: "Estado",
  isFeatured: "Destacada",
  activationType: "Tipo de Activación",
  endDate: "Fecha y Hora del Sorteo",
  activationPercentage: "Porcentaje de Activación",
  startDate: "Fecha de Inicio",
  prizeLevels: "Niveles de Premio",
  paymentMethods: "Métodos de Pago",
  announcementType: "Tipo de Anuncio",
  externalAnnouncementPlatform: "Plataforma del Anuncio",
  externalAnnouncementDetails: "Detalles del Anuncio",
  externalAnnouncementUrl: "URL del Anuncio",
  daysUntilActivationTeaser: "Días de Aviso Previo",
} as const;
export type RaffleFormField = keyof typeof RAFFLE_FORM_LABELS;

const PRIZE_LEVEL_LABELS = {
  level: "Nivel",
  description: "Descripción del Nivel",
  winnerCount: "Ganadores del Nivel",
  prizeValue: "Valor del Premio del Nivel",
} as const;

const FIELD_MESSAGES = {
  title: "El nombre de la rifa es obligatorio.",
  titleTooLong: `El nombre de la rifa no puede superar los ${RAFFLE_FORM_LIMITS.title} caracteres.`,
  descriptionTooLong: `La descripción no puede superar los ${RAFFLE_FORM_LIMITS.description} caracteres.`,
  prizeImage: "Elige la imagen desde la galería o súbela con el formulario.",
  imageAltTooLong: `El texto alternativo no puede superar los ${RAFFLE_FORM_LIMITS.imageAlt} caracteres.`,
  price: "El precio debe ser un número mayor o igual a 0.01, con hasta dos decimales.",
  currency: "La moneda debe ser USD o VES.",
  totalTickets: `El total de boletos debe ser un número entero entre 1 y ${MAX_TOTAL_TICKETS}.`,
  maxTicketsPerBuyer: (min: number, total: number) =>
    `El máximo de boletos por persona debe ser un número entero entre ${min} y ${total} (el total de boletos), o quedar vacío para usar el valor por defecto.`,
  status: "El estado de la rifa no es válido.",
  isFeatured: "Indica si la rifa es destacada.",
  activationType: "El tipo de activación debe ser por fecha o por porcentaje.",
  endDate: "Indica una fecha y hora de sorteo válida.",
  activationPercentage: "El porcentaje de activación debe ser un número entero entre 1 y 100.",
  startDate: "La fecha de inicio no es válida.",
  levelDescription: "Describe el premio de este nivel.",
  levelDescriptionTooLong: `La descripción del premio no puede superar los ${RAFFLE_FORM_LIMITS.levelDescription} caracteres.`,
  winnerCount: "La cantidad de ganadores debe ser un número entero mayor o igual a 1.",
  prizeValue: "El valor del premio debe ser un número mayor o igual a 0.",
  tooManyLevels: `No puede haber más de ${RAFFLE_FORM_LIMITS.levels} niveles de premio.`,
  paymentMethods: `Indica como máximo ${RAFFLE_FORM_LIMITS.paymentMethods} métodos de pago de hasta ${RAFFLE_FORM_LIMITS.paymentMethod} caracteres.`,
  announcementType: "El tipo de anuncio debe ser interno o externo.",
  platform: "Elige la plataforma del anuncio externo.",
  detailsTooLong: `Los detalles del anuncio no pueden superar los ${RAFFLE_FORM_LIMITS.details} caracteres.`,
  url: "La URL del anuncio debe empezar por http:// o https://.",
  teaserDays: `Los días de aviso previo deben ser un número entero entre 0 y ${RAFFLE_FORM_LIMITS.teaserDays}.`,
} as const;

/** Issues carrying this flag have their own message instead of joining the "completa o corrige" list. */
const STANDALONE = { standalone: true } as const;

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** Numbers may arrive typed (JSON) or as input text; a decimal comma (es-VE) is accepted. */
function toNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    const text = value.trim();
    if (/^-?\d+([.,]\d+)?$/.test(text)) return Number(text.replace(",", "."));
  }
  return Number.NaN;
}

/** ISO text with an offset, or a datetime-local value read as Venezuelan time; null when invalid. */
export function parseFormDate(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== "string") return null;
  const text = value.trim();
  const withZone = LOCAL_DATE_TIME.test(text) ? `${text}${VENEZUELA_OFFSET}` : text;
  // Only ISO-like text: Date.parse accepts many loose formats whose meaning depends on the platform.
  if (!/^\d{4}-\d{2}-\d{2}/.test(withZone)) return null;
  const date = new Date(withZone);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Splits "Pago Móvil, Zelle" or ["Pago Móvil", " Zelle "], trims, drops blanks and repeats. */
export function normalizePaymentMethods(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === "string" ? [value] : [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== "string") continue;
    for (const part of item.split(",")) {
      const method = part.trim().replace(/\s+/g, " ");
      if (!method || seen.has(method.toLowerCase())) continue;
      seen.add(method.toLowerCase());
      out.push(method);
    }
  }
  return out;
}

const textInput = z.union([z.string(), z.null()]).optional();
const numberInput = z.union([z.number(), z.string(), z.null()]).optional();
const dateInput = z.union([z.string(), z.date(), z.null()]).optional();

const prizeLevelInputSchema = z.object({
  level: numberInput,
  description: textInput,
  winnerCount: numberInput,
  prizeValue: numberInput,
});

/** What the form holds and what POST/PATCH accept: loosely typed, every rule is checked in one pass. */
export const raffleFormInputSchema = z.object({
  title: textInput,
  description: textInput,
  prizeImage: textInput.describe("'/api/images/<id>' de una imagen subida, o null."),
  imageAlt: textInput,
  price: numberInput,
  currency: textInput.describe("USD o VES (por defecto USD)."),
  totalTickets: numberInput.describe("Entre 1 y 10000 (por defecto 10000); no se edita después de crear."),
  maxTicketsPerBuyer: numberInput.describe(
    "Máximo de boletos por comprador (pendientes más aprobados), entre 2 y el total; vacío o null: 10 % del total.",
  ),
  status: textInput.describe("upcoming, active, ready_to_announce o finished (por defecto upcoming)."),
  isFeatured: z.union([z.boolean(), z.null()]).optional(),
  activationType: textInput.describe("date (requiere endDate) o percentage (requiere activationPercentage)."),
  endDate: dateInput.describe("ISO 8601; sin zona horaria se interpreta como hora de Venezuela."),
  activationPercentage: numberInput,
  startDate: dateInput,
  prizeLevels: z.union([z.array(prizeLevelInputSchema), z.null()]).optional(),
  paymentMethods: z
    .union([z.array(z.string()), z.string(), z.null()])
    .optional()
    .describe("Lista o texto separado por comas; por defecto Pago Móvil, Zelle, Binance Pay."),
  announcementType: textInput,
  externalAnnouncementPlatform: textInput,
  externalAnnouncementDetails: textInput,
  externalAnnouncementUrl: textInput,
  daysUntilActivationTeaser: numberInput,
});
export type RaffleFormInput = z.input<typeof raffleFormInputSchema>;

export interface RaffleFormPrizeLevel {
  level: number;
  description: string;
  winnerCount: number;
  prizeValue: number | null;
}

/** The normalised raffle as saved: defaults applied, fallbacks filled, cleared fields null. */
export interface RaffleForm {
  title: string;
  description: string;
  prizeImage: string | null;
  imageAlt: string;
  price: number;
  currency: (typeof CURRENCIES)[number];
  totalTickets: number;
  /** null: the default cap (defaultTicketCap), which follows the total. */
  maxTicketsPerBuyer: number | null;
  status: (typeof RAFFLE_STATUSES)[number];
  isFeatured: boolean;
  activationType: (typeof ACTIVATION_TYPES)[number];
  /** ISO; null for percentage raffles. */
  endDate: string | null;
  /** null for date raffles. */
  activationPercentage: number | null;
  startDate: string | null;
  prizeLevels: RaffleFormPrizeLevel[];
  paymentMethods: string[];
  announcementType: (typeof ANNOUNCEMENT_TYPES)[number];
  externalAnnouncementPlatform: (typeof EXTERNAL_PLATFORMS)[number] | null;
  externalAnnouncementDetails: string | null;
  externalAnnouncementUrl: string | null;
  daysUntilActivationTeaser: number;
}

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * The one raffle form schema (spec 2 §5), used by the admin form and by POST/PATCH /api/admin/raffles.
 * Every rule is checked in a single pass so a failure lists all the fields to fix at once.
 */
export const raffleFormSchema = raffleFormInputSchema.transform((raw, ctx): RaffleForm => {
  let failed = false;
  const fail = (path: (string | number)[], message: string, standalone = false) => {
    failed = true;
    ctx.addIssue({ code: "custom", path, message, ...(standalone ? { params: STANDALONE } : {}) });
  };
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

  const title = text(raw.title);
  if (!title) fail(["title"], FIELD_MESSAGES.title);
  else if (title.length > RAFFLE_FORM_LIMITS.title) fail(["title"], FIELD_MESSAGES.titleTooLong);

  let prizeImage: string | null = null;
  if (!isBlank(raw.prizeImage)) {
    prizeImage = text(raw.prizeImage);
    if (!isImageUrl(prizeImage)) fail(["prizeImage"], FIELD_MESSAGES.prizeImage);
  }

  const price = toNumber(raw.price);
  if (
    isBlank(raw.price) ||
    !Number.isFinite(price) ||
    price < 0.01 ||
    price > RAFFLE_FORM_LIMITS.maxPrice ||
    !hasCents(price)
  ) {
    fail(["price"], FIELD_MESSAGES.price);
  }

  const currency = isBlank(raw.currency) ? "USD" : text(raw.currency);
  if (!isOneOf(CURRENCIES, currency)) fail(["currency"], FIELD_MESSAGES.currency);

  const totalTickets = isBlank(raw.totalTickets) ? DEFAULT_TOTAL_TICKETS : toNumber(raw.totalTickets);
  const totalValid = Number.isInteger(totalTickets) && totalTickets >= 1 && totalTickets <= MAX_TOTAL_TICKETS;
  if (!totalValid) fail(["totalTickets"], FIELD_MESSAGES.totalTickets);

  // Per-buyer cap (decision 0008): blank keeps the default; otherwise between the minimum purchase and the total.
  let maxTicketsPerBuyer: number | null = null;
  if (!isBlank(raw.maxTicketsPerBuyer)) {
    const cap = toNumber(raw.maxTicketsPerBuyer);
    const limit = totalValid ? totalTickets : MAX_TOTAL_TICKETS;
    const min = minTicketCap(limit);
    if (!Number.isInteger(cap) || cap < min || cap > limit) {
      fail(["maxTicketsPerBuyer"], FIELD_MESSAGES.maxTicketsPerBuyer(min, limit));
    } else {
      maxTicketsPerBuyer = cap;
    }
  }

  const status = isBlank(raw.status) ? "upcoming" : text(raw.status);
  if (!isOneOf(RAFFLE_STATUSES, status)) fail(["status"], FIELD_MESSAGES.status);

  const activationType = isBlank(raw.activationType) ? "date" : text(raw.activationType);
  if (!isOneOf(ACTIVATION_TYPES, activationType)) fail(["activationType"], FIELD_MESSAGES.activationType);

  // Switching the activation type clears the other field (spec 2 §4).
  let endDate: string | null = null;
  let activationPercentage: number | null = null;
  if (activationType === "date") {
    const date = parseFormDate(raw.endDate);
    if (!date) fail(["endDate"], FIELD_MESSAGES.endDate);
    else endDate = date.toISOString();
  } else if (activationType === "percentage") {
    const percentage = toNumber(raw.activationPercentage);
    if (
      isBlank(raw.activationPercentage) ||
      !Number.isInteger(percentage) ||
      percentage < 1 ||
      percentage > 100
    ) {
      fail(["activationPercentage"], FIELD_MESSAGES.activationPercentage);
    } else {
      activationPercentage = percentage;
    }
  }

  let startDate: string | null = null;
  if (!isBlank(raw.startDate)) {
    const date = parseFormDate(raw.startDate);
    if (!date) fail(["startDate"], FIELD_MESSAGES.startDate);
    else startDate = date.toISOString();
  }

  const levelsRaw = raw.prizeLevels ?? [];
  const prizeLevels: RaffleFormPrizeLevel[] = [];
  let countsValid = true;
  if (levelsRaw.length === 0) fail(["prizeLevels"], ADMIN_MESSAGES.atLeastOneLevel, true);
  else if (levelsRaw.length > RAFFLE_FORM_LIMITS.levels)
    fail(["prizeLevels"], FIELD_MESSAGES.tooManyLevels, true);
  levelsRaw.slice(0, RAFFLE_FORM_LIMITS.levels).forEach((item, index) => {
    const description = text(item.description);
    if (!description) fail(["prizeLevels", index, "description"], FIELD_MESSAGES.levelDescription);
    else if (description.length > RAFFLE_FORM_LIMITS.levelDescription) {
      fail(["prizeLevels", index, "description"], FIELD_MESSAGES.levelDescriptionTooLong);
    }
    const winnerCount = toNumber(item.winnerCount);
    if (isBlank(item.winnerCount) || !Number.isInteger(winnerCount) || winnerCount < 1) {
      countsValid = false;
      fail(["prizeLevels", index, "winnerCount"], FIELD_MESSAGES.winnerCount);
    }
    let prizeValue: number | null = null;
    if (!isBlank(item.prizeValue)) {
      prizeValue = toNumber(item.prizeValue);
      if (!Number.isFinite(prizeValue) || prizeValue < 0 || prizeValue > RAFFLE_FORM_LIMITS.maxPrice) {
        fail(["prizeLevels", index, "prizeValue"], FIELD_MESSAGES.prizeValue);
        prizeValue = null;
      } else {
        prizeValue = Math.round(prizeValue * 100) / 100;
      }
    }
    // Renumbered 1..n in the order given (spec 2: removing a level renumbers the rest).
    prizeLevels.push({ level: index + 1, description, winnerCount, prizeValue });
  });
  if (countsValid && totalValid && prizeLevels.length > 0) {
    const winners = prizeLevels.reduce((sum, level) => sum + level.winnerCount, 0);
    if (winners > totalTickets) fail(["prizeLevels"], ADMIN_MESSAGES.winnersExceedTickets, true);
  }

  let paymentMethods = normalizePaymentMethods(raw.paymentMethods);
  if (
    paymentMethods.length > RAFFLE_FORM_LIMITS.paymentMethods ||
    paymentMethods.some((method) => method.length > RAFFLE_FORM_LIMITS.paymentMethod)
  ) {
    fail(["paymentMethods"], FIELD_MESSAGES.paymentMethods);
  }
  if (paymentMethods.length === 0) paymentMethods = [...DEFAULT_RAFFLE_PAYMENT_METHODS];

  const announcementType = isBlank(raw.announcementType) ? "internal" : text(raw.announcementType);
  let externalAnnouncementPlatform: RaffleForm["externalAnnouncementPlatform"] = null;
  let externalAnnouncementDetails: string | null = null;
  let externalAnnouncementUrl: string | null = null;
  if (!isOneOf(ANNOUNCEMENT_TYPES, announcementType)) {
    fail(["announcementType"], FIELD_MESSAGES.announcementType);
  } else if (announcementType === "external") {
    const platform = text(raw.externalAnnouncementPlatform);
    if (!isOneOf(EXTERNAL_PLATFORMS, platform))
      fail(["externalAnnouncementPlatform"], FIELD_MESSAGES.platform);
    else externalAnnouncementPlatform = platform;
    externalAnnouncementDetails = text(raw.externalAnnouncementDetails) || null;
    if ((externalAnnouncementDetails?.length ?? 0) > RAFFLE_FORM_LIMITS.details) {
      fail(["externalAnnouncementDetails"], FIELD_MESSAGES.detailsTooLong);
    }
    externalAnnouncementUrl = text(raw.externalAnnouncementUrl) || null;
    if (externalAnnouncementUrl !== null && !isHttpUrl(externalAnnouncementUrl)) {
      fail(["externalAnnouncementUrl"], FIELD_MESSAGES.url);
    }
  }

  const teaser = isBlank(raw.daysUntilActivationTeaser)
    ? DEFAULT_TEASER_DAYS
    : toNumber(raw.daysUntilActivationTeaser);
  if (!Number.isInteger(teaser) || teaser < 0 || teaser > RAFFLE_FORM_LIMITS.teaserDays) {
    fail(["daysUntilActivationTeaser"], FIELD_MESSAGES.teaserDays);
  }

  let description = text(raw.description);
  if (description.length > RAFFLE_FORM_LIMITS.description)
    fail(["description"], FIELD_MESSAGES.descriptionTooLong);
  if (!description) description = prizeLevels[0]?.description || DEFAULT_PRIZE_LABEL;
  let imageAlt = text(raw.imageAlt);
  if (imageAlt.length > RAFFLE_FORM_LIMITS.imageAlt) fail(["imageAlt"], FIELD_MESSAGES.imageAltTooLong);
  if (!imageAlt) imageAlt = title;

  if (failed) return z.NEVER;
  return {
    title,
    description,
    prizeImage,
    imageAlt,
    price: Math.round(price * 100) / 100,
    currency: currency as RaffleForm["currency"],
    totalTickets,
    maxTicketsPerBuyer,
    status: status as RaffleForm["status"],
    isFeatured: raw.isFeatured === true,
    activationType: activationType as RaffleForm["activationType"],
    endDate,
    activationPercentage,
    startDate,
    prizeLevels,
    paymentMethods,
    announcementType: announcementType as RaffleForm["announcementType"],
    externalAnnouncementPlatform,
    externalAnnouncementDetails,
    externalAnnouncementUrl,
    daysUntilActivationTeaser: teaser,
  };
});

function isHttpUrl(value: string): boolean {
  if (value.length > RAFFLE_FORM_LIMITS.url || !/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  params?: unknown;
}

/** Human label of an issue's field: "Precio", "Descripción del Nivel 2". */
export function raffleFormFieldLabel(path: readonly PropertyKey[]): string {
  const [field, index, sub] = path;
  if (field === "prizeLevels" && typeof index === "number") {
    const label = PRIZE_LEVEL_LABELS[(sub as keyof typeof PRIZE_LEVEL_LABELS) ?? "description"];
    return `${label ?? PRIZE_LEVEL_LABELS.description} ${index + 1}`;
  }
  return RAFFLE_FORM_LABELS[field as RaffleFormField] ?? String(field ?? "");
}

export interface RaffleFormErrorSummary {
  /** 'Campos Requeridos' */
  title: string;
  /** 'Por favor, completa o corrige: Precio, Moneda.' or the rule's own message. */
  message: string;
  /** Path ('prizeLevels.0.description') to that field's message. */
  fields: Record<string, string>;
}

/** The toast and per-field messages for a failed raffleFormSchema parse (spec 2 §5). */
export function raffleFormErrorSummary(error: { issues: readonly IssueLike[] }): RaffleFormErrorSummary {
  const fields: Record<string, string> = {};
  const labels: string[] = [];
  let standalone: string | undefined;
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
    const isStandalone = (issue.params as { standalone?: boolean } | undefined)?.standalone === true;
    if (isStandalone) {
      standalone ??= issue.message;
      continue;
    }
    const label = raffleFormFieldLabel(issue.path);
    if (label && !labels.includes(label)) labels.push(label);
  }
  const message =
    labels.length > 0
      ? `Por favor, completa o corrige: ${labels.join(", ")}.`
      : (standalone ?? "Por favor, revisa los datos de la rifa.");
  return { title: ADMIN_MESSAGES.formTitle, message, fields };
}

// ---------------------------------------------------------------------------------------------
// Admin raffle views
// ---------------------------------------------------------------------------------------------

export const adminRaffleSchema = publicRaffleSchema.extend({
  prizeLevels: z.array(prizeLevelSchema),
  /** The ticket pool (numbers 0..total−1) exists; until then the list shows a spinner. */
  ticketsGenerated: z.boolean(),
  /** Tickets held by payment proofs still under review. */
  pendingTickets: z.number().int(),
  /** The organiser's own cap; null when the default (maxTicketsPerBuyer shows it) applies. */
  maxTicketsPerBuyerSetting: z.number().int().nullable(),
  paymentProofCount: z.number().int(),
  /** A sale or a pending proof exists: price, currency, total and activation rules are locked. */
  hasSales: z.boolean(),
  drawSeedCommitment: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminRaffle = z.infer<typeof adminRaffleSchema>;
export const adminRaffleListSchema = z.object({ items: z.array(adminRaffleSchema) });

/** Form values for editing an existing raffle. */
export function raffleToFormInput(raffle: AdminRaffle): RaffleFormInput {
  return {
    title: raffle.title,
    description: raffle.description,
    prizeImage: raffle.prizeImage,
    imageAlt: raffle.imageAlt,
    price: raffle.price,
    currency: raffle.currency,
    totalTickets: raffle.totalTickets,
    maxTicketsPerBuyer: raffle.maxTicketsPerBuyerSetting,
    status: raffle.status,
    isFeatured: raffle.isFeatured,
    activationType: raffle.activationType,
    endDate: raffle.endDate,
    activationPercentage: raffle.activationPercentage,
    startDate: raffle.startDate,
    prizeLevels: raffle.prizeLevels.map((level) => ({
      level: level.level,
      description: level.description,
      winnerCount: level.winnerCount,
      prizeValue: level.prizeValue,
    })),
    paymentMethods: raffle.paymentMethods,
    announcementType: raffle.announcementType,
    externalAnnouncementPlatform: raffle.externalAnnouncementPlatform,
    externalAnnouncementDetails: raffle.externalAnnouncementDetails,
    externalAnnouncementUrl: raffle.externalAnnouncementUrl,
    daysUntilActivationTeaser: raffle.daysUntilActivationTeaser,
  };
}

// ---------------------------------------------------------------------------------------------
// Gallery
// ---------------------------------------------------------------------------------------------

export const ADMIN_GALLERY_LIMIT = 100;
export const IMAGE_VARIANT_WIDTHS = [320, 640, 960] as const;

export const adminImageSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Public URL ('/api/images/<id>'); add ?w=320|640|960 for a smaller variant. */
  url: z.string(),
  /** Internal storage path of the original. */
  path: z.string(),
  folder: z.enum(IMAGE_FOLDERS),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type AdminImage = z.infer<typeof adminImageSchema>;
export const adminImageListSchema = z.object({ items: z.array(adminImageSchema) });
export const adminImageListQuerySchema = z.object({
  folder: z
    .enum(IMAGE_FOLDERS, { error: ADMIN_MESSAGES.imageFolderInvalid })
    .default("gallery")
    .describe("gallery (por defecto) o prizes."),
});

// ---------------------------------------------------------------------------------------------
// Payment proofs
// ---------------------------------------------------------------------------------------------

export const ADMIN_PROOFS_PAGE_SIZE = 20;
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

const pageParam = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: ADMIN_MESSAGES.pageInvalid })
    .int(ADMIN_MESSAGES.pageInvalid)
    .min(1, ADMIN_MESSAGES.pageInvalid)
    .max(100_000, ADMIN_MESSAGES.pageInvalid)
    .default(1),
);
const searchParam = z.preprocess(
  blankToUndefined,
  z.string().trim().max(100, ADMIN_MESSAGES.searchTooLong).optional(),
);

export const adminProofListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(PROOF_STATUSES).optional()),
  raffleId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => v === "general" || isUuid(v), ADMIN_MESSAGES.invalidId)
      .optional()
      .describe("Id de la rifa, o 'general' para los pagos sin rifa."),
  ),
  q: searchParam.describe("Nombre o correo del comprador, referencia o título de la rifa."),
  page: pageParam,
});
export type AdminProofListQuery = z.infer<typeof adminProofListQuerySchema>;

export const adminProofSchema = z.object({
  id: z.string(),
  userId: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  raffleId: z.string().nullable(),
  raffleTitle: z.string().nullable(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  exchangeRate: z.number().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  transactionRef: z.string(),
  status: z.enum(PROOF_STATUSES),
  userNotes: z.string().nullable(),
  adminNotes: z.string().nullable(),
  quantityOfTickets: z.number().int(),
  /** Assigned numbers, 4 digits, ascending. */
  tickets: z.array(z.string()),
  /** Another proof carries the same reference (ignoring case and spaces): a possible reused receipt. */
  duplicateReference: z.boolean(),
  /** The other proof with that reference (the oldest, or the one a reference clean-up matched). */
  duplicateOf: z.string().nullable(),
  file: z.object({
    url: z.string(),
    filename: z.string().nullable(),
    contentType: z.string(),
    size: z.number(),
  }),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProof = z.infer<typeof adminProofSchema>;

export const adminPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export const adminProofListSchema = adminPageSchema(adminProofSchema);

export const adminApproveResultSchema = z.object({
  proofId: z.string(),
  status: z.enum(PROOF_STATUSES),
  /** The numbers assigned to the buyer (4 digits, ascending). Empty for general payments. */
  tickets: z.array(z.string()),
  /** True when the proof had already been approved (a repeated click): nothing changed. */
  alreadyApproved: z.boolean(),
  pointsAwarded: z.number().int(),
});
export type AdminApproveResult = z.infer<typeof adminApproveResultSchema>;

export const adminRejectInputSchema = z.object({
  adminNotes: z.preprocess(
    blankToUndefined,
    z.string().trim().max(500, ADMIN_MESSAGES.adminNotesTooLong).optional(),
  ),
});
export const adminReviewResultSchema = z.object({ proofId: z.string(), status: z.enum(PROOF_STATUSES) });

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

export const ADMIN_USERS_PAGE_SIZE = USERS_PAGE_SIZE;

export const adminUserListQuerySchema = z.object({
  q: searchParam.describe("Nombre o correo."),
  page: pageParam,
});

export const adminUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  points: z.number().int(),
  level: z.enum(LEVEL_NAMES),
  emailVerified: z.boolean(),
  registrationDate: z.string(),
  totalTicketsPurchased: z.number().int(),
  totalPaymentProofs: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = adminPageSchema(adminUserSchema);

const requiredText = (message: string, max: number, tooLong: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z.string({ error: message }).min(1, message).max(max, tooLong),
  );

export const adminNotifyInputSchema = z.object({
  title: requiredText(ADMIN_MESSAGES.notifyRequired, 120, ADMIN_MESSAGES.titleTooLong),
  message: requiredText(ADMIN_MESSAGES.notifyRequired, 5000, ADMIN_MESSAGES.messageTooLong),
});
export const adminEmailInputSchema = z.object({
  subject: requiredText(ADMIN_MESSAGES.emailRequired, 120, ADMIN_MESSAGES.titleTooLong),
  body: requiredText(ADMIN_MESSAGES.emailRequired, 5000, ADMIN_MESSAGES.messageTooLong),
});

export const adminParticipationSchema = z.object({
  /** null for a general payment (not tied to a raffle). */
  raffleId: z.string().nullable(),
  raffleName: z.string(),
  participationDate: z.string(),
  proofStatus: z.enum(PROOF_STATUSES),
  paymentProofId: z.string(),
  quantityOfTickets: z.number().int(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  tickets: z.array(z.string()),
});
export type AdminParticipation = z.infer<typeof adminParticipationSchema>;
export const adminParticipationListSchema = z.object({ items: z.array(adminParticipationSchema) });

// ---------------------------------------------------------------------------------------------
// External winners (spec 2 §2 "External winners tab", §5)
// ---------------------------------------------------------------------------------------------

const winnerEntryInputSchema = z.object({
  level: numberInput,
  ticketNumber: z.union([z.string(), z.number(), z.null()]).optional(),
  winnerName: textInput,
});

export interface ExternalWinnerEntry {
  level: number;
  /** '0123' */
  ticketNumber: string;
  winnerName: string;
}

/**
 * The spec's checks in the screen's order; returns the first message, or null when the entries are fine.
 * `raffleId` is what the tab has selected (null/empty: none).
 */
export function externalWinnersError(
  raffleId: string | null | undefined,
  winners:
    | ReadonlyArray<{ level?: unknown; ticketNumber?: unknown; winnerName?: unknown }>
    | null
    | undefined,
): string | null {
  if (!raffleId) return ADMIN_MESSAGES.selectRaffle;
  const list = winners ?? [];
  if (list.length === 0) return ADMIN_MESSAGES.atLeastOneWinner;
  const numberText = (value: unknown) =>
    typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (list.some((w) => !numberText(w.ticketNumber) || isBlank(w.winnerName))) {
    return ADMIN_MESSAGES.winnerFieldsRequired;
  }
  if (list.some((w) => !/^\d{4}$/.test(numberText(w.ticketNumber)))) return ADMIN_MESSAGES.ticketDigits;
  const seen = new Set<string>();
  const repeated: string[] = [];
  for (const w of list) {
    const n = numberText(w.ticketNumber);
    if (seen.has(n) && !repeated.includes(n)) repeated.push(n);
    seen.add(n);
  }
  if (repeated.length > 0) return ADMIN_MESSAGES.duplicates(repeated);
  if (
    list.some((w) => !isBlank(w.level) && !(Number.isInteger(toNumber(w.level)) && toNumber(w.level) >= 1))
  ) {
    return ADMIN_MESSAGES.levelInvalid;
  }
  return null;
}

/** Body of POST /api/admin/raffles/:id/external-winners. A missing level means level 1. */
export const externalWinnersInputSchema = z
  .object({ winners: z.union([z.array(winnerEntryInputSchema), z.null()]).optional() })
  .transform((raw, ctx): { winners: ExternalWinnerEntry[] } => {
    const message = externalWinnersError("selected", raw.winners);
    if (message) {
      ctx.addIssue({ code: "custom", path: ["winners"], message });
      return z.NEVER;
    }
    return {
      winners: (raw.winners ?? []).map((w) => ({
        level: isBlank(w.level) ? 1 : toNumber(w.level),
        ticketNumber: String(w.ticketNumber).trim(),
        winnerName: String(w.winnerName).trim().slice(0, 150),
      })),
    };
  });

export const soldTicketLookupQuerySchema = z.object({
  number: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{4}$/, ADMIN_MESSAGES.ticketDigits)
      .optional()
      .describe("Número de 4 dígitos; sin él se listan todos los boletos vendidos."),
  ),
});
export const soldTicketListSchema = z.object({
  items: z.array(z.object({ ticketNumber: z.string(), buyerName: z.string(), userId: z.string() })),
});
export const externalWinnersResultSchema = z.object({
  raffleId: z.string(),
  status: z.enum(RAFFLE_STATUSES),
  winners: z.array(publicWinnerSchema),
});

// ---------------------------------------------------------------------------------------------
// Exports, statistics, audit
// ---------------------------------------------------------------------------------------------

export const ADMIN_EXPORTS = {
  users: { path: "/api/admin/exports/users.csv", filename: "listado_usuarios_rifazo.csv" },
  raffles: { path: "/api/admin/exports/raffles.csv", filename: "listado_rifas.csv" },
  proofs: { path: "/api/admin/exports/proofs.csv", filename: "comprobantes_pago_rifazo.csv" },
} as const;
export const EMPTY_EXPORT_CODE = "EMPTY_EXPORT" satisfies ErrorCode;

export const adminStatsQuerySchema = z.object({
  raffleId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => isUuid(v), ADMIN_MESSAGES.invalidId)
      .optional()
      .describe("Rifa de la serie salesByDay; sin ella, todas."),
  ),
});

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Since 00:00 today, Venezuelan time. */
  registeredToday: z.number().int(),
  /** Σ price × sold over all raffles, per currency. */
  revenueByCurrency: z.record(z.enum(CURRENCIES), z.number()),
  totalRaffles: z.number().int(),
  rafflesByStatus: z.record(z.enum(RAFFLE_STATUSES), z.number().int()),
  proofsByStatus: z.record(z.enum(PROOF_STATUSES), z.number().int()),
  ticketsSold: z.number().int(),
  revenueByRaffle: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(RAFFLE_STATUSES),
      currency: z.enum(CURRENCIES),
      price: z.number(),
      soldTickets: z.number().int(),
      totalTickets: z.number().int(),
      revenue: z.number(),
    }),
  ),
  /** Tickets sold per Venezuelan calendar day (from tickets.sold_at), oldest first. */
  salesByDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const ADMIN_AUDIT_PAGE_SIZE = 50;
export const adminAuditQuerySchema = z.object({
  entity: z.preprocess(blankToUndefined, z.string().trim().max(50).optional()),
  actorId: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  page: pageParam,
});
export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditListSchema = adminPageSchema(adminAuditEntrySchema);

export const adminOkSchema = z.object({ ok: z.literal(true) });
