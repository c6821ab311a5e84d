import type {
  DrawRecord,
  InstantDrawData,
  InstantFinalData,
  RecordEntry,
} from "@rifazo/shared/domain/draw-record";
import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { SparklesIcon } from "../../../components/ui/icons";
import { formatDateTime } from "../../../lib/format";
import { recordTotalTickets, shownInstant } from "../lib/record-text";
import { Section } from "./record-section";

// Instant prizes on the record (docs/decisions/0035-prizes-on-the-record.md, "Instant wins nobody can
// aim"; docs/draw-protocol.md §16): a purchase made final names a drand round nobody knew yet, and that
// round decides its tickets. In plain Spanish, for the record page.

const ticketList = (tickets: readonly number[], total: number) =>
  tickets.map((t) => formatTicketNumber(t, total)).join(", ");

function FinalSummary({ d, total }: { d: InstantFinalData; total: number }) {
  return (
    <p>
      Compra final: {pluralWord(d.tickets.length, "boleto", "boletos")} {ticketList(d.tickets, total)}; se
      decide con la ronda {d.round} de drand (se publica el {formatDateTime(d.roundTime)}), que aún no existía
      {d.latestBeacon ? ` (el servidor tenía la ronda ${d.latestBeacon.round})` : ""}.
    </p>
  );
}

function DrawSummary({ d, total }: { d: InstantDrawData; total: number }) {
  const wins = d.decided.flatMap((x) => x.wins.map((w) => ({ ...w, final: x.final })));
  return (
    <div className="space-y-1">
      <p>
        Ronda {d.round} de drand publicada: decide {countText(d.decided.length, "compra", "compras")} (
        {d.decided.map((x) => `entrada ${x.final}`).join(", ")}).
      </p>
      {wins.length === 0 ? (
        <p>Ningún boleto ganó un premio instantáneo.</p>
      ) : (
        <ul className="list-disc pl-5">
          {wins.map((w) => (
            <li key={w.index}>
              Boleto <span className="font-mono">{formatTicketNumber(w.ticketNumber, total)}</span> ganó{" "}
              {w.description} (premio instantáneo {w.index + 1}, compra de la entrada {w.final}).
            </li>
          ))}
        </ul>
      )}
      <p>
        Quedan {countText(d.prizesLeft, "premio instantáneo", "premios instantáneos")} para{" "}
        {countText(d.undecided, "boleto", "boletos")} sin decidir.
      </p>
    </div>
  );
}

/** What an instant entry says; null for any other entry. */
export function InstantEntrySummary({ entry, record }: { entry: RecordEntry; record: DrawRecord }) {
  const total = recordTotalTickets(record);
  if (entry.type === "instant_final") return <FinalSummary d={entry.data} total={total} />;
  if (entry.type === "instant_draw") return <DrawSummary d={entry.data} total={total} />;
  return null;
}

/** The raffle's instant prizes at a glance: who won which, how many are left, who waits on a round. */
export function InstantPrizes({ record }: { record: DrawRecord }) {
  const instant = shownInstant(record);
  if (instant.total === 0) return null;
  const total = recordTotalTickets(record);
  return (
    <Section id="acta-instantaneos" title="Premios instantáneos">
      <p className="text-sm text-muted">
        Cada compra, al quedar final, espera una ronda de drand que aún no existía; esa ronda decide sus
        boletos con una regla pública. Nadie conoce de antemano los números ganadores.
      </p>
      <p className="text-sm text-ink">
        {instant.total - instant.left} de {countText(instant.total, "premio", "premios")} ganados; quedan{" "}
        {instant.left}.
      </p>
      {instant.wins.length > 0 ? (
        <ul className="space-y-2">
          {instant.wins.map((w) => (
            <li key={w.index} className="flex items-start gap-3 rounded-control bg-accent-50 p-3 text-sm">
              <SparklesIcon className="mt-0.5 text-accent-600" />
              <p className="text-ink">
                Boleto{" "}
                <span className="font-mono tracking-widest">{formatTicketNumber(w.ticketNumber, total)}</span>{" "}
                · {w.description}{" "}
                <span className="text-muted">
                  (ronda {w.round}, {formatDateTime(w.at)})
                </span>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {instant.pending.length > 0 ? (
        <ul className="space-y-1 text-sm text-muted">
          {instant.pending.map((p) => (
            <li key={p.seq}>
              Compra de la entrada {p.seq} ({ticketList(p.tickets, total)}): espera la ronda {p.round}, que se
              publica el {formatDateTime(p.roundTime)}.
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
