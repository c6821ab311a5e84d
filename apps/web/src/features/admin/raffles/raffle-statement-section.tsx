import { winnerPlaceLabel } from "@rifazo/shared/domain/instant-texts";
import { countText } from "@rifazo/shared/domain/plural";
import { cashPaidText } from "@rifazo/shared/domain/prizes";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { formatMoney, formatNumber } from "../../../lib/format";
import {
  fetchRaffleStatement,
  type RaffleStatement,
  raffleStatementPaths,
  statementKeys,
} from "../api/statement-api";
import { SectionCard } from "../shared/section-card";

// «Estado de cuenta» on the raffle's admin page (docs/decisions/0035-prizes-on-the-record.md): what came
// in, went back, was paid to vendedores and to winners, and what is left, each currency on its own.

type Pair = RaffleStatement["result"];

/**
 * "$15,00 en dólares · Bs. 2.824,00 en bolívares": each currency as it was paid, named, so it never reads
 * as one amount and its equivalent (the «Ingresos» card beside it converts at frozen rates; this does not).
 */
function PairText({ pair, sign = "" }: { pair: Pair; sign?: string }) {
  return (
    <>
      {pair.usd ? sign : ""}
      {formatMoney(pair.usd, "USD")}
      <span className="font-normal text-muted"> en dólares · </span>
      {pair.ves ? sign : ""}
      {formatMoney(pair.ves, "VES")}
      <span className="font-normal text-muted"> en bolívares</span>
    </>
  );
}

function Line({ label, pair, sign, strong }: { label: string; pair: Pair; sign?: string; strong?: boolean }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5">
      <dt className={cn("font-semibold", strong ? "text-ink" : "text-muted")}>{label}</dt>
      <dd className={cn("tabular-nums", strong ? "font-black text-brand-900" : "font-semibold text-ink")}>
        <PairText pair={pair} {...(sign ? { sign } : {})} />
      </dd>
    </div>
  );
}

function PrizeLines({ statement }: { statement: RaffleStatement }) {
  const { items } = statement.prizes;
  if (items.length === 0) return <p className="text-sm text-muted">La rifa todavía no tiene ganadores.</p>;
  return (
    <ul className="divide-y divide-line text-sm">
      {items.map((prize) => (
        <li key={prize.winnerId} className="space-y-0.5 py-2">
          <p className="font-semibold text-ink">
            {winnerPlaceLabel(prize.level)} · {prize.description}
          </p>
          <p className="text-muted">
            Boleto {prize.ticketNumber} · {prize.winnerName} · {prize.statusText}
          </p>
          <p className="text-ink">
            {prize.paid
              ? cashPaidText(prize.paid)
              : prize.cash
                ? `Premio en dinero (${formatMoney(prize.cash.amount, prize.cash.currency)}): sin pago registrado`
                : "Premio en especie: sin monto"}
          </p>
        </li>
      ))}
    </ul>
  );
}

function StatementBody({ statement }: { statement: RaffleStatement }) {
  const { tickets, refunds, commissions } = statement;
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink">
        {formatNumber(tickets.sold)} de {countText(tickets.total, "boleto vendido", "boletos vendidos")}
        {tickets.refunded > 0 ? ` · ${countText(tickets.refunded, "reembolsado", "reembolsados")}` : ""}
      </p>
      <dl className="divide-y divide-line text-sm">
        <Line label="Cobrado" pair={statement.collected} />
        <Line label="Reembolsos pagados" pair={refunds.paid} sign="− " />
        <Line label="Reembolsos por pagar" pair={refunds.pending} />
        <Line label="Comisiones ganadas" pair={commissions.earned} />
        <Line label="Comisiones pagadas" pair={commissions.paid} sign="− " />
        <Line label="Comisiones por pagar" pair={commissions.owed} />
        <Line label="Premios en dinero pagados" pair={statement.prizes.paid} sign="− " />
        <Line label="Resultado" pair={statement.result} strong />
      </dl>
      <div className="space-y-1">
        <h3 className="text-sm font-bold text-ink">Premios</h3>
        <PrizeLines statement={statement} />
      </div>
      <p className="text-xs text-muted">
        Cada monto en la moneda en que se pagó: los dólares y los bolívares nunca se suman ni se convierten
        entre sí. Resultado: cobrado − reembolsos pagados − comisiones pagadas − premios en dinero pagados. Un
        premio en especie no tiene monto.
      </p>
    </div>
  );
}

/** The section, with its two downloads (the same figures as CSV and as Excel). */
export function RaffleStatementSection({ raffleId }: { raffleId: string }) {
  const statement = useQuery({
    queryKey: statementKeys.raffle(raffleId),
    queryFn: ({ signal }) => fetchRaffleStatement(raffleId, signal),
  });
  const paths = raffleStatementPaths(raffleId);
  const download = buttonClasses({ variant: "outline", size: "sm" });
  return (
    <SectionCard
      title="Estado de cuenta"
      description="Lo que entró, lo que se devolvió, las comisiones, los premios y lo que queda."
      actions={
        <>
          <a href={paths.csv} download className={download}>
            Descargar CSV
          </a>
          <a href={paths.xlsx} download className={download}>
            Descargar Excel
          </a>
        </>
      }
    >
      {statement.isPending ? (
        <p className="text-sm text-muted" role="status">
          Cargando estado de cuenta...
        </p>
      ) : statement.isError ? (
        <Alert
          variant="danger"
          title="No se pudo cargar el estado de cuenta"
          action={
            <Button variant="ghost" onClick={() => statement.refetch()}>
              Reintentar
            </Button>
          }
        />
      ) : (
        <StatementBody statement={statement.data} />
      )}
    </SectionCard>
  );
}
