import { daysText } from "../claim-period";
import { DrawInputError } from "../draw-engine";
import { INSTANT_PRIZE_LEVEL } from "../instant-draw";
import { isCalendarDay, PRIZE_DELIVERY_METHODS } from "../prizes";
import { show, type VerifyState } from "./checks";
import { ticketText } from "./order";
import { assertCash } from "./prize-cash";
import type { PrizeDeliveredData, PrizeRef, RecordEntry, RulesPrizeLevel, RulesPublishedData } from "./types";
import { valueText } from "./value-text";
import { RECORD_CHECK_NAMES, type RecordPrize } from "./verification";
import type { InstantAward } from "./verify-instant";

/**
 * Prizes after the draw (docs/decisions/0035-prizes-on-the-record.md, docs/draw-protocol.md §15): each
 * prize entry names the winner in force at that point of the record, a claim comes within the claim
 * period, a delivery carries its proof's hash and, for a cash prize, a payment that covers it at the
 * entry's own rate; an "unclaimed" disqualification of a claimed prize fails. The draw's prizes (levels ≥ 1)
 * are checked once the draw verified; instant prizes (level 0, held from the instant_draw that gave them)
 * once the instant entries verified, whether or not the raffle has been drawn.
 */

const PRIZE_TYPES = new Set(["prize_claimed", "prize_delivered", "prize_confirmation"]);
const HASH = /^[0-9a-f]{64}$/;
const DAY_MS = 86_400_000;

/** Who holds a prize slot now, and since when (the entry that named them: the claim period counts from it). */
interface Holder {
  ticketNumber: number;
  awardedAt: string;
}

/** What the verified entries say of one prize (one winner's ticket in one slot). */
interface Facts {
  ref: PrizeRef;
  claimedSeq: number | null;
  claimedAt: string | null;
  /** Deliveries in force, in record order (a correction replaces the one it corrects). */
  deliveries: { seq: number; data: PrizeDeliveredData }[];
  confirmedAt: string | null;
  disputeOpen: boolean;
}

/** What the prize checks read: the record being verified and the rules in force. */
export type PrizeState = VerifyState & { rules: RulesPublishedData };

interface PrizeWalk {
  state: PrizeState;
  /** The draw verified: its prize entries (levels ≥ 1) are checked. */
  drawn: boolean;
  holders: Map<string, Holder>;
  /** Instant prize slots by index (verify-instant.ts); null when the instant entries did not verify. */
  instant: ReadonlyMap<number, InstantAward> | null;
  facts: Map<string, Facts>;
  /** Disqualified tickets (one never returns, §9), with the seq of their disqualification. */
  disqualified: Map<unknown, number>;
  /** Only a record with prize entries gets prize checks (older records verify exactly as before). */
  hasPrizes: boolean;
}

const slotKey = (level: unknown, index: unknown) => `${valueText(level)}:${valueText(index)}`;
const refKey = (r: Partial<PrizeRef> | null | undefined) =>
  `${valueText(r?.level)}:${valueText(r?.index)}:${valueText(r?.ticketNumber)}`;
const position = (index: unknown) => (typeof index === "number" ? valueText(index + 1) : valueText(index));

/** "Premio 1.º, ganador 1: entrega (entrada 9)"; "Premio instantáneo 3: reclamo (entrada 9)". */
export function prizeCheckName(ref: Partial<PrizeRef> | null | undefined, what: string, i: number): string {
  if (ref?.level === INSTANT_PRIZE_LEVEL)
    return `Premio instantáneo ${position(ref?.index)}: ${what} (entrada ${i})`;
  return `Premio ${valueText(ref?.level)}.º, ganador ${position(ref?.index)}: ${what} (entrada ${i})`;
}

/** The prize checks, in record order, then `out.prizes`. Stops at the first prize check that fails. */
export async function verifyPrizes(
  state: PrizeState,
  verified: { drawn: boolean; instant: ReadonlyMap<number, InstantAward> | null },
): Promise<void> {
  const walk: PrizeWalk = {
    state,
    drawn: verified.drawn,
    instant: verified.instant,
    holders: new Map(),
    facts: new Map(),
    disqualified: new Map(),
    hasPrizes: state.entries.some((e) => PRIZE_TYPES.has(e.type)),
  };
  for (const [i, entry] of state.entries.entries()) {
    // A failed prize check leaves `prizes` empty, as a failed decision leaves `winners` (decisions-v3.ts).
    if (!(await step(walk, entry, i))) return;
  }
  state.out.prizes = prizeRows(walk);
}

