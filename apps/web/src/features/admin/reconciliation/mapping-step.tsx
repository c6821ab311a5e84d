import { countText } from "@rifazo/shared/domain/plural";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { errorMessage } from "../../../lib/api-client";
import type { StatementImportResult, StatementUploadResult } from "../api/reconciliation-api";
import { DetectedBank } from "./detected-bank";
import { ImportForm } from "./import-form";
import { MappingColumns } from "./mapping-columns";
import { draftFromUpload, type MappingContext, type MappingDraft, mappingFromDraft } from "./mapping-draft";
import { MappingGrid } from "./mapping-grid";
import { PreviewPanel } from "./preview-panel";
import { useMappingImport, useMappingPreview } from "./use-mapping-import";

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
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The upload button is gone: focus the file's name, where the mapping step starts.
  useEffect(() => titleRef.current?.focus(), []);
  // The number field's own text, so it can be cleared while typing another number.
  const [headerText, setHeaderText] = useState(() => String(draft.headerRow + 1));
  const set = (patch: Partial<MappingDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const mapping = mappingFromDraft(draft);
  const { preview, problems, previewCurrent, settling } = useMappingPreview(upload.statementId, mapping);
  const form = useMappingImport({ upload, bankId, mapping, problems, onImported });
  const width = Math.max(1, ...upload.rows.map((row) => row.length));
  const context: MappingContext = { ids, upload, draft, set, width };

  return (
    <div className="space-y-6">
      <MappingHeader upload={upload} titleRef={titleRef} />

      <MappingGrid {...context} headerText={headerText} setHeaderText={setHeaderText} />

      <MappingColumns {...context} />

      {mapping === null ? (
        <Alert variant="info">
          Elige las columnas de fecha, referencia y monto (o créditos; con un monto sin signo, también la del
          tipo) para ver la vista previa.
        </Alert>
      ) : null}

      <PreviewPanel
        preview={mapping === null ? undefined : preview.data}
        loading={mapping !== null && !previewCurrent && (preview.isFetching || settling)}
        error={preview.isError ? errorMessage(preview.error) : undefined}
      />

      <ImportForm
        ids={ids}
        {...form}
        problems={problems}
        canImport={Boolean(mapping) && previewCurrent}
        onCancel={onCancel}
      />
    </div>
  );
}

/** The file's name (focused when the step opens), its kind and size, the bank read and the open questions. */
function MappingHeader({
  upload,
  titleRef,
}: {
  upload: StatementUploadResult;
  titleRef: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <>
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
    </>
  );
}
