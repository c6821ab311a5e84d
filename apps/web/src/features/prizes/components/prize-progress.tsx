import { dayText } from "@rifazo/shared/domain/prizes";
import { Alert } from "../../../components/ui/alert";
import { formatDateTime, formatMoney, sentence } from "../../../lib/format";
import type { MyPrize } from "../api";
import { DISPUTE_UNDER_REVIEW, deliveryMethodText, paidText, REVIEW_TEXT, shortHash } from "../prize-text";

// What happened to the prize after the claim (docs/decisions/0035-prizes-on-the-record.md): the review,
// each delivery as the record keeps it, the dispute and the winner's confirmation.

type Claim = NonNullable<MyPrize["claim"]>;
type Delivery = MyPrize["deliveries"][number];

/** The claim's review: pending, accepted, or rejected with the organiser's note (the form follows). */
export function ClaimReview({ claim }: { claim: Claim }) {
  const sent = `Enviaste tu reclamo el ${formatDateTime(claim.claimedAt)}`;
  if (claim.reviewStatus === "rejected") {
    return (
      <Alert variant="warning" title={REVIEW_TEXT.rejected}>
        {claim.reviewNote ? <p>Motivo: {claim.reviewNote}</p> : null}
        <p>Corrige lo que te indica y envía tu reclamo de nuevo.</p>
      </Alert>
    );
  }
  return (
    <Alert
      variant={claim.reviewStatus === "accepted" ? "success" : "info"}
      title={REVIEW_TEXT[claim.reviewStatus]}
    >
      <p>{sentence(sent)}</p>
      {claim.reviewNote ? <p>Nota del organizador: {claim.reviewNote}</p> : null}
    </Alert>
  );
}

function DeliveryItem({ delivery, prize }: { delivery: Delivery; prize: MyPrize }) {
  const paid =
    delivery.paidCurrency !== null && delivery.paidAmount !== null
      ? paidText({
          currency: delivery.paidCurrency,
          amount: delivery.paidAmount,
          rate: delivery.rate,
          rateDate: delivery.rateDate,
        })
      : null;
  return (
    <li className="space-y-1 rounded-control border border-line bg-canvas p-3 text-sm">
      <p className="font-bold text-ink">
        {deliveryMethodText(delivery.method)} · {dayText(delivery.deliveredOn)}
      </p>
      {delivery.corrects ? <p className="text-muted">Corrige una entrega registrada antes.</p> : null}
      {paid ? (
        <p className="text-ink">
          {paid}
          {prize.cash ? ` por un premio de ${formatMoney(prize.cash.amount, prize.cash.currency)}` : ""}.
        </p>
      ) : null}
      {delivery.note ? <p className="text-ink">Nota: {delivery.note}</p> : null}
      <p className="text-muted">
        Prueba de la entrega (huella en el acta):{" "}
        <span className="break-all font-mono text-xs text-ink" title={delivery.proofHash}>
          {shortHash(delivery.proofHash)}
        </span>
      </p>
    </li>
  );
}

/** Every delivery the organiser recorded, oldest first; a correction is a new one naming the earlier. */
export function PrizeDeliveries({ prize }: { prize: MyPrize }) {
  if (prize.deliveries.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Entregas registradas">
      {prize.deliveries.map((delivery) => (
        <DeliveryItem key={delivery.id} delivery={delivery} prize={prize} />
      ))}
    </ul>
  );
}

/** An open dispute (its message, under review) or a resolved one (its resolution). */
export function PrizeDispute({ dispute }: { dispute: NonNullable<MyPrize["dispute"]> }) {
  if (dispute.resolution === null) {
    return (
      <Alert variant="warning" title="Disputa abierta">
        <p>{DISPUTE_UNDER_REVIEW}.</p>
        <p>
          Tu mensaje del {formatDateTime(dispute.openedAt)}: «{dispute.message}»
        </p>
      </Alert>
    );
  }
  return (
    <Alert variant="info" title="Disputa resuelta">
      <p>Tu mensaje: «{dispute.message}»</p>
      <p>
        Resolución{dispute.resolvedAt ? ` del ${formatDateTime(dispute.resolvedAt)}` : ""}:{" "}
        {dispute.resolution}
      </p>
    </Alert>
  );
}

/** After «Recibí mi premio»: said once, with its time. */
export function PrizeConfirmed({ confirmedAt }: { confirmedAt: string }) {
  return (
    <Alert variant="success" title="¡Premio recibido!">
      {sentence(`Confirmaste que recibiste tu premio el ${formatDateTime(confirmedAt)}`)}
    </Alert>
  );
}