/** Follows who holds each slot (the draw's checks verified these entries) and checks each prize entry. */
async function step(walk: PrizeWalk, entry: RecordEntry, i: number): Promise<boolean> {
  if (PRIZE_TYPES.has(entry.type)) {
    // Each kind of prize only once its own source verified (a failed one already fails the record).
    const instant = (entry.data as Partial<PrizeRef> | null)?.level === INSTANT_PRIZE_LEVEL;
    if (instant ? walk.instant === null : !walk.drawn) return true;
  } else if (!walk.drawn) return true;
  switch (entry.type) {
    case "winners":
    case "external_result":
    case "external_correction":
      // A lottery correction names every winner anew, from its own time (as decisions-v3.ts counts).
      walk.holders = new Map(
        entry.data.winners.map((w) => [
          slotKey(w.level, w.index),
          { ticketNumber: w.ticketNumber, awardedAt: entry.at },
        ]),
      );
      return true;
    case "disqualification":
      return disqualification(walk, entry, i);
    case "replacement": {
      const r = entry.data.replacement;
      if (r)
        walk.holders.set(slotKey(r.level, r.index), { ticketNumber: r.ticketNumber, awardedAt: entry.at });
      return true;
    }
    case "prize_claimed":
      return claimed(walk, entry, i);
    case "prize_delivered":
      return delivered(walk, entry, i);
    case "prize_confirmation":
      return confirmation(walk, entry, i);
    default:
      return true;
  }
}

function factsOf(walk: PrizeWalk, ref: PrizeRef): Facts {
  const key = refKey(ref);
  let f = walk.facts.get(key);
  if (!f) {
    f = {
      ref: { level: ref.level, index: ref.index, ticketNumber: ref.ticketNumber },
      claimedSeq: null,
      claimedAt: null,
      deliveries: [],
      confirmedAt: null,
      disputeOpen: false,
    };
    walk.facts.set(key, f);
  }
  return f;
}

/** The entry names the winner in force at (level, index) with that ticket; else it says who is. */
function assertHolder(walk: PrizeWalk, ref: Partial<PrizeRef> | null): Holder {
  const instant = ref?.level === INSTANT_PRIZE_LEVEL;
  const where = instant
    ? `el premio instantáneo ${position(ref?.index)}`
    : `el nivel ${valueText(ref?.level)}, posición ${position(ref?.index)}`;
  const gone = instant ? undefined : walk.disqualified.get(ref?.ticketNumber);
  const holder = instant
    ? walk.instant?.get(ref?.index as number)
    : walk.holders.get(slotKey(ref?.level, ref?.index));
  if (holder && holder.ticketNumber === ref?.ticketNumber) return holder;
  const found = `el boleto ${ticketText(ref?.ticketNumber)}${gone === undefined ? "" : ` (descalificado en la entrada ${gone})`}`;
  if (!holder) throw new DrawInputError(`no hay ganador vigente en ${where}; el acta nombra ${found}`);
  throw new DrawInputError(
    `el ganador vigente en ${where} es el boleto ${ticketText(holder.ticketNumber)}, no ${found}`,
  );
}

async function claimed(walk: PrizeWalk, entry: RecordEntry<"prize_claimed">, i: number): Promise<boolean> {
  const { rules, checks } = walk.state;
  const d = entry.data;
  const shown = () => show({ ticketNumber: d?.ticketNumber ?? null, at: entry.at });
  const ok = await checks.compare(prizeCheckName(d, RECORD_CHECK_NAMES.prizeClaim, i), shown(), () => {
    const holder = assertHolder(walk, d);
    const days = rules.claimPeriodDays;
    if (typeof days === "number") {
      const due = Date.parse(holder.awardedAt) + days * DAY_MS;
      if (!(Date.parse(entry.at) < due)) {
        throw new DrawInputError(
          `un reclamo antes del ${new Date(due).toISOString()} (plazo de ${daysText(days)} desde ${holder.awardedAt}, cuando el acta nombró a este ganador); el reclamo es del ${entry.at}`,
        );
      }
    }
    return shown();
  });
  if (ok) {
    const f = factsOf(walk, d);
    f.claimedSeq = i;
    f.claimedAt = entry.at;
  }
  return ok;
}

async function delivered(
  walk: PrizeWalk,
  entry: RecordEntry<"prize_delivered">,
  i: number,
): Promise<boolean> {
  const { checks } = walk.state;
  const d = entry.data;
  const shown = () =>
    show({
      ticketNumber: d?.ticketNumber ?? null,
      method: d?.method ?? null,
      deliveredOn: d?.deliveredOn ?? null,
      proofHash: d?.proofHash ?? null,
      cash: d?.cash ?? null,
      corrects: d?.corrects ?? null,
    });
  const ok = await checks.compare(prizeCheckName(d, RECORD_CHECK_NAMES.prizeDelivery, i), shown(), () => {
    assertHolder(walk, d);
    assertDeliveryFields(d, entry.at);
    assertCorrects(walk, d, i);
    assertCash(walk.state.rules.prizeLevels as RulesPrizeLevel[], d, walk.state.rules.instantPrizes);
    return shown();
  });
  if (ok) {
    const f = factsOf(walk, d);
    const corrects = d.corrects ?? null;
    f.deliveries = f.deliveries.filter((x) => x.seq !== corrects);
    f.deliveries.push({ seq: i, data: d });
  }
  return ok;
}

