import type { z } from "zod";
import {
  ACTIVATION_TYPES,
  ANNOUNCEMENT_TYPES,
  CURRENCIES,
  DEFAULT_MAX_EXTENSIONS,
  DEFAULT_RAFFLE_PAYMENT_METHODS,
  DEFAULT_RESERVATION_MINUTES,
  DEFAULT_TEASER_DAYS,
  EXTERNAL_PLATFORMS,
  MAX_EXTENSIONS_LIMIT,
  MAX_RESERVATION_MINUTES,
  MAX_TOTAL_TICKETS,
  MIN_RESERVATION_MINUTES,
  NUMBER_MODES,
  RAFFLE_STATUSES,
} from "../../constants";
import {
  DEFAULT_CLAIM_PERIOD_DAYS,
  MAX_CLAIM_PERIOD_DAYS,
  MIN_CLAIM_PERIOD_DAYS,
} from "../../domain/claim-period";
import { type Combo, MAX_COMBOS } from "../../domain/pricing";
import { defaultImageAlt, MAX_PRIZE_IMAGES, type PrizeImage } from "../../domain/prize-images";
import { minTicketCap } from "../../domain/purchase-limits";
import {
  DEFAULT_REVIEW_WINDOW_HOURS,
  MAX_REVIEW_WINDOW_HOURS,
  MIN_REVIEW_WINDOW_HOURS,
} from "../../domain/raffle-lifecycle";
import { ambiguityOf, isBlank, toNumber } from "./common";
import { ADMIN_MESSAGES } from "./messages";
import { parseCashCurrency } from "./raffle-form-cash";
import {
  FIELD_MESSAGES,
  isImageUrl,
  normalizePaymentMethods,
  parseFormDate,
  RAFFLE_FORM_LIMITS,
  type RaffleForm,
  type RaffleFormPrizeLevel,
  type raffleFormInputSchema,
} from "./raffle-form-fields";

// The raffle form's rules (spec 2 §5), one group of fields per step, in the order the form checks them:
// each step reports every problem it finds through `fail` and returns its fields.

type Raw = z.output<typeof raffleFormInputSchema>;
/** Adds an issue at `path` (standalone: shown on its own, not beside a field). */
export type Fail = (path: (string | number)[], message: string, standalone?: boolean) => void;
/** The total of tickets, and whether it is valid (steps bound by it fall back to the maximum). */
interface Total {
  totalTickets: number;
  totalValid: boolean;
}

export const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === "string" && (values as readonly string[]).includes(value);
}

const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** The prize images: the list, or the single prizeImage/imageAlt of an older client. */
export function parseImages(
  raw: Raw,
  title: string,
  fail: Fail,
): { images: PrizeImage[]; prizeImage: string | null; fromList: boolean } {
  // The list is the source; a client that sends only prizeImage/imageAlt (one image) still works.
  const imagesRaw =
    raw.images ?? (isBlank(raw.prizeImage) ? [] : [{ url: raw.prizeImage, alt: raw.imageAlt }]);
  const fromList = raw.images !== undefined && raw.images !== null;
  const images: PrizeImage[] = [];
  if (imagesRaw.length > MAX_PRIZE_IMAGES) fail(["images"], FIELD_MESSAGES.tooManyImages);
  const seenImages = new Set<string>();
  imagesRaw.slice(0, MAX_PRIZE_IMAGES).forEach((item, index) => {
    const url = text(item.url);
    const urlPath = fromList ? ["images", index, "url"] : ["prizeImage"];
    const altPath = fromList ? ["images", index, "alt"] : ["imageAlt"];
    if (!isImageUrl(url)) fail(urlPath, FIELD_MESSAGES.prizeImage);
    else if (seenImages.has(url)) fail(urlPath, FIELD_MESSAGES.imageRepeated);
    seenImages.add(url);
    const alt = text(item.alt);
    if (alt.length > RAFFLE_FORM_LIMITS.imageAlt) fail(altPath, FIELD_MESSAGES.imageAltTooLong);
    images.push({ url, alt: alt || defaultImageAlt(title, index) });
  });
  const prizeImage = images[0]?.url ?? null;
  return { images, prizeImage, fromList };
}

