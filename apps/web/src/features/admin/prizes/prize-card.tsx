import { INSTANT_PRIZE_LABEL, isInstantWinner } from "@rifazo/shared/domain/instant-texts";
import { type PrizeStatus, prizeStatusText } from "@rifazo/shared/domain/prizes";
import { type ReactNode, useState } from "react";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { formatDate, formatDateTime, formatMoney } from "../../../lib/format";
import { type AdminPrize, prizeEvidenceUrl } from "../api/prizes-api";
import { ClaimReviewForm } from "./claim-review-form";
import { DeliveriesList } from "./deliveries-list";
import { DeliveryForm } from "./delivery-form";
import { DisputePanel } from "./dispute-panel";

const STATUS_BADGE: Record<PrizeStatus, BadgeVariant> = {
  unclaimed: "neutral",
  claimed: "info",
  delivered: "brand",
  confirmed: "success",
  disputed: "danger",
};

const REVIEW_TEXT = {
  pending: "Reclamo por revisar",
  accepted: "Reclamo aceptado",
  rejected: "Reclamo rechazado",
} as const;

/** The DOM id of a winner's card: Hoy links to it (paths.adminRafflePrizes). */
export const prizeCardId = (winnerId: string) => `premio-${winnerId}`;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-3">
      <dt className="font-semibold text-muted">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line text-ink">{children}</dd>
    </div>
  );
}

function deadlineText(prize: AdminPrize, now: number): string {
  if (!prize.claimDeadline) return "Sin plazo";
  const past = Date.parse(prize.claimDeadline) < now;
  return `${past ? "Venció el" : "Hasta el"} ${formatDate(prize.claimDeadline)}`;
}

/** What the winner sent: when, where to pay, how to reach them, their note and the cédula. */
function ClaimFacts({ prize }: { prize: AdminPrize }) {
  const claim = prize.claim;
  return (
    <dl className="space-y-2 text-sm">
      <Fact label="Plazo para reclamar">{deadlineText(prize, Date.now())}</Fact>
      {claim ? (
        <>
          <Fact label="Reclamado">{formatDateTime(claim.claimedAt)}</Fact>
          {claim.payoutDetails ? <Fact label="Datos para el pago">{claim.payoutDetails}</Fact> : null}
          {claim.contactPhone ? <Fact label="Teléfono">{claim.contactPhone}</Fact> : null}
          {claim.note ? <Fact label="Nota del ganador">{claim.note}</Fact> : null}
          {prize.hasEvidence ? (
            <Fact label="Cédula">
              <a
                href={prizeEvidenceUrl(prize.winnerId)}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-700 hover:underline"
              >
                Ver cédula<span className="sr-only"> de {prize.winnerName}</span>
              </a>
            </Fact>
          ) : null}
          {claim.reviewStatus === "rejected" && claim.reviewNote ? (
            <Fact label="Motivo del rechazo">{claim.reviewNote}</Fact>
          ) : null}
        </>
      ) : (
        <Fact label="Reclamo">Todavía no lo reclama.</Fact>
      )}
    </dl>
  );
}

/** «Registrar una corrección»: the delivery form again, naming the latest delivery as the one corrected. */
function Correction({ prize }: { prize: AdminPrize }) {
  const [open, setOpen] = useState(false);
  const latest = prize.deliveries[prize.deliveries.length - 1] ?? null;
  if (!latest) return null;
  if (!open)
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Registrar una corrección<span className="sr-only"> del premio de {prize.winnerName}</span>
      </Button>
    );
  return <DeliveryForm prize={prize} corrects={latest} onDone={() => setOpen(false)} />;
}

function PrizeActions({ prize }: { prize: AdminPrize }) {
  const review = prize.claim?.reviewStatus;
  return (
    <>
      {review === "pending" ? <ClaimReviewForm prize={prize} /> : null}
      {prize.deliveries.length > 0 ? <DeliveriesList prize={prize} /> : null}
      {prize.status.confirmedAt ? (
        <p className="text-sm font-semibold text-success-700">
          {prize.winnerName} confirmó que lo recibió el {formatDateTime(prize.status.confirmedAt)}.
        </p>
      ) : null}
      {prize.dispute ? <DisputePanel prize={prize} dispute={prize.dispute} /> : null}
      {review === "accepted" && prize.deliveries.length === 0 ? (
        <DeliveryForm prize={prize} corrects={null} />
      ) : null}
      {review === "accepted" && prize.deliveries.length > 0 ? <Correction prize={prize} /> : null}
    </>
  );
}

/** One winner's prize on the raffle's admin page (docs/decisions/0035-prizes-on-the-record.md). */
export function PrizeCard({ prize }: { prize: AdminPrize }) {
  const titleId = `${prizeCardId(prize.winnerId)}-title`;
  const status = prizeStatusText(prize.status);
  return (
    <article
      id={prizeCardId(prize.winnerId)}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="scroll-mt-24 space-y-4 rounded-card border border-line bg-surface p-4 focus-visible:outline-2 focus-visible:outline-brand-600/40"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 id={titleId} className="font-bold break-words text-ink">
            {/* An instant prize (level 0, decision 0035) has no level of the draw. */}
            {isInstantWinner(prize.level) ? INSTANT_PRIZE_LABEL : `Nivel ${prize.level}`} ·{" "}
            {prize.prizeDescription}
          </h3>
          <p className="text-sm text-ink">
            Boleto <span className="font-mono font-semibold">{prize.ticketNumber}</span> · {prize.winnerName}
            {prize.userEmail ? <span className="break-all text-muted"> · {prize.userEmail}</span> : null}
          </p>
          {prize.cash ? (
            <p className="text-sm text-ink">
              Premio en dinero: {formatMoney(prize.cash.amount, prize.cash.currency)}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-1.5">
          {prize.disqualified ? <Badge variant="danger">Descalificado</Badge> : null}
          <Badge variant={STATUS_BADGE[prize.status.status]}>{status}</Badge>
          {prize.claim ? (
            <Badge variant={prize.claim.reviewStatus === "pending" ? "warning" : "neutral"}>
              {REVIEW_TEXT[prize.claim.reviewStatus]}
            </Badge>
          ) : null}
        </div>
      </header>
      <ClaimFacts prize={prize} />
      {prize.disqualified ? (
        <p className="text-sm text-muted">
          Este ganador fue descalificado: su premio pasa al reemplazo del acta.
        </p>
      ) : (
        <PrizeActions prize={prize} />
      )}
    </article>
  );
}
