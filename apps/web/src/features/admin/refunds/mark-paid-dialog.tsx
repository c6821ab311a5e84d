import { MAX_PROOF_BYTES, PROOF_MIME_TYPES } from "@rifazo/shared/constants";
import { refundPaidFieldsSchema } from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
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
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { adminKeys } from "../api/admin-api";
import { markRefundPaid, type Refund, refundKeys } from "../api/refunds-api";
import { FileField } from "../shared/file-field";
import { refundAmountText } from "./refund-text";

const FILE_TYPE_MESSAGE = "El comprobante debe ser una imagen JPG o PNG, o un PDF.";
const FILE_SIZE_MESSAGE = "El comprobante no puede superar los 5 MB.";

interface MarkPaidDialogProps {
  refund: Refund | null;
  onOpenChange: (open: boolean) => void;
}

/** "Marcar pagado": the transfer's reference and, optionally, its proof; the buyer is told by email. */
export function MarkPaidDialog({ refund, onOpenChange }: MarkPaidDialogProps) {
  return (
    <Dialog open={refund !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {refund ? <MarkPaidForm key={refund.id} refund={refund} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

type PaidErrors = { reference?: string; file?: string };

/** Saves the payment, refreshes the lists and tells the admin; the server's field messages go to `setErrors`. */
function useMarkPaid(
  refund: Refund,
  { reference, file }: { reference: string; file: File | null },
  onDone: () => void,
  setErrors: (errors: PaidErrors) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markRefundPaid(refund.id, reference.trim(), file),
    onSuccess: () => {
      toast({
        title: "Reembolso pagado",
        description: `Se avisó a ${refund.payTo.name} por correo.`,
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: refundKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onDone();
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fields : undefined;
      if (fields?.reference || fields?.file) setErrors({ reference: fields.reference, file: fields.file });
      toast({ title: "No se pudo marcar pagado", description: errorMessage(error), variant: "error" });
    },
  });
}

function MarkPaidForm({ refund, onDone }: { refund: Refund; onDone: () => void }) {
  const [reference, setReference] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<PaidErrors>({});
  const save = useMarkPaid(refund, { reference, file }, onDone, setErrors);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const next: PaidErrors = {};
    const parsed = refundPaidFieldsSchema.safeParse({ reference });
    if (!parsed.success) next.reference = parsed.error.issues[0]?.message;
    if (file && !(PROOF_MIME_TYPES as readonly string[]).includes(file.type)) next.file = FILE_TYPE_MESSAGE;
    else if (file && file.size > MAX_PROOF_BYTES) next.file = FILE_SIZE_MESSAGE;
    setErrors(next);
    if (next.reference || next.file) return;
    save.mutate();
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Marcar reembolso pagado</DialogTitle>
        <DialogDescription>
          {refundAmountText(refund)} a {refund.payTo.name} por la rifa «{refund.raffleTitle}».
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-4">
        <FormField id="refund-reference" label="Referencia del pago *" error={errors.reference}>
          {(control) => (
            <Input
              value={reference}
              maxLength={80}
              autoComplete="off"
              {...control}
              onChange={(event) => {
                setReference(event.target.value);
                setErrors((old) => ({ ...old, reference: undefined }));
              }}
            />
          )}
        </FormField>
        <FileField
          id="refund-file"
          label="Comprobante (opcional)"
          hint="JPG, PNG o PDF de hasta 5 MB. El comprador podrá verlo en Mis pagos."
          error={errors.file}
          accept="image/jpeg,image/png,application/pdf"
          className="block w-full text-sm text-ink file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
          onFile={(chosen) => {
            setFile(chosen);
            setErrors((old) => ({ ...old, file: undefined }));
          }}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          Volver
        </Button>
        <Button type="submit" loading={save.isPending}>
          Marcar pagado
        </Button>
      </DialogFooter>
    </form>
  );
}
