import { zodResolver } from "@hookform/resolvers/zod";
import { MAX_PROOF_BYTES, PROOF_MIME_TYPES } from "@rifazo/shared/constants";
import {
  SELLER_MESSAGES,
  SETTLEMENT_METHOD_LABELS,
  SETTLEMENT_PROOF_METHODS,
  type SellerSettlementInput,
  type SettlementKind,
  type SettlementMethod,
  sellerSettlementInputSchema,
} from "@rifazo/shared/schemas/sellers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button";
import { DialogFooter } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { MoneyInput } from "../../../components/ui/money-input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { formatMoney } from "../../../lib/format";
import { type AdminSeller, recordSettlement, sellerKeys } from "../api/sellers-api";
import { AdminDialog } from "../shared/admin-dialog";
import { FileField } from "../shared/file-field";

export type Assignment = AdminSeller["raffles"][number];
type SettlementValues = {
  kind: SettlementKind;
  amount: string;
  method: SettlementMethod;
  reference: string;
  note: string;
};
type SettlementOutput = ReturnType<typeof sellerSettlementInputSchema.parse>;
// The form holds text; the schema also takes numbers (its input type), so the types differ only there.
const settlementResolver = zodResolver(sellerSettlementInputSchema) as unknown as Resolver<
  SettlementValues,
  unknown,
  SettlementOutput
>;
const METHOD_OPTIONS = Object.entries(SETTLEMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }));

/** The words of each kind of "liquidación": a commission the organiser pays, or cash the vendedor hands over. */
const KIND_TEXT = {
  commission: {
    title: "Registrar pago de comisión",
    balance: (raffle: Assignment) => `Por pagar: ${formatMoney(raffle.commissionOwed, raffle.currency)}.`,
    amount: "Monto pagado",
    method: "Cómo se pagó",
    submit: "Registrar pago",
    done: "Pago registrado",
    doneText: "comisión pagada.",
  },
  cash: {
    title: "Registrar entrega de efectivo",
    balance: (raffle: Assignment) =>
      `Efectivo por entregar: ${formatMoney(raffle.cashHeld, raffle.currency)}.`,
    amount: "Monto recibido",
    method: "Cómo lo entregó",
    submit: "Registrar entrega",
    done: "Entrega registrada",
    doneText: "efectivo recibido del vendedor.",
  },
} as const satisfies Record<SettlementKind, unknown>;

const takesReceipt = (method: SettlementMethod) =>
  (SETTLEMENT_PROOF_METHODS as readonly string[]).includes(method);

/** The receipt's own checks before sending (the server checks its bytes again). */
function receiptError(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!(PROOF_MIME_TYPES as readonly string[]).includes(file.type)) return SELLER_MESSAGES.proofType;
  return file.size > MAX_PROOF_BYTES ? SELLER_MESSAGES.proofTooLarge : undefined;
}

/**
 * The settlement's form, the transfer's receipt beside it, and its saving; the server's field messages
 * go beside their fields.
 */
function useSettlementForm(
  seller: AdminSeller,
  raffle: Assignment,
  kind: SettlementKind,
  onClose: () => void,
) {
  const queryClient = useQueryClient();
  const form = useForm<SettlementValues, unknown, SettlementOutput>({
    resolver: settlementResolver,
    defaultValues: { kind, amount: "", method: "efectivo", reference: "", note: "" },
  });
  const [receipt, setReceipt] = useState<{ file: File | null; error?: string }>({ file: null });
  const save = useMutation({
    // Cash leaves no receipt: a file chosen before switching to cash is not sent.
    mutationFn: (body: SellerSettlementInput) =>
      recordSettlement(
        seller.id,
        raffle.raffleId,
        body,
        takesReceipt(body.method as SettlementMethod) ? receipt.file : null,
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(sellerKeys.one(seller.id), saved);
      void queryClient.invalidateQueries({ queryKey: sellerKeys.all(), exact: true });
      toast({
        title: KIND_TEXT[kind].done,
        description: `${raffle.raffleTitle}: ${KIND_TEXT[kind].doneText}`,
        variant: "success",
      });
      onClose();
    },
    onError: (error) => {
      for (const [name, message] of Object.entries(isApiError(error) ? (error.fields ?? {}) : {})) {
        if (name === "file") setReceipt((old) => ({ ...old, error: message }));
        else if (name in form.getValues()) form.setError(name as keyof SettlementValues, { message });
      }
    },
  });
  return { form, save, receipt, setReceipt };
}

/** The transfer's receipt, optional: a private file only the administrators and the vendedor open. */
function ReceiptField({ error, onFile }: { error: string | undefined; onFile: (file: File | null) => void }) {
  return (
    <FileField
      id="settlement-receipt"
      label="Comprobante (opcional)"
      hint="JPG, PNG o PDF de hasta 5 MB. Solo tú y el vendedor podrán verlo."
      error={error}
      accept="image/jpeg,image/png,application/pdf"
      className="block w-full text-sm text-ink file:mr-3 file:rounded-control file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
      onFile={onFile}
    />
  );
}

/**
 * One "liquidación" of a raffle: a commission paid to the vendedor (never more than owed) or the cash the
 * vendedor handed over (never more than they hold), as the server checks (decision 0034).
 */
export function SettlementDialog({
  seller,
  raffle,
  kind,
  onClose,
}: {
  seller: AdminSeller;
  raffle: Assignment;
  kind: SettlementKind;
  onClose: () => void;
}) {
  const { form, save, receipt, setReceipt } = useSettlementForm(seller, raffle, kind, onClose);
  const { errors } = form.formState;
  const text = KIND_TEXT[kind];
  const method = form.watch("method");
  // The typed text, not the parsed numbers: the API reads it with the same es-VE parser.
  const onSubmit = form.handleSubmit(async () => {
    const error = takesReceipt(form.getValues("method")) ? receiptError(receipt.file) : undefined;
    if (error) {
      setReceipt((old) => ({ ...old, error }));
      return;
    }
    await save.mutateAsync(form.getValues()).catch(() => undefined);
  });
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text.title}
      description={`${seller.name} · ${raffle.raffleTitle}. ${text.balance(raffle)}`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={text.title}>
        {save.isError && !(isApiError(save.error) && save.error.fields) ? (
          <p role="alert" className="text-sm font-semibold text-danger-700">
            {errorMessage(save.error)}
          </p>
        ) : null}
        <FormField
          id="settlement-amount"
          label={`${text.amount} (${raffle.currency === "USD" ? "US$" : "Bs."})`}
          error={errors.amount?.message}
        >
          {(control) => <MoneyInput placeholder="0,00" {...control} {...form.register("amount")} />}
        </FormField>
        <FormField id="settlement-method" label={text.method} error={errors.method?.message}>
          {(control) => <NativeSelect options={METHOD_OPTIONS} {...control} {...form.register("method")} />}
        </FormField>
        <FormField
          id="settlement-reference"
          label="Referencia (no hace falta en efectivo)"
          error={errors.reference?.message}
        >
          {(control) => (
            <Input autoComplete="off" maxLength={60} {...control} {...form.register("reference")} />
          )}
        </FormField>
        <FormField id="settlement-note" label="Nota (opcional)" error={errors.note?.message}>
          {(control) => <Input autoComplete="off" maxLength={200} {...control} {...form.register("note")} />}
        </FormField>
        {takesReceipt(method) ? (
          <ReceiptField error={receipt.error} onFile={(file) => setReceipt({ file })} />
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending} loadingText="Registrando...">
            {text.submit}
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  );
}
