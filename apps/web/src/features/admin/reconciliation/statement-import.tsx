import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { formatNumber } from "../../../lib/format";
import {
  reconciliationKeys,
  type StatementImportResult,
  type StatementUploadResult,
} from "../api/reconciliation-api";
import { SectionCard } from "../shared/section-card";
import { MappingStep } from "./mapping-step";
import { UploadStep } from "./upload-step";

type Step =
  | { name: "upload" }
  | { name: "mapping"; upload: StatementUploadResult; bankId: string | null }
  | { name: "done"; result: StatementImportResult; filename: string };

/** Upload → map the columns (with a live preview) → import; the summary says what was imported. */
export function StatementImport() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ name: "upload" });
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (step.name === "done") doneRef.current?.focus();
  }, [step.name]);

  return (
    <SectionCard
      title="Subir extracto"
      description="Sube los movimientos que descargaste del banco para compararlos con los comprobantes en revisión."
    >
      {step.name === "upload" ? (
        <UploadStep onUploaded={(upload, bankId) => setStep({ name: "mapping", upload, bankId })} />
      ) : step.name === "mapping" ? (
        <MappingStep
          key={step.upload.statementId}
          upload={step.upload}
          bankId={step.bankId}
          onCancel={() => setStep({ name: "upload" })}
          onImported={(result) => {
            void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
            setStep({ name: "done", result, filename: step.upload.filename });
          }}
        />
      ) : (
        <div ref={doneRef} tabIndex={-1} className="space-y-4 outline-none">
          <Alert variant="success" title={`Extracto importado: ${step.filename}`}>
            <ul className="space-y-0.5">
              <li>
                <strong>{formatNumber(step.result.imported)}</strong> movimientos importados
              </li>
              <li>
                <strong>{formatNumber(step.result.duplicates)}</strong> repetidos (ya estaban importados)
              </li>
              {step.result.problems > 0 ? (
                <li>
                  <strong>{formatNumber(step.result.problems)}</strong> filas ilegibles sin importar
                </li>
              ) : null}
            </ul>
          </Alert>
          <Button variant="outline" onClick={() => setStep({ name: "upload" })}>
            Subir otro extracto
          </Button>
        </div>
      )}
    </SectionCard>
  );
}
