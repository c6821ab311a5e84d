import { countText } from "@rifazo/shared/domain/plural";
import { MAX_PRIZE_IMAGES } from "@rifazo/shared/domain/prize-images";
import { RAFFLE_FORM_LABELS } from "@rifazo/shared/schemas/admin";
import { useFieldArray } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { imageVariant } from "./image-file";
import { ImageUploadButton } from "./image-upload-button";
import type { RaffleFormApi } from "./raffle-form-values";

/** "Subir" and "Bajar": one place towards the cover, or away from it. */
const MOVES = [
  { verb: "Subir", step: -1 },
  { verb: "Bajar", step: 1 },
] as const;

interface ImagesProps {
  form: RaffleFormApi;
  uploading: boolean;
  onFile: (file: File | undefined) => void;
  onOpenGallery: () => void;
}

/** One image: its preview, alt text (with "Portada" on the first) and the buttons that reorder or remove it. */
function ImageRow({
  form,
  url,
  index,
  count,
  move,
  remove,
}: {
  form: RaffleFormApi;
  url: string;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const number = index + 1;
  const itemErrors = errors.images?.[index];
  const altId = `raffle-image-alt-${index}`;
  const errorId = `${altId}-error`;
  const message = itemErrors?.url?.message ?? itemErrors?.alt?.message;
  return (
    <li className="flex flex-col gap-2 rounded-control border border-line p-2 sm:flex-row sm:items-start">
      <div className="flex aspect-[4/3] w-28 shrink-0 items-center justify-center overflow-hidden rounded-control bg-brand-50">
        <img src={imageVariant(url, 320)} alt="" className="size-full object-cover" />
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <label htmlFor={altId} className="block text-sm font-semibold text-ink">
          {`Texto alternativo de la imagen ${number}`}
          {index === 0 ? <span className="ml-2 text-xs font-bold text-brand-800">Portada</span> : null}
        </label>
        <Input
          id={altId}
          autoComplete="off"
          aria-invalid={Boolean(message)}
          aria-describedby={message ? errorId : undefined}
          {...register(`images.${index}.alt`)}
        />
        {message ? (
          <p id={errorId} className="text-sm font-medium text-danger-700">
            {message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {MOVES.map(({ verb, step }) => (
            <Button
              key={verb}
              variant="outline"
              size="sm"
              aria-label={`${verb} la imagen ${number}`}
              disabled={index + step < 0 || index + step >= count}
              onClick={() => move(index, index + step)}
            >
              {verb}
            </Button>
          ))}
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Quitar la imagen ${number}`}
            onClick={() => remove(index)}
          >
            Quitar
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * The prize images in order (up to MAX_PRIZE_IMAGES): the first is the cover that cards and share previews
 * show. Each row has its alt text and named buttons to move it up or down or remove it, so the order is
 * set with the keyboard as well as the mouse.
 */
export function RaffleFormImages({ form, uploading, onFile, onOpenGallery }: ImagesProps) {
  const {
    control,
    formState: { errors },
  } = form;
  const { fields, move, remove } = useFieldArray({ control, name: "images" });
  const full = fields.length >= MAX_PRIZE_IMAGES;
  const listError = errors.images?.message ?? errors.images?.root?.message;
  return (
    <fieldset className="space-y-3" aria-describedby="raffle-images-hint">
      <legend className="text-sm font-semibold text-ink">{RAFFLE_FORM_LABELS.images}</legend>
      <p id="raffle-images-hint" className="text-xs text-muted">
        Hasta {countText(MAX_PRIZE_IMAGES, "imagen", "imágenes")}. La primera es la portada: la que se ve en
        las tarjetas y al compartir. Describe cada una para quien no puede verla; si lo dejas vacío se usa el
        nombre de la rifa.
      </p>
      {fields.length === 0 ? (
        <p className="rounded-control border border-dashed border-line px-3 py-4 text-center text-sm text-muted">
          Sin imágenes
        </p>
      ) : (
        <ol className="space-y-3">
          {fields.map((field, index) => (
            <ImageRow
              key={field.id}
              form={form}
              url={field.url}
              index={index}
              count={fields.length}
              move={move}
              remove={remove}
            />
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <ImageUploadButton uploading={uploading} onFile={onFile} disabled={full}>
          Subir imagen
        </ImageUploadButton>
        <Button variant="outline" size="sm" onClick={onOpenGallery} disabled={full}>
          Elegir de la galería
        </Button>
        {full ? (
          <span className="text-xs text-muted">
            Ya tienes {countText(MAX_PRIZE_IMAGES, "imagen", "imágenes")}.
          </span>
        ) : null}
      </div>
      {listError ? <p className="text-sm font-medium text-danger-700">{listError}</p> : null}
    </fieldset>
  );
}
