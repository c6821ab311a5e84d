import type {
  BeaconData,
  CancelledData,
  ClosedData,
  DisqualificationData,
  ExternalCorrectionData,
  ExternalResultData,
  FrozenData,
  LotteryFallbackData,
  DrawRecord as RaffleRecord,
  RecordEntry,
  ReplacementData,
  RoundNamedData,
  RulesPublishedData,
  WinnersData,
} from "@rifazo/shared/domain/draw-record";
import { prizePlaceName } from "@rifazo/shared/domain/glossary";
import { countText } from "@rifazo/shared/domain/plural";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { ClockIcon, TrophyIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime, formatMoney } from "../../../lib/format";
import { useNow } from "../../../lib/use-now";
import { CountdownDisplay } from "../../upcoming";
import { drawApi, recordKeys } from "../api";
import {
  BEACON_SOURCES,
  CLOSE_REASONS,
  ENTRY_LABELS,
  lastData,
  recordStage,
  recordTotalTickets,
  rulesOf,
  shortHash,
  shownWinners,
} from "../lib/record-text";
import { DisqualificationList } from "./disqualifications";
import { FrozenList } from "./frozen-list";
import { InstantEntrySummary, InstantPrizes } from "./instant-entries";
import { LotteryResultList } from "./lottery-results";
import { PrizeEntrySummary } from "./prize-entry-summary";
import { HashValue, Section } from "./record-section";

const ticket = (n: number, totalTickets: number) => formatTicketNumber(n, totalTickets);

function FrozenSummary({ d }: { d: FrozenData }) {
  return (
    <p>
      {countText(d.ticketCount, "boleto", "boletos")} en la lista; huella{" "}
      <HashValue label="Huella de la lista" value={d.listHash} />
      {d.expiredProofs > 0
        ? ` ${countText(d.expiredProofs, "pago sin revisar a tiempo fue rechazado", "pagos sin revisar a tiempo fueron rechazados")}.`
        : null}
    </p>
  );
}

function WinnersSummary({ d, totalTickets }: { d: WinnersData; totalTickets: number }) {
  return (
    <p>
      {d.winners.length === 0
        ? "Sin boletos vendidos: sin ganadores."
        : d.winners.map((w) => `${ticket(w.ticketNumber, totalTickets)} (${w.description})`).join(", ")}{" "}
      <span className="text-muted">· {d.algorithm}</span>
    </p>
  );
}

function RulesPublishedSummary({ d }: { d: RulesPublishedData }) {
  return (
    <p>
      «{d.title}»: {countText(d.totalTickets, "boleto", "boletos")} a {formatMoney(d.price, d.currency)};{" "}
      {d.prizeLevels.map((l) => `${l.count} × ${l.description}`).join(", ")}.{" "}
      {d.instantPrizes?.length
        ? `Premios instantáneos: ${d.instantPrizes.map((k) => `${k.count} × ${k.description}`).join(", ")}. `
        : null}
      {d.announcement.type === "internal"
        ? `Sorteo con drand, ronda fijada ${d.announcement.roundDelayMinutes} min después de congelar la lista.`
        : `Se decide con ${d.announcement.lottery} del ${formatDateTime(d.announcement.drawAt)}: ${d.announcement.ruleText}`}
    </p>
  );
}

function DisqualificationSummary({ d, totalTickets }: { d: DisqualificationData; totalTickets: number }) {
  if (d.round !== undefined) {
    return (
      <p>
        Boleto {ticket(d.ticketNumber, totalTickets)} descalificado: {d.reasonText ?? d.reason}
        {d.evidenceHash ? ` (prueba ${d.evidenceHash.slice(0, 12)}…)` : ""}. El reemplazo sale de la ronda{" "}
        {d.round} de drand, que aún no existía
        {d.latestBeacon ? ` (el servidor tenía la ronda ${d.latestBeacon.round})` : ""}.
      </p>
    );
  }
  return (
    <p>
      Boleto {ticket(d.ticketNumber, totalTickets)} descalificado: {d.reason}.{" "}
      {d.replacement
        ? `Reemplazo determinado por el acta: ${ticket(d.replacement.ticketNumber, totalTickets)}.`
        : "No quedan boletos para reemplazarlo."}
    </p>
  );
}

function ExternalResultSummary({ d }: { d: ExternalResultData }) {
  return (
    <p>
      Resultado oficial: <strong className="font-mono">{d.result}</strong> ·{" "}
      <a href={d.sourceUrl} target="_blank" rel="noopener noreferrer" className="break-all underline">
        publicación oficial
      </a>
    </p>
  );
}

