import { RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import { imageVariant } from "./image-file";
import { ImageUploadButton } from "./image-upload-button";
import type { RaffleFormApi } from "./raffle-form-values";

interface GeneralSectionProps {
  form: RaffleFormApi;
  prizeImage: string | null;
  uploading: boolean;
  onFile: (file: File | undefined) => void;
  onOpenGallery: () => void;
}

/** Name, description and the prize image (uploaded, or picked from the gallery) with its alt text. */
export function RaffleFormGeneralSection({
  form,
  prizeImage,
  uploading,
  onFile,
  onOpenGallery,
}: GeneralSectionProps) {
  const {
    register,
    setValue,
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

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-ink">{RAFFLE_FORM_LABELS.prizeImage}</legend>
        <div className="flex items-start gap-3">
          <div className="flex aspect-[4/3] w-28 shrink-0 items-center justify-center overflow-hidden rounded-control border border-line bg-brand-50 sm:w-40">
            {prizeImage ? (
              <img
                src={imageVariant(prizeImage, 320)}
                alt="Vista previa de la imagen del premio"
                className="size-full object-cover"
              />
            ) : (
              <span className="px-2 text-center text-xs text-muted">Sin imagen</span>
            )}
          </div>
          <div className="flex min-w-0 flex-col items-start gap-2 sm:flex-row sm:flex-wrap">
            <ImageUploadButton uploading={uploading} onFile={onFile}>
              Subir imagen
            </ImageUploadButton>
            <Button variant="outline" size="sm" onClick={onOpenGallery}>
              Elegir de la galería
            </Button>
            {prizeImage ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setValue("prizeImage", null, { shouldDirty: true })}
              >
                Quitar imagen
              </Button>
            ) : null}
          </div>
        </div>
        {errors.prizeImage?.message ? (
          <p className="text-sm font-medium text-danger-700">{errors.prizeImage.message}</p>
        ) : null}
      </fieldset>
      <Field
        id="raffle-imagealt"
        label={RAFFLE_FORM_LABELS.imageAlt}
        error={errors.imageAlt?.message}
        hint="Describe la imagen para quien no puede verla. Si lo dejas vacío se usa el nombre."
      >
        {(describedBy) => (
          <Input
            id="raffle-imagealt"
            autoComplete="off"
            aria-invalid={Boolean(errors.imageAlt)}
            aria-describedby={describedBy}
            {...register("imageAlt")}
          />
        )}
      </Field>
    </section>
  );
}