function assertDeliveryFields(d: PrizeDeliveredData, at: string): void {
  if (!(PRIZE_DELIVERY_METHODS as readonly unknown[]).includes(d.method)) {
    throw new DrawInputError(
      `un método de entrega de la lista (${PRIZE_DELIVERY_METHODS.join(", ")}), no «${valueText(d.method)}»`,
    );
  }
  // The UTC day of the entry is never behind Venezuela's: a delivery cannot be dated after it.
  const entryDay = at.slice(0, 10);
  if (typeof d.deliveredOn !== "string" || !isCalendarDay(d.deliveredOn) || d.deliveredOn > entryDay) {
    throw new DrawInputError(
      `un día de entrega AAAA-MM-DD que exista, no posterior al ${entryDay}; el acta dice «${valueText(d.deliveredOn)}»`,
    );
  }
  if (typeof d.proofHash !== "string" || !HASH.test(d.proofHash)) {
    throw new DrawInputError(
      `la huella SHA-256 de la prueba con 64 caracteres hexadecimales en minúscula, no «${valueText(d.proofHash)}»`,
    );
  }
}

/** A correction names an earlier delivery of the same prize (entries are never edited). */
function assertCorrects(walk: PrizeWalk, d: PrizeDeliveredData, i: number): void {
  const corrects = d.corrects ?? null;
  if (corrects === null) return;
  const target = Number.isSafeInteger(corrects) && corrects < i ? walk.state.entries[corrects] : undefined;
  if (target?.type !== "prize_delivered" || refKey(target.data) !== refKey(d)) {
    throw new DrawInputError(
      `«corrects» debe nombrar una entrega anterior del mismo premio; la entrada ${valueText(corrects)} no lo es`,
    );
  }
}

async function confirmation(
  walk: PrizeWalk,
  entry: RecordEntry<"prize_confirmation">,
  i: number,
): Promise<boolean> {
  const d = entry.data;
  const shown = () => show({ ticketNumber: d?.ticketNumber ?? null, outcome: d?.outcome ?? null });
  const name = prizeCheckName(d, RECORD_CHECK_NAMES.prizeConfirmation, i);
  const ok = await walk.state.checks.compare(name, shown(), () => {
    assertHolder(walk, d);
    return shown();
  });
  if (ok) {
    const f = factsOf(walk, d);
    if (d.outcome === "received") f.confirmedAt = entry.at;
    f.disputeOpen = d.outcome === "disputed" ? true : d.outcome === "resolved" ? false : f.disputeOpen;
  }
  return ok;
}

/** A winner leaves the slot; in v2 the entry carries its replacement. "unclaimed" fails after a claim. */
function disqualification(walk: PrizeWalk, entry: RecordEntry<"disqualification">, i: number): boolean {
  const d = entry.data;
  if (walk.hasPrizes && d.reason === "unclaimed") {
    const claim = walk.facts.get(refKey(d));
    const claimedSeq = claim?.claimedSeq ?? null;
    const ok = walk.state.checks.add(
      prizeCheckName(d, RECORD_CHECK_NAMES.prizeUnclaimed, i),
      claimedSeq === null,
      "ningún reclamo de este ganador en el acta",
      claimedSeq === null
        ? "ningún reclamo"
        : `reclamado en la entrada ${claimedSeq} (${valueText(claim?.claimedAt)}), dentro del plazo`,
    );
    if (!ok) return false;
  }
  walk.holders.delete(slotKey(d.level, d.index));
  walk.disqualified.set(d.ticketNumber, i);
  const r = d.replacement;
  if (r) walk.holders.set(slotKey(r.level, r.index), { ticketNumber: r.ticketNumber, awardedAt: entry.at });
  return true;
}

/** Every winner in force, then any earlier winner with a prize entry; by level, then index. */
function prizeRows(walk: PrizeWalk): RecordPrize[] {
  const rows = new Map<string, RecordPrize>();
  const row = (ref: PrizeRef, f: Facts | undefined): RecordPrize => {
    const latest = f?.deliveries[f.deliveries.length - 1]?.data;
    return {
      level: ref.level,
      index: ref.index,
      ticketNumber: ref.ticketNumber,
      claimedAt: f?.claimedAt ?? null,
      deliveredOn: latest?.deliveredOn ?? null,
      method: latest?.method ?? null,
      proofHash: latest?.proofHash ?? null,
      confirmedAt: f?.confirmedAt ?? null,
      disputeOpen: f?.disputeOpen ?? false,
    };
  };
  for (const w of walk.state.out.winners) rows.set(refKey(w), row(w, walk.facts.get(refKey(w))));
  for (const [index, a] of walk.instant ?? []) {
    const ref = { level: INSTANT_PRIZE_LEVEL, index, ticketNumber: a.ticketNumber };
    rows.set(refKey(ref), row(ref, walk.facts.get(refKey(ref))));
  }
  for (const [key, f] of walk.facts) if (!rows.has(key)) rows.set(key, row(f.ref, f));
  return [...rows.values()].sort((a, b) => a.level - b.level || a.index - b.index);
}

export { assertCash, assertRulesCash } from "./prize-cash";
