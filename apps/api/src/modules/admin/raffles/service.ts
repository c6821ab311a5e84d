import {
  ADMIN_MESSAGES,
  type AdminRaffle,
  CLAIM_PERIOD_MESSAGES,
  canTransition,
  ERROR_MESSAGES,
  type ExternalBinding,
  type ExternalBindingInput,
  isUuid,
  LIFECYCLE_MESSAGES,
  type RaffleExtendInput,
  type RaffleExtendResult,
  type RaffleForm,
  type RaffleFormInput,
  type RaffleState,
  type Revenue,
  raffleFormErrorSummary,
  raffleFormInputSchema,
  raffleFormSchema,
  SERVER_RAFFLE_STATUSES,
} from "@rifazo/shared";
import { DrawInputError } from "@rifazo/shared/domain/draw-engine";
import { assertExternalRule, type ExternalRule } from "@rifazo/shared/domain/draw-record";
import {
  isLotteryDecided,
  LOTTERY_FREEZE_MARGIN_MINUTES,
  type LotteryFallback,
  type LotterySaleInput,
  latestFreezeAt,
  lotteryFallbackText,
  lotteryMissingForSale,
  lotteryTimeProblem,
} from "@rifazo/shared/domain/lottery-binding";
import { toCents } from "@rifazo/shared/domain/money";
import { countText } from "@rifazo/shared/domain/plural";
import { type PrizeImage, prizeImagesOf } from "@rifazo/shared/domain/prize-images";
import type { AppContext } from "../../../context";
import type { Executor, Tx } from "../../../db/client";
import { AppError, badRequest, conflict } from "../../../lib/errors";
import { recordAudit } from "../../audit";
import { publishRulesOnSale } from "../../draws/freeze";
import { hasRecord, type RecordSummary, recordSummaries } from "../../draws/repository";
import { externalRuleText } from "../../draws/rules";
import * as lifecycle from "../../lifecycle/service";
import { purchaseRulesLocked } from "../../purchases/repository";
import { notifyRaffleOpened, raffleNotFound, toPublicRaffle, winnersOf } from "../../raffles";
import { type Actor, publishRaffle } from "../common";
import { revenueBy, ZERO_REVENUE } from "../revenue/service";
import * as repo from "./repository";
import { scheduleTicketPool } from "./ticket-pool";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toAdminRaffle(
  row: repo.AdminRaffleRow,
  levels: repo.PrizeLevelRow[],
  winners: Awaited<ReturnType<typeof winnersOf>>,
  record: RecordSummary | undefined,
  revenue: Revenue,
): AdminRaffle {
  const pendingTickets = Number(row.pendingTickets ?? 0);
  return {
    // With the record's summary, as the public payloads: lifecycle.recordAvailable and the named round
    // are what the admin's "Sorteo y acta" section (Pegar beacon, Descalificar) waits for.
    ...toPublicRaffle(row, winners, record, "full"),
    prizeLevels: levels.map((level) => ({
      level: level.level,
      description: level.description,
      winnerCount: level.winnerCount,
      prizeValue: level.prizeValue === null ? null : Number(level.prizeValue),
    })),
    ticketsGenerated: row.ticketsGenerated,
    pendingTickets,
    maxTicketsPerBuyerSetting: row.maxTicketsPerBuyer,
    paymentProofCount: Number(row.paymentProofCount ?? 0),
    hasSales: row.soldTickets > 0 || pendingTickets > 0,
    drawSeedCommitment: row.drawSeedCommitment,
    lotteryDecided: isLotteryDecided(row),
    externalBinding: bindingView(row, row.soldTickets > 0 || pendingTickets > 0),
    maxExtensions: row.maxExtensions,
    extensionsUsed: row.extensionsUsed,
    archivedAt: iso(row.archivedAt),
    updatedAt: row.updatedAt.toISOString(),
    revenue,
  };
}

