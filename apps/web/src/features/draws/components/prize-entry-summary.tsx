import type {
  DrawRecord,
  PrizeClaimedData,
  PrizeConfirmationData,
  PrizeDeliveredData,
  PrizeRef,
  RecordEntry,
} from "@rifazo/shared/domain/draw-record";
import { prizePlaceName } from "@rifazo/shared/domain/glossary";
import { cashPaidText, dayText, PRIZE_DELIVERY_METHOD_LABELS } from "@rifazo/shared/domain/prizes";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { formatMoney } from "../../../lib/format";
import { instantSlotDescription, recordTotalTickets, rulesOf } from "../lib/record-text";
import { HashValue } from "./record-section";

// The record's prize entries in plain Spanish (docs/decisions/0035-prizes-on-the-record.md): who claimed,
// what was delivered, how and at which rate, and what the winner said. Private facts (the cédula, the
// account, a dispute's message) are never in the record: only the proof's hash.

type PrizeEntry = RecordEntry<"prize_claimed" | "prize_delivered" | "prize_confirmation">;

/** "boleto 0042 (Primer premio: Moto)"; an instant prize: "boleto 0007 (premio instantáneo: USD 20)". */
function prizeName(ref: PrizeRef, record: DrawRecord): string {
  if (ref.level === 0) {
    const ticket = formatTicketNumber(ref.ticketNumber, recordTotalTickets(record));
    const description = instantSlotDescription(record, ref.index);
    return `boleto ${ticket} (premio instantáneo${description ? `: ${description}` : ""})`;
  }
  const level = rulesOf(record)?.prizeLevels.find((l) => l.level === ref.level);
  const place = prizePlaceName(ref.level);
  const ticket = formatTicketNumber(ref.ticketNumber, recordTotalTickets(record));
  return `boleto ${ticket} (${level ? `${place}: ${level.description}` : place})`;
}

function DeliveredSummary({ d, record }: { d: PrizeDeliveredData; record: DrawRecord }) {
  const cash = d.cash;
  return (
    <div className="space-y-1">
      <p>
        Premio del {prizeName(d, record)} entregado el {dayText(d.deliveredOn)}. Forma de entrega:{" "}
        {PRIZE_DELIVERY_METHOD_LABELS[d.method]}.
        {d.corrects !== undefined ? ` Corrige la entrada ${d.corrects}.` : ""}
      </p>
      {cash ? (
        <p>
          {cashPaidText({
            currency: cash.paidCurrency,
            amount: Number(cash.paidAmount),
            rate: cash.rate === null ? null : Number(cash.rate),
            rateDate: cash.rateDate,
          })}{" "}
          por un premio de {formatMoney(cash.prizeValue, cash.prizeCurrency)}.
        </p>
      ) : null}
      <p>
        La prueba queda privada; su huella:{" "}
        <HashValue label="Huella de la prueba de entrega" value={d.proofHash} />
      </p>
    </div>
  );
}

function ConfirmationSummary({ d, record }: { d: PrizeConfirmationData; record: DrawRecord }) {
  const name = prizeName(d, record);
  if (d.outcome === "received") return <p>El ganador del {name} confirmó que recibió su premio.</p>;
  if (d.outcome === "disputed")
    return (
      <p>
        El ganador del {name} abrió una disputa sobre su premio (su mensaje queda privado): el organizador
        debe resolverla.
      </p>
    );
  return <p>Se resolvió la disputa del premio del {name}.</p>;
}

/** What a prize entry says, in one or two lines; null for any other entry. */
export function PrizeEntrySummary({ entry, record }: { entry: RecordEntry; record: DrawRecord }) {
  const prizeEntry = entry as PrizeEntry;
  switch (prizeEntry.type) {
    case "prize_claimed":
      return (
        <p>
          El ganador del {prizeName(prizeEntry.data as PrizeClaimedData, record)} reclamó su premio; sus datos
          quedan privados y la hora de esta entrada prueba cuándo lo reclamó.
        </p>
      );
    case "prize_delivered":
      return <DeliveredSummary d={prizeEntry.data as PrizeDeliveredData} record={record} />;
    case "prize_confirmation":
      return <ConfirmationSummary d={prizeEntry.data as PrizeConfirmationData} record={record} />;
    default:
      return null;
  }
}
