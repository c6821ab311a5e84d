import {
  DEFAULT_RAFFLE_PAYMENT_METHODS,
  MAX_RESERVATION_MINUTES,
  MIN_RESERVATION_MINUTES,
  NUMBER_MODES,
  PAYMENT_METHOD_LABELS,
} from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { MAX_COMBOS } from "@rifazo/shared/domain/pricing";
import { type UseFieldArrayReturn, useFieldArray } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { MoneyInput } from "../../../components/ui/money-input";
import { ChoiceFieldset } from "./choice-radio";
import { NUMBER_MODE_LABELS } from "./raffle-form-purchase";
import { RaffleFormSection } from "./raffle-form-section";
import { lockableInput, type RaffleFormApi, type RaffleFormValues } from "./raffle-form-values";

/** The methods the payment page knows how to show (their data lives in the payment-accounts settings). */
export const KNOWN_METHOD_LABELS = [
  PAYMENT_METHOD_LABELS.pago_movil,
  PAYMENT_METHOD_LABELS.transferencia,
  PAYMENT_METHOD_LABELS.zelle,
  PAYMENT_METHOD_LABELS.binance,
] as const;

const NUMBER_MODE_OPTIONS = NUMBER_MODES.map((mode) => ({ value: mode, label: NUMBER_MODE_LABELS[mode] }));

const splitLabels = (text: string) =>
  text
    .split(",")
    .map((label) => label.trim())
    .filter(Boolean);

interface PurchaseSectionProps {
  form: RaffleFormApi;
  /** The raffle has sales or reservations: number mode, combos and the abonos' minimum are fixed. */
  locked: boolean;
}

/** Whether buyers choose their numbers on the grid or get them at random (fixed once the raffle sells). */
function NumberModeFieldset({ form, locked }: PurchaseSectionProps) {
  const { watch, setValue } = form;
  const numberMode = watch("numberMode");
  return (
    <ChoiceFieldset
      legend="Números de los boletos"
      name="numberMode"
      options={NUMBER_MODE_OPTIONS}
      value={numberMode}
      onSelect={(mode) => setValue("numberMode", mode, { shouldDirty: true })}
      disabled={locked}
      gridClassName="grid gap-2 sm:grid-cols-2"
    >
      <p className="text-xs text-muted">
        {numberMode === "chosen"
          ? "La página de la rifa muestra la cuadrícula de números y cada comprador aparta los suyos."
          : "El comprador indica la cantidad; los números se asignan al azar cuando apruebas su pago."}
      </p>
    </ChoiceFieldset>
  );
}

/** One combo: its tickets, its price and "Quitar". */
function ComboRow({ form, index, onRemove }: { form: RaffleFormApi; index: number; onRemove: () => void }) {
  const {
    register,
    formState: { errors },
  } = form;
  const rowErrors = errors.combos?.[index];
  return (
    <div className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
      <FormField
        id={`raffle-combo-${index}-quantity`}
        label={`Boletos del combo ${index + 1}`}
        error={rowErrors?.quantity?.message}
      >
        {(control) => (
          <Input
            type="number"
            inputMode="numeric"
            min="2"
            step="1"
            {...control}
            {...register(`combos.${index}.quantity`)}
          />
        )}
      </FormField>
      <FormField
        id={`raffle-combo-${index}-price`}
        label={`Precio del combo ${index + 1}`}
        error={rowErrors?.price?.message}
      >
        {(control) => (
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder="4,00"
            {...control}
            {...register(`combos.${index}.price`)}
          />
        )}
      </FormField>
      <Button variant="ghost" className="mt-7" aria-label={`Quitar combo ${index + 1}`} onClick={onRemove}>
        Quitar
      </Button>
    </div>
  );
}

