import {
  SETTLEMENT_KIND_LABELS,
  SETTLEMENT_METHOD_LABELS,
  type SettlementKind,
} from "@rifazo/shared/schemas/sellers";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { formatDateTime, formatMoney } from "../../../lib/format";
import type { AdminSeller } from "../api/sellers-api";
import { EmptyState } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";
import { type Assignment, SettlementDialog } from "./settlement-dialog";

type Settling = { raffle: Assignment; kind: SettlementKind } | null;

/**
 * What the organiser owes the vendedor in commissions, raffle by raffle (ended ones too: commissions are
 * paid after the sales), each payment recorded against it (decision 0034).
 */
export function SettlementsSection({ seller }: { seller: AdminSeller }) {
  const [settling, setSettling] = useState<Settling>(null);
  const earned = seller.raffles.filter((r) => r.commissionOwed !== 0 || r.commissionPaid !== 0);
  return (
    <SectionCard
      title="Comisiones"
      description="Se generan al aprobar una venta del vendedor o una compra hecha con su enlace; registra aquí cada pago que le hagas."
    >
      {earned.length === 0 ? (
        <EmptyState>Aún no hay comisiones para este vendedor.</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Comisiones por rifa">
          {earned.map((raffle) => (
            <SettleRow
              key={raffle.raffleId}
              raffle={raffle}
              balance={
                <>
                  Por pagar{" "}
                  <strong className="text-ink">{formatMoney(raffle.commissionOwed, raffle.currency)}</strong>{" "}
                  · Pagado {formatMoney(raffle.commissionPaid, raffle.currency)}
                </>
              }
              action={
                raffle.commissionOwed > 0 ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setSettling({ raffle, kind: "commission" })}
                  >
                    Registrar pago<span className="sr-only"> de {raffle.raffleTitle}</span>
                  </Button>
                ) : null
              }
            />
          ))}
        </ul>
      )}
      {settling ? (
        <SettlementDialog
          seller={seller}
          raffle={settling.raffle}
          kind={settling.kind}
          onClose={() => setSettling(null)}
        />
      ) : null}
    </SectionCard>
  );
}

/**
 * The cash the vendedor collected in sales and has not handed over yet, per raffle, against their limit;
 * the organiser records each handover ("Registrar entrega de efectivo"), never more than is held.
 */
export function CashSection({ seller }: { seller: AdminSeller }) {
  const [settling, setSettling] = useState<Settling>(null);
  const raffles = seller.raffles.filter((r) => r.allowed || r.cashHeld !== 0);
  return (
    <SectionCard
      title="Efectivo del vendedor"
      description="Lo cobrado en efectivo en sus ventas que aún no te entregó, con su límite por rifa."
    >
      {raffles.length === 0 ? (
        <EmptyState>Este vendedor no tiene rifas asignadas.</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Efectivo por rifa">
          {raffles.map((raffle) => (
            <SettleRow
              key={raffle.raffleId}
              raffle={raffle}
              balance={
                <>
                  Efectivo por entregar:{" "}
                  <strong className="text-ink">{formatMoney(raffle.cashHeld, raffle.currency)}</strong> de{" "}
                  {formatMoney(raffle.creditLimit, raffle.currency)}
                </>
              }
              action={
                raffle.cashHeld > 0 ? (
                  <Button size="sm" variant="outline" onClick={() => setSettling({ raffle, kind: "cash" })}>
                    Registrar entrega de efectivo<span className="sr-only"> de {raffle.raffleTitle}</span>
                  </Button>
                ) : null
              }
            />
          ))}
        </ul>
      )}
      {settling ? (
        <SettlementDialog
          seller={seller}
          raffle={settling.raffle}
          kind={settling.kind}
          onClose={() => setSettling(null)}
        />
      ) : null}
    </SectionCard>
  );
}

function SettleRow({
  raffle,
  balance,
  action,
}: {
  raffle: Assignment;
  balance: React.ReactNode;
  action: React.ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-control border border-line p-3">
      <div className="min-w-0 text-sm">
        <p className="font-bold text-ink [overflow-wrap:anywhere]">{raffle.raffleTitle}</p>
        <p className="text-muted">{balance}</p>
      </div>
      {action}
    </li>
  );
}

/** Every "liquidación" recorded, newest first: commissions paid and cash received, each with its kind. */
export function SettlementHistory({ seller }: { seller: AdminSeller }) {
  if (seller.settlements.length === 0) return null;
  return (
    <SectionCard title="Liquidaciones registradas">
      <ul className="divide-y divide-line text-sm" aria-label="Liquidaciones registradas">
        {seller.settlements.map((s) => (
          <li key={s.id} className="flex flex-wrap justify-between gap-x-3 py-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {formatDateTime(s.createdAt, "short")} · <strong>{SETTLEMENT_KIND_LABELS[s.kind]}</strong> ·{" "}
              {s.raffleTitle} · {SETTLEMENT_METHOD_LABELS[s.method]}
              {s.reference ? ` (ref. ${s.reference})` : ""}
            </span>
            <strong className="tabular-nums">{formatMoney(s.amount, s.currency)}</strong>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
