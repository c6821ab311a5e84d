import { countText } from "@rifazo/shared/domain/plural";
import { statementImportInputSchema } from "@rifazo/shared/schemas/admin/reconciliation";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { errorMessage } from "../../../lib/api-client";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import {
  importStatement,
  previewStatement,
  reconciliationKeys,
  type StatementImportResult,
  type StatementMapping,
  type StatementUploadResult,
} from "../api/reconciliation-api";
import { DetectedBank } from "./detected-bank";
import { ImportForm } from "./import-form";
import { MappingColumns } from "./mapping-columns";
import { draftFromUpload, type MappingDraft, mappingFromDraft } from "./mapping-draft";
import { MappingGrid } from "./mapping-grid";
import { PreviewPanel } from "./preview-panel";

const PREVIEW_DEBOUNCE_MS = 400;
const _NONE = "";

interface MappingStepProps {
  upload: StatementUploadResult;
  bankId: string | null;
  onImported: (result: StatementImportResult) => void;
  onCancel: () => void;
}

/** Steps 2 and 3: which columns hold what, a live preview of the parsed rows, and the import. */
export function MappingStep({ upload, bankId, onImported, onCancel }: MappingStepProps) {
  const ids = useId();
  const [draft, setDraft] = useState<MappingDraft>(() => draftFromUpload(upload));
  // The bank chosen at upload, else the one whose remembered columns fit the file, else the detected one.
  const [bankName, setBankName] = useState(
    () =>
      upload.banks.find((b) => b.id === bankId)?.name ??
      upload.remembered?.name ??
      upload.detectedBank?.name ??
      "",
  );
  const [bankNameError, setBankNameError] = useState<string>();
  const [skipUnreadable, setSkipUnreadable] = useState(false);
  const [skipError, setSkipError] = useState(false);
  const skipRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The upload button is gone: focus the file's name, where the mapping step starts.
  useEffect(() => titleRef.current?.focus(), []);
  const bankNameRef = useRef<HTMLInputElement>(null);

  // The number field's own text, so it can be cleared while typing another number.
  const [headerText, setHeaderText] = useState(() => String(draft.headerRow + 1));
  const set = (patch: Partial<MappingDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const mapping = mappingFromDraft(draft);
  // Debounced as text: a new object each render would restart the timer on every render.
  const mappingKey = mapping ? JSON.stringify(mapping) : null;
  const debouncedKey = useDebouncedValue(mappingKey, PREVIEW_DEBOUNCE_MS);
  const debounced = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as StatementMapping) : null),
    [debouncedKey],
  );
  const preview = useQuery({
    queryKey: reconciliationKeys.preview(upload.statementId, debounced),
    queryFn: ({ signal }) => previewStatement(upload.statementId, debounced as StatementMapping, signal),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const importing = useMutation({
    mutationFn: (body: { bankName: string; mapping: StatementMapping; skipUnreadable: boolean }) =>
      importStatement(upload.statementId, body),
    onSuccess: onImported,
  });

  const width = Math.max(1, ...upload.rows.map((row) => row.length));

  const problems = preview.data && debounced !== null ? preview.data.counts.problems : 0;
  // Consent covers the rows seen: another count (a new mapping) asks again.
  const [consentFor, setConsentFor] = useState(problems);
  if (consentFor !== problems) {
    setConsentFor(problems);
    setSkipUnreadable(false);
  }
  const previewCurrent =
    preview.data !== undefined && !preview.isPlaceholderData && mappingKey === debouncedKey;

  const submit = () => {
    if (!mapping) return;
    const parsed = statementImportInputSchema.safeParse({ bankName, mapping, skipUnreadable });
    const nameIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === "bankName");
    setBankNameError(nameIssue?.message);
    if (nameIssue) {
      bankNameRef.current?.focus();
      return;
    }
    if (problems > 0 && !skipUnreadable) {
      setSkipError(true);
      skipRef.current?.focus();
      return;
    }
    importing.mutate({ bankName: bankName.trim(), mapping, skipUnreadable: problems > 0 && skipUnreadable });
  };

  return (
    <div className="space-y-6">
      <div>
        <h3 ref={titleRef} tabIndex={-1} className="font-bold text-ink outline-none">
          {upload.filename}{" "}
          <span className="font-normal text-muted">
            ({upload.kind.toUpperCase()}, {countText(upload.totalRows, "fila", "filas")})
          </span>
        </h3>
      </div>

      <DetectedBank upload={upload} />

      {upload.questions.length > 0 ? (
        <Alert variant="warning" title="Confirma antes de importar">
          <ul className="list-disc space-y-1 pl-5">
            {upload.questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <MappingGrid
        ids={ids}
        upload={upload}
        draft={draft}
        set={set}
        width={width}
        headerText={headerText}
        setHeaderText={setHeaderText}
      />

      <MappingColumns ids={ids} upload={upload} draft={draft} set={set} width={width} />

      {mapping === null ? (
        <Alert variant="info">
          Elige las columnas de fecha, referencia y monto (o créditos; con un monto sin signo, también la del
          tipo) para ver la vista previa.
        </Alert>
      ) : null}

      <PreviewPanel
        preview={mapping === null ? undefined : preview.data}
        loading={mapping !== null && !previewCurrent && (preview.isFetching || mappingKey !== debouncedKey)}
        error={preview.isError ? errorMessage(preview.error) : undefined}
      />

      <ImportForm
        ids={ids}
        bankName={bankName}
        setBankName={setBankName}
        bankNameError={bankNameError}
        bankNameRef={bankNameRef}
        problems={problems}
        skipUnreadable={skipUnreadable}
        skipError={skipError}
        skipRef={skipRef}
        onSkipChange={(checked) => {
          setSkipUnreadable(checked);
          if (checked) setSkipError(false);
        }}
        importing={importing}
        canImport={Boolean(mapping) && previewCurrent}
        onCancel={onCancel}
        onSubmit={submit}
      />
    </div>
  );
}