async function withDetails(db: Executor, rows: repo.AdminRaffleRow[]): Promise<AdminRaffle[]> {
  const ids = rows.map((row) => row.id);
  const [levels, winners, records, revenue] = await Promise.all([
    repo.prizeLevelsOf(db, ids),
    winnersOf(db, ids),
    recordSummaries(db, ids),
    revenueBy(db, "raffle", { raffleIds: ids }),
  ]);
  return rows.map((row) =>
    toAdminRaffle(
      row,
      levels.filter((level) => level.raffleId === row.id),
      winners.filter((winner) => winner.raffleId === row.id),
      records.get(row.id),
      revenue.get(row.id) ?? ZERO_REVENUE,
    ),
  );
}

export async function listRaffles(
  db: Executor,
  archived: "exclude" | "include" | "only" = "exclude",
): Promise<AdminRaffle[]> {
  return withDetails(db, await repo.listRaffles(db, archived));
}

export async function getRaffle(db: Executor, id: string): Promise<AdminRaffle> {
  if (!isUuid(id)) throw raffleNotFound();
  const row = await repo.findAdminRaffle(db, id);
  if (!row) throw raffleNotFound();
  const [raffle] = await withDetails(db, [row]);
  if (!raffle) throw raffleNotFound();
  return raffle;
}

/** Parses with the shared form schema; a failure lists the fields to fix (spec 2 §5). */
export function parseRaffleForm(input: unknown): RaffleForm {
  const parsed = raffleFormSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const summary = raffleFormErrorSummary(parsed.error);
  throw badRequest(summary.message, summary.fields);
}

/** The stored raffle as form input, so a PATCH of a few fields is validated as the whole form. */
function rowToFormInput(row: repo.RaffleRow, levels: repo.PrizeLevelRow[]): RaffleFormInput {
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
    })),
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
    minTickets: row.minTickets,
    maxExtensions: row.maxExtensions,
  };
}

/** What the audit log keeps of a raffle: the form fields (never the draw seed). */
function auditView(form: RaffleFormInput | RaffleForm, extra: Record<string, unknown> = {}) {
  return { ...form, ...extra };
}

export type RaffleContext = AppContext;

export async function createRaffle(ctx: RaffleContext, actor: Actor, input: unknown): Promise<AdminRaffle> {
  const form = parseRaffleForm(input);
  // A raffle is born upcoming or on sale; every later state is reached through the lifecycle.
  if (form.status !== "upcoming" && form.status !== "active") {
    throw badRequest(ADMIN_MESSAGES.creationStatus, { status: ADMIN_MESSAGES.creationStatus });
  }
  await assertPrizeImage(ctx.db, form);
  assertServerStatus(form.status, null);
  // A new raffle has no lottery bound yet: a lottery-decided one is created upcoming, bound, then opened.
  if (form.status === "active") {
    assertLotteryForSale({ ...form, externalLottery: null, externalDrawAt: null, externalRule: null });
  }
  let notified = 0;
  const id = await ctx.db.transaction(async (tx) => {
    const raffleId = await repo.insertRaffle(tx, {
      ...repo.formColumns(form),
      createdBy: actor.id,
    });
    await repo.replacePrizeLevels(tx, raffleId, form.prizeLevels);
    // On sale from birth: the record begins now, with the rules as sold (decision 0023).
    await publishRulesOnSale(ctx, tx, raffleId, new Date());
    if (form.status === "active") notified = await notifyRaffleOpened(ctx, tx, raffleId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.create",
      entity: "raffle",
      entityId: raffleId,
      after: auditView(form),
      ipAddress: actor.ip,
    });
    await publishRaffle(ctx, tx, raffleId, "created");
    return raffleId;
  });
  if (notified > 0) ctx.mail.flushSoon();
  // After the commit and without awaiting it: the response does not wait for 10 000 rows.
  void scheduleTicketPool(ctx, id);
  return getRaffle(ctx.db, id);
}

