import type {
  ExternalCorrectionData,
  ExternalResultData,
  LotteryFallbackData,
  RecordEntry,
} from "@rifazo/shared/domain/draw-record";
import { prizePlaceName } from "@rifazo/shared/domain/glossary";
import { countText } from "@rifazo/shared/domain/plural";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { Alert } from "../../../components/ui/alert";
import { formatDateTime } from "../../../lib/format";
import { drawApi, type RaffleRecord } from "../api";
import { recordTotalTickets } from "../lib/record-text";
import { type RaffleRecordProps, useRaffleRecord } from "./record-link";

/**
 * The lottery's official result and every correction, prominently, on the draw page (decision 0024):
 * each with its publication (file by hash and link), and a correction with the result it replaced, its
 * reason and the two administrators (tags) who proposed and confirmed it. Also the fallback when the
 * lottery drew before the list was fixed.
 */
export function LotteryResultList({ record }: { record: RaffleRecord }) {
  const fallback = record.entries.find((e) => e.type === "lottery_fallback") as
    | RecordEntry<"lottery_fallback">
    | undefined;
  const results = record.entries.filter(
    (e) => e.type === "external_result" || e.type === "external_correction",
  ) as Array<RecordEntry<"external_result"> | RecordEntry<"external_correction">>;
  if (!fallback && results.length === 0) return null;
  const corrections = results.filter((e) => e.type === "external_correction").length;
  const currentSeq = results.at(-1)?.seq;
  return (
    <section
      aria-labelledby="resultado-loteria"
      className={`space-y-3 rounded-card border-2 bg-surface p-5 shadow-card ${corrections > 0 ? "border-warning-700/40" : "border-line"}`}
      data-lottery-results
    >
      <h2 id="resultado-loteria" className="text-lg font-bold text-ink">
        {corrections > 0
          ? `Resultado oficial corregido (${countText(corrections, "corrección", "correcciones")})`
          : fallback
            ? "La lotería no decide esta rifa"
            : "Resultado oficial de la lotería"}
      </h2>
      {fallback ? <FallbackNotice data={fallback.data as LotteryFallbackData} at={fallback.at} /> : null}
      <ol className="space-y-3">
        {results.map((entry) => (
          <ResultItem key={entry.seq} record={record} entry={entry} current={entry.seq === currentSeq} />
        ))}
      </ol>
    </section>
  );
}

function FallbackNotice({ data, at }: { data: LotteryFallbackData; at: string }) {
  return (
    <Alert variant="warning" title="La lotería sorteó antes de que la lista quedara fija">
      {data.reason} Sorteo de la lotería: {formatDateTime(data.drawAt)}; registrado el {formatDateTime(at)}.
    </Alert>
  );
}

function ResultItem({
  record,
  entry,
  current,
}: {
  record: RaffleRecord;
  entry: RecordEntry<"external_result"> | RecordEntry<"external_correction">;
  current: boolean;
}) {
  const d = entry.data as ExternalResultData & Partial<ExternalCorrectionData>;
  const correction = entry.type === "external_correction";
  const replaced = correction
    ? (record.entries[d.corrects as number]?.data as ExternalResultData | undefined)
    : undefined;
  return (
    <li
      className={`space-y-1 rounded-control p-3 text-sm ${current ? (correction ? "bg-warning-50" : "bg-accent-50") : "bg-canvas"}`}
      data-result-entry={entry.seq}
    >
      <p className="text-xs font-semibold uppercase tracking-wide text-muted">
        {correction ? `Corrección (entrada ${entry.seq})` : `Resultado registrado (entrada ${entry.seq})`} ·{" "}
        {formatDateTime(entry.at)} · {current ? "vigente" : "sustituido"}
      </p>
      {correction && replaced ? (
        <p className="text-ink">
          Resultado anterior: <span className="font-mono text-muted line-through">{replaced.result}</span> →
          nuevo: <strong className="font-mono text-lg">{d.result}</strong>
        </p>
      ) : (
        <p className={current ? "text-ink" : "text-muted line-through"}>
          Resultado: <strong className="font-mono text-lg">{d.result}</strong>
        </p>
      )}
      <p className="text-ink">
        Ganadores según la regla:{" "}
        {d.winners.length === 0
          ? "ninguno"
          : d.winners
              .map(
                (w) =>
                  `${formatTicketNumber(w.ticketNumber, recordTotalTickets(record))} (${prizePlaceName(w.level).toLowerCase()})`,
              )
              .join(", ")}
      </p>
      {correction ? (
        <>
          <p className="text-warning-700">Motivo: {d.reason}</p>
          {d.proposedBy && d.confirmedBy ? (
            <p className="text-xs text-muted">
              Propuesta por el administrador <span className="font-mono">{d.proposedBy}</span>
              {d.proposedAt ? ` el ${formatDateTime(d.proposedAt)}` : ""}; confirmada por otro administrador,{" "}
              <span className="font-mono">{d.confirmedBy}</span>.
            </p>
          ) : null}
        </>
      ) : null}
      <p className="flex flex-wrap gap-x-3 gap-y-1">
        {d.publicationHash ? (
          <a
            href={drawApi.publicationUrl(record.raffleId, d.publicationHash)}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Ver la publicación oficial (archivo)
          </a>
        ) : null}
        <a href={d.sourceUrl} target="_blank" rel="noopener noreferrer" className="break-all underline">
          Fuente citada
        </a>
      </p>
      {d.publicationHash ? (
        <p className="break-all text-xs text-muted">
          Huella SHA-256 del archivo: <span className="font-mono">{d.publicationHash}</span>
        </p>
      ) : null}
    </li>
  );
}

/** The same list for the draw page, which has only the raffle: reads the public record when it exists. */
export function RaffleLotteryResults(props: RaffleRecordProps) {
  const { data } = useRaffleRecord(props);
  return data ? <LotteryResultList record={data} /> : null;
}
