import { PAYMENT_METHOD_LABELS, REFUND_STATUS_LABELS, type RefundStatus } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { formatVenezuelanPhone } from "@rifazo/shared/schemas/profile";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";

import { errorMessage } from "../../../lib/api-client";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { fetchRefunds, type Refund, type RefundFilters, refundKeys } from "../api/refunds-api";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { Pagination } from "../shared/pagination";
import { RafflePicker } from "../shared/raffle-picker";
import { SectionCard } from "../shared/section-card";
import { SelectFilter } from "../shared/select-filter";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { MarkPaidDialog } from "./mark-paid-dialog";
import { CopyLine, RefundPayoutDetails } from "./refund-payout-details";
import { refundAmountText } from "./refund-text";

const STATUS_OPTIONS = [
  { value: "pending", label: "Pendientes" },
  { value: "paid", label: "Pagados" },
  { value: "all", label: "Todos" },
];

/** Reembolsos: what each buyer of a cancelled raffle must get back, their data to pay it, and "Marcar pagado". */
export function RefundsTab() {
  const [filters, setFilters] = useState<RefundFilters>({ status: "pending", raffleId: "all", page: 1 });
  const [paying, setPaying] = useState<Refund | null>(null);
  const raffles = useAdminRaffles();
  const refunds = useQuery({
    queryKey: refundKeys.list(filters),
    queryFn: ({ signal }) => fetchRefunds(filters, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <SectionCard
      title="Reembolsos"
      description="Cada compra aprobada de una rifa cancelada: cuánto devolver, a quién y por qué método. Los pendientes más antiguos primero."
    >
      <div className="mb-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectFilter
          id="refunds-status"
          label="Estado"
          options={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) =>
            setFilters((old) => ({ ...old, status: value as RefundFilters["status"], page: 1 }))
          }
        />
        <div className="space-y-1.5">
          <label htmlFor="refunds-raffle" className="text-sm font-semibold text-ink">
            Rifa
          </label>
          <RafflePicker
            id="refunds-raffle"
            raffles={raffles.data}
            value={filters.raffleId}
            allLabel="Todas las rifas"
            onChange={(value) => setFilters((old) => ({ ...old, raffleId: value, page: 1 }))}
          />
        </div>
      </div>
      {refunds.isPending ? (
        <LoadingList label="Cargando reembolsos..." count={3} className="space-y-3" itemClassName="h-28" />
      ) : refunds.isError ? (
        <LoadError onRetry={() => refunds.refetch()}>{errorMessage(refunds.error)}</LoadError>
      ) : refunds.data.items.length === 0 ? (
        <EmptyState>
          {filters.status === "pending"
            ? "No hay reembolsos pendientes."
            : "No hay reembolsos con estos filtros."}
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Lista de reembolsos" className="divide-y divide-line">
            {refunds.data.items.map((refund) => (
              <RefundRow key={refund.id} refund={refund} onPay={() => setPaying(refund)} />
            ))}
          </ul>
          <Pagination
            data={refunds.data}
            noun="reembolsos"
            onPageChange={(page) => setFilters((old) => ({ ...old, page }))}
          />
        </>
      )}
      <MarkPaidDialog refund={paying} onOpenChange={(open) => (open ? undefined : setPaying(null))} />
    </SectionCard>
  );
}

function PayToLine({ label, value }: { label: string; value: string | null | undefined }) {
  return value ? <CopyLine label={label} value={value} /> : null;
}

function RefundRow({ refund, onPay }: { refund: Refund; onPay: () => void }) {
  const status = refund.status as RefundStatus;
  const headingId = `refund-${refund.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-3 py-4 md:grid-cols-[1fr_1fr_auto] md:items-start"
    >
      <div className="space-y-1">
        <p id={headingId} className="text-lg font-black text-brand-900 tabular-nums">
          {refundAmountText(refund)}
        </p>
        <p className="text-sm text-ink">
          {PAYMENT_METHOD_LABELS[refund.paymentMethod] ?? refund.paymentMethod} · ref. {refund.transactionRef}
          {refund.exchangeRate !== null ? ` · tasa ${formatNumber(refund.exchangeRate, 4)} Bs/$` : ""}
        </p>
        <p className="text-sm text-muted">
          {refund.raffleTitle} · {countText(refund.quantityOfTickets, "boleto", "boletos")}
        </p>
        <Badge variant={status === "paid" ? "success" : "warning"}>{REFUND_STATUS_LABELS[status]}</Badge>
        {status === "paid" ? (
          <p className="text-sm text-muted">
            Referencia {refund.paidReference}
            {refund.paidAt ? ` · ${formatDateTime(refund.paidAt)}` : ""}
            {refund.paidProofUrl ? (
              <>
                {" · "}
                <a
                  href={refund.paidProofUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-700 hover:underline"
                >
                  Ver comprobante
                </a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="space-y-2">
        <dl className="space-y-1 text-sm" aria-label={`Datos de ${refund.payTo.name} para el reembolso`}>
          <PayToLine label="Nombre" value={refund.payTo.name} />
          <PayToLine label="Correo" value={refund.payTo.email} />
          <PayToLine label="Teléfono" value={formatVenezuelanPhone(refund.payTo.phone)} />
          <PayToLine label="Banco" value={refund.payTo.bank} />
          <PayToLine label="Cédula" value={refund.payTo.idNumber} />
          <PayToLine label="Cuenta" value={refund.payTo.account} />
        </dl>
        <RefundPayoutDetails refund={refund} />
      </div>
      <div>
        {status === "pending" ? (
          <Button size="sm" onClick={onPay} aria-label={`Marcar pagado el reembolso de ${refund.payTo.name}`}>
            Marcar pagado
          </Button>
        ) : null}
      </div>
    </li>
  );
}
