import {
  assertSupportedChain,
  type DrandChainInfo,
  firstRoundAtOrAfterMs,
  isLeagueOfEntropyChain,
  roundTime,
  verifyBeacon,
} from "../drand";
import { DrawInputError } from "../draw-engine";
import {
  decideInstantBatch,
  INSTANT_ALGORITHM,
  INSTANT_DELAY_MS,
  type InstantBudget,
  instantPrizeTotal,
  instantSlots,
  MAX_INSTANT_PRIZE_KINDS,
  MAX_INSTANT_PRIZES,
} from "../instant-draw";
import { countText } from "../plural";
import { assertProvablyFuture } from "./assertions";
import { show, type VerifyState } from "./checks";
import type { InstantWin, RecordEntry, RulesInstantPrize, RulesPublishedData } from "./types";
import { valueText } from "./value-text";
import { RECORD_CHECK_NAMES } from "./verification";

/**
 * Instant wins on the record (docs/decisions/0035-prizes-on-the-record.md, "Instant wins nobody can aim";
 * docs/draw-protocol.md §16). Each instant_final names the first round published at least a minute after
 * it and after the latest beacon the server held; each instant_draw decides, with that round's beacon,
 * every final waiting on it, by decideInstantBatch from the budget the previous draw left. These happen
 * while the raffle sells, so they are verified whatever its status. Stops at the first failed check.
 */

/** Who holds an instant prize slot, since when (the claim period counts from the instant_draw). */
export interface InstantAward {
  ticketNumber: number;
  awardedAt: string;
}

export interface InstantVerification {
  /** False when an instant check failed: level-0 prize entries are then not checked. */
  ok: boolean;
  /** By slot index. */
  awards: Map<number, InstantAward>;
}

interface PendingFinal {
  seq: number;
  round: number;
  roundTime: string;
  tickets: number[];
}

