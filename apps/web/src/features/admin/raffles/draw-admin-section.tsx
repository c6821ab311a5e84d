import { isDrawRoundLate } from "@rifazo/shared/domain/draw-round-late";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import type { RaffleRecord } from "../../draws";
import {
  recordAvailableOf,
  recordQuery,
  recordStage,
  recordTotalTickets,
  roundOf,
  rulesOf,
  shownWinners,
  useRecordExists,
} from "../../draws";
import type { AdminRaffle } from "../api/admin-api";
import { SectionCard } from "../shared/section-card";
import { BeaconForm } from "./beacon-form";
import { CorrectionProposals } from "./correction-proposals";
import { DisqualifyButton } from "./disqualify-button";
import { ExternalResultForm } from "./external-result-form";

// The draw's admin screens (decision 0012): the named drand round and "Pegar beacon" on a frozen internal
// raffle, "Descalificar ganador" on a drawn one, "Registrar resultado oficial" on a frozen external one.
// Every action is checked by the server and written into the public record; none lets anyone choose a
// winner.

export { BeaconForm } from "./beacon-form";
export { ExternalResultForm } from "./external-result-form";

function WinnersWithActions({ raffleId, record }: { raffleId: string; record: RaffleRecord }) {
  // The record's published size: its numbers show in the raffle's digits, as on the public record.
  const totalTickets = recordTotalTickets(record);
  const winners = shownWinners(record);
  if (winners.length === 0) return <p className="text-sm text-muted">Sin ganadores.</p>;
  return (
    <ul className="space-y-2">
      {winners.map((w) => (
        <li
          key={`${w.level}-${w.index}`}
          className="flex flex-wrap items-center justify-between gap-2 rounded-control bg-canvas p-3 text-sm"
        >
          <div className="min-w-0">
            <p className={w.disqualified ? "text-muted line-through" : "font-semibold text-ink"}>
              Nivel {w.level} · boleto{" "}
              <span className="font-mono">{formatTicketNumber(w.ticketNumber, totalTickets)}</span> ·{" "}
              {w.description}
            </p>
            {w.disqualified ? (
              <p className="text-xs text-danger-700">Descalificado: {w.disqualified.reason}</p>
            ) : null}
            {w.replacement ? <p className="text-xs text-muted">Reemplazo determinado por el acta</p> : null}
          </div>
          {w.disqualified ? null : (
            <DisqualifyButton raffleId={raffleId} totalTickets={totalTickets} winner={w} />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The draw as the record stands, with the one action each stage allows. */
export function DrawAdminSection({ raffle }: { raffle: AdminRaffle }) {
  // Asked for only when the server says a record exists (no 404 for raffles on sale or drawn with v1).
  const exists = useRecordExists(raffle.id, raffle.status, recordAvailableOf(raffle));
  const query = useQuery({ ...recordQuery(raffle.id), enabled: exists });
  if (!exists || query.isPending) return null;
  if (query.isError) {
    return (
      <SectionCard title="Sorteo y acta">
        <Alert variant="danger">No se pudo cargar el acta: {errorMessage(query.error)}</Alert>
      </SectionCard>
    );
  }
  const record = query.data;
  if (!record) return null;
  const stage = recordStage(record);
  const round = roundOf(record);
  const rules = rulesOf(record);
  const external = rules?.announcement.type === "external";
  const hasResult = record.entries.some((e) => e.type === "external_result");
  return (
    <SectionCard
      title="Sorteo y acta"
      actions={
        <Link to={paths.drawRecord(raffle.id)} className={buttonClasses({ variant: "outline", size: "sm" })}>
          Ver el acta pública
        </Link>
      }
    >
      <div className="space-y-5">
        {stage === "awaiting_round" && round ? (
          <>
            {isDrawRoundLate(round.roundTime, new Date()) ? (
              <Alert variant="warning" title="La ronda está atrasada">
                La ronda <strong className="font-mono">{round.round}</strong> de drand debía estar disponible
                desde el {formatDateTime(round.roundTime)}, y el servidor todavía no ha podido obtenerla de
                ningún relay. Revisa la conexión del servidor y DRAND_RELAYS (estado en /api/health), o pega
                abajo la ronda y su firma.
              </Alert>
            ) : (
              <p className="text-sm text-ink">
                Ronda de drand fijada: <strong className="font-mono">{round.round}</strong>, prevista para el{" "}
                <strong>{formatDateTime(round.roundTime)}</strong>. Al llegar esa hora el servidor intenta
                obtenerla de los relays y realizar el sorteo; si no lo logra en un minuto, lo verás aquí y en
                Hoy, y te llegará un correo.
              </p>
            )}
            <BeaconForm raffleId={raffle.id} round={round.round} />
          </>
        ) : null}
        {stage === "awaiting_result" && external && rules.announcement.type === "external" ? (
          <>
            <p className="text-sm text-ink">
              Lista congelada. Se decide con <strong>{rules.announcement.lottery}</strong> del{" "}
              <strong>{formatDateTime(rules.announcement.drawAt)}</strong>. Regla:{" "}
              {rules.announcement.ruleText}
            </p>
            <ExternalResultForm raffleId={raffle.id} correcting={false} />
          </>
        ) : null}
        {stage === "drawn" ? (
          <>
            <WinnersWithActions raffleId={raffle.id} record={record} />
            {external && hasResult ? <CorrectionProposals raffleId={raffle.id} /> : null}
            {external && hasResult ? <ExternalResultForm raffleId={raffle.id} correcting /> : null}
          </>
        ) : null}
        {stage === "open" || stage === "closed" ? (
          <p className="text-sm text-muted">
            El acta está abierta: la lista se congelará cuando se cierren las ventas y no quede ningún pago
            pendiente.
          </p>
        ) : null}
      </div>
    </SectionCard>
  );
}
