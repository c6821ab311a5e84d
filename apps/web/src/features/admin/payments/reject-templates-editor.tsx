import { type RejectTemplates, rejectTemplatesSchema } from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
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
import { inboxKeys, saveRejectTemplates } from "../api/inbox-api";
import { NOTES_MAX } from "./reject-notes";

type Template = RejectTemplates["templates"][number];

interface TemplatesEditorProps {
  open: boolean;
  initial: Template[];
  onClose: () => void;
}

/** Saves the templates for every administrator, updating the cached list. */
function useSaveTemplates(onClose: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRejectTemplates,
    onSuccess: (saved) => {
      queryClient.setQueryData(inboxKeys.rejectTemplates(), saved);
      toast({ title: "Plantillas guardadas", variant: "success" });
      onClose();
    },
    onError: (error) =>
      toast({ title: "Error al guardar", description: errorMessage(error), variant: "error" }),
  });
}

/** One template: its title, its message and "Quitar". */
function TemplateRow({
  row,
  index,
  errors,
  onChange,
  onRemove,
}: {
  row: Template;
  index: number;
  errors: Record<string, string>;
  onChange: (patch: Partial<Template>) => void;
  onRemove: () => void;
}) {
  return (
    <li className="space-y-2 rounded-control border border-line p-3">
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
            onChange={(event) => onChange({ title: event.target.value })}
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
            onChange={(event) => onChange({ text: event.target.value })}
            {...control}
          />
        )}
      </FormField>
      <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Quitar la plantilla ${index + 1}`}>
        <span className="text-danger-700">Quitar</span>
      </Button>
    </li>
  );
}

/** A small editor for the rejection templates (title + text); saved for every administrator. */
export function TemplatesEditor({ open, initial, onClose }: TemplatesEditorProps) {
  const [rows, setRows] = useState<Template[]>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (open) {
      setRows(initial);
      setErrors({});
    }
  }, [open, initial]);
  const save = useSaveTemplates(onClose);
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
              <TemplateRow
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the index is their identity while editing.
                key={index}
                row={row}
                index={index}
                errors={errors}
                onChange={(patch) => update(index, patch)}
                onRemove={() => setRows((current) => current.filter((_, i) => i !== index))}
              />
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
