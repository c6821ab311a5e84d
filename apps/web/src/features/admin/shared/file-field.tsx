import { FormField } from "../../../components/ui/field";

interface FileFieldProps {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  /** The MIME types the picker offers. */
  accept: string;
  /** Classes of the file input. */
  className: string;
  /** The chosen file, or null when the choice is cleared. */
  onFile: (file: File | null) => void;
}

/** A labelled file picker of an admin form, with its hint and error. */
export function FileField({ id, label, hint, error, accept, className, onFile }: FileFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(control) => (
        <input
          type="file"
          accept={accept}
          {...control}
          className={className}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      )}
    </FormField>
  );
}