/**
 * closed, frozen and cancelled are set by the server's lifecycle (decision 0012), never chosen in the form;
 * a raffle already in one of them keeps it when other fields are saved.
 */
function assertServerStatus(status: string, current: string | null): void {
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
async function assertPrizeImage(db: Executor, form: RaffleForm, kept: PrizeImage[] = []): Promise<void> {
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
function assertLotteryForSale(row: LotterySaleInput): void {
  const missing = lotteryMissingForSale(row);
  if (missing) throw badRequest(missing, { lotteryDecided: missing });
}

type Levels = RaffleForm["prizeLevels"];
const levelKey = (levels: Levels) =>
  JSON.stringify(
    [...levels]
      .sort((a, b) => a.level - b.level)
      .map((l) => [
        l.level,
        l.description,
        l.winnerCount,
        l.prizeValue === null ? null : toCents(Number(l.prizeValue)),
      ]),
  );
const time = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : null);

/**
 * The raffle's rules as sold (decision 0012: price, currency, tickets, dates, activation, announcement, cap,
 * prizes): true when the form changes any of them.
 */
function rulesChanged(current: repo.RaffleRow, levels: Levels, form: RaffleForm): boolean {
  return (
    toCents(Number(current.price)) !== toCents(form.price) ||
    current.currency !== form.currency ||
    current.totalTickets !== form.totalTickets ||
    time(current.startDate) !== time(form.startDate) ||
    time(current.endDate) !== time(form.endDate) ||
    current.activationType !== form.activationType ||
    (current.activationPercentage ?? null) !== (form.activationPercentage ?? null) ||
    current.announcementType !== form.announcementType ||
    (current.maxTicketsPerBuyer ?? null) !== (form.maxTicketsPerBuyer ?? null) ||
    current.reviewWindowHours !== form.reviewWindowHours ||
    levelKey(levels) !== levelKey(form.prizeLevels)
  );
}

/** Rules that hold once a raffle has sold a ticket or has a proof under review (see ADMIN_MESSAGES.saleLocked). */
function assertSaleRules(current: repo.RaffleRow, form: RaffleForm): void {
  const locked =
    toCents(Number(current.price)) !== toCents(form.price) ||
    current.currency !== form.currency ||
    current.activationType !== form.activationType ||
    (form.activationType === "percentage" &&
      (current.activationPercentage ?? 100) !== form.activationPercentage);
  if (locked) throw conflict(ADMIN_MESSAGES.saleLocked, "RAFFLE_LOCKED");
  if (current.endDate && form.endDate && new Date(form.endDate).getTime() < current.endDate.getTime()) {
    throw conflict(ADMIN_MESSAGES.drawDateEarlier, "RAFFLE_LOCKED");
  }
}

export async function updateRaffle(
  ctx: RaffleContext,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<AdminRaffle> {
  if (!isUuid(id)) throw raffleNotFound();
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw badRequest("El cuerpo de la solicitud no es válido.");
  }
  const patch = raffleFormInputSchema.safeParse(input);
  if (!patch.success) {
    const summary = raffleFormErrorSummary(patch.error);
    throw badRequest(summary.message, summary.fields);
  }
  // Only the fields the client sent replace the stored ones; the rest keep their values.
  const sent = Object.keys(input).filter((key) => key in raffleFormInputSchema.shape) as Array<
    keyof RaffleFormInput
  >;
  let notified = 0;
  await ctx.db.transaction(async (tx) => {
    // Whatever is due first (a close at the end date, a freeze): the edit is judged against the real state.
    await lifecycle.advance(ctx, tx, id, new Date());
    const current = await repo.lockRaffle(tx, id);
    if (!current) throw raffleNotFound();
    const state = current.status as RaffleState;
    if (state === "cancelled") throw new AppError("RAFFLE_STATE", ADMIN_MESSAGES.raffleCancelledNoEdit);
    const levels = await repo.prizeLevelsOf(tx, [id]);
    const before = rowToFormInput(current, levels);
    const merged: Record<string, unknown> = { ...before };
    for (const key of sent) merged[key] = patch.data[key];
    // A client that edits the single cover (prizeImage/imageAlt) without the list replaces the list.
    if (!sent.includes("images") && (sent.includes("prizeImage") || sent.includes("imageAlt"))) {
      delete merged.images;
    }
    const form = parseRaffleForm(merged);
    assertServerStatus(form.status, current.status);
    await assertPrizeImage(tx, form, prizeImagesOf(current));
    if (form.status === "active") assertLotteryForSale({ ...current, ...repo.formColumns(form) });

    if (form.totalTickets !== current.totalTickets) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.totalTicketsLocked, {
        totalTickets: ADMIN_MESSAGES.totalTicketsLocked,
      });
    }
    // The minimum and the extensions allowed are promises to buyers: fixed from the first sale.
    if (
      hasSalesOrHeld(current, await repo.proofCounts(tx, id)) &&
      ((current.minTickets ?? null) !== form.minTickets || current.maxExtensions !== form.maxExtensions)
    ) {
      throw conflict(LIFECYCLE_MESSAGES.rulesLocked, "RAFFLE_LOCKED");
    }
    // The claim period is in the rules the record publishes (decision 0021): fixed from the first sale
    // or proof under review, whatever the state (the trigger raffles_claim_period_lock is the backstop).
    if (
      current.claimPeriodDays !== form.claimPeriodDays &&
      hasSalesOrHeld(current, await repo.proofCounts(tx, id))
    ) {
      throw conflict(CLAIM_PERIOD_MESSAGES.locked, "RAFFLE_LOCKED");
    }
    if (form.maxExtensions < current.extensionsUsed) {
      const message = `Esta rifa ya usó ${countText(current.extensionsUsed, "prórroga", "prórrogas")}: el máximo no puede ser menor.`;
      throw badRequest(message, { maxExtensions: message });
    }
    // The state changes only along the lifecycle: the edit may open sales (upcoming → active), no more.
    if (form.status !== state && !(canTransition(state, form.status, "admin") && form.status === "active")) {
      throw new AppError("RAFFLE_STATE", ADMIN_MESSAGES.statusByActions);
    }
    const proofs = await repo.proofCounts(tx, id);
    const hasSales = current.soldTickets > 0 || proofs.held > 0;
    const currentLevels = levels.map((l) => ({
      ...l,
      prizeValue: l.prizeValue === null ? null : Number(l.prizeValue),
    }));
    if (rulesChanged(current, currentLevels, form)) {
      // Closed, frozen and finished raffles keep their rules as sold (the database refuses it too once frozen).
      if (state !== "upcoming" && state !== "active")
        throw conflict(LIFECYCLE_MESSAGES.rulesLocked, "RAFFLE_LOCKED");
      if (hasSales) {
        assertSaleRules(current, form);
        if (levelKey(currentLevels) !== levelKey(form.prizeLevels)) {
          throw conflict(ADMIN_MESSAGES.prizesLocked, "RAFFLE_LOCKED");
        }
        if (
          current.reviewWindowHours !== form.reviewWindowHours ||
          current.announcementType !== form.announcementType
        ) {
          throw conflict(LIFECYCLE_MESSAGES.rulesLocked, "RAFFLE_LOCKED");
        }
      }
    }

    // How numbers are given and the packages are what buyers were offered: fixed from the first
    // reservation or sale (the database refuses it too).
    if (
      (form.numberMode !== current.numberMode ||
        JSON.stringify(form.combos) !== JSON.stringify(current.combos ?? [])) &&
      (await purchaseRulesLocked(tx, id))
    ) {
      throw conflict(ERROR_MESSAGES.PURCHASE_RULES_LOCKED, "PURCHASE_RULES_LOCKED");
    }
    if (form.status === "upcoming" || form.status === "active") {
      assertLotteryTime({ ...current, ...repo.formColumns(form) } as Parameters<typeof assertLotteryTime>[0]);
    }
    await repo.updateRaffle(tx, id, repo.formColumns(form));
    if (levelKey(currentLevels) !== levelKey(form.prizeLevels)) {
      await repo.replacePrizeLevels(tx, id, form.prizeLevels);
    }
    // Opening sales begins the record; a rule changed while on sale is published again (decision 0023).
    await publishRulesOnSale(ctx, tx, id, new Date());
    if (form.status === "active" && current.status !== "active") {
      notified = await notifyRaffleOpened(ctx, tx, id);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.update",
      entity: "raffle",
      entityId: id,
      before: auditView(before),
      after: auditView(form),
      ipAddress: actor.ip,
    });
    await publishRaffle(ctx, tx, id, "updated");
  });
  if (notified > 0) ctx.mail.flushSoon();
  return getRaffle(ctx.db, id);
}

