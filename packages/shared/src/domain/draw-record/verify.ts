import { DrawInputError } from "../draw-engine";
import { entryHash, isRecordTime } from "./chain";
import { Checks, emptyVerification, entryName, errorText, finish, show, type VerifyState } from "./checks";
import { orderProblem } from "./order";
import {
  type DrawRecord,
  GENESIS_PREV_HASH,
  RECORD_ENTRY_TYPES,
  RECORD_FORMAT_V3,
  RECORD_FORMATS,
  type RecordEntry,
  type RecordEntryType,
  type RulesPublishedData,
} from "./types";
import { valueText } from "./value-text";
import { RECORD_CHECK_NAMES, type RecordVerification } from "./verification";
import { verifyDrandDraw } from "./verify-drand";
import { finishExternal } from "./verify-external";
import { type RecordOrder, verifyFreeze } from "./verify-freeze";
import { verifyInstant } from "./verify-instant";
import { verifyPrizes } from "./verify-prizes";

/**
 * Verifies a record in the order of docs/draw-protocol.md §11: format, the hash chain (one check per
 * entry), the order of events and their times, the instant draws (verify-instant.ts), the rules, the
 * frozen list, the round named, the beacon, the winners, each disqualification, each external result or
 * correction, then the prizes (verify-prizes.ts). A record that is still in progress verifies what exists and lists
 * what is pending.
 */
export async function verifyRecord(record: DrawRecord): Promise<RecordVerification> {
  const state: VerifyState = {
    record,
    entries: [],
    v3: false,
    out: emptyVerification(),
    checks: new Checks(),
  };
  try {
    await verifySteps(state);
  } catch (error) {
    // A record comes from the network: a value no check expected (an object whose toString is not a
    // function, say) makes it fail to verify, saying so, rather than make the verifier throw.
    state.checks.add(
      RECORD_CHECK_NAMES.readable,
      false,
      "cada valor de las entradas con el tipo que dice el protocolo",
      errorText(error),
    );
  }
  return finish(state);
}

/** Each step returns when the record stops verifying (a failed check or nothing more to check). */
async function verifySteps(state: VerifyState): Promise<void> {
  if (!checkFormat(state)) return;
  await checkHashChain(state);
  const order = checkOrder(state);
  if (!order) return;
  // Decision 0035: instant draws happen while the raffle sells, so they are verified whatever its status.
  const instant = await verifyInstant(state);
  const drawn = await verifyDraw(state, order);
  // The prizes: the draw's once the draw and its decisions have verified, the instant ones once the
  // instant entries have.
  await verifyPrizes(
    { ...state, rules: order.rules },
    { drawn, instant: instant.ok ? instant.awards : null },
  );
}

/** 3–12: the rules, the frozen list and the draw; true once the draw and its decisions verified. */
async function verifyDraw(state: VerifyState, order: RecordOrder): Promise<boolean> {
  const frozen = await verifyFreeze(state, order);
  if (!frozen) return false;
  const drawChecks = state.checks.list.length;
  if (order.isExternal) await finishExternal(frozen);
  else await verifyDrandDraw(frozen);
  const drawOk = state.checks.list.slice(drawChecks).every((c) => c.ok);
  return state.out.status === "drawn" && drawOk;
}

/** The format, raffleId and a list of JSON objects as entries; false when there is nothing to verify. */
function checkFormat(state: VerifyState): boolean {
  const { record, checks, out } = state;
  const formatOk =
    typeof record === "object" &&
    record !== null &&
    RECORD_FORMATS.includes(record.format) &&
    typeof record.raffleId === "string" &&
    record.raffleId !== "" &&
    Array.isArray(record.entries);
  checks.add(
    RECORD_CHECK_NAMES.format,
    formatOk,
    `${RECORD_FORMATS.join(" o ")}, raffleId y lista de entradas`,
    formatOk
      ? `${record.format}, ${record.raffleId}`
      : show({ format: (record as { format?: unknown })?.format }),
  );
  if (!formatOk) return false;
  state.v3 = record.format === RECORD_FORMAT_V3;
  const entries = record.entries;
  state.entries = entries;
  if (entries.length === 0) {
    out.pending.push("El acta todavía no tiene entradas.");
    return false;
  }
  const notObject = entries.findIndex((e) => typeof e !== "object" || e === null || Array.isArray(e));
  if (notObject >= 0) {
    checks.add(`Entrada ${notObject}: cadena de huellas`, false, "un objeto JSON", show(entries[notObject]));
    return false;
  }
  return true;
}

