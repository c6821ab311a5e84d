import { INSTANT_PRIZE_LEVEL } from "../instant-draw";
import { isValidTicketNumber, protocolTicketNumber } from "../tickets";
import {
  type PrizeRef,
  RECORD_ENTRY_LABELS,
  type RecordEntry,
  type RecordEntryType,
  type RulesPublishedData,
} from "./types";
import { valueText } from "./value-text";

/** Allowed predecessors, by the lifecycle: what must already be in the record for each type. */
export function orderProblem(
  entries: readonly RecordEntry[],
  i: number,
  isExternal: boolean | null,
  v3: boolean,
  rulesExternal: boolean | null = isExternal,
): string | null {
  const entry = entries[i] as RecordEntry;
  const before = entries.slice(0, i).map((e) => e.type);
  const has = (t: RecordEntryType) => before.includes(t);
  const name = RECORD_ENTRY_LABELS[entry.type];
  if (has("cancelled")) return `«${name}» después de la cancelación`;
  // Decision 0024: after a "cancel" fallback only the cancellation may follow.
  const fallback = entries.slice(0, i).find((e) => e.type === "lottery_fallback") as
    | RecordEntry<"lottery_fallback">
    | undefined;
  if (fallback?.data?.fallback === "cancel" && entry.type !== "cancelled")
    return `«${name}» después de que la lotería sorteara con la lista abierta (la rifa se cancela)`;
  switch (entry.type) {
    case "lottery_fallback":
      if (!v3) return "el formato rifazo-record-1 no tiene entradas de respaldo de lotería";
      if (rulesExternal !== true) return "respaldo de lotería en una rifa sin lotería";
      if (has("frozen")) return "respaldo de lotería después de congelar la lista";
      return has("lottery_fallback") ? "el respaldo de lotería se aplicó dos veces" : null;
    case "rules_published":
      // The rules may first be written at the close or the freeze, but never changed after the close.
      if (has("frozen")) return "reglas publicadas después de congelar la lista";
      return has("closed") && has("rules_published") ? "las reglas cambiaron después del cierre" : null;
    case "closed":
      if (has("frozen")) return "cierre después de congelar la lista";
      return has("closed") ? "la rifa se cerró dos veces" : null;
    case "cancelled":
      return has("frozen") ? "una rifa congelada no se puede cancelar" : null;
    case "frozen":
      if (!has("rules_published")) return "lista congelada sin reglas publicadas antes";
      return has("frozen") ? "la lista se congeló dos veces" : null;
    case "round_named":
      if (isExternal) return "una rifa con lotería externa no usa drand";
      if (!has("frozen")) return "la ronda se fijó antes de congelar la lista";
      return has("round_named") ? "la ronda se fijó dos veces" : null;
    case "beacon":
      if (!has("round_named")) return "beacon sin ronda fijada";
      return has("beacon") ? "dos beacons" : null;
    case "winners":
      if (!has("beacon")) return "ganadores sin beacon";
      return has("winners") ? "los ganadores se sortearon dos veces" : null;
    case "disqualification":
      return has("winners") || has("external_result") ? null : "descalificación sin ganadores";
    case "replacement":
      if (!v3) return "el formato rifazo-record-1 no tiene entradas de reemplazo";
      return has("disqualification") ? null : "reemplazo sin descalificación";
    case "external_result":
      if (isExternal === false) return "resultado de lotería en una rifa con sorteo interno";
      if (!has("frozen")) return "resultado de lotería antes de congelar la lista";
      return has("external_result") ? "un segundo resultado debe registrarse como corrección" : null;
    case "external_correction":
      return has("external_result") ? null : "corrección sin resultado previo";
    case "instant_final":
    case "instant_draw":
      return instantOrderProblem(entries.slice(0, i), entry, v3);
    case "prize_claimed":
    case "prize_delivered":
    case "prize_confirmation":
      if ((entry.data as Partial<PrizeRef> | null)?.level === INSTANT_PRIZE_LEVEL) {
        if (!instantAwarded(entries.slice(0, i), entry.data as PrizeRef))
          return `«${name}» de un premio instantáneo que ningún sorteo instantáneo anterior dio a ese boleto (${prizeRefText(entry.data as PrizeRef)})`;
      } else if (!has("winners") && !has("external_result")) return `«${name}» antes de haber ganadores`;
      return prizeOrderProblem(entries.slice(0, i), entry);
    default:
      return `tipo de entrada desconocido: ${valueText((entry as { type: unknown }).type)}`;
  }
}