function hasSalesOrHeld(current: repo.RaffleRow, proofs: { held: number }): boolean {
  return current.soldTickets > 0 || proofs.held > 0;
}

/** The binding as the admin sees it; `editable` is false once a ticket is sold or a proof is pending. */
function bindingView(
  row: {
    externalLottery: string | null;
    externalDrawAt: Date | null;
    externalRule: unknown;
    totalTickets: number;
    status: string;
    lotteryFallback: string;
    correctionWindowHours: number;
    endDate: Date | null;
    reviewWindowHours: number;
  },
  hasSales: boolean,
): ExternalBinding {
  const rule = row.externalRule as ExternalRule | null;
  const latest = latestFreezeAt(row.endDate, row.reviewWindowHours);
  const fallback = row.lotteryFallback as LotteryFallback;
  return {
    externalLottery: row.externalLottery,
    externalDrawAt: iso(row.externalDrawAt),
    externalRule: rule,
    externalRuleText: rule ? externalRuleText(rule, row.totalTickets) : null,
    // On sale, only a lottery already bound may still be adjusted (before the first sale).
    editable:
      !hasSales && (row.status === "upcoming" || (row.status === "active" && row.externalLottery !== null)),
    lotteryFallback: fallback,
    lotteryFallbackText: lotteryFallbackText(fallback),
    correctionWindowHours: row.correctionWindowHours,
    earliestDrawAt: latest
      ? new Date(latest.getTime() + LOTTERY_FREEZE_MARGIN_MINUTES * 60_000).toISOString()
      : null,
  };
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

// A raffle's record begins when it goes on sale (decision 0023): from then on it is cancelled, not deleted.
const RAFFLE_HAS_RECORD =
  "Esta rifa ya tiene acta pública (se publicó al ponerla a la venta) y no se puede eliminar: cancélala.";

const BINDING_MESSAGES = {
  notExternal:
    "Solo una rifa que se anuncia con un resultado externo puede vincularse a una lotería. Cambia primero el tipo de anuncio.",
  locked: "La lotería, la fecha de su sorteo y la regla quedan fijas desde la primera venta.",
  incomplete: "Completa la lotería, la fecha de su sorteo y la regla, o deja las tres vacías.",
  beforeSale:
    "La lotería se fija antes de poner la rifa a la venta: una rifa ya a la venta no puede vincularse a una lotería ni dejar de estarlo.",
} as const;

/**
 * PUT /api/admin/raffles/:id/external-binding: names the lottery, its draw time and the rule that maps
 * its result to a ticket, before the first sale (the database refuses it afterwards too).
 */
export async function setExternalBinding(
  ctx: RaffleContext,
  actor: Actor,
  id: string,
  input: ExternalBindingInput,
): Promise<ExternalBinding> {
  if (!isUuid(id)) throw raffleNotFound();
  const values = [input.externalLottery, input.externalDrawAt, input.externalRule];
  const set = values.filter((value) => value !== null).length;
  if (set !== 0 && set !== 3) throw badRequest(BINDING_MESSAGES.incomplete);
  return ctx.db.transaction(async (tx) => {
    const current = await repo.lockRaffle(tx, id);
    if (!current) throw raffleNotFound();
    if (current.announcementType !== "external") throw conflict(BINDING_MESSAGES.notExternal);
    const proofs = await repo.proofCounts(tx, id);
    if (
      current.soldTickets > 0 ||
      proofs.held > 0 ||
      (current.status !== "upcoming" && current.status !== "active")
    ) {
      throw conflict(BINDING_MESSAGES.locked, "RAFFLE_LOCKED");
    }
    // On sale, a bound lottery may still be adjusted before the first sale, never added or removed: a
    // raffle announced without one was sold as the organiser's word, and the site promises the lottery
    // is fixed before the sale.
    if (current.status === "active" && (current.externalLottery === null || input.externalLottery === null)) {
      throw conflict(BINDING_MESSAGES.beforeSale, "RAFFLE_LOCKED");
    }
    if (input.externalRule) {
      try {
        assertExternalRule(input.externalRule, current.totalTickets);
      } catch (error) {
        if (error instanceof DrawInputError) throw badRequest(error.message, { externalRule: error.message });
        throw error;
      }
    }
    const next = {
      externalLottery: input.externalLottery,
      externalDrawAt: input.externalDrawAt ? new Date(input.externalDrawAt) : null,
      externalRule: input.externalRule,
      lotteryFallback: input.lotteryFallback ?? current.lotteryFallback,
      correctionWindowHours: input.correctionWindowHours ?? current.correctionWindowHours,
    };
    assertLotteryTime({ ...current, ...next });
    await repo.updateRaffle(tx, id, next);
    // The lottery is part of the rules as sold (decision 0023).
    await publishRulesOnSale(ctx, tx, id, new Date());
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.external_binding",
      entity: "raffle",
      entityId: id,
      before: {
        externalLottery: current.externalLottery,
        externalDrawAt: iso(current.externalDrawAt),
        externalRule: current.externalRule,
      },
      after: { ...input },
      ipAddress: actor.ip,
    });
    await publishRaffle(ctx, tx, id, "updated");
    return bindingView({ ...current, ...next }, false);
  });
}

