import {
  CURRENCIES,
  type Currency,
  MIN_TICKETS_PER_PURCHASE,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "@rifazo/shared/constants";
import { formatMoney } from "@rifazo/shared/domain/money";
import { PROOF_LIMITS } from "@rifazo/shared/schemas/proof-rules";
import { Controller } from "react-hook-form";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { cn } from "../../../lib/cn";
import type { ProofForm } from "../hooks/use-proof-form";
import { GENERAL_RAFFLE_ID } from "../proof-form";
import type { PaymentOption } from "../proof-upload-values";
import { abonoBoundsText } from "../reservation";
import { ProofFileInput } from "./proof-file-input";

// The proof upload form's fields, one component per step of it (spec 1 §2 "Proof upload"); each binds
// its control to the form and its label, hint and error through FormField ("proof-<field>" ids).

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({ value, label: value }));

interface FieldProps {
  form: ProofForm;
  busy: boolean;
}

/** The method paid with: the raffle's accepted ones, or every method for a general payment. */
export function ProofMethodField({
  form,
  busy,
  options,
}: FieldProps & { options: readonly PaymentOption[] | null }) {
  const methodOptions = options ? options.map((o) => ({ value: o.method, label: o.label })) : METHOD_OPTIONS;
  return (
    <FormField
      id="proof-paymentMethod"
      label="Método de pago"
      error={form.formState.errors.paymentMethod?.message}
    >
      {(fieldProps) => (
        <Controller
          control={form.control}
          name="paymentMethod"
          render={({ field }) => (
            // The browser's own list: phones open their picker, and it costs the payment page no code
            // (decision 0033). "" is the prompt until a method is chosen.
            <NativeSelect
              options={[{ value: "", label: "Selecciona un método", disabled: true }, ...methodOptions]}
              name={field.name}
              value={field.value ?? ""}
              onChange={(event) => field.onChange(event.currentTarget.value as PaymentMethod)}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={busy}
              {...fieldProps}
            />
          )}
        />
      )}
    </FormField>
  );
}

export function ProofReferenceField({ form, busy }: FieldProps) {
  return (
    <FormField
      id="proof-transactionRef"
      label="Referencia de la transacción"
      hint="El número de confirmación que te dio tu banco o aplicación."
      error={form.formState.errors.transactionRef?.message}
    >
      {(fieldProps) => (
        <Input
          {...form.register("transactionRef")}
          maxLength={PROOF_LIMITS.reference}
          autoComplete="off"
          spellCheck={false}
          placeholder="Ej: 00123456789"
          disabled={busy}
          {...fieldProps}
        />
      )}
    </FormField>
  );
}

interface QuantityFieldProps extends FieldProps {
  raffleId: string;
  reservation: { quantity: number } | null;
  hint: string;
  maxQuantity: number | undefined;
}

/** How many tickets: a reservation's is fixed; otherwise typed within the raffle's bounds. */
export function ProofQuantityField({
  form,
  busy,
  raffleId,
  reservation,
  hint,
  maxQuantity,
}: QuantityFieldProps) {
  return (
    <FormField
      id="proof-quantity"
      label="Cantidad de boletos"
      hint={reservation ? "La cantidad de tu reserva." : hint || undefined}
      error={form.formState.errors.quantity?.message}
    >
      {(fieldProps) =>
        reservation ? (
          <Input
            id={fieldProps.id}
            value={String(reservation.quantity)}
            readOnly
            aria-describedby={fieldProps["aria-describedby"]}
          />
        ) : (
          <Input
            type="number"
            inputMode="numeric"
            min={raffleId === GENERAL_RAFFLE_ID ? 1 : MIN_TICKETS_PER_PURCHASE}
            max={maxQuantity}
            step={1}
            {...form.register("quantity")}
            disabled={busy}
            {...fieldProps}
          />
        )
      }
    </FormField>
  );
}

interface AmountFieldsProps extends FieldProps {
  /** The chosen method's option: its amount is the one expected (an abono's: its bounds). */
  chosen: PaymentOption | null;
  /** The currency is the method's or the raffle's, shown read-only; else chosen (a general payment). */
  currencyFixed: boolean;
  currency: Currency;
}

/** The amount paid (es-VE, as the bank shows it) and its currency. */
export function ProofAmountFields({ form, busy, chosen, currencyFixed, currency }: AmountFieldsProps) {
  const { errors } = form.formState;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3">
      <FormField
        id="proof-amount"
        label="Monto pagado"
        hint={
          chosen && abonoBoundsText(chosen) ? (
            <>
              {abonoBoundsText(chosen)}. Escríbelo como en <span className="whitespace-nowrap">1.194,56</span>
              .
            </>
          ) : chosen?.amount != null ? (
            <>
              Debe ser exactamente {/* "Bs." and its figure stay on one line in this narrow column. */}
              <span className="whitespace-nowrap">{formatMoney(chosen.amount, chosen.currency)}</span>.
              Escríbelo como en <span className="whitespace-nowrap">1.194,56</span>.
            </>
          ) : (
            "Escríbelo como en 1.194,56 (punto para los miles, coma para los decimales)."
          )
        }
        error={errors.amount?.message}
      >
        {(fieldProps) => (
          <Input
            inputMode="decimal"
            autoComplete="off"
            {...form.register("amount")}
            placeholder="0,00"
            disabled={busy}
            {...fieldProps}
          />
        )}
      </FormField>
      <FormField id="proof-currency" label="Moneda" error={errors.currency?.message}>
        {(fieldProps) =>
          currencyFixed ? (
            <Input
              id={fieldProps.id}
              value={currency}
              readOnly
              aria-describedby={fieldProps["aria-describedby"]}
            />
          ) : (
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <NativeSelect
                  options={CURRENCY_OPTIONS}
                  name={field.name}
                  value={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.value as Currency)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  disabled={busy}
                  {...fieldProps}
                />
              )}
            />
          )
        }
      </FormField>
    </div>
  );
}

export function ProofNotesField({ form, busy }: FieldProps) {
  return (
    <FormField id="proof-userNotes" label="Notas (opcional)" error={form.formState.errors.userNotes?.message}>
      {(fieldProps) => (
        <textarea
          {...form.register("userNotes")}
          maxLength={PROOF_LIMITS.notes}
          rows={3}
          placeholder="Algo que debamos saber sobre tu pago"
          disabled={busy}
          className={cn(inputClasses, "h-auto min-h-24 py-2.5")}
          {...fieldProps}
        />
      )}
    </FormField>
  );
}

/** The proof itself; a draft cannot keep it, so the line above says so. */
export function ProofFileField({
  form,
  busy,
  onPreparingChange,
}: FieldProps & { onPreparingChange?: (preparing: boolean) => void }) {
  return (
    <>
      <p className="text-xs text-muted">
        Si sales a la app de tu banco, guardamos lo que escribiste aquí; el archivo del comprobante tendrás
        que adjuntarlo de nuevo.
      </p>
      <Controller
        control={form.control}
        name="file"
        render={({ field }) => (
          <ProofFileInput
            id="proof-file"
            file={field.value}
            onChange={field.onChange}
            disabled={busy}
            error={form.formState.errors.file?.message}
            onPreparingChange={onPreparingChange}
          />
        )}
      />
    </>
  );
}
