import { DrawInputError } from "../draw-engine";
import { assertSealedResult } from "./assertions";
import { decisionView, type FrozenState, show, winnerText } from "./checks";
import { type DecisionsV3, decisionsV3 } from "./decisions-v3";
import { externalReplacement, mapExternalResult, prizeSlots } from "./external";
import type {
  ExternalAnnouncement,
  ExternalCorrectionData,
  ExternalResultData,
  RecordEntry,
  RecordWinner,
} from "./types";
import { valueText } from "./value-text";
import { RECORD_CHECK_NAMES } from "./verification";

type Slots = ReturnType<typeof prizeSlots>;
type ResultEntry = RecordEntry<"external_result"> | RecordEntry<"external_correction">;
type ResultData = ExternalResultData & Partial<ExternalCorrectionData>;

/** v2 lottery raffle: the winners in force, the result they came from and what disqualifications took. */
interface ExternalV2State {
  current: RecordWinner[] | null;
  lastResultSeq: number | null;
  disqualified: number[];
  nextIndex: Map<number, number>;
}

/** External lottery: each result or correction maps the official numbers to the prize slots. */
export async function finishExternal(state: FrozenState): Promise<void> {
  const a = state.rules?.announcement as ExternalAnnouncement;
  const slots = prizeSlots(state.levels);
  if (state.v3) return finishExternalV3(state, a, slots);
  const ext: ExternalV2State = {
    current: null,
    lastResultSeq: null,
    disqualified: [],
    nextIndex: new Map(state.levels.map((l) => [l.level, l.count])),
  };
  for (const [i, entry] of state.entries.entries()) {
    if (entry.type === "external_result" || entry.type === "external_correction") {
      const data = entry.data as ResultData;
      const ok = await state.checks.compare(checkName(entry, i), winnerText(data?.winners), () => {
        assertResultEntry(a, entry, data);
        if (entry.type === "external_correction") assertCorrects(data, ext.lastResultSeq);
        return expectedResultText(state, a, slots, data, ext.disqualified);
      });
      if (!ok) return;
      ext.current = data.winners.map((w) => ({ ...w }));
      ext.lastResultSeq = i;
    } else if (entry.type === "disqualification" && ext.current) {
      if (!(await externalDisqualification(state, ext, ext.current, entry, i))) return;
    }
  }
  const { out } = state;
  if (ext.current) {
    out.status = "drawn";
    out.winners = ext.current;
  } else {
    out.status = "awaiting_result";
    out.pending.push(`Falta el resultado oficial de ${a.lottery} (sorteo del ${a.drawAt}).`);
  }
}

function checkName(entry: ResultEntry, i: number): string {
  const isCorrection = entry.type === "external_correction";
  return `${isCorrection ? RECORD_CHECK_NAMES.correction : RECORD_CHECK_NAMES.external} (entrada ${i})`;
}

function assertResultEntry(a: ExternalAnnouncement, entry: ResultEntry, data: ResultData): void {
  if (Date.parse(entry.at) < Date.parse(a.drawAt)) {
    throw new DrawInputError(`registrado antes del sorteo de la lotería (${a.drawAt})`);
  }
  if (typeof data.sourceUrl !== "string" || data.sourceUrl.trim() === "") {
    throw new DrawInputError("falta el enlace a la publicación oficial");
  }
}

function assertCorrects(data: ResultData, lastResultSeq: number | null): void {
  if (data.corrects !== lastResultSeq) {
    throw new DrawInputError(
      `corrige la entrada ${valueText(data.corrects)}, pero el resultado vigente es la ${valueText(lastResultSeq)}`,
    );
  }
  if (typeof data.reason !== "string" || data.reason.trim() === "")
    throw new DrawInputError("falta el motivo");
}

/** The winners the official result maps to, slot by slot (protocol §10). */
function expectedResultText(
  { numbers, rules, tags }: FrozenState,
  a: ExternalAnnouncement,
  slots: Slots,
  data: ResultData,
  exclude: number[],
): string {
  const mapped = mapExternalResult(a.rule, data.result, numbers, rules?.totalTickets ?? 0, {
    exclude,
    maxResults: slots.length,
  });
  return winnerText(
    mapped.map((ticketNumber, k) => {
      const slot = slots[k] as Slots[number];
      return { ...slot, ticketNumber, tag: tags.get(ticketNumber) ?? "" };
    }),
  );
}

