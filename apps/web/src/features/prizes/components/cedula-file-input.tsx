import { useRef, useState } from "react";
import { FormField } from "../../../components/ui/field";
import { cn } from "../../../lib/cn";
import { PROOF_ACCEPT, validateProofFile } from "../../proofs";
import { WHAT_TO_SEND } from "../prize-text";

interface CedulaFileInputProps {
  id: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The form's message (none chosen, or the server refused the file). */
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * The photo of the cédula (docs/decisions/0035-prizes-on-the-record.md): the same types and size as a
 * payment proof, checked by the file's first bytes when it is chosen, so a wrong file is never sent.
 */
export function CedulaFileInput({ id, file, onChange, error, disabled }: CedulaFileInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string>();

  const choose = async (chosen: File | undefined) => {
    if (!chosen) {
      setLocalError(undefined);
      onChange(null);
      return;
    }
    const problem = await validateProofFile(chosen);
    if (problem) {
      setLocalError(problem);
      onChange(null);
      if (inputRef.current) inputRef.current.value = "";
      return;
    }
    setLocalError(undefined);
    onChange(chosen);
  };

  return (
    <FormField
      id={id}
      label={WHAT_TO_SEND.cedula}
      error={localError ?? error}
      hint="Imagen JPG o PNG, o un PDF de hasta 5 MB. Solo la ve el organizador: nunca se publica."
    >
      {(control) => (
        <div className="space-y-1.5">
          <input
            ref={inputRef}
            type="file"
            accept={PROOF_ACCEPT}
            disabled={disabled}
            {...control}
            className={cn(
              "block w-full rounded-control border border-dashed border-brand-200 bg-canvas p-3 text-sm text-ink",
              "file:mr-3 file:rounded-control file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-800",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              "aria-invalid:border-danger-600",
            )}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          {file ? (
            <p className="text-xs text-muted">
              Elegiste <span className="font-semibold text-ink">{file.name}</span>
            </p>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
