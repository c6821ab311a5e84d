import { countText } from "@rifazo/shared/domain/plural";
import { STATEMENT_DRAFT_DAYS } from "@rifazo/shared/schemas/admin/reconciliation";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { discardStatement, fetchStatements, reconciliationKeys } from "../api/reconciliation-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";

/** "Descartar" for an upload that was never imported (a wrong file, a second try). */
function DiscardStatement({ id, filename }: { id: string; filename: string }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const discard = useMutation({
    mutationFn: () => discardStatement(id),
    onSuccess: () => {
      toast({ title: "Extracto descartado", description: filename, variant: "success" });
      return queryClient.invalidateQueries({ queryKey: reconciliationKeys.statements() });
    },
    onError: (error) =>
      toast({ title: "No se pudo descartar", description: errorMessage(error), variant: "error" }),
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Descartar<span className="sr-only"> {filename}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="¿Descartar este extracto?"
        description={
          <p>
            Se borra «{filename}» y su archivo. No se importó ningún movimiento, así que la conciliación no
            cambia.
          </p>
        }
        confirmLabel="Descartar"
        busy={discard.isPending}
        onConfirm={() => discard.mutateAsync()}
      />
    </>
  );
}

/** Every statement uploaded, with who uploaded it: statements are private files kept like proofs. */
export function StatementsList() {
  const statements = useQuery({
    queryKey: reconciliationKeys.statements(),
    queryFn: ({ signal }) => fetchStatements(signal),
  });
  return (
    <SectionCard
      title="Extractos subidos"
      description={`Los archivos originales, con quién los subió y qué se importó. Los que no se importan se descartan solos a los ${STATEMENT_DRAFT_DAYS} días.`}
    >
      {statements.isPending ? (
        <LoadingList label="Cargando extractos..." count={2} className="space-y-3" itemClassName="h-20" />
      ) : statements.isError ? (
        <LoadError onRetry={() => statements.refetch()}>{errorMessage(statements.error)}</LoadError>
      ) : statements.data.length === 0 ? (
        <EmptyState>Aún no se ha subido ningún extracto.</EmptyState>
      ) : (
        <ul aria-label="Extractos subidos" className="space-y-3">
          {statements.data.map((statement) => {
            const headingId = `statement-${statement.id}`;
            return (
              <li
                key={statement.id}
                aria-labelledby={headingId}
                className="flex flex-col gap-2 rounded-card border border-line p-4 sm:flex-row sm:items-start sm:justify-between"
              >
                <div className="min-w-0 space-y-1">
                  <h3 id={headingId} className="font-bold break-all text-ink">
                    {statement.filename}
                  </h3>
                  <p className="text-sm text-muted">
                    {statement.bankName ?? "Banco sin indicar"} · Subido por {statement.uploadedBy.name} el{" "}
                    {formatDateTime(statement.createdAt)}
                  </p>
                  <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink">
                    <span>{countText(statement.rowCount, "fila", "filas")}</span>
                    <span>{formatNumber(statement.importedCount)} importados</span>
                    <span>{formatNumber(statement.duplicateCount)} repetidos</span>
                    <span>{formatNumber(statement.problemCount)} ilegibles</span>
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <Badge variant={statement.status === "imported" ? "success" : "neutral"}>
                    {statement.status === "imported" ? "Importado" : "Sin importar"}
                  </Badge>
                  {statement.status === "imported" ? null : (
                    <DiscardStatement id={statement.id} filename={statement.filename} />
                  )}
                  <a
                    href={statement.fileUrl}
                    download={statement.filename}
                    className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    Descargar<span className="sr-only"> {statement.filename}</span>
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
