import { countText } from "@rifazo/shared/domain/plural";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { TrophyIcon } from "../../components/ui/icons";
import { ProgressBar } from "../../components/ui/progress-bar";
import { formatDateTime, formatMoney, formatNumber, soldText } from "../../lib/format";
import { paths } from "../../lib/paths";
import type { SellerAreaRaffle } from "./api";
import { commissionText } from "./commission";
import { SaleDialog } from "./sale-dialog";
import { SellerLinkBlock } from "./seller-link-block";

/**
 * One raffle a vendedor may sell now, with their terms, the cash they hold for it, «Registrar venta» and
 * their link (docs/decisions/0034-vendedores.md).
 */
export function SellerRaffleCard({
  raffle,
  exchangeRate,
}: {
  raffle: SellerAreaRaffle;
  exchangeRate: number | null;
}) {
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
        <p className="text-sm font-semibold text-ink">
          Efectivo por entregar: {formatMoney(raffle.cashHeld, raffle.currency)} de{" "}
          {formatMoney(raffle.creditLimit, raffle.currency)}
        </p>
        <RankingLine ranking={raffle.ranking} />
        <SellAction raffle={raffle} exchangeRate={exchangeRate} />
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

/** «Registrar venta» with its dialog, when the raffle is on sale and takes a method the vendedor may collect. */
function SellAction({ raffle, exchangeRate }: { raffle: SellerAreaRaffle; exchangeRate: number | null }) {
  const [open, setOpen] = useState(false);
  if (raffle.status !== "active")
    return <p className="text-sm text-muted">Podrás registrar ventas cuando la rifa esté activa.</p>;
  if (raffle.saleMethods.length === 0)
    return (
      <p className="text-sm text-muted">
        Esta rifa no acepta pagos que puedas cobrar tú: comparte tu enlace para que el comprador pague en
        línea.
      </p>
    );
  return (
    <>
      <Button size="lg" variant="accent" className="w-full sm:w-auto" onClick={() => setOpen(true)}>
        Registrar venta<span className="sr-only"> de {raffle.title}</span>
      </Button>
      <SaleDialog raffle={raffle} exchangeRate={exchangeRate} open={open} onOpenChange={setOpen} />
    </>
  );
}

/**
 * Their place among the raffle's vendedores by tickets approved (their sales and their link's purchases),
 * as the organiser's leaderboard ranks them (decision 0034).
 */
function RankingLine({ ranking }: { ranking: SellerAreaRaffle["ranking"] | undefined }) {
  // `undefined`: a copy kept on the phone before the leaderboard existed.
  if (ranking === undefined) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-ink">
      <TrophyIcon className="shrink-0 text-accent-600" />
      {ranking
        ? `Vas ${ranking.position}.º de ${ranking.of} con ${countText(ranking.tickets, "boleto", "boletos")}.`
        : "Aún no tienes boletos aprobados en esta rifa: con el primero entras en la clasificación."}
    </p>
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