/** 1. Hash chain: each entry's seq, link and hash, so an edit names the entry it touched. */
async function checkHashChain({ entries, checks }: VerifyState): Promise<void> {
  let prevHash = GENESIS_PREV_HASH;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as RecordEntry;
    const actual = show({ seq: e?.seq, prevHash: e?.prevHash, hash: e?.hash });
    const expectedPrev = prevHash;
    await checks.compare(`${entryName(e, i)}: cadena de huellas`, actual, async () => {
      if (!RECORD_ENTRY_TYPES.includes(e.type))
        throw new DrawInputError(`tipo desconocido «${valueText(e.type)}»`);
      if (!isRecordTime(e.at)) throw new DrawInputError(`fecha inválida «${valueText(e.at)}»`);
      const hash = await entryHash({ seq: i, type: e.type, at: e.at, data: e.data, prevHash: expectedPrev });
      return show({ seq: i, prevHash: expectedPrev, hash });
    });
    prevHash = typeof e?.hash === "string" ? e.hash : "";
  }
}

/**
 * 2. Order of events and times. Null when the order fails or there are no rules yet (then the status
 * says how far the raffle got).
 */
function checkOrder(state: VerifyState): RecordOrder | null {
  const { entries, checks, out, v3 } = state;
  const rulesEntries = entries.filter(
    (e) => e?.type === "rules_published",
  ) as RecordEntry<"rules_published">[];
  const rules = rulesEntries[rulesEntries.length - 1]?.data;
  const rulesExternal = rules ? rules.announcement?.type === "external" : null;
  // Decision 0024: a "drand" fallback turns a lottery raffle into an internal draw (round named at the freeze).
  const fallbackEntry = entries.find((e) => e?.type === "lottery_fallback") as
    | RecordEntry<"lottery_fallback">
    | undefined;
  const isExternal =
    rulesExternal === true && fallbackEntry?.data?.fallback === "drand" ? false : rulesExternal;
  const problems: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const problem = RECORD_ENTRY_TYPES.includes(entries[i]?.type as RecordEntryType)
      ? orderProblem(entries, i, isExternal, v3, rulesExternal)
      : "tipo de entrada desconocido";
    if (problem) problems.push(`entrada ${i}: ${problem}`);
  }
  checks.add(
    RECORD_CHECK_NAMES.order,
    problems.length === 0,
    "reglas → cierre → congelación → sorteo",
    problems.join("; ") || "en orden",
  );
  checkTimes(state);
  if (problems.length > 0) return null;
  if (!rules) {
    // Only a close or a cancellation so far: nothing to recompute yet.
    out.status = entries.some((e) => e.type === "cancelled")
      ? "cancelled"
      : entries.some((e) => e.type === "closed")
        ? "closed"
        : "published";
    if (out.status === "closed") out.pending.push("Faltan las reglas y la lista congelada.");
    return null;
  }
  return { rules: rules as RulesPublishedData, isExternal, fallbackEntry };
}

function checkTimes({ entries, checks }: VerifyState): void {
  const timeProblems: string[] = [];
  for (let i = 1; i < entries.length; i++) {
    const a = Date.parse(valueText(entries[i - 1]?.at));
    const b = Date.parse(valueText(entries[i]?.at));
    if (!(b >= a)) timeProblems.push(`entrada ${i} anterior a la entrada ${i - 1}`);
  }
  checks.add(
    RECORD_CHECK_NAMES.times,
    timeProblems.length === 0,
    "cada fecha ≥ la anterior",
    timeProblems.join("; ") || "en orden",
  );
}
