import { z } from "zod";
import {
  type ACTIVATION_TYPES,
  type ANNOUNCEMENT_TYPES,
  type CURRENCIES,
  DEFAULT_MAX_EXTENSIONS,
  type EXTERNAL_PLATFORMS,
  MAX_EXTENSIONS_LIMIT,
  MAX_RESERVATION_MINUTES,
  MAX_TOTAL_TICKETS,
  MIN_RESERVATION_MINUTES,
  type NUMBER_MODES,
  type RAFFLE_STATUSES,
} from "../../constants";
import { CLAIM_PERIOD_MESSAGES } from "../../domain/claim-period";
import { MAX_INSTANT_PRIZE_KINDS, MAX_INSTANT_PRIZES } from "../../domain/instant-draw";
import { countText } from "../../domain/plural";
import { type Combo, MAX_COMBOS } from "../../domain/pricing";
import { MAX_PRIZE_IMAGES, type PrizeImage } from "../../domain/prize-images";
import { isUuid } from "../../uuid";
import { dateInput, numberInput, textInput } from "./common";

// The raffle form's fields (spec 2 §5): limits, labels, messages and the loosely typed input.

const IMAGE_PATH = "/api/images/";
export const isImageUrl = (value: string) =>
  value.startsWith(IMAGE_PATH) && isUuid(value.slice(IMAGE_PATH.length));
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
  instantDescriptionMin: 3,
  instantDescription: 120,
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
  images: "Imágenes del Premio",
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
  instantPrizes: "Premios instantáneos",
  paymentMethods: "Métodos de Pago",
  announcementType: "Tipo de Anuncio",
  externalAnnouncementPlatform: "Plataforma del Anuncio",
  lotteryDecided: "Cómo se decide",
  externalAnnouncementDetails: "Detalles del Anuncio",
  externalAnnouncementUrl: "URL del Anuncio",
  daysUntilActivationTeaser: "Días de Aviso Previo",
  reviewWindowHours: "Horas de Revisión de Pagos",
  claimPeriodDays: "Días para Reclamar el Premio",
  numberMode: "Modo de Números",
  reservationMinutes: "Minutos de Reserva",
  combos: "Combos",
  installmentMinimum: "Abono mínimo",
  minTickets: "Mínimo de boletos vendidos para sortear",
  maxExtensions: "Prórrogas permitidas",
} as const;
export type RaffleFormField = keyof typeof RAFFLE_FORM_LABELS;

export const PRIZE_LEVEL_LABELS = {
  level: "Nivel",
  description: "Descripción del Nivel",
  winnerCount: "Ganadores del Nivel",
  prizeValue: "Valor del Premio del Nivel",
  cashCurrency: "Premio en dinero",
} as const;

/** An instant prize's fields, numbered as the form shows them ("Cantidad del premio instantáneo 2"). */
export const INSTANT_PRIZE_LABELS = {
  description: "Descripción del premio instantáneo",
  count: "Cantidad del premio instantáneo",
  prizeValue: "Monto del premio instantáneo",
  cashCurrency: "Moneda del premio instantáneo",
} as const;