/**
 * Decision 0035 (docs/decisions/0035-prizes-on-the-record.md, "Instant wins"): a purchase becomes final
 * for instant prizes only while the raffle sells, under rules that offer them, and a round is drawn only
 * for finals that wait on it. Instant draws may follow the freeze (a final made just before it).
 */
function instantOrderProblem(before: readonly RecordEntry[], entry: RecordEntry, v3: boolean): string | null {
  if (!v3) return "el formato rifazo-record-1 no tiene premios instantáneos";
  const types = before.map((e) => e.type);
  if (entry.type === "instant_draw")
    return types.includes("instant_final") ? null : "premios instantáneos decididos sin ninguna compra final";
  const rules = [...before].reverse().find((e) => e.type === "rules_published") as
    | RecordEntry<"rules_published">
    | undefined;
  if (!rules) return "compra final sin reglas publicadas antes";
  const kinds = (rules.data as RulesPublishedData | null)?.instantPrizes;
  if (!Array.isArray(kinds) || kinds.length === 0)
    return "compra final en una rifa cuyas reglas no ofrecen premios instantáneos";
  return types.includes("frozen") ? "compra final después de congelar la lista" : null;
}

/** An earlier instant_draw gave slot `index` to `ticketNumber` (prize entries of level 0 name it). */
function instantAwarded(before: readonly RecordEntry[], ref: PrizeRef): boolean {
  return before.some(
    (e) =>
      e.type === "instant_draw" &&
      Array.isArray(e.data?.decided) &&
      e.data.decided.some(
        (d) =>
          Array.isArray(d?.wins) &&
          d.wins.some((w) => w?.index === ref.index && w?.ticketNumber === ref.ticketNumber),
      ),
  );
}

const PRIZE_TYPES: readonly RecordEntryType[] = ["prize_claimed", "prize_delivered", "prize_confirmation"];

/** A ticket number as the protocol writes it ("0042"), or the value as it is when it is not one. */
export const ticketText = (t: unknown): string =>
  typeof t === "number" && isValidTicketNumber(t) ? protocolTicketNumber(t) : valueText(t);

/** "nivel 1, posición 1, boleto 0042": a prize ref in words (positions count from 1, as pages show them). */
export function prizeRefText(ref: Partial<PrizeRef> | null | undefined): string {
  const index = typeof ref?.index === "number" ? ref.index + 1 : valueText(ref?.index);
  return `nivel ${valueText(ref?.level)}, posición ${index}, boleto ${ticketText(ref?.ticketNumber)}`;
}

const sameRef = (a: Partial<PrizeRef> | null | undefined, b: Partial<PrizeRef> | null | undefined) =>
  a?.level === b?.level && a?.index === b?.index && a?.ticketNumber === b?.ticketNumber;

/**
 * Decision 0035 (docs/decisions/0035-prizes-on-the-record.md): one claim per winner, a delivery only
 * after that winner's claim, the winner's word only after a delivery; "resolved" closes an open dispute
 * and "received" is said once. Who the winner is at each entry is checked later (verify-prizes.ts).
 */
function prizeOrderProblem(before: readonly RecordEntry[], entry: RecordEntry): string | null {
  const ref = entry.data as Partial<PrizeRef> | null;
  const same = before.filter((e) => PRIZE_TYPES.includes(e.type) && sameRef(e.data as PrizeRef, ref));
  const count = (t: RecordEntryType) => same.filter((e) => e.type === t).length;
  const who = prizeRefText(ref);
  if (entry.type === "prize_claimed")
    return count("prize_claimed") > 0 ? `el premio (${who}) se reclamó dos veces` : null;
  if (entry.type === "prize_delivered")
    return count("prize_claimed") > 0 ? null : `entrega sin reclamo previo (${who})`;
  if (entry.type !== "prize_confirmation") return null;
  if (count("prize_delivered") === 0) return `confirmación sin entrega previa (${who})`;
  const outcome = (entry as RecordEntry<"prize_confirmation">).data?.outcome;
  const outcomes = same
    .filter((e) => e.type === "prize_confirmation")
    .map((e) => (e as RecordEntry<"prize_confirmation">).data?.outcome);
  if (outcome === "received")
    return outcomes.includes("received") ? `el ganador confirmó la recepción dos veces (${who})` : null;
  if (outcome === "resolved")
    return outcomes.lastIndexOf("disputed") > outcomes.lastIndexOf("resolved")
      ? null
      : `disputa resuelta sin disputa abierta (${who})`;
  if (outcome === "disputed") return null;
  return `resultado de confirmación desconocido «${valueText(outcome)}» (${who})`;
}
