import { formatVenezuelanPhone } from "@rifazo/shared/domain/phone";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { QueryErrorAlert } from "../../components/ui/query-error-alert";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { AbonoPaymentDialog, type AbonoProps } from "./abono-payment-dialog";
import { type SellerAreaView, type SellerSale, sellerSalesQuery } from "./api";
import { ReceiptShare } from "./receipt-share";
import { abonoText, SaleStatusBadge, saleNumbersText, salePaymentText } from "./sale-status";
import type { AbonoSale } from "./use-abono-payment";
import { useSaleQueue } from "./use-sale-queue";

/**
 * The first sale of an abono still owed, when it may take the next payment (decision 0034, "Abonos"): a
 * payment approved (the numbers are apartados), none under review nor waiting on the phone to be sent.
 */
function takesAbono(sale: SellerSale, all: readonly SellerSale[], queuedFor: ReadonlySet<string>) {
  const { abono } = sale;
  if (!abono || abono.complete || abono.paid <= 0 || sale.saleId !== abono.saleId) return false;
  if (queuedFor.has(abono.saleId)) return false;
  return !all.some((other) => other.abono?.saleId === abono.saleId && other.status === "pending");
}

/**
 * "Mis ventas": the sales the vendedor recorded, newest first, each paid one with its buyer's receipt and
 * each abono's payment with its balance; «Registrar abono» on the first sale of one still owed.
 */
export function SellerSales({ area }: { area: SellerAreaView }) {
  const query = useQuery(sellerSalesQuery);
  const [adding, setAdding] = useState<AbonoProps | null>(null);
  const { sales: queued } = useSaleQueue();
  const queuedFor = new Set(
    queued.flatMap((sale) => (sale.state === "pending" && sale.body.abonoOf ? [sale.body.abonoOf] : [])),
  );
  return (
    <section aria-labelledby="seller-sales-title" className="mt-10 space-y-4">
      <h2 id="seller-sales-title" className="text-xl font-bold text-ink">
        Mis ventas
      </h2>
      {query.isPending ? (
        <div role="status" aria-label="Cargando tus ventas..." className="space-y-3">
          <Skeleton className="h-28 w-full rounded-card!" />
          <Skeleton className="h-28 w-full rounded-card!" />
        </div>
      ) : query.isError ? (
        <QueryErrorAlert query={query} title="No pudimos cargar tus ventas">
          {errorMessage(query.error)}
        </QueryErrorAlert>
      ) : query.data.items.length === 0 ? (
        <p className="rounded-card border border-dashed border-line bg-surface px-4 py-8 text-center text-sm text-muted">
          Aún no has registrado ventas. Usa «Registrar venta» en una de tus rifas.
        </p>
      ) : (
        <ul aria-label="Ventas registradas" className="space-y-3">
          {query.data.items.map((sale) => {
            const raffle = area.raffles.find((r) => r.raffleId === sale.raffleId);
            const abono =
              raffle && takesAbono(sale, query.data.items, queuedFor)
                ? { sale: sale as AbonoSale, raffle, exchangeRate: area.exchangeRate }
                : undefined;
            return (
              <li key={sale.id}>
                <SaleItem sale={sale} onAddAbono={abono ? () => setAdding(abono) : undefined} />
              </li>
            );
          })}
        </ul>
      )}
      {adding ? (
        <AbonoPaymentDialog key={adding.sale.id} {...adding} onClose={() => setAdding(null)} />
      ) : null}
    </section>
  );
}

function SaleItem({
  sale,
  onAddAbono,
}: {
  sale: SellerSale;
  /** «Registrar abono», when this sale takes the next payment of its abono. */
  onAddAbono: (() => void) | undefined;
}) {
  const headingId = `seller-sale-${sale.id}`;
  const balance = abonoText(sale);
  return (
    <article
      aria-labelledby={headingId}
      className="space-y-3 rounded-card border border-line bg-surface p-4 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-ink [overflow-wrap:anywhere]">
            {sale.buyerName}
          </h3>
          <p className="text-muted [overflow-wrap:anywhere]">
            {sale.raffleTitle} · {formatDateTime(sale.createdAt, "short")}
          </p>
        </div>
        <SaleStatusBadge status={sale.status} />
      </div>
      <dl className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-muted">Números</dt>
          <dd className="font-mono font-bold text-ink [overflow-wrap:anywhere]">{saleNumbersText(sale)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-muted">Cobrado</dt>
          <dd className="text-ink tabular-nums [overflow-wrap:anywhere]">{salePaymentText(sale)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold text-muted">Celular</dt>
          <dd className="text-ink">{formatVenezuelanPhone(sale.buyerPhone)}</dd>
        </div>
        {sale.buyerIdNumber ? (
          <div className="min-w-0">
            <dt className="text-xs font-semibold text-muted">Cédula</dt>
            <dd className="text-ink">{sale.buyerIdNumber}</dd>
          </div>
        ) : null}
      </dl>
      {balance ? <p className="font-semibold text-ink tabular-nums">{balance}</p> : null}
      {onAddAbono ? (
        <Button size="sm" onClick={onAddAbono}>
          Registrar abono<span className="sr-only"> de {sale.buyerName}</span>
        </Button>
      ) : null}
      {sale.status === "approved" ? <ReceiptShare sale={sale} named /> : null}
    </article>
  );
}
