import { RECORD_ENTRY_LABELS, type RecordEntry, type RecordEntryType } from "./types";

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
    default:
      return `tipo de entrada desconocido: ${String((entry as { type: unknown }).type)}`;
  }
}
