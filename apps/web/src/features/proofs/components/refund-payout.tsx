import type { PaymentMethod } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { bankLabel, VENEZUELAN_BANKS } from "@rifazo/shared/domain/venezuelan-banks";
import {
  PAYOUT_MESSAGES,
  REFUND_PAYOUT_DAYS,
  type RefundPayout as RefundPayoutData,
  refundNeedsPayout,
  refundPayoutInputSchema,
} from "@rifazo/shared/schemas/admin/refunds";
import { formatVenezuelanPhone } from "@rifazo/shared/schemas/profile";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { PhoneInput } from "../../../components/ui/phone-input";
import { toast } from "../../../components/ui/toast";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { toastIfOffline } from "../../offline";
import type { PaymentProof } from "../api/proofs-api";
import { proofKeys } from "../api/proofs-api";
import { saveRefundPayout } from "../api/refund-payout-api";

type BuyerRefund = NonNullable<PaymentProof["refund"]>;
type Fields = { bankCode: string; idType: string; idNumber: string; phone: string; account: string };
type FieldName = keyof Fields;

const BANK_OPTIONS = [
  { value: "", label: "Elige tu banco" },
  ...VENEZUELAN_BANKS.map((bank) => ({ value: bank.code, label: `${bank.code} · ${bank.name}` })),
];
const ID_TYPES = [
  { value: "V", label: "V" },
  { value: "E", label: "E" },
];

/** "V-12345678 · 0134 · Banesco · 0414-1234567": how the buyer sees what they gave. */
export function payoutSummary(payout: RefundPayoutData): string {
  const target = payout.phone ? formatVenezuelanPhone(payout.phone) : (payout.account ?? "");
  return `${bankLabel(payout.bankCode)} · ${payout.idType}-${payout.idNumber} · ${target}`;
}

/**
 * Mis pagos: a pending Pago Móvil or transfer refund asks its buyer, privately, for the bank, cédula and
 * phone (or account) it is paid to, by its deadline; once given it shows them, and they can be corrected
 * until the organiser pays. Only this buyer and administrators ever see them.
 */
export function RefundPayout({ refund }: { refund: BuyerRefund }) {
  const method = refund.paymentMethod as PaymentMethod | undefined;
  const [editing, setEditing] = useState(false);
  if (refund.status !== "pending" || !method || !refundNeedsPayout(method) || !refund.payoutDueAt)
    return null;
  const overdue = new Date(refund.payoutDueAt).getTime() < Date.now();

  if (refund.payout && !editing) {
    return (
      <div className="rounded-control border border-line bg-surface px-3 py-2 text-sm text-ink">
        <p>
          <span className="font-bold">Datos para tu reembolso: </span>
          {payoutSummary(refund.payout)}
        </p>
        <Button variant="ghost" size="sm" className="mt-1 px-0" onClick={() => setEditing(true)}>
          Corregir mis datos
        </Button>
      </div>
    );
  }
  return (
    <PayoutForm
      refundId={refund.id}
      method={method}
      dueAt={refund.payoutDueAt}
      overdue={overdue}
      initial={refund.payout ?? null}
      onDone={() => setEditing(false)}
    />
  );
}