/** The combos: a summary once fixed by a sale or reservation, otherwise the editable rows. */
function CombosField({
  form,
  locked,
  combos,
}: PurchaseSectionProps & { combos: UseFieldArrayReturn<RaffleFormValues, "combos"> }) {
  return locked ? (
    <div className="space-y-1">
      <p className="text-sm font-semibold text-ink">Combos</p>
      <p className="text-sm text-ink">
        {combos.fields.length
          ? combos.fields
              .map((row) => `${countText(Number(row.quantity), "boleto", "boletos")} por ${row.price}`)
              .join(" · ")
          : "Sin combos"}
      </p>
      <p className="text-xs text-muted">No se cambian después de la primera venta o reserva.</p>
    </div>
  ) : (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-ink">Combos</legend>
      <p className="text-xs text-muted">
        Paquetes como "5 boletos por 4,00", hasta {MAX_COMBOS}. Cada combo debe costar menos que sus boletos
        al precio normal. El comprador paga con el combo o con el descuento de su nivel del club, el que más
        le convenga; no se suman.
      </p>
      {combos.fields.map((row, index) => (
        <ComboRow key={row.id} form={form} index={index} onRemove={() => combos.remove(index)} />
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={combos.fields.length >= MAX_COMBOS}
        onClick={() => combos.append({ quantity: "", price: "" })}
      >
        Añadir combo
      </Button>
    </fieldset>
  );
}

/**
 * «Abono mínimo (opcional)» (decision 0034): the least first payment that aparta a purchase of any
 * quantity, the rest paid before the close; blank sells whole only. Fixed like the combos.
 */
function InstallmentMinimumField({ form, locked }: PurchaseSectionProps) {
  const {
    watch,
    formState: { errors },
  } = form;
  const currency = watch("currency");
  return (
    <FormField
      id="raffle-installment-minimum"
      label={`Abono mínimo (opcional, en ${currency})`}
      error={errors.installmentMinimum?.message}
      hint={
        locked
          ? "No se cambia después de la primera venta o reserva."
          : "Permite apartar números con un primer pago de al menos este monto y pagar el resto antes del cierre; si no se completa a tiempo, los números se liberan y se devuelve lo abonado. Mayor que 0 y menor que el precio del boleto. Vacío: solo se paga completa."
      }
      className="sm:max-w-xs"
    >
      {(control) => (
        <MoneyInput
          placeholder="Ej.: 3,00"
          {...control}
          {...lockableInput(form, "installmentMinimum", locked)}
        />
      )}
    </FormField>
  );
}

/** The accepted payment methods, in the known order, keeping any earlier label that is not a known one. */
function PaymentMethodsFieldset({ form }: { form: RaffleFormApi }) {
  const {
    watch,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  const methods = splitLabels(watch("paymentMethods"));
  // Labels stored earlier that are not one of the known methods stay listed, so saving keeps them.
  const methodOptions = [
    ...KNOWN_METHOD_LABELS,
    ...methods.filter((m) => !KNOWN_METHOD_LABELS.some((k) => k === m)),
  ];

  const toggleMethod = (label: string, checked: boolean) => {
    const next = checked ? [...methods, label] : methods.filter((m) => m !== label);
    const ordered = methodOptions.filter((option) => next.includes(option));
    setValue("paymentMethods", ordered.join(", "), { shouldDirty: true, shouldValidate: isSubmitted });
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-ink">Métodos de pago aceptados</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {methodOptions.map((label) => (
          <label key={label} className="flex min-h-11 items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={methods.includes(label)}
              onChange={(event) => toggleMethod(label, event.target.checked)}
            />
            {label}
          </label>
        ))}
      </div>
      <p className="text-xs text-muted">
        Los datos de cada método se configuran en Ajustes. Si no marcas ninguno:{" "}
        {DEFAULT_RAFFLE_PAYMENT_METHODS.join(", ")}.
      </p>
      {errors.paymentMethods?.message ? (
        <p className="text-sm font-medium text-danger-700">{errors.paymentMethods.message}</p>
      ) : null}
    </fieldset>
  );
}

/** How buyers buy: number mode, reservation time, combos, abonos and the accepted payment methods. */
export function RaffleFormPurchaseSection({ form, locked }: PurchaseSectionProps) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const combos = useFieldArray({ control, name: "combos" });

  return (
    <RaffleFormSection id="raffle-form-purchase" title="Compra">
      <NumberModeFieldset form={form} locked={locked} />

      <FormField
        id="raffle-reservation-minutes"
        label="Minutos de reserva"
        error={errors.reservationMinutes?.message}
        hint={`Tiempo para pagar y subir el comprobante antes de liberar los boletos (${MIN_RESERVATION_MINUTES} a ${MAX_RESERVATION_MINUTES}).`}
        className="sm:max-w-xs"
      >
        {(control) => (
          <Input
            type="number"
            inputMode="numeric"
            min={MIN_RESERVATION_MINUTES}
            max={MAX_RESERVATION_MINUTES}
            step="1"
            {...control}
            {...register("reservationMinutes")}
          />
        )}
      </FormField>

      <CombosField form={form} locked={locked} combos={combos} />

      <InstallmentMinimumField form={form} locked={locked} />

      <PaymentMethodsFieldset form={form} />
    </RaffleFormSection>
  );
}
