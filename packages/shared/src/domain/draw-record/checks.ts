import type { DrawWinner, PrizeLevel, VerificationCheck } from "../draw-engine";
import type { drawV2 } from "../draw-engine-v2";
import { canonicalJson } from "./chain";
import {
  type DrawRecord,
  type FrozenData,
  RECORD_ENTRY_LABELS,
  type RecordEntry,
  type RecordEntryType,
  type RecordWinner,
  type ReplacementPick,
  type RulesPublishedData,
} from "./types";
import { valueText } from "./value-text";
import { emptyInstant, type RecordDecision, type RecordVerification } from "./verification";

/** What a check says of an exception: its message, or the thrown value's text (never throws). */
export const errorText = (error: unknown) =>
  `Error: ${error instanceof Error ? error.message : valueText(error)}`;

export class Checks {
  readonly list: VerificationCheck[] = [];
  add(name: string, ok: boolean, expected: string, actual: string): boolean {
    this.list.push({ name, ok, expected, actual });
    return ok;
  }
  /** Runs `compute` for the expected value; an exception is a failed check that says why. */
  async compare(name: string, actual: string, compute: () => Promise<string> | string): Promise<boolean> {
    try {
      const expected = await compute();
      return this.add(name, expected === actual, expected, actual);
    } catch (error) {
      return this.add(name, false, errorText(error), actual);
    }
  }
}

/** Text of a value for a check's expected/actual: canonical when possible, never throws. */
export const show = (value: unknown): string => {
  try {
    return canonicalJson(value);
  } catch {
    try {
      return JSON.stringify(value) ?? valueText(value);
    } catch {
      return valueText(value);
    }
  }
};

/** The compared fields of a winner list (a malformed list is shown as it is, and fails). */
export const winnerList = (w: unknown): unknown =>
  Array.isArray(w)
    ? w.map((x: Partial<RecordWinner> | null) => ({
        level: x?.level ?? null,
        index: x?.index ?? null,
        ticketNumber: x?.ticketNumber ?? null,
        tag: x?.tag ?? null,
        description: x?.description ?? null,
      }))
    : (w ?? null);

export const winnerText = (w: unknown) => show(winnerList(w));

export function entryName(entry: { seq?: unknown; type?: unknown }, position: number): string {
  const label = RECORD_ENTRY_LABELS[entry?.type as RecordEntryType] ?? valueText(entry?.type);
  return `Entrada ${position} (${label})`;
}

export function withTags(winners: readonly DrawWinner[], tags: ReadonlyMap<number, string>): RecordWinner[] {
  return winners.map((w) => ({
    level: w.level,
    index: w.index,
    ticketNumber: w.ticketNumber,
    tag: tags.get(w.ticketNumber) ?? "",
    description: w.description,
  }));
}

export function emptyVerification(): RecordVerification {
  return {
    ok: false,
    checks: [],
    warnings: [],
    pending: [],
    winners: [],
    status: "empty",
    listHash: null,
    frozenAt: null,
    round: null,
    roundTime: null,
    chainHash: null,
    decisions: [],
    prizes: [],
    instant: emptyInstant(),
  };
}

export function decisionView(
  entry: RecordEntry<"disqualification">,
  status: RecordDecision["status"],
  replacement: ReplacementPick | null,
): RecordDecision {
  const d = entry.data;
  return {
    seq: entry.seq,
    at: entry.at,
    level: d.level,
    index: d.index,
    ticketNumber: d.ticketNumber,
    reason: d.reason,
    reasonText: d.reasonText ?? d.reason,
    evidenceHash: d.evidenceHash ?? null,
    round: d.round ?? null,
    roundTime: d.roundTime ?? null,
    status,
    replacement: replacement ? { ...replacement } : null,
  };
}

/** What every verification step shares: the record, the result being filled in and its checks. */
export interface VerifyState {
  record: DrawRecord;
  entries: RecordEntry[];
  v3: boolean;
  out: RecordVerification;
  checks: Checks;
}

/** The state once the rules and the frozen list have verified: what the draw steps recompute from. */
export interface FrozenState extends VerifyState {
  rules: RulesPublishedData;
  levels: PrizeLevel[];
  frozen: FrozenData;
  /** The frozen entry's time. */
  frozenAt: string;
  numbers: number[];
  tags: Map<number, string>;
}

/** The draw's input to drawV2: the frozen list and the beacon's randomness. */
export type DrawInput = Parameters<typeof drawV2>[0];

/** The result with its checks: ok when there is at least one check and every one passed. */
export function finish(state: VerifyState): RecordVerification {
  const { out, checks } = state;
  out.checks = checks.list;
  out.ok = checks.list.length > 0 && checks.list.every((c) => c.ok);
  return out;
}
