import {
  SETTLEMENT_METHOD_LABELS,
  type SellerArea,
  type SettlementKind,
} from "@rifazo/shared/schemas/sellers";
import { formatDateTime, formatMoney } from "../../lib/format";

/** What each "liquidación" was, as the vendedor lived it. */
const KIND_TEXT: Record<SettlementKind, string> = {
  commission: "Comisión que te pagaron",
  cash: "Efectivo que entregaste",
};

/**
 * «Liquidaciones»: what the organiser paid the vendedor and the cash they handed over, newest first, each
 * transfer with «Ver comprobante» (a private file only they and the organiser open, decision 0034).
 */
export function SellerSettlements({ settlements }: { settlements: SellerArea["settlements"] | undefined }) {
  // A copy kept on the phone before this list existed has none.
  if (!settlements || settlements.length === 0) return null;
  return (
    <section aria-labelledby="seller-settlements-title" className="mt-10 space-y-4">
      <h2 id="seller-settlements-title" className="text-xl font-bold text-ink">
        Liquidaciones
      </h2>
      <ul
        aria-label="Liquidaciones con el organizador"
        className="divide-y divide-line rounded-card border border-line bg-surface px-4 text-sm"
      >
        {settlements.map((s) => (
          <li key={s.id} className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-3">
            <div className="min-w-0 space-y-0.5">
              <p className="font-semibold text-ink">{KIND_TEXT[s.kind]}</p>
              <p className="text-muted [overflow-wrap:anywhere]">
                {formatDateTime(s.createdAt, "short")} · {s.raffleTitle} ·{" "}
                {SETTLEMENT_METHOD_LABELS[s.method]}
                {s.reference ? ` (ref. ${s.reference})` : ""}
              </p>
              {s.proofUrl ? (
                <a
                  href={s.proofUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-block font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  Ver comprobante
                  <span className="sr-only">
                    {" "}
                    de {formatMoney(s.amount, s.currency)} del {formatDateTime(s.createdAt, "short")}
                  </span>
                </a>
              ) : null}
            </div>
            <strong className="text-ink tabular-nums">{formatMoney(s.amount, s.currency)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
