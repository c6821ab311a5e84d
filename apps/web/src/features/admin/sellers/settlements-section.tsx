import { zodResolver } from "@hookform/resolvers/zod";
import {
  SETTLEMENT_METHOD_LABELS,
  type SellerSettlementInput,
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
import { formatDateTime, formatMoney } from "../../../lib/format";
import { type AdminSeller, recordSettlement, sellerKeys } from "../api/sellers-api";
import { AdminDialog } from "../shared/admin-dialog";
import { EmptyState } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";

type Assignment = AdminSeller["raffles"][number];
type SettlementValues = { amount: string; method: SettlementMethod; reference: string; note: string };
type SettlementOutput = ReturnType<typeof sellerSettlementInputSchema.parse>;
// The form holds text; the schema also takes numbers (its input type), so the types differ only there.
const settlementResolver = zodResolver(sellerSettlementInputSchema) as unknown as Resolver<
  SettlementValues,
  unknown,
  SettlementOutput
>;
const METHOD_OPTIONS = Object.entries(SETTLEMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }));

/**
 * What the organiser owes the vendedor in commissions, raffle by raffle (ended ones too: commissions are
 * paid after the sales), each payment recorded against it, and the payments made (decision 0034).
 */
export function SettlementsSection({ seller }: { seller: AdminSeller }) {
  const [paying, setPaying] = useState<Assignment | null>(null);
  const earned = seller.raffles.filter((r) => r.commissionOwed !== 0 || r.commissionPaid !== 0);
  return (
    <SectionCard
      title="Comisiones"
      description="Se generan al aprobar una compra hecha con el enlace del vendedor; registra aquí cada pago que le hagas."
    >
      {earned.length === 0 ? (
        <EmptyState>Aún no hay comisiones para este vendedor.</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Comisiones por rifa">
          {earned.map((raffle) => (
            <li
              key={raffle.raffleId}
              className="flex flex-wrap items-center justify-between gap-3 rounded-control border border-line p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-bold text-ink [overflow-wrap:anywhere]">{raffle.raffleTitle}</p>
                <p className="text-muted">
                  Por pagar{" "}
                  <strong className="text-ink">{formatMoney(raffle.commissionOwed, raffle.currency)}</strong>{" "}
                  · Pagado {formatMoney(raffle.commissionPaid, raffle.currency)}
                </p>
              </div>
              {raffle.commissionOwed > 0 ? (
                <Button size="sm" variant="outline" onClick={() => setPaying(raffle)}>
                  Registrar pago<span className="sr-only"> de {raffle.raffleTitle}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {seller.settlements.length > 0 ? <SettlementHistory seller={seller} /> : null}
      {paying ? <SettlementDialog seller={seller} raffle={paying} onClose={() => setPaying(null)} /> : null}
    </SectionCard>
  );
}

function SettlementHistory({ seller }: { seller: AdminSeller }) {
  return (
    <div className="mt-5 space-y-2">
      <h3 className="text-sm font-bold text-ink">Pagos registrados</h3>
      <ul className="divide-y divide-line text-sm" aria-label="Pagos de comisión registrados">
        {seller.settlements.map((s) => (
          <li key={s.id} className="flex flex-wrap justify-between gap-x-3 py-2">
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {formatDateTime(s.createdAt, "short")} · {s.raffleTitle} · {SETTLEMENT_METHOD_LABELS[s.method]}
              {s.reference ? ` (ref. ${s.reference})` : ""}
            </span>
            <strong className="tabular-nums">{formatMoney(s.amount, s.currency)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The payment's form and its saving; the server's field messages go beside their fields. */
function useSettlementForm(seller: AdminSeller, raffle: Assignment, onClose: () => void) {
  const queryClient = useQueryClient();
  const form = useForm<SettlementValues, unknown, SettlementOutput>({
    resolver: settlementResolver,
    defaultValues: { amount: "", method: "efectivo", reference: "", note: "" },
  });
  const save = useMutation({
    mutationFn: (body: SellerSettlementInput) => recordSettlement(seller.id, raffle.raffleId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(sellerKeys.one(seller.id), saved);
      void queryClient.invalidateQueries({ queryKey: sellerKeys.all(), exact: true });
      toast({
        title: "Pago registrado",
        description: `${raffle.raffleTitle}: comisión pagada.`,
        variant: "success",
      });
      onClose();
    },
    onError: (error) => {
      for (const [name, message] of Object.entries(isApiError(error) ? (error.fields ?? {}) : {})) {
        if (name in form.getValues()) form.setError(name as keyof SettlementValues, { message });
      }
    },
  });
  return { form, save };
}

function SettlementDialog({
  seller,
  raffle,
  onClose,
}: {
  seller: AdminSeller;
  raffle: Assignment;
  onClose: () => void;
}) {
  const { form, save } = useSettlementForm(seller, raffle, onClose);
  const { errors } = form.formState;
  // The typed text, not the parsed numbers: the API reads it with the same es-VE parser.
  const onSubmit = form.handleSubmit(() => save.mutateAsync(form.getValues()).catch(() => undefined));
  return (
    <AdminDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Registrar pago de comisión"
      description={`${seller.name} · ${raffle.raffleTitle}. Por pagar: ${formatMoney(raffle.commissionOwed, raffle.currency)}.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Registrar pago de comisión">
        {save.isError && !(isApiError(save.error) && save.error.fields) ? (
          <p role="alert" className="text-sm font-semibold text-danger-700">
            {errorMessage(save.error)}
          </p>
        ) : null}
        <FormField
          id="settlement-amount"
          label={`Monto pagado (${raffle.currency === "USD" ? "US$" : "Bs."})`}
          error={errors.amount?.message}
        >
          {(control) => <MoneyInput placeholder="0,00" {...control} {...form.register("amount")} />}
        </FormField>
        <FormField id="settlement-method" label="Cómo se pagó" error={errors.method?.message}>
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
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={save.isPending} loadingText="Registrando...">
            Registrar pago
          </Button>
        </DialogFooter>
      </form>
    </AdminDialog>
  );
}