function ExternalCorrectionSummary({ d }: { d: ExternalCorrectionData }) {
  return (
    <p>
      Corrige la entrada {d.corrects}: resultado <strong className="font-mono">{d.result}</strong>. Motivo:{" "}
      {d.reason} ·{" "}
      <a href={d.sourceUrl} target="_blank" rel="noopener noreferrer" className="break-all underline">
        publicación oficial
      </a>
    </p>
  );
}

/** What each entry says, in one or two lines. */
function EntrySummary({
  entry,
  record,
  totalTickets,
}: {
  entry: RecordEntry;
  record: RaffleRecord;
  totalTickets: number;
}) {
  switch (entry.type) {
    case "rules_published":
      return <RulesPublishedSummary d={entry.data as RulesPublishedData} />;
    case "closed": {
      const d = entry.data as ClosedData;
      return (
        <p>
          Ventas cerradas: {CLOSE_REASONS[d.reason] ?? d.reason}. Revisión de pagos hasta el{" "}
          {formatDateTime(d.reviewDeadline)}.
        </p>
      );
    }
    case "frozen":
      return <FrozenSummary d={entry.data as FrozenData} />;
    case "round_named": {
      const d = entry.data as RoundNamedData;
      return (
        <p>
          Ronda {d.round} de la cadena {shortHash(d.chain.hash)}, prevista para el{" "}
          {formatDateTime(d.roundTime)} ({d.delayMinutes} min después de congelar).
        </p>
      );
    }
    case "beacon": {
      const d = entry.data as BeaconData;
      return (
        <p>
          Ronda {d.round}, {BEACON_SOURCES[d.source] ?? d.source}. Aleatoriedad{" "}
          <HashValue label="Aleatoriedad" value={d.randomness} />
        </p>
      );
    }
    case "winners":
      return <WinnersSummary d={entry.data as WinnersData} totalTickets={totalTickets} />;
    case "disqualification":
      return <DisqualificationSummary d={entry.data as DisqualificationData} totalTickets={totalTickets} />;
    case "replacement": {
      const d = entry.data as ReplacementData;
      return (
        <p>
          Ronda {d.round} de drand publicada: reemplazo de la entrada {d.disqualification}:{" "}
          {d.replacement
            ? `boleto ${ticket(d.replacement.ticketNumber, totalTickets)}.`
            : "no quedaban boletos."}
        </p>
      );
    }
    case "external_result":
      return <ExternalResultSummary d={entry.data as ExternalResultData} />;
    case "external_correction":
      return <ExternalCorrectionSummary d={entry.data as ExternalCorrectionData} />;
    case "lottery_fallback": {
      const d = entry.data as LotteryFallbackData;
      return <p>{d.reason}</p>;
    }
    case "cancelled": {
      const d = entry.data as CancelledData;
      return <p>Rifa cancelada: {d.reason}.</p>;
    }
    case "instant_final":
    case "instant_draw":
      return <InstantEntrySummary entry={entry} record={record} />;
    default:
      // Decision 0035: the prize entries (claim, delivery, the winner's word).
      return <PrizeEntrySummary entry={entry} record={record} />;
  }
}

