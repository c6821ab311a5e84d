import { useMutation, useQuery } from "@tanstack/react-query";
import { type RefObject, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { UploadIcon } from "../../../components/ui/icons";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useFileDrop } from "../../../lib/use-file-drop";
import {
  fetchBankMappings,
  reconciliationKeys,
  type StatementUploadResult,
  uploadStatement,
} from "../api/reconciliation-api";

const ACCEPT = ".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

interface UploadStepProps {
  onUploaded: (result: StatementUploadResult, bankId: string | null) => void;
}

/** The file input, whose label is a drop zone, with the message when no file was chosen. */
function StatementDropZone({
  fileId,
  inputRef,
  file,
  missing,
  onPick,
}: {
  fileId: string;
  inputRef: RefObject<HTMLInputElement | null>;
  file: File | null;
  missing: boolean;
  onPick: (file: File | null) => void;
}) {
  const { dragging, handlers } = useFileDrop((dropped) => onPick(dropped ?? null));
  return (
    <div className="space-y-1.5">
      {/* The drop zone is the input's label: a click opens the picker, keyboard users use the input itself. */}
      <label
        htmlFor={fileId}
        className={cn(
          "flex flex-col items-center gap-2 rounded-card border-2 border-dashed border-line p-6 text-center text-sm text-muted",
          dragging && "border-brand-600 bg-brand-50",
        )}
        {...handlers}
      >
        <span className="font-semibold text-ink">Archivo del extracto (CSV o XLSX)</span>
        <UploadIcon aria-hidden="true" className="text-2xl text-brand-700" />
        <span>Arrastra aquí el archivo de movimientos que descargaste del banco, o elígelo:</span>
        <input
          ref={inputRef}
          id={fileId}
          type="file"
          accept={ACCEPT}
          aria-invalid={missing}
          aria-describedby={missing ? `${fileId}-error` : undefined}
          className="max-w-full text-sm text-ink file:mr-3 file:rounded-control file:border-0 file:bg-brand-100 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
          onChange={(event) => onPick(event.target.files?.[0] ?? null)}
        />
        {file ? <span className="font-semibold break-all text-ink">{file.name}</span> : null}
      </label>
      {missing ? (
        <p id={`${fileId}-error`} className="text-sm font-medium text-danger-700">
          Elige el archivo del extracto.
        </p>
      ) : null}
    </div>
  );
}

/** Step 1: the bank's movements export (CSV or XLSX), picked or dropped, and the bank when it is known. */
export function UploadStep({ onUploaded }: UploadStepProps) {
  const ids = useId();
  const fileId = `${ids}-file`;
  const bankId = `${ids}-bank`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [bank, setBank] = useState("");
  const [missing, setMissing] = useState(false);
  const banks = useQuery({
    queryKey: reconciliationKeys.bankMappings(),
    queryFn: ({ signal }) => fetchBankMappings(signal),
  });
  const upload = useMutation({
    mutationFn: (args: { file: File; bankId: string | null }) => uploadStatement(args.file, args.bankId),
    onSuccess: (result, args) => onUploaded(result, args.bankId),
  });

  const pick = (next: File | null) => {
    setFile(next);
    setMissing(false);
    upload.reset();
  };

  const bankOptions = [
    { value: "", label: "Detectar columnas del archivo" },
    ...(banks.data ?? []).map((b) => ({ value: b.id, label: b.name })),
  ];

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) {
          setMissing(true);
          inputRef.current?.focus();
          return;
        }
        upload.mutate({ file, bankId: bank || null });
      }}
    >
      <StatementDropZone fileId={fileId} inputRef={inputRef} file={file} missing={missing} onPick={pick} />
      <div className="space-y-1.5 sm:max-w-sm">
        <Label htmlFor={bankId}>Banco (opcional)</Label>
        <NativeSelect
          id={bankId}
          options={bankOptions}
          value={bank}
          onChange={(event) => setBank(event.target.value)}
          aria-describedby={`${bankId}-hint`}
        />
        <p id={`${bankId}-hint`} className="text-xs text-muted">
          Si ya importaste un extracto de ese banco, se usan las mismas columnas.
        </p>
      </div>
      {upload.isError ? (
        <Alert variant="danger" title="No se pudo leer el archivo">
          {errorMessage(upload.error)}
        </Alert>
      ) : null}
      <Button type="submit" loading={upload.isPending} loadingText="Subiendo...">
        Subir extracto
      </Button>
    </form>
  );
}
