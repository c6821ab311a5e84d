import { ADMIN_MESSAGES, RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { useFieldArray } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { MoneyInput } from "../../../components/ui/money-input";
import { toast } from "../../../components/ui/toast";
import { RAFFLE_FORM_HEADING } from "./raffle-form-section";
import type { RaffleFormApi } from "./raffle-form-values";
import { emptyPrizeLevel } from "./raffle-form-values";

interface LevelsSectionProps {
  form: RaffleFormApi;
  /** The message under the list (at least one level; the summary's word on the levels). */
  levelsError: string | undefined;
  onLevelsErrorChange: (message: string | undefined) => void;
}

/** One prize level: its description, number of winners and optional value, and its "Eliminar" button. */
function LevelItem({
  form,
  fieldId,
  index,
  onRemove,
}: {
  form: RaffleFormApi;
  fieldId: string;
  index: number;
  onRemove: () => void;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const levelError = (field: "description" | "winnerCount" | "prizeValue") =>
    errors.prizeLevels?.[index]?.[field]?.message;
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
        <div className="grid grid-cols-2 gap-3">
          <FormField id={`level-${fieldId}-count`} label="Ganadores *" error={levelError("winnerCount")}>
            {(control) => (
              <MoneyInput decimals={0} {...control} {...register(`prizeLevels.${index}.winnerCount`)} />
            )}
          </FormField>
          <FormField id={`level-${fieldId}-value`} label="Valor (opcional)" error={levelError("prizeValue")}>
            {(control) => <MoneyInput {...control} {...register(`prizeLevels.${index}.prizeValue`)} />}
          </FormField>
        </div>
      </fieldset>
    </li>
  );
}

/** The prize levels: one or more, each with its description, number of winners and optional value. */
export function RaffleFormLevelsSection({
  form,
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
