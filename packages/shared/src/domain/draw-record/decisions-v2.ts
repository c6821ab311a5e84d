import { DrawInputError } from "../draw-engine";
import { type DisqualifiedPick, drawV2 } from "../draw-engine-v2";
import { type DrawInput, decisionView, type FrozenState, show, withTags } from "./checks";
import type { RecordEntry } from "./types";
import { valueText } from "./value-text";
import { RECORD_CHECK_NAMES } from "./verification";

/**
 * v2 disqualifications of an internal draw: each replacement is recomputed with the draw's own beacon
 * (§9); the current winners are set only when every disqualification verifies.
 */
export async function verifyDecisionsV2(state: FrozenState, input: DrawInput): Promise<void> {
  const { entries, checks, out, tags } = state;
  const disqualifications: DisqualifiedPick[] = [];
  let allOk = true;
  for (const [i, entry] of entries.entries()) {
    if (entry.type !== "disqualification") continue;
    const d = entry.data;
    const ok = await checks.compare(
      `${RECORD_CHECK_NAMES.disqualification} (entrada ${i})`,
      show({ ticketNumber: d?.ticketNumber, replacement: d?.replacement ?? null }),
      async () => {
        if (typeof d.reason !== "string" || d.reason.trim() === "")
          throw new DrawInputError("falta el motivo");
        const before = await drawV2({ ...input, disqualifications });
        const target = before.winners.find((w) => w.level === d.level && w.index === d.index);
        if (!target)
          throw new DrawInputError(
            `no hay ganador vigente en el nivel ${valueText(d.level)}, posición ${valueText(d.index)}`,
          );
        const after = await drawV2({
          ...input,
          disqualifications: [...disqualifications, { level: d.level, index: d.index }],
        });
        const r = after.replacements[after.replacements.length - 1] ?? null;
        return show({
          ticketNumber: target.ticketNumber,
          replacement: r
            ? { level: r.level, index: r.index, ticketNumber: r.ticketNumber, tag: tags.get(r.ticketNumber) }
            : null,
        });
      },
    );
    if (!ok) {
      allOk = false;
      break;
    }
    const r = (entry as RecordEntry<"disqualification">).data.replacement ?? null;
    out.decisions.push(decisionView(entry as RecordEntry<"disqualification">, r ? "replaced" : "empty", r));
    disqualifications.push({ level: d.level, index: d.index });
  }
  if (allOk) out.winners = withTags((await drawV2({ ...input, disqualifications })).winners, tags);
}