/** Price, currency, the total of tickets and the per-buyer cap. */
export function parseSale(raw: Raw, fail: Fail) {
  const price = toNumber(raw.price);
  if (
    isBlank(raw.price) ||
    !Number.isFinite(price) ||
    price < 0.01 ||
    price > RAFFLE_FORM_LIMITS.maxPrice ||
    !hasCents(price)
  ) {
    fail(["price"], ambiguityOf(raw.price) ?? FIELD_MESSAGES.price);
  }

  const currency = isBlank(raw.currency) ? "USD" : text(raw.currency);
  if (!isOneOf(CURRENCIES, currency)) fail(["currency"], FIELD_MESSAGES.currency);

  // No default: a silent 10000 gave organisers raffles far larger than they meant, so they choose.
  const totalTickets = isBlank(raw.totalTickets) ? Number.NaN : toNumber(raw.totalTickets);
  const totalValid = Number.isInteger(totalTickets) && totalTickets >= 1 && totalTickets <= MAX_TOTAL_TICKETS;
  if (!totalValid) {
    fail(
      ["totalTickets"],
      isBlank(raw.totalTickets) ? FIELD_MESSAGES.totalTicketsRequired : FIELD_MESSAGES.totalTickets,
    );
  }

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
  return { price, currency, totalTickets, totalValid, maxTicketsPerBuyer };
}

/** The status, how the raffle ends (a date or a percentage sold) and when it starts. */
export function parseSchedule(raw: Raw, fail: Fail) {
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
  return { status, activationType, endDate, activationPercentage, startDate };
}

/** The prize levels, renumbered, and no more winners than tickets. */
export function parsePrizeLevels(
  raw: Raw,
  { totalTickets, totalValid }: Total,
  fail: Fail,
): RaffleFormPrizeLevel[] {
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
        fail(["prizeLevels", index, "prizeValue"], ambiguityOf(item.prizeValue) ?? FIELD_MESSAGES.prizeValue);
        prizeValue = null;
      } else {
        prizeValue = Math.round(prizeValue * 100) / 100;
      }
    }
    const cashCurrency = parseCashCurrency(item, index, prizeValue, fail);
    // Renumbered 1..n in the order given (spec 2: removing a level renumbers the rest).
    prizeLevels.push({ level: index + 1, description, winnerCount, prizeValue, cashCurrency });
  });
  if (countsValid && totalValid && prizeLevels.length > 0) {
    const winners = prizeLevels.reduce((sum, level) => sum + level.winnerCount, 0);
    if (winners > totalTickets) fail(["prizeLevels"], ADMIN_MESSAGES.winnersExceedTickets, true);
  }
  return prizeLevels;
}

/** The payment methods and how the draw is announced. */
export function parseAnnouncement(raw: Raw, fail: Fail) {
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
  return {
    paymentMethods,
    announcementType,
    externalAnnouncementPlatform,
    externalAnnouncementDetails,
    externalAnnouncementUrl,
  };
}

/** The teaser, the review and claim windows, how numbers are given and how long a reservation holds. */
export function parseWindows(raw: Raw, fail: Fail) {
  const teaser = isBlank(raw.daysUntilActivationTeaser)
    ? DEFAULT_TEASER_DAYS
    : toNumber(raw.daysUntilActivationTeaser);
  if (!Number.isInteger(teaser) || teaser < 0 || teaser > RAFFLE_FORM_LIMITS.teaserDays) {
    fail(["daysUntilActivationTeaser"], FIELD_MESSAGES.teaserDays);
  }

  const reviewWindowHours = isBlank(raw.reviewWindowHours)
    ? DEFAULT_REVIEW_WINDOW_HOURS
    : toNumber(raw.reviewWindowHours);
  if (
    !Number.isInteger(reviewWindowHours) ||
    reviewWindowHours < MIN_REVIEW_WINDOW_HOURS ||
    reviewWindowHours > MAX_REVIEW_WINDOW_HOURS
  ) {
    fail(["reviewWindowHours"], FIELD_MESSAGES.reviewWindowHours);
  }

  const claimPeriodDays = isBlank(raw.claimPeriodDays)
    ? DEFAULT_CLAIM_PERIOD_DAYS
    : toNumber(raw.claimPeriodDays);
  if (
    !Number.isInteger(claimPeriodDays) ||
    claimPeriodDays < MIN_CLAIM_PERIOD_DAYS ||
    claimPeriodDays > MAX_CLAIM_PERIOD_DAYS
  ) {
    fail(["claimPeriodDays"], FIELD_MESSAGES.claimPeriodDays);
  }

  const numberMode = isBlank(raw.numberMode) ? "random" : text(raw.numberMode);
  if (!isOneOf(NUMBER_MODES, numberMode)) fail(["numberMode"], FIELD_MESSAGES.numberMode);

  const reservationMinutes = isBlank(raw.reservationMinutes)
    ? DEFAULT_RESERVATION_MINUTES
    : toNumber(raw.reservationMinutes);
  if (
    !Number.isInteger(reservationMinutes) ||
    reservationMinutes < MIN_RESERVATION_MINUTES ||
    reservationMinutes > MAX_RESERVATION_MINUTES
  ) {
    fail(["reservationMinutes"], FIELD_MESSAGES.reservationMinutes);
  }
  return { teaser, reviewWindowHours, claimPeriodDays, numberMode, reservationMinutes };
}

