import {
  ADMIN_MESSAGES,
  type AdminRaffle,
  CLAIM_PERIOD_MESSAGES,
  canTransition,
  cashCurrencyOf,
  ERROR_MESSAGES,
  isUuid,
  LIFECYCLE_MESSAGES,
  type RaffleForm,
  type RaffleFormInput,
  type RaffleState,
  raffleFormErrorSummary,
  raffleFormInputSchema,
} from "@rifazo/shared";
import { toCents } from "@rifazo/shared/domain/money";
import { countText } from "@rifazo/shared/domain/plural";
import { prizeImagesOf } from "@rifazo/shared/domain/prize-images";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../db/client";
import { AppError, badRequest, conflict } from "../../../lib/errors";
import { recordActorAudit } from "../../audit";
import { publishRulesOnSale } from "../../draws";
import { purchaseRulesLocked } from "../../purchases";
import { advance } from "../../raffle-state";
import { notifyRaffleOpened, raffleNotFound } from "../../raffles";
import { type Actor, publishRaffle } from "../common";
import {
  assertLotteryForSale,
  assertLotteryTime,
  assertPrizeImage,
  assertServerStatus,
  auditView,
  parseRaffleForm,
  rowToFormInput,
} from "./form";
import * as repo from "./repository";
import { getRaffle, instantPrizesView } from "./view";

// Editing a raffle (PATCH /api/admin/raffles/:id): what may change depends on its state and its sales.

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
        l.cashCurrency,
      ]),
  );
/** The cash prizes alone (decision 0035): which levels are money, in which currency and for how much. */
const cashKey = (levels: Levels) =>
  JSON.stringify(
    [...levels]
      .sort((a, b) => a.level - b.level)
      .filter((l) => l.cashCurrency !== null)
      .map((l) => [l.level, l.cashCurrency, l.prizeValue === null ? null : toCents(Number(l.prizeValue))]),
  );
/** The instant prizes as sold (decision 0035), in order: compared before writing, the trigger refuses any write. */
const instantKey = (prizes: RaffleForm["instantPrizes"]) =>
  JSON.stringify(
    prizes.map((p) => [
      p.description,
      p.count,
      p.prizeValue === null ? null : toCents(Number(p.prizeValue)),
      p.cashCurrency,
    ]),
  );
const time = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : null);
const centsOrNull = (value: number | string | null) => (value === null ? null : toCents(Number(value)));

/**
 * The raffle's rules as sold (decision 0012: price, currency, tickets, dates, activation, announcement, cap,
 * prizes): true when the form changes any of them.
 */