interface InstantWalk {
  state: VerifyState;
  /** The rules in force at this point of the record. */
  rules: RulesPublishedData | null;
  /** The instant prizes as sold when the first purchase became final (they may not change after). */
  firstPrizes: string | null;
  /** The chain of the first instant_final: every other final and draw uses it. */
  chain: DrandChainInfo | null;
  pending: PendingFinal[];
  lastDrawn: { round: number; seq: number } | null;
  /** After the last instant_draw; null before the first. */
  budget: InstantBudget | null;
  awards: Map<number, InstantAward>;
  /** latestBeacon values already verified (round:signature): BLS is the costly step. */
  verified: Set<string>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const ROUND_LIST = (rounds: readonly number[]) => rounds.map(String).join(", ");

export async function verifyInstant(state: VerifyState): Promise<InstantVerification> {
  const walk: InstantWalk = {
    state,
    rules: null,
    firstPrizes: null,
    chain: null,
    pending: [],
    lastDrawn: null,
    budget: null,
    awards: new Map(),
    verified: new Set(),
  };
  let ok = true;
  for (const [i, entry] of state.entries.entries()) {
    ok = await step(walk, entry, i);
    if (!ok) break;
  }
  const { out } = state;
  out.instant.total = instantPrizeTotal(walk.rules?.instantPrizes);
  out.instant.left = walk.budget?.prizesLeft ?? out.instant.total;
  if (ok) {
    out.instant.pending = walk.pending.map((p) => ({ seq: p.seq, round: p.round, roundTime: p.roundTime }));
    for (const round of [...new Set(walk.pending.map((p) => p.round))]) {
      const waiting = walk.pending.filter((p) => p.round === round);
      out.pending.push(
        `Premios instantáneos: ${countText(waiting.length, "compra final espera", "compras finales esperan")} la ronda ${round} de drand (se publica el ${waiting[0]?.roundTime}).`,
      );
    }
  }
  return { ok, awards: walk.awards };
}

function step(walk: InstantWalk, entry: RecordEntry, i: number): Promise<boolean> | boolean {
  switch (entry.type) {
    case "rules_published":
      return rules(walk, entry, i);
    case "instant_final":
      return final(walk, entry, i);
    case "instant_draw":
      return draw(walk, entry, i);
    default:
      return true;
  }
}

/** Rules published again after the first final keep the instant prizes exactly as sold. */
function rules(walk: InstantWalk, entry: RecordEntry<"rules_published">, i: number): boolean {
  walk.rules = entry.data;
  if (walk.firstPrizes === null) return true;
  const now = show(entry.data?.instantPrizes ?? null);
  return walk.state.checks.add(
    `${RECORD_CHECK_NAMES.instantRules} (entrada ${i})`,
    now === walk.firstPrizes,
    walk.firstPrizes,
    now,
  );
}

/** The round an instant_final written at `at` must name (docs/draw-protocol.md §16.2). */
export function instantFinalRound(
  chain: DrandChainInfo,
  at: string,
  latestBeacon: { round: number } | null,
): number {
  const afterEntry = firstRoundAtOrAfterMs(chain, Date.parse(at) + INSTANT_DELAY_MS);
  const afterLatest = latestBeacon
    ? firstRoundAtOrAfterMs(chain, roundTime(chain, latestBeacon.round) * 1000 + INSTANT_DELAY_MS)
    : 0;
  return Math.max(afterEntry, afterLatest);
}

async function final(walk: InstantWalk, entry: RecordEntry<"instant_final">, i: number): Promise<boolean> {
  const d = entry.data;
  const shown = () =>
    show({
      tickets: d?.tickets ?? null,
      chain: d?.chain?.hash ?? null,
      round: d?.round ?? null,
      roundTime: d?.roundTime ?? null,
      latestBeacon: d?.latestBeacon ?? null,
    });
  const name = `${RECORD_CHECK_NAMES.instantFinal} (entrada ${i})`;
  const ok = await walk.state.checks.compare(name, shown(), async () => {
    const rules = walk.rules as RulesPublishedData;
    assertFinalTickets(d.tickets, rules.totalTickets);
    if (walk.budget?.prizesLeft === 0) {
      throw new DrawInputError(
        `ninguna compra final: el sorteo instantáneo de la entrada ${walk.lastDrawn?.seq} ya repartió todos los premios instantáneos`,
      );
    }
    const chain = sameChain(walk, d.chain);
    if (walk.lastDrawn && d.round <= walk.lastDrawn.round) {
      throw new DrawInputError(
        `una ronda aún no sorteada: la entrada ${walk.lastDrawn.seq} ya sorteó la ronda ${walk.lastDrawn.round}, y la compra nombra la ${valueText(d.round)}`,
      );
    }
    const latest = d.latestBeacon ?? null;
    const round = instantFinalRound(chain, entry.at, latest);
    if (latest !== null) await provablyFuture(walk, chain, latest, entry.at, round);
    return show({
      tickets: d.tickets,
      chain: chain.hash,
      round,
      roundTime: iso(roundTime(chain, round) * 1000),
      latestBeacon: latest,
    });
  });
  if (!ok) return false;
  if (walk.firstPrizes === null) walk.firstPrizes = show(walk.rules?.instantPrizes ?? null);
  walk.chain ??= d.chain;
  walk.pending.push({ seq: i, round: d.round, roundTime: d.roundTime, tickets: [...d.tickets] });
  return true;
}

function assertFinalTickets(tickets: unknown, totalTickets: number): void {
  const list = Array.isArray(tickets) ? (tickets as unknown[]) : [];
  const bad =
    list.length === 0 ||
    list.some(
      (t, k) =>
        !Number.isSafeInteger(t) ||
        (t as number) < 0 ||
        (t as number) >= totalTickets ||
        (k > 0 && (t as number) <= (list[k - 1] as number)),
    );
  if (bad) {
    throw new DrawInputError(
      `los boletos de la compra, en orden ascendente, sin repetir, del 0 al ${totalTickets - 1}; el acta dice ${show(tickets)}`,
    );
  }
}

/** The chain of the raffle's first final, which every later final must repeat. */
function sameChain(walk: InstantWalk, chain: DrandChainInfo): DrandChainInfo {
  if (walk.chain) {
    if (show(chain) !== show(walk.chain)) {
      throw new DrawInputError(
        `la cadena drand de las compras finales anteriores (${walk.chain.hash}); esta nombra ${valueText(chain?.hash)}`,
      );
    }
    return walk.chain;
  }
  assertSupportedChain(chain);
  if (!isLeagueOfEntropyChain(chain.hash)) {
    walk.state.out.warnings.push(
      `Los premios instantáneos usan una cadena que no es de la League of Entropy: ${chain.hash}. Su aleatoriedad depende de quien controle esa cadena.`,
    );
  }
  return chain;
}

/** The latest beacon verifies, was out by the entry's time, and the named round comes after it (§7.1). */
async function provablyFuture(
  walk: InstantWalk,
  chain: DrandChainInfo,
  latest: NonNullable<RecordEntry<"instant_final">["data"]["latestBeacon"]>,
  at: string,
  round: number,
): Promise<void> {
  const key = `${valueText(latest.round)}:${valueText(latest.signature)}`;
  if (walk.verified.has(key)) {
    if (roundTime(chain, latest.round) * 1000 > Date.parse(at))
      throw new DrawInputError(`el último beacon (ronda ${latest.round}) se publicó después de la entrada`);
    return;
  }
  await assertProvablyFuture(chain, latest, at, round, INSTANT_DELAY_MS / 60_000);
  walk.verified.add(key);
}

async function draw(walk: InstantWalk, entry: RecordEntry<"instant_draw">, i: number): Promise<boolean> {
  const d = entry.data;
  let randomness = "";
  const beaconOk = await walk.state.checks.compare(
    `${RECORD_CHECK_NAMES.instantBeacon} (entrada ${i})`,
    show({ round: d?.round ?? null, randomness: d?.randomness ?? null }),
    async () => {
      randomness = await drawBeacon(walk, entry);
      return show({ round: d.round, randomness });
    },
  );
  if (!beaconOk) return false;
  const finals = walk.pending.filter((p) => p.round === d.round);
  const shown = () =>
    show({ decided: d?.decided ?? null, prizesLeft: d?.prizesLeft ?? null, undecided: d?.undecided ?? null });
  const winsOk = await walk.state.checks.compare(
    `${RECORD_CHECK_NAMES.instantWins} (entrada ${i})`,
    shown(),
    () => expectedDecisions(walk, entry, finals, randomness),
  );
  if (!winsOk) return false;
  walk.pending = walk.pending.filter((p) => p.round !== d.round);
  walk.lastDrawn = { round: d.round, seq: i };
  walk.budget = { prizesLeft: d.prizesLeft, undecided: d.undecided };
  for (const decided of d.decided) {
    for (const w of decided.wins) {
      walk.awards.set(w.index, { ticketNumber: w.ticketNumber, awardedAt: entry.at });
      walk.state.out.instant.wins.push({ ...w, drawSeq: i });
    }
  }
  return true;
}

/** The earliest round still waited on, its beacon verified on the finals' chain: its randomness. */
async function drawBeacon(walk: InstantWalk, entry: RecordEntry<"instant_draw">): Promise<string> {
  const d = entry.data;
  const rounds = [...new Set(walk.pending.map((p) => p.round))].sort((a, b) => a - b);
  const next = rounds[0];
  if (next === undefined) throw new DrawInputError("ninguna compra final espera una ronda");
  if (d.round !== next) {
    const first = walk.pending.find((p) => p.round === next) as PendingFinal;
    throw new DrawInputError(
      `las rondas se sortean en orden: toca la ronda ${next} (la compra final de la entrada ${first.seq} la espera; esperadas: ${ROUND_LIST(rounds)}), no la ${valueText(d.round)}`,
    );
  }
  const chain = walk.chain as DrandChainInfo;
  const publishedMs = roundTime(chain, next) * 1000;
  if (Date.parse(entry.at) < publishedMs) {
    throw new DrawInputError(`registrado antes de publicarse la ronda ${next} (${iso(publishedMs)})`);
  }
  if (d.algorithm !== INSTANT_ALGORITHM)
    throw new DrawInputError(`el algoritmo ${INSTANT_ALGORITHM}, no «${valueText(d.algorithm)}»`);
  if (d.source !== "relay" && d.source !== "admin")
    throw new DrawInputError(`la fuente «relay» o «admin», no «${valueText(d.source)}»`);
  if (typeof d.signature !== "string" || d.signature !== d.signature.toLowerCase())
    throw new DrawInputError("la firma debe estar en hexadecimal en minúscula");
  if (typeof d.randomness !== "string") throw new DrawInputError("falta randomness");
  return verifyBeacon(chain, { round: d.round, signature: d.signature, randomness: d.randomness });
}

/**
 * decideInstantBatch over the finals waiting on the round, in record order, from the budget the previous
 * draw left (the first: every prize of the rules, every ticket of the raffle); wins take consecutive slots.
 */
async function expectedDecisions(
  walk: InstantWalk,
  entry: RecordEntry<"instant_draw">,
  finals: readonly PendingFinal[],
  randomness: string,
): Promise<string> {
  const d = entry.data;
  const named = Array.isArray(d.decided) ? d.decided.map((x) => x?.final) : d.decided;
  const expectedSeqs = finals.map((f) => f.seq);
  if (show(named) !== show(expectedSeqs)) {
    throw new DrawInputError(
      `decide, en orden, exactamente las compras finales que esperan la ronda ${d.round}: entradas ${show(expectedSeqs)}; el acta decide ${show(named)}`,
    );
  }
  const rules = walk.rules as RulesPublishedData;
  const total = instantPrizeTotal(rules.instantPrizes);
  const before = walk.budget ?? { prizesLeft: total, undecided: rules.totalTickets };
  const batch = await decideInstantBatch(
    walk.state.record.raffleId,
    randomness,
    finals.map((f) => ({ seq: f.seq, tickets: f.tickets })),
    before,
  );
  const slots = instantSlots(rules.instantPrizes);
  let index = total - before.prizesLeft;
  const decided = batch.results.map((r) => ({
    final: r.seq,
    wins: r.wins.map((ticketNumber): InstantWin => {
      const slot = index++;
      return { ticketNumber, index: slot, description: slots[slot]?.description ?? "" };
    }),
  }));
  return show({ decided, prizesLeft: batch.budget.prizesLeft, undecided: batch.budget.undecided });
}

/** Rules check: instant prize kinds with a description, a count ≥ 1 and, for cash, USD or VES > 0. */
export function assertRulesInstantPrizes(kinds: readonly RulesInstantPrize[] | undefined): void {
  if (kinds === undefined) return;
  if (!Array.isArray(kinds) || kinds.length > MAX_INSTANT_PRIZE_KINDS)
    throw new DrawInputError(
      `los premios instantáneos: una lista de hasta ${countText(MAX_INSTANT_PRIZE_KINDS, "clase", "clases")}`,
    );
  for (const k of kinds) {
    const cash = k?.cash;
    if (
      typeof k?.description !== "string" ||
      k.description.trim() === "" ||
      !Number.isSafeInteger(k.count) ||
      k.count < 1 ||
      (cash !== undefined &&
        (!["USD", "VES"].includes(cash?.currency) ||
          typeof cash?.amount !== "string" ||
          !/^\d{1,12}\.\d{2}$/.test(cash.amount) ||
          !(Number(cash.amount) > 0)))
    ) {
      throw new DrawInputError(
        `cada premio instantáneo con descripción, cantidad ≥ 1 y, si es en dinero, moneda USD o VES y monto mayor que cero con 2 decimales; el acta dice ${show(k)}`,
      );
    }
  }
  if (instantPrizeTotal(kinds) > MAX_INSTANT_PRIZES)
    throw new DrawInputError(
      `como mucho ${countText(MAX_INSTANT_PRIZES, "premio instantáneo", "premios instantáneos")} en total`,
    );
}
