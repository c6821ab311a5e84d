import { EXTERNAL_PLATFORMS } from "@rifazo/shared/constants";
import { RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { Controller } from "react-hook-form";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { cn } from "../../../lib/cn";
import { ChoiceFieldset } from "./choice-radio";
import { RaffleFormSection } from "./raffle-form-section";
import type { RaffleFormApi } from "./raffle-form-values";

const PLATFORM_OPTIONS = EXTERNAL_PLATFORMS.map((platform) => ({ value: platform, label: platform }));
const ANNOUNCEMENT_OPTIONS = [
  { value: "internal", label: "Interno" },
  { value: "external", label: "Externo" },
] as const;
const LOTTERY_DECIDED_OPTIONS = [
  { value: "lottery", label: "Con una lotería oficial" },
  { value: "announced", label: "Solo anuncio en vivo" },
] as const;

/** Whether an official lottery decides the external raffle, or only a live announcement. */
function LotteryDecidedChoice({ form }: { form: RaffleFormApi }) {
  const {
    setValue,
    watch,
    formState: { errors },
  } = form;
  const lotteryDecided = watch("lotteryDecided");
  return (
    <>
      <ChoiceFieldset
        legend={RAFFLE_FORM_LABELS.lotteryDecided}
        name="lotteryDecided"
        options={LOTTERY_DECIDED_OPTIONS}
        value={lotteryDecided ? "lottery" : "announced"}
        onSelect={(value) => setValue("lotteryDecided", value === "lottery", { shouldDirty: true })}
        gridClassName="grid gap-2 sm:grid-cols-2"
      >
        {errors.lotteryDecided?.message ? (
          <p className="text-sm font-medium text-danger-700">{errors.lotteryDecided.message}</p>
        ) : null}
      </ChoiceFieldset>
      <p className="text-sm text-muted">
        {lotteryDecided
          ? "La lotería que decide la rifa, la hora de su sorteo y la regla que convierte su resultado en un boleto se fijan en el detalle de la rifa antes de ponerla a la venta: créala como Próximamente y abre las ventas cuando estén fijadas."
          : "Sin lotería, los ganadores son los que anuncies en vivo: la rifa se muestra como «Anunciado por el organizador», sin acta verificable."}
      </p>
    </>
  );
}

/** The external platform that announces the winners, its details and link. */
function ExternalPlatformFields({ form }: { form: RaffleFormApi }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  return (
    <>
      <FormField
        id="raffle-platform"
        label={`${RAFFLE_FORM_LABELS.externalAnnouncementPlatform} *`}
        error={errors.externalAnnouncementPlatform?.message}
      >
        {(fieldProps) => (
          <Controller
            control={control}
            name="externalAnnouncementPlatform"
            render={({ field }) => (
              <Select
                options={PLATFORM_OPTIONS}
                placeholder="Selecciona la plataforma"
                value={field.value}
                onValueChange={(value) => field.onChange(value)}
                {...fieldProps}
              />
            )}
          />
        )}
      </FormField>
      <FormField
        id="raffle-details"
        label={RAFFLE_FORM_LABELS.externalAnnouncementDetails}
        error={errors.externalAnnouncementDetails?.message}
      >
        {(fieldProps) => (
          <textarea
            rows={2}
            className={cn(inputClasses, "h-auto py-2")}
            {...fieldProps}
            {...register("externalAnnouncementDetails")}
          />
        )}
      </FormField>
      <FormField
        id="raffle-url"
        label={`${RAFFLE_FORM_LABELS.externalAnnouncementUrl} (opcional)`}
        error={errors.externalAnnouncementUrl?.message}
      >
        {(fieldProps) => (
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            {...fieldProps}
            {...register("externalAnnouncementUrl")}
          />
        )}
      </FormField>
    </>
  );
}

/** How the winners are announced: here, or on an external platform (which one, details, link). */
export function RaffleFormAnnouncementSection({ form }: { form: RaffleFormApi }) {
  const { setValue, watch } = form;
  const announcementType = watch("announcementType");
  return (
    <RaffleFormSection id="raffle-form-announcement" title="Anuncio de ganadores">
      <ChoiceFieldset
        legend={RAFFLE_FORM_LABELS.announcementType}
        name="announcementType"
        options={ANNOUNCEMENT_OPTIONS}
        value={announcementType}
        onSelect={(value) => setValue("announcementType", value, { shouldDirty: true })}
        gridClassName="grid grid-cols-2 gap-2 sm:max-w-sm"
      />
      {announcementType === "external" ? (
        <div className="space-y-4 rounded-control border border-line bg-canvas/60 p-3">
          <LotteryDecidedChoice form={form} />
          <ExternalPlatformFields form={form} />
        </div>
      ) : null}
    </RaffleFormSection>
  );
}
