import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { ArrowLeftIcon, TicketIcon, WhatsappIcon } from "../../../components/ui/icons";
import { QueryErrorAlert } from "../../../components/ui/query-error-alert";
import { Skeleton } from "../../../components/ui/skeleton";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { formatDateTime, sentence } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { type MyPrize, myPrizeQuery } from "../api";
import { useLivePrizes } from "../hooks/use-live-prizes";
import { cashPrizeText, WHAT_TO_SEND } from "../prize-text";
import { ClaimForm } from "./claim-form";
import { PrizeConfirmation } from "./prize-confirmation";
import { ClaimReview, PrizeConfirmed, PrizeDeliveries, PrizeDispute } from "./prize-progress";
import { PrizeStatusBadge } from "./prize-status-badge";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent className="space-y-4">
        <h2 className="text-lg font-bold text-ink">{title}</h2>
        {children}
      </CardContent>
    </Card>
  );
}

function Summary({ prize }: { prize: MyPrize }) {
  return (
    <Card>
      <CardContent className="space-y-2">
        <PrizeStatusBadge status={prize.status.status} text={prize.status.statusText} />
        <p className="text-xl font-black text-ink">{prize.prizeDescription}</p>
        {prize.cash ? <p className="font-semibold text-ink">{cashPrizeText(prize.cash)}</p> : null}
        <p className="text-sm text-muted">{prize.raffleTitle}</p>
        <p className="flex items-center gap-1.5 text-sm text-ink">
          <TicketIcon aria-hidden="true" className="text-brand-700" />
          Boleto ganador <span className="font-mono font-bold tracking-widest">{prize.ticketNumber}</span>
        </p>
      </CardContent>
    </Card>
  );
}

function deadlineText(prize: MyPrize): string {
  if (!prize.claimDeadline) return "Las reglas de esta rifa no fijan un plazo para reclamar.";
  const until = formatDateTime(prize.claimDeadline);
  return prize.canClaim || prize.claim
    ? sentence(`Según las reglas de la rifa, tienes hasta el ${until} para reclamarlo`)
    : sentence(`El plazo para reclamarlo, según las reglas de la rifa, terminó el ${until}`);
}

/** How to claim: the period of the rules as sold, what to send, and the organiser's WhatsApp. */
function HowToClaim({ prize }: { prize: MyPrize }) {
  return (
    <Part title="Cómo reclamarlo">
      <p className="text-sm text-ink">{deadlineText(prize)}</p>
      <div className="space-y-1 text-sm">
        <p className="font-semibold text-ink">Qué enviar:</p>
        <ul className="list-disc space-y-0.5 pl-5 text-ink">
          <li>{WHAT_TO_SEND.cedula}</li>
          {prize.cash ? <li>{WHAT_TO_SEND.payout}</li> : null}
        </ul>
      </div>
      {prize.organiserWhatsapp ? (
        <a
          href={prize.organiserWhatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses({ variant: "outline", size: "sm", className: "self-start" })}
        >
          <WhatsappIcon aria-hidden="true" />
          Escribir al organizador por WhatsApp
          <span className="sr-only"> (se abre en una pestaña nueva)</span>
        </a>
      ) : null}
    </Part>
  );
}

/** The claim: its review and, when it may be sent (first time or after a rejection), the form. */
function ClaimPart({ prize }: { prize: MyPrize }) {
  const formShown = prize.canClaim && (prize.claim === null || prize.claim.reviewStatus === "rejected");
  if (!prize.claim && !formShown) {
    return (
      <Alert variant="warning" title="Ya no puedes reclamar este premio">
        Si crees que es un error, escribe al organizador.
      </Alert>
    );
  }
  return (
    <Part title={prize.claim ? "Tu reclamo" : "Reclama tu premio"}>
      {prize.claim ? <ClaimReview claim={prize.claim} /> : null}
      {formShown ? <ClaimForm prize={prize} /> : null}
    </Part>
  );
}

function DeliveryPart({ prize }: { prize: MyPrize }) {
  if (prize.deliveries.length === 0) return null;
  const confirmedAt = prize.status.confirmedAt;
  const canAnswer = !confirmedAt && !prize.status.disputeOpen;
  return (
    <Part title="Entrega">
      <PrizeDeliveries prize={prize} />
      {prize.dispute ? <PrizeDispute dispute={prize.dispute} /> : null}
      {confirmedAt ? <PrizeConfirmed confirmedAt={confirmedAt} /> : null}
      {canAnswer ? <PrizeConfirmation prize={prize} /> : null}
    </Part>
  );
}

function BackLink() {
  return (
    <Link
      to={paths.profilePrizes}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeftIcon aria-hidden="true" />
      Volver a Mis premios
    </Link>
  );
}

/** Tu premio: everything about one prize, and what the winner can do next. */
export function PrizeDetail({ winnerId }: { winnerId: string }) {
  const query = useQuery(myPrizeQuery(winnerId));
  useLivePrizes();
  if (query.isPending) {
    return (
      <div role="status" aria-label="Cargando tu premio..." className="space-y-3">
        <Skeleton className="h-36 w-full rounded-card!" />
        <Skeleton className="h-56 w-full rounded-card!" />
      </div>
    );
  }
  if (query.isError) {
    // Another winner's prize or an unknown one: the server's message, and the way back.
    const final = isApiError(query.error) && (query.error.status === 403 || query.error.status === 404);
    return (
      <div className="space-y-4">
        {final ? (
          <Alert variant="danger">{errorMessage(query.error)}</Alert>
        ) : (
          <QueryErrorAlert query={query} title="No se pudo cargar tu premio.">
            {errorMessage(query.error)}
          </QueryErrorAlert>
        )}
        <BackLink />
      </div>
    );
  }
  const prize = query.data;
  return (
    <div className="space-y-5">
      <BackLink />
      <Summary prize={prize} />
      {/* How to claim matters until the organiser accepts the claim; after that it only repeats the past. */}
      {prize.claim?.reviewStatus === "accepted" ? null : <HowToClaim prize={prize} />}
      <ClaimPart prize={prize} />
      <DeliveryPart prize={prize} />
    </div>
  );
}
