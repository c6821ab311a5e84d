import { useEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { UploadIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { useFileDrop } from "../../../lib/use-file-drop";
import { formatBytes } from "../file-size";
import { type Preparation, usePreparedProof } from "../hooks/use-prepared-proof";
import { PROOF_ACCEPT, validateProofFile } from "../proof-form";

interface ProofFileInputProps {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** An error from the form (e.g. the server refused the file). */
  error?: string;
  /** Told while the browser is making the chosen image lighter, and when it is done. */
  onPreparingChange?: (preparing: boolean) => void;
}

function PreparationNote({ preparation }: { preparation: Preparation }) {
  if (!preparation) return null;
  return (
    <p role="status" className="text-xs text-muted">
      {preparation.state === "preparing"
        ? "Preparando la imagen para que suba más rápido…"
        : `Imagen reducida para que suba más rápido: ${formatBytes(preparation.from)} → ${formatBytes(preparation.to)}. La vista previa es lo que se envía.`}
    </p>
  );
}

/** The chosen file: a thumbnail of an image (or its kind), its name and size, and a way to remove it. */
function ChosenFile({
  file,
  onClear,
  disabled,
}: {
  file: File;
  onClear: () => void;
  disabled?: boolean | undefined;
}) {
  const [preview, setPreview] = useState<string>();
  const [previewFailed, setPreviewFailed] = useState(false);

  useEffect(() => {
    if (!file.type.startsWith("image/")) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    setPreviewFailed(false);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <div className="flex items-center gap-3 rounded-control border border-line bg-surface p-3">
      {preview && !previewFailed ? (
        <img
          src={preview}
          alt=""
          className="size-16 shrink-0 rounded-md border border-line object-cover"
          onError={() => setPreviewFailed(true)}
        />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-md bg-brand-50 text-sm font-black text-brand-700">
          {/\.pdf$/i.test(file.name) ? "PDF" : "IMG"}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-ink">{file.name}</p>
        <p className="text-xs text-muted">{formatBytes(file.size)}</p>
      </div>
      <Button variant="ghost" size="sm" onClick={onClear} disabled={disabled}>
        Quitar
      </Button>
    </div>
  );
}

/** The empty box: tap to choose, or drop a file on it. */
function DropZone({
  id,
  invalid,
  onDrop,
}: {
  id: string;
  invalid: boolean;
  onDrop: (file: File | undefined) => void;
}) {
  const { dragging, handlers } = useFileDrop(onDrop);
  return (
    <label
      htmlFor={id}
      {...handlers}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-control border-2 border-dashed px-4 py-8 text-center transition-colors",
        "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
        dragging ? "border-brand-500 bg-brand-50" : "border-brand-200 bg-canvas hover:border-brand-400",
        invalid && "border-danger-600",
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
        <UploadIcon />
      </span>
      <span className="font-semibold text-brand-800">Toca para elegir un archivo</span>
      <span className="hidden text-sm text-muted sm:block">o arrástralo hasta aquí</span>
    </label>
  );
}

/**
 * The proof file: tap to choose or drop it on the box. Size and type are checked at once (the type by
 * the file's first bytes), so a wrong file is refused before anything is sent.
 */
export function ProofFileInput({
  id,
  file,
  onChange,
  disabled,
  error,
  onPreparingChange,
}: ProofFileInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string>();
  const { preparation, set } = usePreparedProof(onChange, disabled);
  const preparing = preparation?.state === "preparing";
  useEffect(() => {
    onPreparingChange?.(preparing);
  }, [preparing, onPreparingChange]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = await validateProofFile(chosen);
    if (problem) {
      setLocalError(problem);
      set(null);
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setLocalError(undefined);
    set(chosen);
  };

  const clear = () => {
    set(null);
    setLocalError(undefined);
    if (inputRef.current) inputRef.current.value = "";
    inputRef.current?.focus();
  };

  const shownError = localError ?? error;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Comprobante de pago
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={PROOF_ACCEPT}
        className="peer sr-only"
        disabled={disabled}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={[hintId, shownError ? errorId : ""].filter(Boolean).join(" ")}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {file ? (
        <ChosenFile file={file} onClear={clear} disabled={disabled} />
      ) : (
        <DropZone
          id={id}
          invalid={Boolean(shownError)}
          onDrop={(dropped) => {
            if (!disabled) void choose(dropped);
          }}
        />
      )}
      {file ? <PreparationNote preparation={preparation} /> : null}
      <p id={hintId} className="text-xs text-muted">
        Imagen JPG o PNG, o un PDF. Máximo 5 MB.
      </p>
      {shownError ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger-700">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