/** The payout fields and their saving: the shared rules checked here first, then the server's answer. */
function usePayoutForm({
  refundId,
  method,
  initial,
  onDone,
}: {
  refundId: string;
  method: "pago_movil" | "transferencia";
  initial: RefundPayoutData | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Fields>({
    bankCode: initial?.bankCode ?? "",
    idType: initial?.idType ?? "V",
    idNumber: initial?.idNumber ?? "",
    phone: initial?.phone ? formatVenezuelanPhone(initial.phone) : "",
    account: initial?.account ?? "",
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const save = useMutation({
    mutationFn: () =>
      saveRefundPayout(refundId, {
        bankCode: values.bankCode,
        idType: values.idType as "V" | "E",
        idNumber: values.idNumber,
        ...(method === "pago_movil" ? { phone: values.phone } : { account: values.account }),
      }),
    onSuccess: async () => {
      toast({ title: PAYOUT_MESSAGES.savedTitle, description: PAYOUT_MESSAGES.saved, variant: "success" });
      await queryClient.invalidateQueries({ queryKey: proofKeys.all });
      onDone();
    },
    onError: (error) => {
      if (toastIfOffline(error, "guardar tus datos", () => save.mutate())) return;
      if (isApiError(error)) {
        setErrors((error.fields ?? {}) as Partial<Record<FieldName, string>>);
        toast({ title: "No se guardaron tus datos", description: error.message, variant: "error" });
      } else {
        toast({ title: "No se guardaron tus datos", description: "Inténtalo de nuevo.", variant: "error" });
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The same shared rules the server applies, checked here so each message shows beside its field.
    const parsed = refundPayoutInputSchema(method).safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0]) as FieldName;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate();
  };

  return { values, set, errors, save, onSubmit };
}

function PayoutDeadline({ dueAt, overdue }: { dueAt: string; overdue: boolean }) {
  return (
    <p className="text-warning-700">
      <span className="font-bold">Necesitamos tus datos para devolverte el pago. </span>
      {overdue
        ? `El plazo de ${countText(REFUND_PAYOUT_DAYS, "día", "días")} venció el ${formatDateTime(dueAt)}: envíalos cuanto antes.`
        : `Envíalos antes del ${formatDateTime(dueAt)} (tienes ${countText(REFUND_PAYOUT_DAYS, "día", "días")}).`}{" "}
      Solo tú y el organizador los verán.
    </p>
  );
}

function PayoutForm({
  refundId,
  method,
  dueAt,
  overdue,
  initial,
  onDone,
}: {
  refundId: string;
  method: "pago_movil" | "transferencia";
  dueAt: string;
  overdue: boolean;
  initial: RefundPayoutData | null;
  onDone: () => void;
}) {
  const { values, set, errors, save, onSubmit } = usePayoutForm({ refundId, method, initial, onDone });
  const id = (name: string) => `payout-${refundId}-${name}`;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Datos para tu reembolso"
      className="space-y-3 rounded-control border border-warning-700/20 bg-warning-50 px-3 py-3 text-sm"
    >
      <PayoutDeadline dueAt={dueAt} overdue={overdue} />
      <FormField id={id("bank")} label="Banco" error={errors.bankCode}>
        {(control) => (
          <NativeSelect
            options={BANK_OPTIONS}
            value={values.bankCode}
            onChange={set("bankCode")}
            {...control}
          />
        )}
      </FormField>
      <div className="grid grid-cols-[5rem_1fr] gap-3">
        <FormField id={id("id-type")} label="Tipo" error={errors.idType}>
          {(control) => (
            <NativeSelect options={ID_TYPES} value={values.idType} onChange={set("idType")} {...control} />
          )}
        </FormField>
        <FormField id={id("id-number")} label="Cédula" error={errors.idNumber}>
          {(control) => (
            <Input
              inputMode="numeric"
              placeholder="12345678"
              value={values.idNumber}
              onChange={set("idNumber")}
              {...control}
            />
          )}
        </FormField>
      </div>
      {method === "pago_movil" ? (
        <FormField id={id("phone")} label="Teléfono de Pago Móvil" error={errors.phone}>
          {(control) => <PhoneInput value={values.phone} onChange={set("phone")} {...control} />}
        </FormField>
      ) : (
        <FormField id={id("account")} label="Número de cuenta (20 dígitos)" error={errors.account}>
          {(control) => (
            <Input
              inputMode="numeric"
              placeholder="0134 0000 00 0000000000"
              value={values.account}
              onChange={set("account")}
              {...control}
            />
          )}
        </FormField>
      )}
      <Button type="submit" size="sm" loading={save.isPending} loadingText="Guardando...">
        Enviar mis datos
      </Button>
    </form>
  );
}
