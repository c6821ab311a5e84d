import { prizePlaceName } from "@rifazo/shared/domain/glossary";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { claimText } from "@rifazo/shared/fairness-texts";
import { formatDateTime } from "../../../lib/format";
import type { RaffleRecord } from "../api";
import { recordTotalTickets, shownDisqualifications } from "../lib/record-text";
import { type RaffleRecordProps, useRaffleRecord } from "./record-link";

/**
 * Every disqualification of a raffle, with its reason and the drand round that draws (or drew) its
 * replacement (decision 0021): shown on the draw page itself, not only in the record, so nobody can
 * walk a prize quietly.
 */
export function DisqualificationList({ record }: { record: RaffleRecord }) {
  const list = shownDisqualifications(record);
  if (list.length === 0) return null;
  const total = recordTotalTickets(record);
  return (
    <section
      aria-labelledby="descalificaciones"
      className="space-y-3 rounded-card border-2 border-danger-200 bg-surface p-5 shadow-card"
    >
      <h2 id="descalificaciones" className="text-lg font-bold text-ink">
        Descalificaciones ({list.length})
      </h2>
      <p className="text-sm text-muted">{claimText("replacementsBlind")}</p>
      <ul className="space-y-2">
        {list.map((d) => (
          <li key={d.seq} className="rounded-control bg-canvas p-3 text-sm">
            <p className="font-semibold text-ink">
              Boleto{" "}
              <span className="font-mono tracking-widest">{formatTicketNumber(d.ticketNumber, total)}</span>{" "}
              descalificado · {prizePlaceName(d.level)}, puesto {d.index + 1}
              {d.description ? `: ${d.description}` : ""}
            </p>
            <p className="text-danger-700">Motivo: {d.reasonText}</p>
            <p className="text-xs text-muted">Decidido el {formatDateTime(d.at)}.</p>
            {d.evidenceHash ? (
              <p className="break-all text-xs text-muted">
                Huella SHA-256 del documento de prueba: <span className="font-mono">{d.evidenceHash}</span>
              </p>
            ) : null}
            <p className="mt-1 text-ink">
              {d.status === "pending" && d.round !== null
                ? `Reemplazo pendiente del sorteo de la ronda ${d.round} de drand${d.roundTime ? ` (se publica el ${formatDateTime(d.roundTime)})` : ""}.`
                : d.status === "replaced" && d.replacementTicket !== null
                  ? `Reemplazo: boleto ${formatTicketNumber(d.replacementTicket, total)}${d.round !== null ? `, sorteado con la ronda ${d.round} de drand` : ", determinado por el acta"}.`
                  : "No quedaban boletos para reemplazarlo."}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The same list for a page that has only the raffle (the draw page): reads the public record, and only
 * when the raffle has one (an announced or v1 raffle has none: asking would be a 404).
 */
export function RaffleDisqualifications(props: RaffleRecordProps) {
  const { data } = useRaffleRecord(props);
  return data ? <DisqualificationList record={data} /> : null;
}
