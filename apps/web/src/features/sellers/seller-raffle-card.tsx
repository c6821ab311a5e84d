import { Link } from "react-router";
import { Card } from "../../components/ui/card";
import { ProgressBar } from "../../components/ui/progress-bar";
import { formatDateTime, formatMoney, formatNumber, soldText } from "../../lib/format";
import { paths } from "../../lib/paths";
import type { SellerAreaRaffle } from "./api";
import { commissionText } from "./commission";
import { SellerLinkBlock } from "./seller-link-block";

/**
 * One raffle a vendedor may sell now, with their terms and their link (docs/decisions/0034-vendedores.md).
 * No sales button: recording sales on the spot comes in a later slice.
 */
export function SellerRaffleCard({ raffle }: { raffle: SellerAreaRaffle }) {
  const headingId = `seller-raffle-${raffle.raffleId}`;
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId} className="space-y-4">
        <div className="space-y-1">
          <h2 id={headingId} className="text-lg leading-snug font-bold text-ink [overflow-wrap:anywhere]">
            {raffle.title}
          </h2>
          {raffle.endDate ? (
            <p className="text-sm text-muted">Cierra el {formatDateTime(raffle.endDate, "short")}</p>
          ) : null}
        </div>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <Fact label="Precio del boleto" value={formatMoney(raffle.ticketPrice, raffle.currency)} />
          <Fact
            label="Tu comisión"
            value={commissionText(raffle.commissionKind, raffle.commissionValue, raffle.currency)}
          />
          <Fact label="Límite de efectivo" value={formatMoney(raffle.creditLimit, raffle.currency)} />
          <Fact
            label="Vendidos"
            value={`${formatNumber(raffle.soldTickets)} de ${formatNumber(raffle.totalTickets)}`}
          />
        </dl>
        <ProgressBar
          value={raffle.soldTickets}
          max={raffle.totalTickets}
          label={`Boletos vendidos de ${raffle.title}`}
          valueText={soldText(raffle.soldTickets, raffle.totalTickets)}
        />
        <SellerLinkBlock raffle={raffle} />
        <Link
          to={paths.raffle(raffle.raffleId)}
          className="inline-block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Ver la rifa<span className="sr-only"> {raffle.title}</span>
        </Link>
      </article>
    </Card>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-control bg-brand-50 px-3 py-2.5">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className="mt-0.5 font-bold text-ink tabular-nums [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}
