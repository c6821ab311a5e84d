import { daysText } from "../claim-period";
import {
  assertSupportedChain,
  type DrandChainInfo,
  firstRoundAtOrAfterMs,
  isLeagueOfEntropyChain,
  roundTime,
  verifyBeacon,
} from "../drand";
import { DrawInputError } from "../draw-engine";
import { pickReplacementV3 } from "../draw-engine-v2";
import { assertProvablyFuture } from "./assertions";
import { decisionView, type FrozenState, show } from "./checks";
import type { RecordEntry, RecordWinner, ReplacementPick } from "./types";
import { valueText } from "./value-text";
import { RECORD_CHECK_NAMES, type RecordDecision } from "./verification";

export interface DecisionsV3 {
  handle(entry: RecordEntry, i: number): Promise<boolean>;
  pendingCount(): number;
  disqualifiedTickets(): number[];
  nextIndex(): Map<number, number>;
  finish(): void;
}

/** A disqualification whose named round has not drawn its replacement yet. */
interface PendingReplacement {
  seq: number;
  hash: string;
  level: number;
  index: number;
  description: string;
  chain: DrandChainInfo;
  round: number;
  roundTime: string;
  view: RecordDecision;
}

/** What the disqualifications and replacements of one set of winners change as the record goes on. */
interface DecisionsState {
  state: FrozenState;
  /** The chain of the internal draw; null for a lottery (each disqualification names its own). */
  drawChain: DrandChainInfo | null;
  current: RecordWinner[];
  /** When each slot's winner was named (the claim period counts from there), by `level:index`. */
  awardedAt: Map<string, string>;
  disqualified: Set<number>;
  nextIndex: Map<number, number>;
  pending: PendingReplacement[];
  warned: Set<string>;
  delay: number;
  claimDays: number;
}

const slot = (level: number, index: number) => `${level}:${index}`;

/**
 * v3 decisions after the winners (or a lottery result): each disqualification names a future round
 * and each replacement is drawn from that round's randomness, in record order (§9). `previous` carries
 * the disqualified tickets and next indices across a lottery correction.
 */
export function decisionsV3(
  state: FrozenState,
  initial: RecordWinner[],
  announcedAt: string,
  drawChain: DrandChainInfo | null,
  previous: DecisionsV3 | null = null,
): DecisionsV3 {
  const r = state.rules;
  const current = initial.map((w) => ({ ...w }));
  const ds: DecisionsState = {
    state,
    drawChain,
    current,
    awardedAt: new Map(current.map((w) => [slot(w.level, w.index), announcedAt])),
    disqualified: new Set<number>(previous?.disqualifiedTickets() ?? []),
    nextIndex: previous?.nextIndex() ?? new Map(state.levels.map((l) => [l.level, l.count])),
    pending: [],
    warned: new Set<string>(),
    delay: r.replacementDelayMinutes as number,
    claimDays: r.claimPeriodDays as number,
  };
  return {
    handle(entry: RecordEntry, i: number): Promise<boolean> {
      if (entry.type === "disqualification") return disqualification(ds, entry, i);
      if (entry.type === "replacement") return replacement(ds, entry, i);
      return Promise.resolve(true);
    },
    pendingCount: () => ds.pending.length,
    disqualifiedTickets: () => [...ds.disqualified],
    nextIndex: () => new Map(ds.nextIndex),
    finish() {
      const { out } = state;
      out.winners = ds.current.map((w) => ({ ...w }));
      for (const p of ds.pending) {
        out.pending.push(
          `Reemplazo pendiente del sorteo de la ronda ${p.round} (nivel ${p.level}, posición ${p.index + 1}; la ronda se publica el ${p.roundTime}).`,
        );
      }
    },
  };
}

async function disqualification(
  ds: DecisionsState,
  entry: RecordEntry<"disqualification">,
  i: number,
): Promise<boolean> {
  const { out, checks } = ds.state;
  const d = entry.data;
  const ok = await checks.compare(
    `${RECORD_CHECK_NAMES.disqualification} (entrada ${i})`,
    show({
      ticketNumber: d?.ticketNumber ?? null,
      reason: d?.reason ?? null,
      reasonText: d?.reasonText ?? null,
      round: d?.round ?? null,
      roundTime: d?.roundTime ?? null,
      delayMinutes: d?.delayMinutes ?? null,
    }),
    () => expectedDisqualification(ds, entry),
  );
  // The check found the winner in force; nothing changed the list since.
  const target = ok ? ds.current.find((w) => w.level === d.level && w.index === d.index) : undefined;
  if (!ok || !target) return false;
  const chain = d.chain as DrandChainInfo;
  if (!ds.drawChain && !isLeagueOfEntropyChain(chain.hash) && !ds.warned.has(chain.hash)) {
    ds.warned.add(chain.hash);
    out.warnings.push(
      `El reemplazo de la entrada ${i} usa una cadena que no es de la League of Entropy: ${chain.hash}.`,
    );
  }
  const view = decisionView(entry, "pending", null);
  out.decisions.push(view);
  ds.disqualified.add(target.ticketNumber);
  ds.current.splice(ds.current.indexOf(target), 1);
  ds.pending.push({
    seq: i,
    hash: entry.hash,
    level: target.level,
    index: target.index,
    description: target.description,
    chain,
    round: d.round as number,
    roundTime: d.roundTime as string,
    view,
  });
  return true;
}

