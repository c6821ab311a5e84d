import { z } from "zod";
import { DEFAULT_PRIZE_LABEL } from "../../constants";
import { ADMIN_MESSAGES } from "./messages";
import {
  FIELD_MESSAGES,
  INSTANT_PRIZE_LABELS,
  PRIZE_LEVEL_LABELS,
  RAFFLE_FORM_LABELS,
  RAFFLE_FORM_LIMITS,
  type RaffleForm,
  type RaffleFormField,
  raffleFormInputSchema,
  STANDALONE,
} from "./raffle-form-fields";
import { parseInstantPrizes } from "./raffle-form-instant";
import {
  parseAnnouncement,
  parseCombos,
  parseImages,
  parseInstallmentMinimum,
  parseLimits,
  parsePrizeLevels,
  parseSale,
  parseSchedule,
  parseWindows,
  text,
} from "./raffle-form-steps";

// The one raffle form schema (spec 2 §5) and the messages of a failed parse.

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

  const title = text(raw.title);
  if (!title) fail(["title"], FIELD_MESSAGES.title);
  else if (title.length > RAFFLE_FORM_LIMITS.title) fail(["title"], FIELD_MESSAGES.titleTooLong);
  const { images, prizeImage, fromList } = parseImages(raw, title, fail);
  const { price, currency, totalTickets, totalValid, maxTicketsPerBuyer } = parseSale(raw, fail);
  const total = { totalTickets, totalValid };
  const { status, activationType, endDate, activationPercentage, startDate } = parseSchedule(raw, fail);
  const prizeLevels = parsePrizeLevels(raw, total, fail);
  const instantPrizes = parseInstantPrizes(raw, total, fail);
  const {
    paymentMethods,
    announcementType,
    externalAnnouncementPlatform,
    externalAnnouncementDetails,
    externalAnnouncementUrl,
  } = parseAnnouncement(raw, fail);
  const { teaser, reviewWindowHours, claimPeriodDays, numberMode, reservationMinutes } = parseWindows(
    raw,
    fail,
  );
  const combos = parseCombos(raw, price, total, fail);
  const installmentMinimum = parseInstallmentMinimum(raw, price, fail);
  const { minTickets, maxExtensions } = parseLimits(raw, total, fail);

  let description = text(raw.description);
  if (description.length > RAFFLE_FORM_LIMITS.description)
    fail(["description"], FIELD_MESSAGES.descriptionTooLong);
  if (!description) description = prizeLevels[0]?.description || DEFAULT_PRIZE_LABEL;
  let imageAlt = images[0]?.alt ?? text(raw.imageAlt);
  if (!fromList && images.length === 0 && imageAlt.length > RAFFLE_FORM_LIMITS.imageAlt)
    fail(["imageAlt"], FIELD_MESSAGES.imageAltTooLong);
  if (!imageAlt) imageAlt = title;

  if (failed) return z.NEVER;
  return {
    title,
    description,
    prizeImage,
    imageAlt,
    images,
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
    instantPrizes,
    paymentMethods,
    announcementType: announcementType as RaffleForm["announcementType"],
    externalAnnouncementPlatform,
    lotteryDecided: announcementType === "external" && raw.lotteryDecided === true,
    externalAnnouncementDetails,
    externalAnnouncementUrl,
    daysUntilActivationTeaser: teaser,
    reviewWindowHours,
    claimPeriodDays,
    numberMode: numberMode as RaffleForm["numberMode"],
    reservationMinutes,
    combos,
    installmentMinimum,
    minTickets,
    maxExtensions,
  };
});

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  params?: unknown;
}

/** Human label of an issue's field: "Precio", "Descripción del Nivel 2". */
export function raffleFormFieldLabel(path: readonly PropertyKey[]): string {
  const [field, index, sub] = path;
  if (field === "combos" && typeof index === "number") {
    return `${sub === "price" ? "Precio del Combo" : "Boletos del Combo"} ${index + 1}`;
  }
  if (field === "images" && typeof index === "number") {
    return sub === "alt" ? `Texto alternativo de la imagen ${index + 1}` : `Imagen ${index + 1}`;
  }
  if (field === "prizeLevels" && typeof index === "number") {
    const label = PRIZE_LEVEL_LABELS[(sub as keyof typeof PRIZE_LEVEL_LABELS) ?? "description"];
    return `${label ?? PRIZE_LEVEL_LABELS.description} ${index + 1}`;
  }
  if (field === "instantPrizes" && typeof index === "number") {
    const label = INSTANT_PRIZE_LABELS[(sub as keyof typeof INSTANT_PRIZE_LABELS) ?? "description"];
    return `${label ?? INSTANT_PRIZE_LABELS.description} ${index + 1}`;
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