export function parseCombos(
  raw: Raw,
  price: number,
  { totalTickets, totalValid }: Total,
  fail: Fail,
): Combo[] {
  // Packages ("5 boletos por $4"): each cheaper than its tickets at the unit price, one per quantity.
  const combosRaw = raw.combos ?? [];
  const combos: Combo[] = [];
  if (combosRaw.length > MAX_COMBOS) fail(["combos"], FIELD_MESSAGES.tooManyCombos, true);
  const seenQuantities = new Set<number>();
  combosRaw.slice(0, MAX_COMBOS).forEach((item, index) => {
    const quantity = toNumber(item.quantity);
    const comboPrice = toNumber(item.price);
    const maxQuantity = totalValid ? totalTickets : MAX_TOTAL_TICKETS;
    if (!Number.isInteger(quantity) || quantity < 2 || quantity > maxQuantity) {
      fail(["combos", index, "quantity"], FIELD_MESSAGES.comboQuantity);
      return;
    }
    if (
      isBlank(item.price) ||
      !Number.isFinite(comboPrice) ||
      comboPrice < 0.01 ||
      comboPrice > RAFFLE_FORM_LIMITS.maxPrice ||
      !hasCents(comboPrice)
    ) {
      fail(["combos", index, "price"], FIELD_MESSAGES.comboPrice);
      return;
    }
    if (seenQuantities.has(quantity)) {
      fail(["combos", index, "quantity"], FIELD_MESSAGES.comboRepeated);
      return;
    }
    seenQuantities.add(quantity);
    if (Number.isFinite(price) && Math.round(comboPrice * 100) >= Math.round(price * 100) * quantity) {
      fail(["combos", index, "price"], FIELD_MESSAGES.comboNotCheaper);
      return;
    }
    combos.push({ quantity, price: Math.round(comboPrice * 100) / 100 });
  });
  combos.sort((a, b) => a.quantity - b.quantity);
  return combos;
}

/**
 * The abonos' minimum (decision 0034): the least first payment of a purchase of any quantity, so above 0
 * and below one ticket's price (as raffles_installment_minimum_check); blank: the raffle sells whole only.
 */
export function parseInstallmentMinimum(raw: Raw, price: number, fail: Fail): number | null {
  if (isBlank(raw.installmentMinimum)) return null;
  const minimum = toNumber(raw.installmentMinimum);
  const priceCents = Number.isFinite(price) ? Math.round(price * 100) : Number.POSITIVE_INFINITY;
  if (
    !Number.isFinite(minimum) ||
    minimum <= 0 ||
    !hasCents(minimum) ||
    Math.round(minimum * 100) >= priceCents
  ) {
    fail(["installmentMinimum"], ambiguityOf(raw.installmentMinimum) ?? FIELD_MESSAGES.installmentMinimum);
    return null;
  }
  return Math.round(minimum * 100) / 100;
}

export function parseLimits(raw: Raw, { totalTickets, totalValid }: Total, fail: Fail) {
  // The minimum sold for the draw to take place (null: none), and how often the end date may move.
  let minTickets: number | null = null;
  if (!isBlank(raw.minTickets)) {
    const min = toNumber(raw.minTickets);
    const limit = totalValid ? totalTickets : MAX_TOTAL_TICKETS;
    if (!Number.isInteger(min) || min < 1 || min > limit) fail(["minTickets"], FIELD_MESSAGES.minTickets);
    else minTickets = min;
  }
  const maxExtensions = isBlank(raw.maxExtensions) ? DEFAULT_MAX_EXTENSIONS : toNumber(raw.maxExtensions);
  if (!Number.isInteger(maxExtensions) || maxExtensions < 0 || maxExtensions > MAX_EXTENSIONS_LIMIT) {
    fail(["maxExtensions"], FIELD_MESSAGES.maxExtensions);
  }
  return { minTickets, maxExtensions };
}

function isHttpUrl(value: string): boolean {
  if (value.length > RAFFLE_FORM_LIMITS.url || !/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