export async function deleteRaffle(ctx: RaffleContext, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw raffleNotFound();
  await ctx.db.transaction(async (tx: Tx) => {
    // The lock also blocks a proof being sent for this raffle right now (its foreign key check waits).
    const current = await repo.lockRaffle(tx, id);
    if (!current) throw raffleNotFound();
    if (current.status === "frozen" || current.status === "finished") {
      throw conflict(ADMIN_MESSAGES.raffleFrozenNoDelete, "RAFFLE_FROZEN");
    }
    const proofs = await repo.proofCounts(tx, id);
    // A raffle that had buyers (a sale, a proof or a reservation, whatever became of it) is archived instead.
    if (current.soldTickets > 0 || proofs.total > 0) throw new AppError("RAFFLE_HAS_SALES");
    // A published record is evidence (append-only): its raffle stays.
    if (await hasRecord(tx, id)) throw conflict(RAFFLE_HAS_RECORD, "RAFFLE_LOCKED");
    const levels = await repo.prizeLevelsOf(tx, [id]);
    await repo.deleteRaffle(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "raffle.delete",
      entity: "raffle",
      entityId: id,
      before: auditView(rowToFormInput(current, levels), { soldTickets: current.soldTickets }),
      ipAddress: actor.ip,
    });
    await publishRaffle(ctx, tx, id, "deleted");
  });
}