export const FIELD_MESSAGES = {
  title: "El nombre de la rifa es obligatorio.",
  titleTooLong: `El nombre de la rifa no puede superar los ${RAFFLE_FORM_LIMITS.title} caracteres.`,
  descriptionTooLong: `La descripción no puede superar los ${RAFFLE_FORM_LIMITS.description} caracteres.`,
  prizeImage: "Elige la imagen desde la galería o súbela con el formulario.",
  tooManyImages: `Puedes añadir como máximo ${countText(MAX_PRIZE_IMAGES, "imagen", "imágenes")} del premio.`,
  imageRepeated: "Esa imagen ya está en la rifa: quítala o elige otra.",
  imageAltTooLong: `El texto alternativo no puede superar los ${RAFFLE_FORM_LIMITS.imageAlt} caracteres.`,
  price: "El precio debe ser un número mayor o igual a 0.01, con hasta dos decimales.",
  currency: "La moneda debe ser USD o VES.",
  totalTicketsRequired: `Elige cuántos boletos tiene la rifa: 100, 1.000, 10.000 u otro número entre 1 y ${MAX_TOTAL_TICKETS}.`,
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
  // Decision 0035: a cash prize is published with the rules; its amount is the level's value.
  cashCurrency: "La moneda de un premio en dinero debe ser USD o VES.",
  cashValue: "Un premio en dinero necesita su monto: escribe el valor del premio (mayor que 0).",
  // Instant prizes (docs/decisions/0035-prizes-on-the-record.md, "Instant wins nobody can aim").
  instantDescription: `Describe el premio instantáneo en ${RAFFLE_FORM_LIMITS.instantDescriptionMin} a ${RAFFLE_FORM_LIMITS.instantDescription} caracteres.`,
  instantCount: `La cantidad de premios instantáneos debe ser un número entero entre 1 y ${MAX_INSTANT_PRIZES}.`,
  instantCashCurrency:
    "Un premio en dinero necesita su moneda: elige USD o VES, o deja el monto vacío si es un premio en especie.",
  tooManyInstantKinds: `Puedes ofrecer como máximo ${countText(MAX_INSTANT_PRIZE_KINDS, "tipo", "tipos")} de premio instantáneo.`,
  tooManyInstantPrizes: `Los premios instantáneos no pueden sumar más de ${MAX_INSTANT_PRIZES} en total.`,
  instantExceedTickets: "Los premios instantáneos no pueden sumar más que el total de boletos de la rifa.",
  tooManyLevels: `No puede haber más de ${RAFFLE_FORM_LIMITS.levels} niveles de premio.`,
  paymentMethods: `Indica como máximo ${RAFFLE_FORM_LIMITS.paymentMethods} métodos de pago de hasta ${RAFFLE_FORM_LIMITS.paymentMethod} caracteres.`,
  announcementType: "El tipo de anuncio debe ser interno o externo.",
  platform: "Elige la plataforma del anuncio externo.",
  detailsTooLong: `Los detalles del anuncio no pueden superar los ${RAFFLE_FORM_LIMITS.details} caracteres.`,
  url: "La URL del anuncio debe empezar por http:// o https://.",
  teaserDays: `Los días de aviso previo deben ser un número entero entre 0 y ${RAFFLE_FORM_LIMITS.teaserDays}.`,
  reviewWindowHours: "Las horas de revisión de pagos deben ser un número entero entre 1 y 720 (30 días).",
  claimPeriodDays: CLAIM_PERIOD_MESSAGES.invalid,
  numberMode: "Elige si los números se asignan al azar o los elige el comprador.",
  reservationMinutes: `Los minutos de reserva deben ser un número entero entre ${MIN_RESERVATION_MINUTES} y ${MAX_RESERVATION_MINUTES}.`,
  tooManyCombos: `Puedes ofrecer como máximo ${MAX_COMBOS} combos.`,
  comboQuantity: "Cada combo debe tener al menos 2 boletos y no más que el total de boletos.",
  comboPrice: "El precio del combo debe ser un número mayor que 0, con hasta dos decimales.",
  comboNotCheaper: "Cada combo debe costar menos que sus boletos al precio normal.",
  comboRepeated: "Ya hay un combo con esa cantidad de boletos.",
  installmentMinimum: "El abono mínimo debe ser mayor que 0 y menor que el precio del boleto.",
  minTickets:
    "El mínimo de boletos vendidos debe ser un número entero entre 1 y el total de boletos, o quedar vacío.",
  maxExtensions: `Las prórrogas permitidas deben ser un número entero entre 0 y ${MAX_EXTENSIONS_LIMIT}.`,
} as const;

/** Issues carrying this flag have their own message instead of joining the "completa o corrige" list. */
export const STANDALONE = { standalone: true } as const;

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

const instantPrizeInputSchema = z.object({
  description: textInput,
  count: numberInput,
  prizeValue: numberInput,
  cashCurrency: textInput,
});

