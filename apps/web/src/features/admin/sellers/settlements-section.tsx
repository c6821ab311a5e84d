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

/** What each balance section says and offers: one of the two kinds of "liquidación" (decision 0034). */
interface BalanceText {
  kind: SettlementKind;
  title: string;
  description: string;
  empty: string;
  listLabel: string;
  shown: (raffle: Assignment) => boolean;
  balance: (raffle: Assignment) => React.ReactNode;
  /** What there is to settle now (the button shows above zero). */
  due: (raffle: Assignment) => number;
  action: string;
}

/**
 * What the organiser owes the vendedor in commissions, raffle by raffle (ended ones too: commissions are
 * paid after the sales), each payment recorded against it (decision 0034).
 */
const COMMISSIONS: BalanceText = {
  kind: "commission",
  title: "Comisiones",
  description:
    "Se generan al aprobar una venta del vendedor o una compra hecha con su enlace; registra aquí cada pago que le hagas.",
  empty: "Aún no hay comisiones para este vendedor.",
  listLabel: "Comisiones por rifa",
  shown: (r) => r.commissionOwed !== 0 || r.commissionPaid !== 0,
  balance: (r) => (
    <>
      Por pagar <strong className="text-ink">{formatMoney(r.commissionOwed, r.currency)}</strong> · Pagado{" "}
      {formatMoney(r.commissionPaid, r.currency)}
    </>
  ),
  due: (r) => r.commissionOwed,
  action: "Registrar pago",
};

/**
 * The cash the vendedor collected in sales and has not handed over yet, per raffle, against their limit;
 * the organiser records each handover ("Registrar entrega de efectivo"), never more than is held.
 */
const CASH: BalanceText = {
  kind: "cash",
  title: "Efectivo del vendedor",
  description: "Lo cobrado en efectivo en sus ventas que aún no te entregó, con su límite por rifa.",
  empty: "Este vendedor no tiene rifas asignadas.",
  listLabel: "Efectivo por rifa",
  shown: (r) => r.allowed || r.cashHeld !== 0,
  balance: (r) => (
    <>
      Efectivo por entregar: <strong className="text-ink">{formatMoney(r.cashHeld, r.currency)}</strong> de{" "}
      {formatMoney(r.creditLimit, r.currency)}
    </>
  ),
  due: (r) => r.cashHeld,
  action: "Registrar entrega de efectivo",
};

function BalanceSection({ seller, text }: { seller: AdminSeller; text: BalanceText }) {
  const [settling, setSettling] = useState<Settling>(null);
  const raffles = seller.raffles.filter(text.shown);
  return (
    <SectionCard title={text.title} description={text.description}>
      {raffles.length === 0 ? (
        <EmptyState>{text.empty}</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label={text.listLabel}>
          {raffles.map((raffle) => (
            <SettleRow
              key={raffle.raffleId}
              raffle={raffle}
              balance={text.balance(raffle)}
              action={
                text.due(raffle) > 0 ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setSettling({ raffle, kind: text.kind })}
                  >
                    {text.action}
                    <span className="sr-only"> de {raffle.raffleTitle}</span>
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

export function SettlementsSection({ seller }: { seller: AdminSeller }) {
  return <BalanceSection seller={seller} text={COMMISSIONS} />;
}

export function CashSection({ seller }: { seller: AdminSeller }) {
  return <BalanceSection seller={seller} text={CASH} />;
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

/**
 * Every "liquidación" recorded, newest first: commissions paid and cash received, each with its kind and,
 * for a transfer, «Ver comprobante» (a private file, decision 0034).
 */
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
              {s.proofUrl ? (
                <>
                  {" · "}
                  <a
                    href={s.proofUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-brand-700 hover:underline"
                  >
                    Ver comprobante
                  </a>
                </>
              ) : null}
            </span>
            <strong className="tabular-nums">{formatMoney(s.amount, s.currency)}</strong>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
