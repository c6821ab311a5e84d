import { MAX_INSTANT_PRIZE_KINDS } from "@rifazo/shared/domain/instant-draw";
import { ADMIN_MESSAGES, RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { useFieldArray } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { MoneyInput } from "../../../components/ui/money-input";
import { NativeSelect } from "../../../components/ui/native-select";
import { RAFFLE_FORM_HEADING } from "./raffle-form-section";
import { emptyInstantPrize, type RaffleFormApi } from "./raffle-form-values";

// «Premios instantáneos» (docs/decisions/0035-prizes-on-the-record.md, "Instant wins nobody can aim"): the
// kinds the rules as sold offer, each decided per approved purchase by a drand round nobody knows yet.
// Fixed once the raffle has sales, as the server and the database hold them.

export const INSTANT_PRIZES_HELP =
  "Se deciden con la primera ronda de drand publicada al menos un minuto después de aprobar cada compra: nadie, ni Rifazo, puede saber de antemano qué boleto gana.";

const CASH_CURRENCY_OPTIONS = [
  { value: "USD", label: "Dólares (USD)" },
  { value: "VES", label: "Bolívares (VES)" },
] as const;

const HELP_ID = "raffle-form-instant-help";
const LOCKED_ID = "raffle-form-instant-locked";

interface ItemProps {
  form: RaffleFormApi;
  fieldId: string;
  index: number;
  locked: boolean;
  onRemove: () => void;
}

/** A locked field shows its saved value, read-only and disabled; otherwise it is registered as usual. */
function bind(
  form: RaffleFormApi,
  name: `instantPrizes.${number}.${"description" | "count" | "prizeValue"}`,
  locked: boolean,
) {
  return locked ? { disabled: true, readOnly: true, value: form.getValues(name) } : form.register(name);
}

/** «Premio en dinero»: the currency and the amount, both or neither (unchecking clears both). */
function CashFields({ form, fieldId, index, locked }: Omit<ItemProps, "onRemove">) {
  const currencyName = `instantPrizes.${index}.cashCurrency` as const;
  const currency = form.watch(currencyName);
  const errors = form.formState.errors.instantPrizes?.[index];
  const toggle = (checked: boolean) => {
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(currencyName, checked ? form.getValues("currency") : "", options);
    if (!checked) form.setValue(`instantPrizes.${index}.prizeValue`, "", options);
  };
  return (
    <>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={currency !== ""}
          disabled={locked}
          onChange={(event) => toggle(event.target.checked)}
        />
        Premio en dinero
      </label>
      {currency !== "" ? (
        <div className="grid grid-cols-2 gap-3">
          <FormField
            id={`instant-${fieldId}-cash-currency`}
            label="Moneda del premio *"
            error={errors?.cashCurrency?.message}
          >
            {(control) => (
              <NativeSelect
                options={CASH_CURRENCY_OPTIONS}
                disabled={locked}
                {...control}
                {...(locked ? { value: currency } : form.register(currencyName))}
              />
            )}
          </FormField>
          <FormField
            id={`instant-${fieldId}-value`}
            label="Monto del premio *"
            error={errors?.prizeValue?.message}
          >
            {(control) => (
              <MoneyInput {...control} {...bind(form, `instantPrizes.${index}.prizeValue`, locked)} />
            )}
          </FormField>
        </div>
      ) : null}
    </>
  );
}

/** One instant prize kind: its description, how many, an optional cash prize and its "Eliminar" button. */
function InstantItem({ form, fieldId, index, locked, onRemove }: ItemProps) {
  const errors = form.formState.errors.instantPrizes?.[index];
  return (
    <li className="rounded-control border border-line bg-canvas/60 p-3">
      <fieldset className="relative space-y-3" aria-describedby={locked ? LOCKED_ID : undefined}>
        <legend className="py-2 text-sm font-bold text-ink">Premio instantáneo {index + 1}</legend>
        {locked ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="absolute -top-0.5 right-0"
            onClick={onRemove}
            aria-label={`Eliminar premio instantáneo ${index + 1}`}
          >
            <span className="text-danger-700">Eliminar</span>
          </Button>
        )}
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          <FormField
            id={`instant-${fieldId}-description`}
            label="Descripción del premio instantáneo *"
            error={errors?.description?.message}
          >
            {(control) => (
              <Input
                autoComplete="off"
                {...control}
                {...bind(form, `instantPrizes.${index}.description`, locked)}
              />
            )}
          </FormField>
          <FormField id={`instant-${fieldId}-count`} label="Cantidad *" error={errors?.count?.message}>
            {(control) => (
              <MoneyInput decimals={0} {...control} {...bind(form, `instantPrizes.${index}.count`, locked)} />
            )}
          </FormField>
        </div>
        <CashFields form={form} fieldId={fieldId} index={index} locked={locked} />
      </fieldset>
    </li>
  );
}

/** The raffle's instant prizes: none by default, up to MAX_INSTANT_PRIZE_KINDS kinds. */
export function RaffleFormInstantSection({ form, locked }: { form: RaffleFormApi; locked: boolean }) {
  const prizes = useFieldArray({ control: form.control, name: "instantPrizes" });
  const listError = form.formState.errors.instantPrizes;
  const error = listError?.message ?? listError?.root?.message;
  const full = prizes.fields.length >= MAX_INSTANT_PRIZE_KINDS;
  return (
    <section className="space-y-3" aria-labelledby="raffle-form-instant" aria-describedby={HELP_ID}>
      <div className="flex items-center justify-between gap-2">
        <h3 id="raffle-form-instant" className={RAFFLE_FORM_HEADING}>
          {RAFFLE_FORM_LABELS.instantPrizes}
        </h3>
        {locked ? null : (
          <Button
            variant="secondary"
            size="sm"
            disabled={full}
            onClick={() => prizes.append(emptyInstantPrize(), { shouldFocus: true })}
          >
            Añadir premio instantáneo
          </Button>
        )}
      </div>
      <p id={HELP_ID} className="text-sm text-muted">
        {INSTANT_PRIZES_HELP}
      </p>
      {locked ? (
        <p id={LOCKED_ID} className="text-sm font-medium text-warning-700">
          {ADMIN_MESSAGES.instantPrizesLocked}
        </p>
      ) : null}
      {prizes.fields.length === 0 ? (
        <p className="text-sm text-muted">Esta rifa no tiene premios instantáneos.</p>
      ) : (
        <ol className="space-y-3">
          {prizes.fields.map((field, index) => (
            <InstantItem
              key={field.id}
              form={form}
              fieldId={field.id}
              index={index}
              locked={locked}
              onRemove={() => prizes.remove(index)}
            />
          ))}
        </ol>
      )}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
