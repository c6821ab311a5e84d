import { countText } from "@rifazo/shared/domain/plural";
import type { RefObject } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";

export interface ImportFormProps {
  ids: string;
  bankName: string;
  setBankName: (name: string) => void;
  bankNameError: string | undefined;
  bankNameRef: RefObject<HTMLInputElement | null>;
  /** Rows the preview could not read: importing without them needs the box ticked. */
  problems: number;
  skipUnreadable: boolean;
  skipError: boolean;
  skipRef: RefObject<HTMLInputElement | null>;
  onSkipChange: (checked: boolean) => void;
  importing: { isError: boolean; error: unknown; isPending: boolean };
  /** A complete mapping whose preview is the current one. */
  canImport: boolean;
  onCancel: () => void;
  onSubmit: () => void;
}

/** The import: the bank's name the columns are remembered by, the consent to skip unreadable rows. */
export function ImportForm({
  ids,
  bankName,
  setBankName,
  bankNameError,
  bankNameRef,
  problems,
  skipUnreadable,
  skipError,
  skipRef,
  onSkipChange,
  importing,
  canImport,
  onCancel,
  onSubmit,
}: ImportFormProps) {
  return (
    <form
      noValidate
      className="space-y-4 border-t border-line pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <div className="sm:max-w-sm">
        <FormField
          id={`${ids}-bank-name`}
          label="Nombre del banco"
          error={bankNameError}
          hint="Las columnas se recuerdan con este nombre para el próximo extracto."
        >
          {(control) => (
            <Input
              ref={bankNameRef}
              value={bankName}
              maxLength={80}
              autoComplete="off"
              {...control}
              onChange={(event) => setBankName(event.target.value)}
            />
          )}
        </FormField>
      </div>
      {problems > 0 ? (
        <SkipUnreadable
          ids={ids}
          problems={problems}
          checked={skipUnreadable}
          error={skipError}
          skipRef={skipRef}
          onChange={onSkipChange}
        />
      ) : null}
      {importing.isError ? (
        <Alert variant="danger" title="No se importó nada">
          {errorMessage(importing.error)}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="outline" onClick={onCancel} disabled={importing.isPending}>
          Subir otro archivo
        </Button>
        <Button type="submit" loading={importing.isPending} loadingText="Importando..." disabled={!canImport}>
          Importar movimientos
        </Button>
      </div>
    </form>
  );
}

function SkipUnreadable({
  ids,
  problems,
  checked,
  error,
  skipRef,
  onChange,
}: {
  ids: string;
  problems: number;
  checked: boolean;
  error: boolean;
  skipRef: RefObject<HTMLInputElement | null>;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-2 text-sm font-semibold text-ink">
        <input
          ref={skipRef}
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-700"
          checked={checked}
          required
          aria-invalid={error}
          aria-describedby={error ? `${ids}-skip-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        {problems === 1
          ? "Importar sin la fila ilegible"
          : `Importar sin las ${countText(problems, "fila", "filas")} ilegibles`}
      </label>
      {error ? (
        <p id={`${ids}-skip-error`} className="text-sm font-medium text-danger-700">
          Revisa las filas ilegibles de arriba y marca la casilla para importar el resto, o corrige las
          columnas.
        </p>
      ) : null}
    </div>
  );
}