function rulesChanged(
  current: repo.RaffleRow,
  levels: Levels,
  instant: RaffleForm["instantPrizes"],
  form: RaffleForm,
): boolean {
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
    levelKey(levels) !== levelKey(form.prizeLevels) ||
    instantKey(instant) !== instantKey(form.instantPrizes)
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

function hasSalesOrHeld(current: repo.RaffleRow, proofs: { held: number }): boolean {
  return current.soldTickets > 0 || proofs.held > 0;
}

/** The stored raffle being edited, its levels, and the form as it will be once the patch applies. */
interface Edit {
  current: repo.RaffleRow;
  state: RaffleState;
  levels: repo.PrizeLevelRow[];
  /** The stored instant prizes in the form's shape. */
  instant: RaffleForm["instantPrizes"];
  before: RaffleFormInput;
  form: RaffleForm;
}

export async function updateRaffle(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: unknown,
): Promise<AdminRaffle> {
  if (!isUuid(id)) throw raffleNotFound();
  const merge = parsePatch(input);
  let notified = 0;
  await ctx.db.transaction(async (tx) => {
    // Whatever is due first (a close at the end date, a freeze): the edit is judged against the real state.
    await advance(ctx, tx, id, new Date());
    const edit = await loadEdit(tx, id, merge);
    await assertLimitsKept(tx, id, edit);
    const currentLevels = await assertRulesKept(tx, id, edit);
    notified = await writeEdit(ctx, tx, actor, id, edit, currentLevels);
  });
  if (notified > 0) ctx.mail.flushSoon();
  return getRaffle(ctx.db, id);
}

/** Validates the PATCH body; returns how it applies to the stored form. */
function parsePatch(input: unknown): (before: RaffleFormInput) => Record<string, unknown> {
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
  return (before) => {
    const merged: Record<string, unknown> = { ...before };
    for (const key of sent) merged[key] = patch.data[key];
    // A client that edits the single cover (prizeImage/imageAlt) without the list replaces the list.
    if (!sent.includes("images") && (sent.includes("prizeImage") || sent.includes("imageAlt"))) {
      delete merged.images;
    }
    return merged;
  };
}

/** Locks the raffle and validates the merged form as a whole (a cancelled raffle is not edited). */
async function loadEdit(
  tx: Tx,
  id: string,
  merge: (before: RaffleFormInput) => Record<string, unknown>,
): Promise<Edit> {
  const current = await repo.lockRaffle(tx, id);
  if (!current) throw raffleNotFound();
  const state = current.status as RaffleState;
  if (state === "cancelled") throw new AppError("RAFFLE_STATE", ADMIN_MESSAGES.raffleCancelledNoEdit);
  const levels = await repo.prizeLevelsOf(tx, [id]);
  const instantRows = await repo.instantPrizesOf(tx, [id]);
  const before = rowToFormInput(current, levels, instantRows);
  const form = parseRaffleForm(merge(before));
  assertServerStatus(form.status, current.status);
  await assertPrizeImage(tx, form, prizeImagesOf(current));
  if (form.status === "active") assertLotteryForSale({ ...current, ...repo.formColumns(form) });
  return { current, state, levels, instant: instantPrizesView(instantRows), before, form };
}

/** Tickets, the minimum, extensions, the claim period and the state: promises the edit may not break. */
async function assertLimitsKept(tx: Tx, id: string, { current, state, form }: Edit): Promise<void> {
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
}

/**
 * The rules as sold, how numbers are given and the lottery's time; returns the stored levels in the
 * form's shape (to tell whether the prizes changed).
 */
async function assertRulesKept(
  tx: Tx,
  id: string,
  { current, state, levels, instant, form }: Edit,
): Promise<Levels> {
  const proofs = await repo.proofCounts(tx, id);
  const hasSales = current.soldTickets > 0 || proofs.held > 0;
  const currentLevels = levels.map((l) => ({
    ...l,
    prizeValue: l.prizeValue === null ? null : Number(l.prizeValue),
    cashCurrency: cashCurrencyOf(l.cashCurrency),
  }));
  if (rulesChanged(current, currentLevels, instant, form)) {
    // Closed, frozen and finished raffles keep their rules as sold (the database refuses it too once frozen).
    if (state !== "upcoming" && state !== "active")
      throw conflict(LIFECYCLE_MESSAGES.rulesLocked, "RAFFLE_LOCKED");
    if (hasSales) {
      assertSaleRules(current, form);
      // A cash prize is part of the rules as sold (decision 0035; trigger prize_levels_cash_guard too).
      if (cashKey(currentLevels) !== cashKey(form.prizeLevels))
        throw conflict(ADMIN_MESSAGES.cashPrizeLocked, "RAFFLE_LOCKED");
      if (levelKey(currentLevels) !== levelKey(form.prizeLevels)) {
        throw conflict(ADMIN_MESSAGES.prizesLocked, "RAFFLE_LOCKED");
      }
      // Instant prizes too (decision 0035; migration 0036's trigger is the backstop, same answer).
      if (instantKey(instant) !== instantKey(form.instantPrizes))
        throw conflict(ADMIN_MESSAGES.instantPrizesLocked, "RAFFLE_LOCKED");
      if (
        current.reviewWindowHours !== form.reviewWindowHours ||
        current.announcementType !== form.announcementType
      ) {
        throw conflict(LIFECYCLE_MESSAGES.rulesLocked, "RAFFLE_LOCKED");
      }
    }
  }
  // How numbers are given, the packages and the abonos' minimum (decision 0034) are what buyers were
  // offered: fixed from the first reservation or sale (the database refuses it too).
  if (
    (form.numberMode !== current.numberMode ||
      JSON.stringify(form.combos) !== JSON.stringify(current.combos ?? []) ||
      centsOrNull(form.installmentMinimum) !== centsOrNull(current.installmentMinimum)) &&
    (await purchaseRulesLocked(tx, id))
  ) {
    throw conflict(ERROR_MESSAGES.PURCHASE_RULES_LOCKED, "PURCHASE_RULES_LOCKED");
  }
  if (form.status === "upcoming" || form.status === "active") {
    assertLotteryTime({ ...current, ...repo.formColumns(form) } as Parameters<typeof assertLotteryTime>[0]);
  }
  return currentLevels;
}

/** Saves the edit, republishes the rules on sale, tells subscribers of an opening; returns the mails queued. */
async function writeEdit(
  ctx: AppContext,
  tx: Tx,
  actor: Actor,
  id: string,
  { current, instant, before, form }: Edit,
  currentLevels: Levels,
): Promise<number> {
  let notified = 0;
  await repo.updateRaffle(tx, id, repo.formColumns(form));
  if (levelKey(currentLevels) !== levelKey(form.prizeLevels)) {
    await repo.replacePrizeLevels(tx, id, form.prizeLevels);
  }
  // Only a real change touches the rows: the trigger refuses any write once sold (decision 0035).
  if (instantKey(instant) !== instantKey(form.instantPrizes)) {
    await repo.replaceInstantPrizes(tx, id, form.instantPrizes);
  }
  // Opening sales begins the record; a rule changed while on sale is published again (decision 0023).
  await publishRulesOnSale(ctx, tx, id, new Date());
  if (form.status === "active" && current.status !== "active") {
    notified = await notifyRaffleOpened(ctx, tx, id);
  }
  await recordActorAudit(tx, actor, {
    action: "raffle.update",
    entity: "raffle",
    entityId: id,
    before: auditView(before),
    after: auditView(form),
  });
  await publishRaffle(ctx, tx, id, "updated");
  return notified;
}