// ---------------------------------------------------------------------------------------------
// Lifecycle actions (decision 0012): open sales, close early, cancel. The states and who may cause each
// transition live in packages/shared/src/domain/raffle-lifecycle.ts; modules/lifecycle applies them.
// ---------------------------------------------------------------------------------------------

/** upcoming → active; the "notify me" subscribers are told, as when a raffle is created active. */
export async function openRaffle(ctx: RaffleContext, actor: Actor, id: string): Promise<AdminRaffle> {
  if (!isUuid(id)) throw raffleNotFound();
  const notified = await ctx.db.transaction(async (tx) => {
    await lifecycle.openSales(ctx, tx, actor, id, new Date());
    const count = await notifyRaffleOpened(ctx, tx, id);
    await publishRaffle(ctx, tx, id, "updated");
    return count;
  });
  if (notified > 0) ctx.mail.flushSoon();
  return getRaffle(ctx.db, id);
}

/** active → closed by the organiser, where the rules allow it (sold out, or a percentage goal reached). */
export async function closeRaffle(ctx: RaffleContext, actor: Actor, id: string): Promise<AdminRaffle> {
  if (!isUuid(id)) throw raffleNotFound();
  const result = await ctx.db.transaction(async (tx) => {
    const advanced = await lifecycle.closeEarly(ctx, tx, actor, id, new Date());
    await publishRaffle(ctx, tx, id, "updated");
    return advanced;
  });
  if (result && result.mails > 0) ctx.mail.flushSoon();
  return getRaffle(ctx.db, id);
}