const prizeLevelInputSchema = z.object({
  level: numberInput,
  description: textInput,
  winnerCount: numberInput,
  prizeValue: numberInput,
  cashCurrency: textInput.describe(
    "Premio en dinero (decisión 0035): USD o VES; el monto es prizeValue (mayor que 0). Vacío o null: un premio en especie. Fijo desde la primera venta.",
  ),
});

/** What the form holds and what POST/PATCH accept: loosely typed, every rule is checked in one pass. */
export const raffleFormInputSchema = z.object({
  title: textInput,
  description: textInput,
  prizeImage: textInput.describe("'/api/images/<id>' de una imagen subida, o null."),
  imageAlt: textInput,
  images: z
    .union([z.array(z.object({ url: textInput, alt: textInput })), z.null()])
    .optional()
    .describe(
      `Hasta ${countText(MAX_PRIZE_IMAGES, "imagen", "imágenes")} { url: '/api/images/<id>', alt } en orden; la primera es la portada (prizeImage e imageAlt la reflejan). Sin este campo, prizeImage e imageAlt dan una sola imagen.`,
    ),
  price: numberInput,
  currency: textInput.describe("USD o VES (por defecto USD)."),
  totalTickets: numberInput.describe(
    "Obligatorio al crear, entre 1 y 10000 (sin valor por defecto); no se edita después de crear.",
  ),
  maxTicketsPerBuyer: numberInput.describe(
    "Máximo de boletos por comprador (pendientes más aprobados), entre 2 y el total; vacío o null: 10 % del total.",
  ),
  status: textInput.describe(
    "upcoming o active al crear (por defecto upcoming); después el estado cambia solo con /open, /close y /cancel.",
  ),
  isFeatured: z.union([z.boolean(), z.null()]).optional(),
  activationType: textInput.describe("date (requiere endDate) o percentage (requiere activationPercentage)."),
  endDate: dateInput.describe("ISO 8601; sin zona horaria se interpreta como hora de Venezuela."),
  activationPercentage: numberInput,
  startDate: dateInput,
  prizeLevels: z.union([z.array(prizeLevelInputSchema), z.null()]).optional(),
  instantPrizes: z
    .union([z.array(instantPrizeInputSchema), z.null()])
    .optional()
    .describe(
      `Premios instantáneos (decisión 0035), en orden: { description (3 a 120 caracteres), count (1 a ${MAX_INSTANT_PRIZES}), prizeValue y cashCurrency (un premio en dinero: los dos o ninguno, monto mayor que 0) }; hasta ${countText(MAX_INSTANT_PRIZE_KINDS, "tipo", "tipos")} y ${countText(MAX_INSTANT_PRIZES, "premio", "premios")}, nunca más que el total de boletos. Cada compra aprobada los sortea con la primera ronda de drand publicada al menos un minuto después. Vacío o null: ninguno. Fijos desde la primera venta o pago en revisión.`,
    ),
  paymentMethods: z
    .union([z.array(z.string()), z.string(), z.null()])
    .optional()
    .describe("Lista o texto separado por comas; por defecto Pago Móvil, Zelle, Binance Pay."),
  announcementType: textInput,
  externalAnnouncementPlatform: textInput,
  lotteryDecided: z
    .union([z.boolean(), z.null()])
    .optional()
    .describe(
      "Solo con announcementType external: true si una lotería oficial decide la rifa; entonces no sale a la venta (status active) hasta fijar la lotería, su fecha y la regla (PUT …/external-binding).",
    ),
  externalAnnouncementDetails: textInput,
  externalAnnouncementUrl: textInput,
  daysUntilActivationTeaser: numberInput,
  reviewWindowHours: numberInput.describe(
    "Horas tras el cierre de ventas para revisar los pagos pendientes (1 a 720, por defecto 48); al vencer se rechazan.",
  ),
  claimPeriodDays: numberInput.describe(
    "Días que tiene un ganador para reclamar su premio, desde que el acta lo nombra (1 a 365, por defecto 7); fijo desde la primera venta.",
  ),
  numberMode: textInput.describe(
    "random (números al azar al aprobar, por defecto) o chosen (el comprador los elige); fijo desde la primera reserva.",
  ),
  reservationMinutes: numberInput.describe(
    "Minutos que una reserva retiene sus boletos (5 a 120, por defecto 15).",
  ),
  combos: z
    .union([z.array(z.object({ quantity: numberInput, price: numberInput })), z.null()])
    .optional()
    .describe(
      "Hasta 5 paquetes { quantity, price } más baratos que sus boletos; fijos desde la primera reserva.",
    ),
  installmentMinimum: numberInput.describe(
    "Abonos (decisión 0034): el primer pago mínimo con que se apartan números de una compra (de cualquier cantidad) y el resto se paga antes del cierre; mayor que 0 y menor que el precio del boleto, en la moneda de la rifa. Vacío o null: solo se paga completa. Fijo desde la primera reserva.",
  ),
  minTickets: numberInput.describe(
    "Mínimo de boletos vendidos para sortear (1 al total; vacío: sin mínimo). Si al llegar la fecha no se alcanza, la rifa espera a que el organizador la prorrogue o la cancele.",
  ),
  maxExtensions: numberInput.describe(
    `Veces que se puede prorrogar la fecha de cierre (0 a ${MAX_EXTENSIONS_LIMIT}, por defecto ${DEFAULT_MAX_EXTENSIONS}).`,
  ),
});
export type RaffleFormInput = z.input<typeof raffleFormInputSchema>;

