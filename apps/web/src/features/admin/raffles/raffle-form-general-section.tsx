import { RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { Field } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { RaffleFormImages } from "./raffle-form-images";
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
    <section className="space-y-4" aria-labelledby="raffle-form-general">
      <h3 id="raffle-form-general" className="text-sm font-bold tracking-wide text-brand-800 uppercase">
        Datos generales
      </h3>
      <Field id="raffle-title" label={`${RAFFLE_FORM_LABELS.title} *`} error={errors.title?.message}>
        {(describedBy) => (
          <Input
            id="raffle-title"
            autoComplete="off"
            aria-invalid={Boolean(errors.title)}
            aria-describedby={describedBy}
            {...register("title")}
          />
        )}
      </Field>
      <Field
        id="raffle-description"
        label={RAFFLE_FORM_LABELS.description}
        error={errors.description?.message}
        hint="Si la dejas vacía se usa la descripción del primer premio."
      >
        {(describedBy) => (
          <textarea
            id="raffle-description"
            rows={3}
            className={cn(inputClasses, "h-auto py-2")}
            aria-invalid={Boolean(errors.description)}
            aria-describedby={describedBy}
            {...register("description")}
          />
        )}
      </Field>

      <RaffleFormImages form={form} uploading={uploading} onFile={onFile} onOpenGallery={onOpenGallery} />
    </section>
  );
}