/** What a v3 disqualification must say: a reason of the rules, a winner in force, a future round. */
async function expectedDisqualification(
  ds: DecisionsState,
  entry: RecordEntry<"disqualification">,
): Promise<string> {
  const { rules: r } = ds.state;
  const { delay, claimDays, drawChain } = ds;
  const d = entry.data;
  const rule = r.disqualificationReasons?.find((x) => x.code === d.reason);
  if (!rule) {
    throw new DrawInputError(
      `el motivo «${valueText(d.reason)}» no está en la lista cerrada de las reglas (${(r.disqualificationReasons ?? []).map((x) => x.code).join(", ")})`,
    );
  }
  if ("replacement" in d) {
    throw new DrawInputError("una descalificación v3 no trae su reemplazo: lo sortea la ronda que nombra");
  }
  const target = ds.current.find((w) => w.level === d.level && w.index === d.index);
  if (!target) {
    throw new DrawInputError(
      `no hay ganador vigente en el nivel ${valueText(d.level)}, posición ${valueText(d.index)}`,
    );
  }
  const evidence = d.evidenceHash ?? null;
  if (evidence !== null && (typeof evidence !== "string" || !/^[0-9a-f]{64}$/.test(evidence))) {
    throw new DrawInputError("la huella del documento de prueba debe tener 64 caracteres hexadecimales");
  }
  if (rule.code === "fraud" && evidence === null) {
    throw new DrawInputError("el motivo «fraud» exige la huella SHA-256 del documento de prueba");
  }
  if (rule.code === "unclaimed") {
    const since = ds.awardedAt.get(slot(target.level, target.index)) as string;
    const due = Date.parse(since) + claimDays * 86_400_000;
    if (Date.parse(entry.at) < due) {
      throw new DrawInputError(
        `el plazo de reclamo de ${daysText(claimDays)} contado desde ${since} vence el ${new Date(due).toISOString()}`,
      );
    }
  }
  if (drawChain) {
    if (show(d.chain) !== show(drawChain)) {
      throw new DrawInputError("la cadena drand no es la que fijó la congelación");
    }
  } else {
    assertSupportedChain(d.chain as DrandChainInfo);
  }
  const chain = d.chain as DrandChainInfo;
  if (d.delayMinutes !== delay) {
    throw new DrawInputError(`la demora debe ser la de las reglas (${delay} min)`);
  }
  const min = firstRoundAtOrAfterMs(chain, Date.parse(entry.at) + delay * 60_000);
  if (!Number.isSafeInteger(d.round) || (d.round as number) < min) {
    throw new DrawInputError(
      `la ronda ${valueText(d.round)} es demasiado pronto: la primera permitida es la ${min} (${delay} min después de la descalificación)`,
    );
  }
  await assertProvablyFuture(chain, d.latestBeacon, entry.at, d.round as number, delay);
  return show({
    ticketNumber: target.ticketNumber,
    reason: rule.code,
    reasonText: rule.text,
    round: d.round,
    roundTime: new Date(roundTime(chain, d.round as number) * 1000).toISOString(),
    delayMinutes: delay,
  });
}

async function replacement(
  ds: DecisionsState,
  entry: RecordEntry<"replacement">,
  i: number,
): Promise<boolean> {
  const data = entry.data;
  const p = ds.pending[0];
  let pick: ReplacementPick | null = null;
  const ok = await ds.state.checks.compare(
    `${RECORD_CHECK_NAMES.replacement} (entrada ${i})`,
    show({
      disqualification: data?.disqualification ?? null,
      round: data?.round ?? null,
      replacement: data?.replacement ?? null,
    }),
    async () => {
      if (!p) throw new DrawInputError("ninguna descalificación espera reemplazo");
      pick = await drawReplacement(ds, entry, p);
      return show({ disqualification: p.seq, round: p.round, replacement: pick });
    },
  );
  if (!ok || !p) return false;
  ds.pending.shift();
  p.view.status = pick ? "replaced" : "empty";
  p.view.replacement = pick;
  if (pick) {
    const chosen: ReplacementPick = pick;
    ds.current.push({ ...chosen, description: p.description });
    ds.current.sort((x, y) => x.level - y.level || x.index - y.index);
    ds.nextIndex.set(p.level, chosen.index + 1);
    ds.awardedAt.set(slot(chosen.level, chosen.index), entry.at);
  }
  return true;
}

/** The replacement the named round draws: the oldest pending disqualification, its round's beacon. */
async function drawReplacement(
  ds: DecisionsState,
  entry: RecordEntry<"replacement">,
  p: PendingReplacement,
): Promise<ReplacementPick | null> {
  const { record, frozen, numbers, tags } = ds.state;
  const data = entry.data;
  if (data.disqualification !== p.seq) {
    throw new DrawInputError(
      `los reemplazos se sortean en el orden de las descalificaciones: toca la de la entrada ${p.seq}`,
    );
  }
  if (data.round !== p.round) {
    throw new DrawInputError(`la descalificación nombró la ronda ${p.round}, no la ${valueText(data.round)}`);
  }
  if (Date.parse(entry.at) < Date.parse(p.roundTime)) {
    throw new DrawInputError(`registrado antes de publicarse la ronda ${p.round} (${p.roundTime})`);
  }
  if (typeof data.signature !== "string" || data.signature !== data.signature.toLowerCase()) {
    throw new DrawInputError("la firma debe estar en hexadecimal en minúscula");
  }
  if (typeof data.randomness !== "string") throw new DrawInputError("falta randomness");
  const randomness = await verifyBeacon(p.chain, data);
  const taken = new Set(ds.current.map((w) => w.ticketNumber));
  const pool = numbers.filter((n) => !taken.has(n) && !ds.disqualified.has(n));
  const index = ds.nextIndex.get(p.level) ?? 0;
  const ticket = await pickReplacementV3({
    raffleId: record.raffleId,
    listHash: frozen.listHash,
    randomness,
    disqualificationHash: p.hash,
    level: p.level,
    index,
    pool,
  });
  return ticket === null
    ? null
    : { level: p.level, index, ticketNumber: ticket, tag: tags.get(ticket) as string };
}