/** v2: the replacement of a disqualified lottery winner is the next sold ticket upward (no randomness). */
async function externalDisqualification(
  state: FrozenState,
  ext: ExternalV2State,
  list: RecordWinner[],
  entry: RecordEntry<"disqualification">,
  i: number,
): Promise<boolean> {
  const { numbers, rules, tags, out } = state;
  const d = entry.data;
  const ok = await state.checks.compare(
    `${RECORD_CHECK_NAMES.disqualification} (entrada ${i})`,
    show({ ticketNumber: d?.ticketNumber, replacement: d?.replacement ?? null }),
    () => {
      if (typeof d.reason !== "string" || d.reason.trim() === "") throw new DrawInputError("falta el motivo");
      const target = list.find((w) => w.level === d.level && w.index === d.index);
      if (!target)
        throw new DrawInputError(
          `no hay ganador vigente en el nivel ${valueText(d.level)}, posición ${valueText(d.index)}`,
        );
      const taken = [...list.map((w) => w.ticketNumber), ...ext.disqualified];
      const next = externalReplacement(target.ticketNumber, numbers, rules?.totalTickets ?? 0, taken);
      const index = ext.nextIndex.get(d.level) ?? 0;
      return show({
        ticketNumber: target.ticketNumber,
        replacement:
          next === null ? null : { level: d.level, index, ticketNumber: next, tag: tags.get(next) },
      });
    },
  );
  if (!ok) return false;
  const target = list.find((w) => w.level === d.level && w.index === d.index) as RecordWinner;
  out.decisions.push(decisionView(entry, d.replacement ? "replaced" : "empty", d.replacement ?? null));
  ext.disqualified.push(target.ticketNumber);
  if (d.replacement) ext.nextIndex.set(d.level, (ext.nextIndex.get(d.level) ?? 0) + 1);
  const current = list.filter((w) => w !== target);
  if (d.replacement) current.push({ ...d.replacement, description: target.description });
  current.sort((x, y) => x.level - y.level || x.index - y.index);
  ext.current = current;
  return true;
}

/** v3 external lottery: results and corrections as in v2; disqualifications are blind (§9.2). */
async function finishExternalV3(state: FrozenState, a: ExternalAnnouncement, slots: Slots): Promise<void> {
  const { entries, out } = state;
  let decisions: DecisionsV3 | null = null;
  let lastResultSeq: number | null = null;
  const firstResultAt = entries.find((e) => e.type === "external_result")?.at ?? null;
  const excluded: number[] = [];
  for (const [i, entry] of entries.entries()) {
    if (entry.type === "external_result" || entry.type === "external_correction") {
      const data = entry.data as ResultData;
      const isCorrection = entry.type === "external_correction";
      const waiting = decisions?.pendingCount() ?? 0;
      const before: DecisionsV3 | null = decisions;
      const ok = await state.checks.compare(checkName(entry, i), winnerText(data?.winners), () => {
        assertResultEntry(a, entry, data);
        if (a.correctionWindowHours !== undefined) {
          assertSealedResult(a, data, isCorrection, entry.at, firstResultAt, out.frozenAt);
        }
        if (isCorrection) {
          assertCorrects(data, lastResultSeq);
          if (waiting > 0) {
            throw new DrawInputError(
              "una corrección no puede registrarse mientras un reemplazo espera su ronda",
            );
          }
        }
        const exclude = [...excluded, ...(before?.disqualifiedTickets() ?? [])];
        return expectedResultText(state, a, slots, data, exclude);
      });
      if (!ok) return;
      if (decisions) excluded.push(...decisions.disqualifiedTickets());
      decisions = decisionsV3(
        state,
        data.winners.map((w) => ({ ...w })),
        entry.at,
        null,
        decisions,
      );
      lastResultSeq = i;
    } else if ((entry.type === "disqualification" || entry.type === "replacement") && decisions) {
      if (!(await decisions.handle(entry, i))) return;
    }
  }
  if (decisions) {
    out.status = "drawn";
    decisions.finish();
  } else {
    out.status = "awaiting_result";
    out.pending.push(`Falta el resultado oficial de ${a.lottery} (sorteo del ${a.drawAt}).`);
  }
}
