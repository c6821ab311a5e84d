import { PAYMENT_METHOD_LABELS } from "@rifazo/shared/constants";
import type { SellerSaleMethod } from "@rifazo/shared/schemas/seller-sales";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "../../lib/cn";

interface ChoiceProps<T extends string> {
  legend: string;
  options: readonly { value: T; label: string }[];
  /** The form's registration of the field (a radio per option). */
  field: UseFormRegisterReturn;
  selected: T;
  error?: string | undefined;
  errorId: string;
  /** A line under the choices, read with the group. */
  hint?: string | undefined;
  hintId?: string | undefined;
}

/** Large radio buttons in a fieldset (a thumb picks one; the legend names the group). */
export function RadioChoice<T extends string>({
  legend,
  options,
  field,
  selected,
  error,
  errorId,
  hint,
  hintId,
}: ChoiceProps<T>) {
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={describedBy || undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-ink">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map(({ value, label }) => (
          <label
            key={value}
            className={cn(
              "flex min-h-11 cursor-pointer items-center gap-2 rounded-control border px-3 py-2 text-sm font-semibold",
              "has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
              selected === value ? "border-brand-600 bg-brand-50 text-brand-900" : "border-line text-ink",
            )}
          >
            <input type="radio" value={value} className="accent-brand-700" {...field} />
            {label}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** «Cómo pagó»: the methods this raffle lets the vendedor take. */
export function MethodChoice(props: {
  methods: readonly SellerSaleMethod[];
  field: UseFormRegisterReturn;
  selected: SellerSaleMethod;
  error?: string | undefined;
  errorId: string;
}) {
  const { methods, ...rest } = props;
  const options = methods.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
  return <RadioChoice legend="Cómo pagó" options={options} {...rest} />;
}
