import { ADMIN_MESSAGES, RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { useFieldArray } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { MoneyInput } from "../../../components/ui/money-input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../components/ui/toast";
import { RAFFLE_FORM_HEADING } from "./raffle-form-section";
import type { RaffleFormApi } from "./raffle-form-values";
import { emptyPrizeLevel } from "./raffle-form-values";

interface LevelsSectionProps {
  form: RaffleFormApi;
  /** The raffle has sales: a cash prize (currency and amount) can no longer change. */
  locked: boolean;
  /** The message under the list (at least one level; the summary's word on the levels). */
  levelsError: string | undefined;
  onLevelsErrorChange: (message: string | undefined) => void;
}

const CASH_CURRENCY_OPTIONS = [
  { value: "USD", label: "Dólares (USD)" },
  { value: "VES", label: "Bolívares (VES)" },
] as const;

/**
 * «Premio en dinero» (docs/decisions/0035-prizes-on-the-record.md): the level's value becomes the amount
 * in the chosen currency, published with the rules, and a delivery must pay at least it (at the day's BCV
 * rate in the other currency). Fixed once the raffle has sales, as the database holds it.
 */
function CashChoice({
  form,
  fieldId,
  index,
  locked,
}: {
  form: RaffleFormApi;
  fieldId: string;
  index: number;
  locked: boolean;
}) {
  const name = `prizeLevels.${index}.cashCurrency` as const;
  const currency = form.watch(name);
  const error = form.formState.errors.prizeLevels?.[index]?.cashCurrency?.message;
  const toggle = (checked: boolean) =>
    form.setValue(name, checked ? form.getValues("currency") : "", {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  return (
    <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
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
        <FormField id={`level-${fieldId}-cash-currency`} label="Moneda del premio *" error={error}>
          {(control) => (
            <NativeSelect
              options={CASH_CURRENCY_OPTIONS}
              disabled={locked}
              {...control}
              {...(locked ? { value: currency } : form.register(name))}
            />
          )}
        </FormField>
      ) : null}
    </div>
  );
}

/** One prize level: its description, number of winners, value or cash amount, and its "Eliminar" button. */
function LevelItem({
  form,
  fieldId,
  index,
  locked,
  onRemove,
}: {
  form: RaffleFormApi;
  fieldId: string;
  index: number;
  locked: boolean;
  onRemove: () => void;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const levelError = (field: "description" | "winnerCount" | "prizeValue") =>
    errors.prizeLevels?.[index]?.[field]?.message;
  const cash = form.watch(`prizeLevels.${index}.cashCurrency`) !== "";
  return (
    <li className="rounded-control border border-line bg-canvas/60 p-3">
      <fieldset className="relative space-y-3">
        <legend className="py-2 text-sm font-bold text-ink">Nivel {index + 1}</legend>
        <Button
          variant="ghost"
          size="sm"
          className="absolute -top-0.5 right-0"
          onClick={onRemove}
          aria-label={`Eliminar nivel ${index + 1}`}
        >
          <span className="text-danger-700">Eliminar</span>
        </Button>
        <FormField
          id={`level-${fieldId}-description`}
          label="Descripción del premio *"
          error={levelError("description")}
        >
          {(control) => (
            <Input autoComplete="off" {...control} {...register(`prizeLevels.${index}.description`)} />
          )}
        </FormField>
        <CashChoice form={form} fieldId={fieldId} index={index} locked={locked} />
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`level-${fieldId}-count`} label="Ganadores *" error={levelError("winnerCount")}>
            {(control) => (
              <MoneyInput decimals={0} {...control} {...register(`prizeLevels.${index}.winnerCount`)} />
            )}
          </FormField>
          <FormField
            id={`level-${fieldId}-value`}
            label={cash ? "Monto del premio *" : "Valor (opcional)"}
            error={levelError("prizeValue")}
          >
            {(control) => (
              <MoneyInput
                {...control}
                {...(cash && locked
                  ? { disabled: true, value: form.getValues(`prizeLevels.${index}.prizeValue`) }
                  : register(`prizeLevels.${index}.prizeValue`))}
              />
            )}
          </FormField>
        </div>
      </fieldset>
    </li>
  );
}

/** The prize levels: one or more, each with its description, number of winners and value or cash amount. */
export function RaffleFormLevelsSection({
  form,
  locked,
  levelsError,
  onLevelsErrorChange: setLevelsError,
}: LevelsSectionProps) {
  const { control } = form;
  const levels = useFieldArray({ control, name: "prizeLevels" });

  const removeLevel = (index: number) => {
    if (levels.fields.length <= 1) {
      toast({ title: "Niveles de Premio", description: ADMIN_MESSAGES.atLeastOneLevel, variant: "error" });
      setLevelsError(ADMIN_MESSAGES.atLeastOneLevel);
      return;
    }
    levels.remove(index);
  };

  return (
    <section className="space-y-3" aria-labelledby="raffle-form-levels">
      <div className="flex items-center justify-between gap-2">
        <h3 id="raffle-form-levels" className={RAFFLE_FORM_HEADING}>
          {RAFFLE_FORM_LABELS.prizeLevels} *
        </h3>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setLevelsError(undefined);
            levels.append(emptyPrizeLevel(), { shouldFocus: true });
          }}
        >
          Añadir nivel
        </Button>
      </div>
      <ol className="space-y-3">
        {levels.fields.map((field, index) => (
          <LevelItem
            key={field.id}
            form={form}
            fieldId={field.id}
            index={index}
            locked={locked}
            onRemove={() => removeLevel(index)}
          />
        ))}
      </ol>
      {levelsError ? (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {levelsError}
        </p>
      ) : null}
    </section>
  );
}
