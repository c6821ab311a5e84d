import { ADMIN_MESSAGES, type RejectTemplates } from "@rifazo/shared/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { inputClasses } from "../../../components/ui/input";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";
import type { AdminProof } from "../api/admin-api";
import { fetchRejectTemplates, inboxKeys } from "../api/inbox-api";
import { NOTES_MAX } from "./reject-notes";
import { TemplatesEditor } from "./reject-templates-editor";

const NO_TEMPLATES: RejectTemplates["templates"] = [];

export function useRejectTemplates() {
  return useQuery({
    queryKey: inboxKeys.rejectTemplates(),
    queryFn: ({ signal }) => fetchRejectTemplates(signal),
    staleTime: 5 * 60_000,
  });
}

interface RejectDialogProps {
  proof: AdminProof | null;
  busy: boolean;
  onCancel: () => void;
  onReject: (notes: string) => void;
}

/** Why the (trimmed) note cannot be sent, or undefined when it can. */
function notesProblem(text: string): string | undefined {
  if (!text) return "Escribe el motivo del rechazo.";
  if (text.length > NOTES_MAX) return ADMIN_MESSAGES.adminNotesTooLong;
  return undefined;
}

/** The organiser's templates: picking one puts its text in the note; "Editar plantillas" opens the editor. */
function TemplatePicker({
  templates,
  list,
  notes,
  onPick,
  onEdit,
}: {
  templates: ReturnType<typeof useRejectTemplates>;
  list: RejectTemplates["templates"];
  notes: string;
  onPick: (text: string) => void;
  onEdit: () => void;
}) {
  return (
    <fieldset className="mb-4">
      <legend className="mb-2 text-sm font-semibold text-ink">Plantillas</legend>
      {templates.isPending ? (
        <p className="text-sm text-muted">Cargando plantillas…</p>
      ) : templates.isError ? (
        <p className="text-sm text-danger-700">{errorMessage(templates.error)}</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">No hay plantillas. Escribe el motivo o crea una.</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {list.map((template) => (
            <Button
              key={template.title}
              size="sm"
              variant={notes === template.text ? "secondary" : "outline"}
              aria-pressed={notes === template.text}
              onClick={() => onPick(template.text)}
            >
              {template.title}
            </Button>
          ))}
        </div>
      )}
      <Button size="sm" variant="link" className="mt-2" onClick={onEdit}>
        Editar plantillas
      </Button>
    </fieldset>
  );
}

/** The reason is picked from the organiser's templates and can be edited before it goes to the buyer. */
export function RejectDialog({ proof, busy, onCancel, onReject }: RejectDialogProps) {
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState(false);
  const templates = useRejectTemplates();
  const proofId = proof?.id;
  // A new proof starts with an empty note; a failed rejection keeps what was typed.
  useEffect(() => {
    if (proofId === undefined) return;
    setNotes("");
    setError(undefined);
  }, [proofId]);
  const close = () => onCancel();
  const list = templates.data?.templates ?? NO_TEMPLATES;
  return (
    <>
      <Dialog open={proof !== null && !editing} onOpenChange={(open) => (open || busy ? undefined : close())}>
        <DialogContent size="md">
          <DialogHeader>
            <DialogTitle>Rechazar pago</DialogTitle>
            <DialogDescription>
              {proof
                ? `Comprobante de ${proof.buyerName} (${formatMoney(proof.amount, proof.currency)}, referencia ${proof.transactionRef}). El usuario recibe el motivo por notificación y correo, y lo ve en Mis Pagos.`
                : null}
            </DialogDescription>
          </DialogHeader>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const text = notes.trim();
              const problem = notesProblem(text);
              setError(problem);
              if (!problem) onReject(text);
            }}
          >
            <TemplatePicker
              templates={templates}
              list={list}
              notes={notes}
              onPick={(text) => {
                setNotes(text);
                setError(undefined);
              }}
              onEdit={() => setEditing(true)}
            />
            <FormField
              id="reject-notes"
              label="Motivo del rechazo (se envía al comprador)"
              error={error}
              hint={`${notes.length}/${NOTES_MAX}`}
            >
              {(control) => (
                <textarea
                  rows={4}
                  maxLength={NOTES_MAX}
                  className={cn(inputClasses, "h-auto py-2")}
                  value={notes}
                  onChange={(event) => setNotes(event.target.value)}
                  {...control}
                />
              )}
            </FormField>
            <DialogFooter>
              <Button variant="outline" onClick={close} disabled={busy}>
                Cancelar
              </Button>
              <Button type="submit" variant="danger" loading={busy} loadingText="Rechazando...">
                Rechazar Pago
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <TemplatesEditor open={editing} initial={list} onClose={() => setEditing(false)} />
    </>
  );
}
