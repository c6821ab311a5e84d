import { ADMIN_MESSAGES, type RejectTemplates, rejectTemplatesSchema } from "@rifazo/shared/schemas/admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";
import type { AdminProof } from "../api/admin-api";
import { fetchRejectTemplates, inboxKeys, saveRejectTemplates } from "../api/inbox-api";

const NOTES_MAX = 500;
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
              if (!text) {
                setError("Escribe el motivo del rechazo.");
                return;
              }
              if (text.length > NOTES_MAX) {
                setError(ADMIN_MESSAGES.adminNotesTooLong);
                return;
              }
              setError(undefined);
              onReject(text);
            }}
          >
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
                      onClick={() => {
                        setNotes(template.text);
                        setError(undefined);
                      }}
                    >
                      {template.title}
                    </Button>
                  ))}
                </div>
              )}
              <Button size="sm" variant="link" className="mt-2" onClick={() => setEditing(true)}>
                Editar plantillas
              </Button>
            </fieldset>
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

type Template = RejectTemplates["templates"][number];

interface TemplatesEditorProps {
  open: boolean;
  initial: Template[];
  onClose: () => void;
}

/** A small editor for the rejection templates (title + text); saved for every administrator. */
export function TemplatesEditor({ open, initial, onClose }: TemplatesEditorProps) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Template[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) {
      setRows(initial);
      setErrors({});
    }
  }, [open, initial]);
  const save = useMutation({
    mutationFn: saveRejectTemplates,
    onSuccess: (saved) => {
      queryClient.setQueryData(inboxKeys.rejectTemplates(), saved);
      toast({ title: "Plantillas guardadas", variant: "success" });
      onClose();
    },
    onError: (error) =>
      toast({ title: "Error al guardar", description: errorMessage(error), variant: "error" }),
  });
  const update = (index: number, patch: Partial<Template>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <Dialog open={open} onOpenChange={(next) => (next || save.isPending ? undefined : onClose())}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Plantillas de rechazo</DialogTitle>
          <DialogDescription>
            Motivos que eliges al rechazar un pago. El texto se puede ajustar antes de enviarlo.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = rejectTemplatesSchema.safeParse({ templates: rows });
            if (!parsed.success) {
              const next: Record<string, string> = {};
              for (const issue of parsed.error.issues) next[issue.path.join(".")] ??= issue.message;
              setErrors(next);
              return;
            }
            setErrors({});
            save.mutate(parsed.data);
          }}
        >
          <ol className="max-h-[55vh] space-y-4 overflow-y-auto pr-1">
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the index is their identity while editing.
              <li key={index} className="space-y-2 rounded-control border border-line p-3">
                <FormField
                  id={`template-title-${index}`}
                  label={`Título ${index + 1}`}
                  error={errors[`templates.${index}.title`]}
                >
                  {(control) => (
                    <input
                      className={inputClasses}
                      value={row.title}
                      maxLength={60}
                      onChange={(event) => update(index, { title: event.target.value })}
                      {...control}
                    />
                  )}
                </FormField>
                <FormField
                  id={`template-text-${index}`}
                  label={`Mensaje ${index + 1}`}
                  error={errors[`templates.${index}.text`]}
                >
                  {(control) => (
                    <textarea
                      rows={2}
                      maxLength={NOTES_MAX}
                      className={cn(inputClasses, "h-auto py-2")}
                      value={row.text}
                      onChange={(event) => update(index, { text: event.target.value })}
                      {...control}
                    />
                  )}
                </FormField>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                  aria-label={`Quitar la plantilla ${index + 1}`}
                >
                  <span className="text-danger-700">Quitar</span>
                </Button>
              </li>
            ))}
          </ol>
          {errors.templates ? <p className="mt-2 text-sm text-danger-700">{errors.templates}</p> : null}
          <Button
            size="sm"
            variant="outline"
            className="mt-3"
            disabled={rows.length >= 20}
            onClick={() => setRows((current) => [...current, { title: "", text: "" }])}
          >
            Añadir plantilla
          </Button>
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending} loadingText="Guardando...">
              Guardar plantillas
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
