import { cashPaidText, dayText, PRIZE_DELIVERY_METHOD_LABELS } from "@rifazo/shared/domain/prizes";
import { Badge } from "../../../components/ui/badge";
import { formatDateTime } from "../../../lib/format";
import { type AdminPrize, deliveryProofUrl } from "../api/prizes-api";

type Delivery = AdminPrize["deliveries"][number];

/** The shared wording of a cash payment (cashPaidText), as the winner and the public pages say it. */
function paidText(delivery: Delivery): string | null {
  if (delivery.paidAmount === null || delivery.paidCurrency === null) return null;
  return cashPaidText({
    currency: delivery.paidCurrency,
    amount: delivery.paidAmount,
    rate: delivery.rate,
    rateDate: delivery.rateDate,
  });
}

/**
 * The deliveries of a prize as recorded, oldest first: append-only, so a correction is one more entry
 * naming the one it corrects (docs/decisions/0035-prizes-on-the-record.md).
 */
export function DeliveriesList({ prize }: { prize: AdminPrize }) {
  const byId = new Map(prize.deliveries.map((delivery) => [delivery.id, delivery]));
  const corrected = new Set(prize.deliveries.map((delivery) => delivery.corrects).filter(Boolean));
  return (
    <ol className="space-y-2" aria-label={`Entregas del premio de ${prize.winnerName}`}>
      {prize.deliveries.map((delivery) => {
        const fixes = delivery.corrects ? byId.get(delivery.corrects) : undefined;
        const paid = paidText(delivery);
        const day = dayText(delivery.deliveredOn);
        return (
          <li key={delivery.id} className="space-y-1 rounded-control bg-canvas p-3 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold text-ink">
                {PRIZE_DELIVERY_METHOD_LABELS[delivery.method]} · {day}
              </span>
              {corrected.has(delivery.id) ? <Badge variant="neutral">Corregida</Badge> : null}
            </p>
            {fixes ? <p className="text-ink">Corrige la entrega del {dayText(fixes.deliveredOn)}.</p> : null}
            {paid ? <p className="text-ink">{paid}</p> : null}
            {delivery.note ? (
              <p className="break-words whitespace-pre-line text-muted">{delivery.note}</p>
            ) : null}
            <p className="flex flex-wrap gap-x-3 text-muted">
              <span>Registrada el {formatDateTime(delivery.createdAt)}</span>
              <a
                href={deliveryProofUrl(delivery.id)}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-700 hover:underline"
              >
                Ver la prueba<span className="sr-only"> de la entrega del {day}</span>
              </a>
            </p>
          </li>
        );
      })}
    </ol>
  );
}
