import { formatMoney } from "@rifazo/shared/domain/money";
import type { ExchangeRate } from "@rifazo/shared/schemas/settings";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { rateLine } from "../reservation";
import type { PaymentOption } from "./proof-upload-form";

/**
 * A purchase without a reservation: the amount to send by each method the raffle accepts, in bolívares
 * at today's BCV rate for Pago Móvil and transfers (the server freezes that rate when it reserves).
 */
export function RaffleQuoteNotice({
  options,
  rate,
}: {
  options: readonly PaymentOption[];
  rate: ExchangeRate | null;
}) {
  return (
    <section aria-labelledby="montos-por-metodo" className="space-y-2 rounded-card border border-line p-4">
      <h2 id="montos-por-metodo" className="text-sm font-bold text-ink">
        Monto a pagar según el método
      </h2>
      <ul className="space-y-1 text-sm">
        {options.map((option) => (
          <li key={option.method} className="flex justify-between gap-3">
            <span className="text-muted">{option.label}</span>
            <span className="font-semibold text-ink">
              {option.amount === null
                ? "Sin tasa del día publicada"
                : formatMoney(option.amount, option.currency)}
            </span>
          </li>
        ))}
      </ul>
      {rate && options.some((o) => o.currency === "VES") ? (
        <p className="text-xs font-semibold text-muted">
          {rateLine({ rate: rate.rate, updatedAt: rate.date })}
        </p>
      ) : null}
      <Link
        to={paths.paymentMethods}
        className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Ver datos para pagar
      </Link>
    </section>
  );
}
