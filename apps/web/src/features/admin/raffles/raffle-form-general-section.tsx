import { RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { RaffleFormImages } from "./raffle-form-images";
import { RaffleFormSection } from "./raffle-form-section";
import type { RaffleFormApi } from "./raffle-form-values";

interface GeneralSectionProps {
  form: RaffleFormApi;
  uploading: boolean;
  onFile: (file: File | undefined) => void;
  onOpenGallery: () => void;
}

/** Name, description and the prize images (uploaded, or picked from the gallery), each with its alt text. */
export function RaffleFormGeneralSection({ form, uploading, onFile, onOpenGallery }: GeneralSectionProps) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <RaffleFormSection id="raffle-form-general" title="Datos generales">
      <FormField id="raffle-title" label={`${RAFFLE_FORM_LABELS.title} *`} error={errors.title?.message}>
        {(control) => <Input autoComplete="off" {...control} {...register("title")} />}
      </FormField>
      <FormField
        id="raffle-description"
        label={RAFFLE_FORM_LABELS.description}
        error={errors.description?.message}
        hint="Si la dejas vacía se usa la descripción del primer premio."
      >
        {(control) => (
          <textarea
            rows={3}
            className={cn(inputClasses, "h-auto py-2")}
            {...control}
            {...register("description")}
          />
        )}
      </FormField>

      <RaffleFormImages form={form} uploading={uploading} onFile={onFile} onOpenGallery={onOpenGallery} />
    </RaffleFormSection>
  );
}
