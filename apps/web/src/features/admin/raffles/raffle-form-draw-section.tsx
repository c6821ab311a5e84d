import { MAX_CLAIM_PERIOD_DAYS, MIN_CLAIM_PERIOD_DAYS } from "@rifazo/shared/domain/claim-period";
import { RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import type { ComponentProps } from "react";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { ChoiceFieldset } from "./choice-radio";
import { RaffleFormSection } from "./raffle-form-section";
import { lockableInput, type RaffleFormApi } from "./raffle-form-values";

const ACTIVATION_OPTIONS = [
  { value: "date", label: "Fecha" },
  { value: "percentage", label: "Porcentaje" },
] as const;

interface DrawSectionProps {
  form: RaffleFormApi;
  /** The raffle has sales: the activation rule is fixed and the end date can only move later. */
  locked: boolean;
}

/** The end date, or the share sold that starts the last 24 hours of sale. */
function ActivationField({
  form,
  locked,
  activationType,
}: DrawSectionProps & { activationType: "date" | "percentage" }) {
  const {
    register,
    formState: { errors },
  } = form;
  return activationType === "date" ? (
    <FormField
      id="raffle-end-date"
      label={`${RAFFLE_FORM_LABELS.endDate} *`}
      error={errors.endDate?.message}
      hint={locked ? "Hora de Venezuela. Con ventas, la fecha solo puede posponerse." : "Hora de Venezuela."}
    >
      {(control) => (
        <Input type="datetime-local" className="block sm:max-w-xs" {...control} {...register("endDate")} />
      )}
    </FormField>
  ) : (
    <FormField
      id="raffle-percentage"
      label={`${RAFFLE_FORM_LABELS.activationPercentage} *`}
      error={errors.activationPercentage?.message}
      hint="Al llegar a este porcentaje de boletos vendidos empiezan las últimas 24 horas de venta."
    >
      {(control) => (
        <Input
          type="number"
          inputMode="numeric"
          min="1"
          max="100"
          step="1"
          className="block sm:max-w-40"
          {...control}
          {...lockableInput(form, "activationPercentage", locked)}
        />
      )}
    </FormField>
  );
}

/** The optional sale start and teaser, the payment review window and the prize claim period. */
function ScheduleFields({ form, locked }: DrawSectionProps) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="raffle-start-date"
        label={`${RAFFLE_FORM_LABELS.startDate} (opcional)`}
        error={errors.startDate?.message}
        hint="Para rifas próximas: cuándo abre la venta (hora de Venezuela)."
      >
        {(control) => <Input type="datetime-local" {...control} {...register("startDate")} />}
      </FormField>
      <WholeNumberField
        id="raffle-teaser"
        label={RAFFLE_FORM_LABELS.daysUntilActivationTeaser}
        error={errors.daysUntilActivationTeaser?.message}
        hint="Días antes del inicio en que la rifa se anuncia como próxima."
        min="0"
        max="365"
        input={register("daysUntilActivationTeaser")}
      />
      <WholeNumberField
        id="raffle-review-window"
        label={RAFFLE_FORM_LABELS.reviewWindowHours}
        error={errors.reviewWindowHours?.message}
        hint="Tras el cierre de ventas, los pagos enviados antes se revisan durante estas horas; al terminar, los pendientes se rechazan y la lista se congela. Se muestra en la página de la rifa."
        min="1"
        max="720"
        input={lockableInput(form, "reviewWindowHours", locked)}
      />
      <WholeNumberField
        id="raffle-claim-period"
        label={RAFFLE_FORM_LABELS.claimPeriodDays}
        error={errors.claimPeriodDays?.message}
        hint="Días que tiene un ganador para reclamar su premio, desde que el acta lo nombra. Pasado el plazo puedes anular el premio no reclamado y se sortea otro boleto. Se publica en las reglas y queda fijo desde la primera venta."
        min={String(MIN_CLAIM_PERIOD_DAYS)}
        max={String(MAX_CLAIM_PERIOD_DAYS)}
        input={lockableInput(form, "claimPeriodDays", locked)}
      />
    </div>
  );
}

/** When the draw happens: by date or by share sold, plus the optional sale start and its teaser. */
export function RaffleFormDrawSection({ form, locked }: DrawSectionProps) {
  const { setValue, watch } = form;
  const activationType = watch("activationType");

  const switchActivation = (next: "date" | "percentage") => {
    setValue("activationType", next, { shouldDirty: true });
    // Spec 2 §4: switching clears the other field.
    if (next === "percentage") setValue("endDate", "");
    else setValue("activationPercentage", "");
    form.clearErrors(["endDate", "activationPercentage"]);
  };

  return (
    <RaffleFormSection id="raffle-form-draw" title="Sorteo">
      <ChoiceFieldset
        legend={RAFFLE_FORM_LABELS.activationType}
        name="activationType"
        options={ACTIVATION_OPTIONS}
        value={activationType}
        onSelect={switchActivation}
        disabled={locked}
        gridClassName="grid grid-cols-2 gap-2 sm:max-w-sm"
      />
      <ActivationField form={form} locked={locked} activationType={activationType} />
      <ScheduleFields form={form} locked={locked} />
    </RaffleFormSection>
  );
}

function WholeNumberField({
  id,
  label,
  error,
  hint,
  min,
  max,
  input,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint: string;
  min: string;
  max: string;
  input: ComponentProps<typeof Input>;
}) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <Input type="number" inputMode="numeric" min={min} max={max} step="1" {...control} {...input} />
      )}
    </FormField>
  );
}