function Entries({ record }: { record: RaffleRecord }) {
  const totalTickets = recordTotalTickets(record);
  return (
    <Section id="acta-entradas" title="Entradas del acta">
      <p className="text-sm text-muted">
        Cada entrada lleva la huella de la anterior: cambiar una entrada pasada rompe la cadena y la
        verificación lo señala.
      </p>
      <ol className="space-y-3">
        {record.entries.map((entry) => (
          <li key={entry.seq} className="rounded-control border border-line p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="font-bold text-ink">
                <span className="text-muted">#{entry.seq}</span> {ENTRY_LABELS[entry.type] ?? entry.type}
              </p>
              <time dateTime={entry.at} className="text-xs text-muted">
                {formatDateTime(entry.at)}
              </time>
            </div>
            <div className="mt-1 text-ink">
              <EntrySummary entry={entry} record={record} totalTickets={totalTickets} />
            </div>
            <dl className="mt-2 grid gap-1 text-xs sm:grid-cols-2">
              <div className="flex flex-wrap items-center gap-2">
                <dt className="text-muted">Huella</dt>
                <dd>
                  <HashValue label={`Huella de la entrada ${entry.seq}`} value={entry.hash} />
                </dd>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <dt className="text-muted">Anterior</dt>
                <dd className="font-mono" title={entry.prevHash}>
                  {shortHash(entry.prevHash)}
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** Round named and not yet drawn: its number, time and a countdown; after its time, what happens next. */
/**
 * After the round's time: the server draws on its own as soon as it gets the beacon; anyone may also ask
 * it to fetch the round now. Nobody can change the result by pressing (or not pressing) this.
 */
function DrawNow({ raffleId }: { raffleId: string }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => drawApi.draw(raffleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recordKeys.one(raffleId) }),
  });
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted">
        La ronda ya se publicó: el servidor la obtiene de drand, verifica su firma y realiza el sorteo. Si aún
        no aparece, puedes pedirlo tú; el resultado es el mismo lo pida quien lo pida.
      </p>
      <Button
        variant="outline"
        waitsForCode
        loading={mutation.isPending}
        loadingText="Obteniendo la ronda..."
        onClick={() => mutation.mutate()}
      >
        Obtener la ronda y sortear
      </Button>
      <div aria-live="polite">
        {mutation.isError ? <Alert variant="danger">{errorMessage(mutation.error)}</Alert> : null}
      </div>
    </div>
  );
}

function RoundStatus({ raffleId, round }: { raffleId: string; round: RoundNamedData }) {
  const now = useNow(1_000).getTime();
  const at = Date.parse(round.roundTime);
  return (
    <Section id="acta-ronda" title="Esperando la ronda de drand">
      <p className="flex items-start gap-2 text-sm text-ink">
        <ClockIcon className="mt-0.5 text-brand-700" />
        <span>
          Los ganadores saldrán de la ronda <strong>{round.round}</strong> de drand, prevista para el{" "}
          <strong>{formatDateTime(round.roundTime)}</strong>.{" "}
          {at > now
            ? "Su valor todavía no se ha publicado."
            : "Ya es su hora: falta obtenerla de drand, verificar su firma y sortear."}
        </span>
      </p>
      {at > now ? <CountdownDisplay target={at} now={now} /> : <DrawNow raffleId={raffleId} />}
    </Section>
  );
}

function ExternalStatus({ rules }: { rules: RulesPublishedData }) {
  if (rules.announcement.type !== "external") return null;
  const a = rules.announcement;
  return (
    <Section id="acta-loteria" title="Esperando el resultado oficial">
      <p className="text-sm text-ink">
        Esta rifa se decide con <strong>{a.lottery}</strong> del <strong>{formatDateTime(a.drawAt)}</strong>.
        Regla: {a.ruleText}
      </p>
    </Section>
  );
}

function Winners({ record }: { record: RaffleRecord }) {
  const winners = shownWinners(record);
  if (winners.length === 0) return null;
  const totalTickets = recordTotalTickets(record);
  return (
    <Section id="acta-ganadores" title="Ganadores">
      <ul className="space-y-2">
        {winners.map((w) => (
          <li
            key={`${w.level}-${w.index}`}
            className={`flex items-start gap-3 rounded-control p-3 text-sm ${w.disqualified ? "bg-canvas" : "bg-accent-50"}`}
          >
            <TrophyIcon className={w.disqualified ? "mt-0.5 text-muted" : "mt-0.5 text-accent-600"} />
            <div className="min-w-0">
              <p className={w.disqualified ? "text-muted line-through" : "font-bold text-ink"}>
                Boleto{" "}
                <span className="font-mono tracking-widest">{ticket(w.ticketNumber, totalTickets)}</span> ·
                {prizePlaceName(w.level)}: {w.description}
              </p>
              {w.replacement ? (
                <p className="text-xs text-muted">
                  Reemplazo de un ganador descalificado, sorteado según el acta.
                </p>
              ) : null}
              {w.disqualified ? (
                <p className="text-xs text-danger-700">
                  Descalificado el {formatDateTime(w.disqualified.at)}: {w.disqualified.reason}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The whole record of one raffle, in order, for people (the JSON is for programs). */
export function RecordView({ record }: { record: RaffleRecord }) {
  const stage = recordStage(record);
  const rules = rulesOf(record);
  const round = lastData<RoundNamedData>(record, "round_named");
  const frozen = lastData<FrozenData>(record, "frozen");
  return (
    <div className="space-y-6">
      {stage === "awaiting_round" && round ? <RoundStatus raffleId={record.raffleId} round={round} /> : null}
      {stage === "awaiting_result" && rules ? <ExternalStatus rules={rules} /> : null}
      <LotteryResultList record={record} />
      <DisqualificationList record={record} />
      <Winners record={record} />
      <InstantPrizes record={record} />
      <Entries record={record} />
      {frozen ? <FrozenList frozen={frozen} totalTickets={recordTotalTickets(record)} /> : null}
    </div>
  );
}
