import type { CashPrize } from "@rifazo/shared/domain/prizes";
import { FormField } from "../../../components/ui/field";
import { MoneyInput } from "../../../components/ui/money-input";
import { NativeSelect } from "../../../components/ui/native-select";
import { formatMoney } from "../../../lib/format";
import { useExchangeRate } from "../../exchange-rate";
import { type DeliveryValues, minimumPaymentText } from "./delivery-values";

const CURRENCY_OPTIONS = [
  { value: "USD", label: "Dólares (USD)" },
  { value: "VES", label: "Bolívares (VES)" },
] as const;

interface CashFieldsProps {
  idBase: string;
  cash: CashPrize;
  values: DeliveryValues;
  /** The form's or the server's word on the amount (PRIZE_BELOW_RATE, PRIZE_NO_RATE name the figures). */
  error: string | undefined;
  onChange: <K extends keyof DeliveryValues>(key: K, value: DeliveryValues[K]) => void;
}

/**
 * What was paid for a cash prize: currency and amount. The hint says the least it may be when the page
 * knows the rate of the payment's day; the refusal, the server's or the form's, is read out at once
 * (role alert) beside the amount, and what was typed stays.
 */
export function CashFields({ idBase, cash, values, error, onChange }: CashFieldsProps) {
  const rate = useExchangeRate();
  const minimum = minimumPaymentText(cash, values.paidCurrency, values.deliveredOn, rate);
  const amountId = `${idBase}-amount`;
  const errorId = `${amountId}-alert`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id={`${idBase}-currency`} label="Moneda del pago *">
        {(control) => (
          <NativeSelect
            options={CURRENCY_OPTIONS}
            value={values.paidCurrency}
            onChange={(event) =>
              onChange("paidCurrency", event.target.value as DeliveryValues["paidCurrency"])
            }
            {...control}
          />
        )}
      </FormField>
      <div className="space-y-1.5">
        <FormField
          id={amountId}
          label="Monto pagado *"
          hint={`Premio en dinero: ${formatMoney(cash.amount, cash.currency)}.${minimum ? ` ${minimum}` : ""}`}
          invalid={Boolean(error)}
        >
          {(control) => (
            <MoneyInput
              value={values.paidAmount}
              onChange={(event) => onChange("paidAmount", event.target.value)}
              {...control}
              aria-describedby={[control["aria-describedby"], error ? errorId : null]
                .filter(Boolean)
                .join(" ")}
              placeholder="36.500,00"
            />
          )}
        </FormField>
        {error ? (
          <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
