import { formatVenezuelanPhone } from "@rifazo/shared/domain/phone";
import { useQuery } from "@tanstack/react-query";
import { QueryErrorAlert } from "../../components/ui/query-error-alert";
import { Skeleton } from "../../components/ui/skeleton";
import { errorMessage } from "../../lib/api-client";
import { formatDateTime } from "../../lib/format";
import { type SellerSale, sellerSalesQuery } from "./api";
import { ReceiptShare } from "./receipt-share";
import { SaleStatusBadge, saleNumbersText, salePaymentText } from "./sale-status";

/** "Mis ventas": the sales the vendedor recorded, newest first, each paid one with its buyer's receipt. */
export function SellerSales() {
  const query = useQuery(sellerSalesQuery);
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
          {query.data.items.map((sale) => (
            <li key={sale.id}>
              <SaleItem sale={sale} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SaleItem({ sale }: { sale: SellerSale }) {
  const headingId = `seller-sale-${sale.id}`;
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
      {sale.status === "approved" ? <ReceiptShare sale={sale} named /> : null}
    </article>
  );
}
