import {
  ADMIN_MESSAGES,
  type AdminRaffle,
  type ExternalBinding,
  type ExternalBindingInput,
  isUuid,
  type RaffleExtendInput,
  type RaffleExtendResult,
} from "@rifazo/shared";
import { DrawInputError } from "@rifazo/shared/domain/draw-engine";
import { assertExternalRule } from "@rifazo/shared/domain/draw-record";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../db/client";
import { AppError, badRequest, conflict } from "../../../lib/errors";
import { recordActorAudit } from "../../audit";
import { hasRecord, publishRulesOnSale } from "../../draws";
import * as lifecycle from "../../lifecycle";
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
import { scheduleTicketPool } from "./ticket-pool";
import { bindingView, getRaffle, iso } from "./view";

// The admin's raffle service: creating, editing (update.ts), lottery binding, deleting and the
// lifecycle actions. Reading is in view.ts and the form's checks in form.ts.
export { assertLotteryTime, parseRaffleForm } from "./form";
export { updateRaffle } from "./update";
export { getRaffle, listRaffles } from "./view";

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
    // Instant prizes are part of the rules as sold (docs/decisions/0035-prizes-on-the-record.md).
    if (form.instantPrizes.length > 0) await repo.replaceInstantPrizes(tx, raffleId, form.instantPrizes);
    // On sale from birth: the record begins now, with the rules as sold (decision 0023).
    await publishRulesOnSale(ctx, tx, raffleId, new Date());
    if (form.status === "active") notified = await notifyRaffleOpened(ctx, tx, raffleId);
    await recordActorAudit(tx, actor, {
      action: "raffle.create",
      entity: "raffle",
      entityId: raffleId,
      after: auditView(form),
    });
    await publishRaffle(ctx, tx, raffleId, "created");
    return raffleId;
  });
  if (notified > 0) ctx.mail.flushSoon();
  // After the commit and without awaiting it: the response does not wait for 10 000 rows.
  void scheduleTicketPool(ctx, id);
  return getRaffle(ctx.db, id);
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
    await recordActorAudit(tx, actor, {
      action: "raffle.external_binding",
      entity: "raffle",
      entityId: id,
      before: {
        externalLottery: current.externalLottery,
        externalDrawAt: iso(current.externalDrawAt),
        externalRule: current.externalRule,
      },
      after: { ...input },
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
    const instant = await repo.instantPrizesOf(tx, [id]);
    await repo.deleteRaffle(tx, id);
    await recordActorAudit(tx, actor, {
      action: "raffle.delete",
      entity: "raffle",
      entityId: id,
      before: auditView(rowToFormInput(current, levels, instant), { soldTickets: current.soldTickets }),
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
    await recordActorAudit(tx, actor, {
      action: archived ? "raffle.archive" : "raffle.unarchive",
      entity: "raffle",
      entityId: id,
      before: { archivedAt: iso(current.archivedAt) },
      after: { archivedAt: iso(archivedAt) },
    });
    await publishRaffle(ctx, tx, id, "updated");
  });
  return getRaffle(ctx.db, id);
}
