import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { fetchAdminPrizes, prizeKeys } from "../api/prizes-api";
import type { AdminToday } from "../api/today-api";

type TodayPrizes = AdminToday["prizes"];
type OpenDispute = TodayPrizes["openDisputes"][number];

const linkClasses = buttonClasses({ variant: "outline", size: "sm", className: "shrink-0" });

/** Each dispute a winner opened, until it is resolved (docs/decisions/0035-prizes-on-the-record.md). */
function OpenDisputes({ disputes }: { disputes: OpenDispute[] }) {
  if (disputes.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="font-bold text-danger-700">
        {countText(disputes.length, "disputa abierta", "disputas abiertas")}
      </h3>
      <p className="text-sm text-muted">
        {pluralWord(disputes.length, "Sigue", "Siguen")} aquí hasta que un administrador{" "}
        {pluralWord(disputes.length, "la resuelva", "las resuelva")}.
      </p>
      <ul className="divide-y divide-line" aria-label="Disputas abiertas">
        {disputes.map((dispute) => (
          <li
            key={dispute.winnerId}
            className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm"
          >
            <div className="min-w-0 space-y-1">
              <p className="font-semibold text-ink">
                {dispute.raffleTitle} · boleto <span className="font-mono">{dispute.ticketNumber}</span>
              </p>
              <p className="text-muted">Abierta el {formatDateTime(dispute.openedAt)}</p>
              <blockquote className="border-l-4 border-danger-600/40 pl-3 break-words whitespace-pre-line text-ink">
                {dispute.message}
              </blockquote>
            </div>
            <Link to={paths.adminRafflePrizes(dispute.raffleId, dispute.winnerId)} className={linkClasses}>
              Resolver
              <span className="sr-only">
                {" "}
                la disputa de {dispute.raffleTitle}, boleto {dispute.ticketNumber}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The claims waiting for a decision, each linking to the winner's card on its raffle's page. */
function ClaimsToReview({ count }: { count: number }) {
  const claims = useQuery({
    queryKey: prizeKeys.status("review"),
    queryFn: ({ signal }) => fetchAdminPrizes({ status: "review" }, signal),
    enabled: count > 0,
  });
  if (count === 0) return null;
  const items = claims.data?.items ?? [];
  return (
    <div className="space-y-2">
      <h3 className="font-bold text-ink">
        {countText(count, "reclamo por revisar", "reclamos por revisar")}
      </h3>
      <p className="text-sm text-muted">
        Revisa la cédula y los datos de cada ganador, y acepta o rechaza su reclamo para poder registrar la
        entrega.
      </p>
      {claims.isError ? (
        <p className="text-sm text-danger-700">No se pudo cargar la lista de reclamos.</p>
      ) : items.length > 0 ? (
        <ul className="divide-y divide-line" aria-label="Reclamos por revisar">
          {items.map((prize) => (
            <li
              key={prize.winnerId}
              className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
            >
              <div className="min-w-0 space-y-0.5">
                <p className="font-semibold text-ink">
                  {prize.raffleTitle} · boleto <span className="font-mono">{prize.ticketNumber}</span>
                </p>
                <p className="text-muted">
                  {prize.winnerName}
                  {prize.claim ? ` · reclamado el ${formatDateTime(prize.claim.claimedAt)}` : ""}
                </p>
              </div>
              <Link to={paths.adminRafflePrizes(prize.raffleId, prize.winnerId)} className={linkClasses}>
                Revisar<span className="sr-only"> el reclamo de {prize.winnerName}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * «Premios» on Hoy (docs/decisions/0035-prizes-on-the-record.md): open disputes first, then the claims to
 * review and how many unclaimed prizes run out of time soon.
 */
export function PrizesCard({ prizes }: { prizes: TodayPrizes | undefined }) {
  const { pendingReview = 0, openDisputes = [], claimsDueSoon = 0 } = prizes ?? {};
  const nothing = pendingReview === 0 && openDisputes.length === 0 && claimsDueSoon === 0;
  return (
    <section
      aria-labelledby="today-prizes-title"
      className="space-y-4 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h2 id="today-prizes-title" className="text-lg font-bold text-ink">
        Premios
      </h2>
      {nothing ? (
        <p className="text-sm text-muted">Nada pendiente: ningún reclamo por revisar ni disputas abiertas.</p>
      ) : null}
      <OpenDisputes disputes={openDisputes} />
      <ClaimsToReview count={pendingReview} />
      {claimsDueSoon > 0 ? (
        <p className="text-sm text-ink">
          {countText(claimsDueSoon, "premio sin reclamar", "premios sin reclamar")}:{" "}
          {pluralWord(claimsDueSoon, "su plazo vence", "sus plazos vencen")} en las próximas 48 horas.
        </p>
      ) : null}
    </section>
  );
}
