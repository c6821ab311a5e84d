import {
  type RaffleForm,
  type RaffleFormInput,
  raffleFormErrorSummary,
  raffleFormSchema,
  SERVER_RAFFLE_STATUSES,
} from "@rifazo/shared";
import {
  type LotterySaleInput,
  lotteryMissingForSale,
  lotteryTimeProblem,
} from "@rifazo/shared/domain/lottery-binding";
import { type PrizeImage, prizeImagesOf } from "@rifazo/shared/domain/prize-images";
import type { Executor } from "../../../db/client";
import { badRequest } from "../../../lib/errors";
import * as repo from "./repository";
import { instantPrizesView, iso } from "./view";

// The raffle form's checks shared by creating and editing a raffle, and its audit view.

/** Parses with the shared form schema; a failure lists the fields to fix (spec 2 §5). */
export function parseRaffleForm(input: unknown): RaffleForm {
  const parsed = raffleFormSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const summary = raffleFormErrorSummary(parsed.error);
  throw badRequest(summary.message, summary.fields);
}

/** The stored raffle as form input, so a PATCH of a few fields is validated as the whole form. */
export function rowToFormInput(
  row: repo.RaffleRow,
  levels: repo.PrizeLevelRow[],
  instant: repo.InstantPrizeRow[],
): RaffleFormInput {
  return {
    title: row.title,
    description: row.description,
    prizeImage: row.prizeImage,
    imageAlt: row.imageAlt,
    images: prizeImagesOf(row),
    price: Number(row.price),
    currency: row.currency,
    totalTickets: row.totalTickets,
    maxTicketsPerBuyer: row.maxTicketsPerBuyer,
    status: row.status,
    isFeatured: row.isFeatured,
    activationType: row.activationType,
    endDate: iso(row.endDate),
    activationPercentage: row.activationPercentage,
    startDate: iso(row.startDate),
    prizeLevels: levels.map((level) => ({
      level: level.level,
      description: level.description,
      winnerCount: level.winnerCount,
      prizeValue: level.prizeValue === null ? null : Number(level.prizeValue),
      cashCurrency: level.cashCurrency,
    })),
    instantPrizes: instantPrizesView(instant),
    paymentMethods: row.paymentMethods,
    announcementType: row.announcementType,
    externalAnnouncementPlatform: row.externalAnnouncementPlatform,
    lotteryDecided: row.lotteryDecided,
    externalAnnouncementDetails: row.externalAnnouncementDetails,
    externalAnnouncementUrl: row.externalAnnouncementUrl,
    daysUntilActivationTeaser: row.daysUntilActivationTeaser,
    reviewWindowHours: row.reviewWindowHours,
    claimPeriodDays: row.claimPeriodDays,
    numberMode: row.numberMode,
    reservationMinutes: row.reservationMinutes,
    combos: row.combos,
    installmentMinimum: row.installmentMinimum === null ? null : Number(row.installmentMinimum),
    minTickets: row.minTickets,
    maxExtensions: row.maxExtensions,
  };
}

/** What the audit log keeps of a raffle: the form fields (never the draw seed). */
export function auditView(form: RaffleFormInput | RaffleForm, extra: Record<string, unknown> = {}) {
  return { ...form, ...extra };
}

/**
 * closed, frozen and cancelled are set by the server's lifecycle (decision 0012), never chosen in the form;
 * a raffle already in one of them keeps it when other fields are saved.
 */
export function assertServerStatus(status: string, current: string | null): void {
  if (status !== current && (SERVER_RAFFLE_STATUSES as readonly string[]).includes(status)) {
    throw badRequest(SERVER_STATUS_MESSAGE, { status: SERVER_STATUS_MESSAGE });
  }
}
const SERVER_STATUS_MESSAGE =
  "Ese estado lo fija el sistema (cierre, congelación o cancelación); elige Próximamente o Activa.";

const IMAGE_MISSING = "La imagen elegida ya no existe. Elige otra de la galería.";

/**
 * The form only accepts '/api/images/<id>'; each image newly added must also exist (uploaded, not
 * deleted). Images the raffle already shows are not checked again.
 */
export async function assertPrizeImage(
  db: Executor,
  form: RaffleForm,
  kept: PrizeImage[] = [],
): Promise<void> {
  const keptUrls = new Set(kept.map((image) => image.url));
  const issues: Array<{ path: (string | number)[]; message: string }> = [];
  for (const [index, image] of form.images.entries()) {
    const id = image.url.split("/").pop();
    if (!id || keptUrls.has(image.url) || (await repo.imageExists(db, id))) continue;
    issues.push({ path: ["images", index, "url"], message: IMAGE_MISSING });
  }
  if (issues.length === 0) return;
  const summary = raffleFormErrorSummary({ issues });
  throw badRequest(summary.message, { ...summary.fields, prizeImage: IMAGE_MISSING });
}

/** "Fijada antes de la venta": a lottery-decided raffle is not on sale until its lottery is bound. */
export function assertLotteryForSale(row: LotterySaleInput): void {
  const missing = lotteryMissingForSale(row);
  if (missing) throw badRequest(missing, { lotteryDecided: missing });
}

/** Decision 0024: the lottery must draw after the latest possible freeze (the database refuses it too). */
export function assertLotteryTime(row: {
  announcementType: string;
  externalDrawAt: Date | null;
  endDate: Date | null;
  reviewWindowHours: number;
}): void {
  if (row.announcementType !== "external" || !row.externalDrawAt) return;
  const problem = lotteryTimeProblem({
    endDate: row.endDate,
    reviewWindowHours: row.reviewWindowHours,
    drawAt: row.externalDrawAt,
  });
  if (problem) throw badRequest(problem, { externalDrawAt: problem });
}
