import {
  DEFAULT_MAX_EXTENSIONS,
  DEFAULT_RAFFLE_PAYMENT_METHODS,
  DEFAULT_TEASER_DAYS,
  TIME_ZONE,
} from "@rifazo/shared/constants";
import { DEFAULT_CLAIM_PERIOD_DAYS } from "@rifazo/shared/domain/claim-period";
import { formatEsNumber } from "@rifazo/shared/domain/money";
import type { PrizeImage } from "@rifazo/shared/domain/prize-images";
import { DEFAULT_REVIEW_WINDOW_HOURS } from "@rifazo/shared/domain/raffle-lifecycle";
import { type AdminRaffle, type RaffleForm, raffleFormSchema } from "@rifazo/shared/schemas/admin";
import type { UseFormReturn } from "react-hook-form";
import { newPurchaseValues, type PurchaseValues, purchaseValuesOf } from "./raffle-form-purchase";

// What the raffle form holds: text for every input (the shared raffleFormSchema accepts numbers as text,
// with a decimal comma too) so an emptied field is "" rather than NaN, and how it maps to and from the
// API's raffle. Pure, unit-tested.

export interface PrizeLevelValues {
  description: string;
  winnerCount: string;
  prizeValue: string;
  /** A cash prize's currency (docs/decisions/0035-prizes-on-the-record.md); "" for a prize in kind. */
  cashCurrency: "" | "USD" | "VES";
}

/** An instant prize kind (docs/decisions/0035-prizes-on-the-record.md): cash is both fields or neither. */
export interface InstantPrizeValues {
  description: string;
  count: string;
  prizeValue: string;
  cashCurrency: "" | "USD" | "VES";
}

export interface RaffleFormValues extends PurchaseValues {
  title: string;
  description: string;
  /** The prize images in order, the first is the cover; a blank alt takes the title on the server. */
  images: PrizeImage[];
  price: string;
  currency: "USD" | "VES";
  totalTickets: string;
  /** Blank: the default cap per buyer (10 % of the tickets, decision 0008). */
  maxTicketsPerBuyer: string;
  status: string;
  isFeatured: boolean;
  activationType: "date" | "percentage";
  /** datetime-local value, Venezuelan time. */
  endDate: string;
  activationPercentage: string;
  /** datetime-local value, Venezuelan time; optional. */
  startDate: string;
  prizeLevels: PrizeLevelValues[];
  /** Instant prizes in order; none by default. */
  instantPrizes: InstantPrizeValues[];
  /** Comma-separated labels ("Pago Móvil, Zelle"), set by the form's checkboxes. */
  paymentMethods: string;
  announcementType: "internal" | "external";
  externalAnnouncementPlatform: string;
  /** External raffles: an official lottery decides it (true) or a live announcement (false). */
  lotteryDecided: boolean;
  externalAnnouncementDetails: string;
  externalAnnouncementUrl: string;
  daysUntilActivationTeaser: string;
  /** Hours after the close to review pending payments (1..720, default 48). */
  reviewWindowHours: string;
  /** Days a winner has to claim the prize (1..365, default 7; decision 0021). */
  claimPeriodDays: string;
  /** Blank: no minimum of tickets sold for the draw to take place. */
  minTickets: string;
  /** Times the end date may be extended (0..5, default 2). */
  maxExtensions: string;
}

/** The form as the dialog and its sections share it: text values in, the schema's output out. */
export type RaffleFormApi = UseFormReturn<RaffleFormValues, unknown, RaffleForm>;

export const emptyPrizeLevel = (): PrizeLevelValues => ({
  description: "",
  winnerCount: "1",
  prizeValue: "",
  cashCurrency: "",
});

export const emptyInstantPrize = (): InstantPrizeValues => ({
  description: "",
  count: "1",
  prizeValue: "",
  cashCurrency: "",
});

/** A new raffle: upcoming, USD, no total (the organiser chooses it), date activation, one prize level, the default methods. */
export function newRaffleValues(): RaffleFormValues {
  return {
    title: "",
    description: "",
    images: [],
    price: "",
    currency: "USD",
    totalTickets: "",
    maxTicketsPerBuyer: "",
    status: "upcoming",
    isFeatured: false,
    activationType: "date",
    endDate: "",
    activationPercentage: "",
    startDate: "",
    prizeLevels: [emptyPrizeLevel()],
    instantPrizes: [],
    paymentMethods: DEFAULT_RAFFLE_PAYMENT_METHODS.join(", "),
    announcementType: "internal",
    externalAnnouncementPlatform: "",
    // A new external raffle is decided by an official lottery unless the organiser says it is announced live.
    lotteryDecided: true,
    externalAnnouncementDetails: "",
    externalAnnouncementUrl: "",
    daysUntilActivationTeaser: String(DEFAULT_TEASER_DAYS),
    reviewWindowHours: String(DEFAULT_REVIEW_WINDOW_HOURS),
    claimPeriodDays: String(DEFAULT_CLAIM_PERIOD_DAYS),
    minTickets: "",
    maxExtensions: String(DEFAULT_MAX_EXTENSIONS),
    ...newPurchaseValues(),
  };
}

const caracasParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** ISO instant → "2025-03-05T18:30" as a clock in Caracas shows it (what datetime-local inputs take). */
export function isoToCaracasInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const parts = Object.fromEntries(caracasParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? "" : String(value);
/** Money as the form shows it after a blur: "2,50", "1.200,00" (es-VE, what the shared parser reads). */
const moneyText = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? "" : formatEsNumber(value, 2);

/** Values for editing an existing raffle. */
export function raffleValues(raffle: AdminRaffle): RaffleFormValues {
  const levels = [...raffle.prizeLevels].sort((a, b) => a.level - b.level);
  const methods = Array.isArray(raffle.paymentMethods)
    ? raffle.paymentMethods
    : String(raffle.paymentMethods ?? "").split(",");
  return {
    title: raffle.title,
    description: raffle.description ?? "",
    images: raffle.images.map((image) => ({ url: image.url, alt: image.alt })),
    price: moneyText(raffle.price),
    currency: raffle.currency === "VES" ? "VES" : "USD",
    totalTickets: numberText(raffle.totalTickets),
    maxTicketsPerBuyer: numberText(raffle.maxTicketsPerBuyerSetting),
    status: raffle.status,
    isFeatured: raffle.isFeatured,
    activationType: raffle.activationType === "percentage" ? "percentage" : "date",
    endDate: isoToCaracasInput(raffle.endDate),
    activationPercentage: numberText(raffle.activationPercentage),
    startDate: isoToCaracasInput(raffle.startDate),
    prizeLevels: levels.length
      ? levels.map((level) => ({
          description: level.description,
          winnerCount: numberText(level.winnerCount),
          prizeValue: moneyText(level.prizeValue),
          cashCurrency: level.cashCurrency ?? "",
        }))
      : [emptyPrizeLevel()],
    instantPrizes: (raffle.instantPrizes ?? []).map((prize) => ({
      description: prize.description,
      count: numberText(prize.count),
      prizeValue: moneyText(prize.prizeValue),
      cashCurrency: prize.cashCurrency ?? "",
    })),
    paymentMethods: methods
      .map((m) => m.trim())
      .filter(Boolean)
      .join(", "),
    announcementType: raffle.announcementType === "external" ? "external" : "internal",
    externalAnnouncementPlatform: raffle.externalAnnouncementPlatform ?? "",
    lotteryDecided: raffle.lotteryDecided,
    externalAnnouncementDetails: raffle.externalAnnouncementDetails ?? "",
    externalAnnouncementUrl: raffle.externalAnnouncementUrl ?? "",
    daysUntilActivationTeaser: numberText(raffle.daysUntilActivationTeaser ?? DEFAULT_TEASER_DAYS),
    reviewWindowHours: numberText(raffle.lifecycle.reviewWindowHours),
    claimPeriodDays: numberText(raffle.claimPeriodDays),
    minTickets: numberText(raffle.minTickets),
    maxExtensions: numberText(raffle.maxExtensions ?? DEFAULT_MAX_EXTENSIONS),
    ...purchaseValuesOf(raffle),
  };
}

/** What raffleFormSchema reads: levels numbered 1..n in their order (removing one renumbers the rest). */
export function toSchemaInput(values: RaffleFormValues) {
  return {
    ...values,
    prizeLevels: values.prizeLevels.map((level, index) => ({ level: index + 1, ...level })),
  };
}

/**
 * The fields of `next` that differ from `before` (both already parsed by raffleFormSchema): PATCH sends
 * only those, so an untouched draw date is never re-sent rounded to the minute of a datetime-local input.
 */
export function changedFields<T extends object>(before: T, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as Array<keyof T>) {
    if (JSON.stringify(before[key]) !== JSON.stringify(next[key])) out[key] = next[key];
  }
  return out;
}

/** PATCH body: only what changed against the raffle as the form first showed it (spec 2 §7 "changed fields"). */
export function patchBody(raffle: AdminRaffle, values: RaffleForm): Partial<RaffleForm> {
  const original = raffleFormSchema.safeParse(raffleValues(raffle));
  // A stored raffle that today's rules reject (older data) is sent whole, so the server says what to fix.
  if (!original.success) return values;
  return changedFields(original.data, values);
}

/** The fields that stop being editable once the raffle has sales (or, for the total, once it exists). */
type LockableField =
  | "activationPercentage"
  | "reviewWindowHours"
  | "claimPeriodDays"
  | "price"
  | "totalTickets"
  | "minTickets"
  | "maxExtensions"
  | "installmentMinimum";

/** A locked field shows its saved value, disabled; otherwise it is registered as usual. */
export function lockableInput(form: RaffleFormApi, name: LockableField, locked: boolean) {
  return locked ? { disabled: true, value: form.getValues(name) } : form.register(name);
}