/** upcoming | active | closed → cancelled, with the reason the raffle page shows. Never drawn. */
export async function cancelRaffle(
  ctx: RaffleContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<AdminRaffle> {
  if (!isUuid(id)) throw raffleNotFound();
  const outcome = await ctx.db.transaction(async (tx) => {
    const result = await lifecycle.cancel(ctx, tx, actor, id, reason, new Date());
    await publishRaffle(ctx, tx, id, "updated");
    return result;
  });
  if (outcome.mails > 0) ctx.mail.flushSoon();
  return getRaffle(ctx.db, id);
}

/** POST /api/admin/raffles/:id/extend: a later end date (see lifecycle.extend); buyers are told. */
export async function extendRaffle(
  ctx: RaffleContext,
  actor: Actor,
  id: string,
  input: RaffleExtendInput,
): Promise<RaffleExtendResult> {
  if (!isUuid(id)) throw raffleNotFound();
  const result = await ctx.db.transaction(async (tx) => {
    const extended = await lifecycle.extend(
      ctx,
      tx,
      actor,
      id,
      { endDate: new Date(input.endDate), message: input.message },
      new Date(),
    );
    await publishRaffle(ctx, tx, id, "updated");
    return extended;
  });
  if (result.notified > 0) ctx.mail.flushSoon();
  return result;
}

/**
 * Archiving takes a raffle out of the lists (the admin's by default, every public one) without deleting
 * anything; its page, record and ticket verification stay reachable by link. Unarchive brings it back.
 */
export async function setArchived(
  ctx: RaffleContext,
  actor: Actor,
  id: string,
  archived: boolean,
): Promise<AdminRaffle> {
  if (!isUuid(id)) throw raffleNotFound();
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockRaffle(tx, id);
    if (!current) throw raffleNotFound();
    if ((current.archivedAt !== null) === archived) return; // already so: nothing to record
    const archivedAt = archived ? new Date() : null;
    await repo.updateRaffle(tx, id, { archivedAt });
    await recordAudit(tx, {
      actorId: actor.id,
      action: archived ? "raffle.archive" : "raffle.unarchive",
      entity: "raffle",
      entityId: id,
      before: { archivedAt: iso(current.archivedAt) },
      after: { archivedAt: iso(archivedAt) },
      ipAddress: actor.ip,
    });
    await publishRaffle(ctx, tx, id, "updated");
  });
  return getRaffle(ctx.db, id);
}