export interface RaffleFormPrizeLevel {
  level: number;
  description: string;
  winnerCount: number;
  prizeValue: number | null;
  /** A cash prize (decision 0035): the currency of `prizeValue`; null for a prize in kind. */
  cashCurrency: (typeof CURRENCIES)[number] | null;
}

/** An instant prize kind as the form saves it (decision 0035): `count` prizes of one description. */
export interface RaffleFormInstantPrize {
  description: string;
  count: number;
  /** A cash prize: its amount in `cashCurrency` (both set, or both null for a prize in kind). */
  prizeValue: number | null;
  cashCurrency: (typeof CURRENCIES)[number] | null;
}

/** The normalised raffle as saved: defaults applied, fallbacks filled, cleared fields null. */
export interface RaffleForm {
  title: string;
  description: string;
  /** The cover: images[0], kept in its own column for cards, share previews and receipts. */
  prizeImage: string | null;
  imageAlt: string;
  /** The prize images in order (at most MAX_PRIZE_IMAGES), each with its alt text. */
  images: PrizeImage[];
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
  /** Instant prizes in the organiser's order (position 1..n); empty: none. */
  instantPrizes: RaffleFormInstantPrize[];
  paymentMethods: string[];
  announcementType: (typeof ANNOUNCEMENT_TYPES)[number];
  externalAnnouncementPlatform: (typeof EXTERNAL_PLATFORMS)[number] | null;
  /** An official lottery decides this external raffle (false for internal ones and live announcements). */
  lotteryDecided: boolean;
  externalAnnouncementDetails: string | null;
  externalAnnouncementUrl: string | null;
  /** Hours after the close during which pending proofs are still reviewed (1..720). */
  reviewWindowHours: number;
  /** Days a winner has to claim the prize, from the record entry naming them (1..365, decision 0021). */
  claimPeriodDays: number;
  daysUntilActivationTeaser: number;
  /** random: numbers drawn on approval; chosen: the buyer picks them on the grid. */
  numberMode: (typeof NUMBER_MODES)[number];
  /** Minutes a reservation holds its tickets (5..120). */
  reservationMinutes: number;
  /** Packages offered, cheapest first by quantity. */
  combos: Combo[];
  /** The least first payment that aparta a purchase (abonos, decision 0034); null: paid whole only. */
  installmentMinimum: number | null;
  /** Tickets that must be sold for the draw to take place; null: no minimum. */
  minTickets: number | null;
  /** How many times the end date may be extended (0..MAX_EXTENSIONS_LIMIT). */
  maxExtensions: number;
}
