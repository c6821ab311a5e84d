import { DrawInputError, orderedPrizeLevels } from "../draw-engine";
import { canonicalFrozenTickets, frozenListHash } from "../draw-engine-v2";
import { protocolTicketNumber } from "../tickets";
import { assertSealedLottery, assertV3Rules } from "./assertions";
import { isRecordTime } from "./chain";
import { type FrozenState, show, type VerifyState } from "./checks";
import { assertExternalRule, prizeSlots } from "./external";
import { assertRulesCash } from "./prize-cash";
import type { ExternalAnnouncement, RecordEntry, RulesPrizeLevel, RulesPublishedData } from "./types";
import { valueText } from "./value-text";
import { RECORD_CHECK_NAMES } from "./verification";
import { assertRulesInstantPrizes } from "./verify-instant";

/** What the order step found: the rules in force and whether a lottery decides the raffle. */
export interface RecordOrder {
  rules: RulesPublishedData;
  isExternal: boolean | null;
  fallbackEntry: RecordEntry<"lottery_fallback"> | undefined;
}

/**
 * 3. The rules, the lottery fallback if any, and 4. the frozen list. Null when a check fails or the
 * record stops before the draw (cancelled, or not frozen yet).
 */
export async function verifyFreeze(state: VerifyState, order: RecordOrder): Promise<FrozenState | null> {
  const { rules, fallbackEntry } = order;
  if (!(await checkRules(state, rules))) return null;
  const levels = orderedPrizeLevels(rules.prizeLevels);
  if (fallbackEntry && !checkFallback(state, rules, fallbackEntry)) return null;
  const { entries, out } = state;
  const cancelled = entries.find((e) => e.type === "cancelled");
  const frozenEntry = entries.find((e) => e.type === "frozen") as RecordEntry<"frozen"> | undefined;
  if (cancelled) {
    out.status = "cancelled";
    return null;
  }
  if (!frozenEntry) {
    out.status = entries.some((e) => e.type === "closed") ? "closed" : "published";
    out.pending.push(
      out.status === "closed"
        ? "La lista de boletos se congela cuando no quede ningún pago por revisar."
        : "La rifa está a la venta: la lista de boletos aún no se ha congelado.",
    );
    return null;
  }
  const frozen = frozenEntry.data;
  out.status = "frozen";
  out.frozenAt = frozenEntry.at;
  if (!(await checkFrozenList(state, rules, frozenEntry))) return null;
  out.listHash = frozen.listHash;
  const numbers = frozen.tickets.map((t) => t.number);
  const tags = new Map(frozen.tickets.map((t) => [t.number, t.tag]));
  return { ...state, rules, levels, frozen, frozenAt: frozenEntry.at, numbers, tags };
}

function checkRules({ checks, v3 }: VerifyState, rules: RulesPublishedData): Promise<boolean> {
  return checks.compare(RECORD_CHECK_NAMES.rules, "válidas", () => {
    if (!Number.isSafeInteger(rules.totalTickets) || rules.totalTickets < 1 || rules.totalTickets > 10_000) {
      throw new DrawInputError("cantidad total de boletos inválida");
    }
    if (prizeSlots(rules.prizeLevels).length === 0) throw new DrawInputError("la rifa no tiene premios");
    const a = rules.announcement;
    if (a?.type === "internal") {
      if (!Number.isSafeInteger(a.roundDelayMinutes) || a.roundDelayMinutes < 0) {
        throw new DrawInputError("demora de la ronda inválida");
      }
    } else if (a?.type === "external") {
      assertExternalRule(a.rule, rules.totalTickets);
      if (!isRecordTime(a.drawAt)) throw new DrawInputError("fecha del sorteo de la lotería inválida");
      if (a.correctionWindowHours !== undefined) assertSealedLottery(a);
    } else {
      throw new DrawInputError("tipo de anuncio desconocido");
    }
    if (v3) assertV3Rules(rules);
    assertRulesCash(rules.prizeLevels as RulesPrizeLevel[]);
    assertRulesInstantPrizes(rules.instantPrizes);
    return "válidas";
  });
}

/** Decision 0024: the fallback is the one the rules state, applied at or after the lottery's draw. */
function checkFallback(
  { checks }: VerifyState,
  rules: RulesPublishedData,
  fallbackEntry: RecordEntry<"lottery_fallback">,
): boolean {
  const a = rules.announcement as ExternalAnnouncement;
  return checks.add(
    RECORD_CHECK_NAMES.fallback,
    fallbackEntry.data?.fallback === (a.fallback ?? "cancel") &&
      fallbackEntry.data?.drawAt === a.drawAt &&
      Date.parse(fallbackEntry.at) >= Date.parse(a.drawAt),
    show({ fallback: a.fallback ?? "cancel", drawAt: a.drawAt, at: `≥ ${a.drawAt}` }),
    show({
      fallback: fallbackEntry.data?.fallback,
      drawAt: fallbackEntry.data?.drawAt,
      at: fallbackEntry.at,
    }),
  );
}

function checkFrozenList(
  { checks }: VerifyState,
  rules: RulesPublishedData,
  frozenEntry: RecordEntry<"frozen">,
): Promise<boolean> {
  const frozen = frozenEntry.data;
  return checks.compare(RECORD_CHECK_NAMES.listHash, valueText(frozen?.listHash), async () => {
    const canonical = canonicalFrozenTickets(frozen.tickets);
    if (show(canonical) !== show(frozen.tickets)) {
      throw new DrawInputError(
        "la lista no está en forma canónica (orden ascendente, solo «number» y «tag»)",
      );
    }
    if (frozen.ticketCount !== canonical.length) {
      throw new DrawInputError(
        `ticketCount dice ${valueText(frozen.ticketCount)} pero la lista tiene ${canonical.length}`,
      );
    }
    const outside = canonical.find((t) => t.number >= rules.totalTickets);
    if (outside)
      throw new DrawInputError(`el boleto ${protocolTicketNumber(outside.number)} no existe en esta rifa`);
    return frozenListHash(canonical);
  });
}
