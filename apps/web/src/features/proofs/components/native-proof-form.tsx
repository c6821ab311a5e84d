import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "@rifazo/shared/constants";
import { formatMoney } from "@rifazo/shared/domain/money";
import { PROOF_LIMITS } from "@rifazo/shared/schemas/proof-rules";
import type { Reservation } from "@rifazo/shared/schemas/reservations";
import { useEffect, useLayoutEffect, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { cn } from "../../../lib/cn";
import { formValue, useFormReturn } from "../../../lib/form-return";
import { HANDED_OVER_FIELDS, type HandedOverValues } from "../proof-form";
import { payableMethods } from "../reservation";

// The proof form as the browser sends it on its own (decision 0029): a multipart POST to /api/proofs
// with the field names the API reads, answered with a 303 back to this page ("Comprobante en revisión"),
// or with this page again, the message above the form and the typed fields kept (never the file).

export const PROOF_FORM_ACTION = "/api/proofs";

type Methods = ReturnType<typeof payableMethods>;

/** What a refused submission sent, and the field messages of its refusal. */
function useSent() {
  const refused = useFormReturn(PROOF_FORM_ACTION);
  return {
    refused,
    sent: (name: string) => formValue(refused, name),
    error: (name: string) => refused?.fields[name],
  };
}

type Sent = ReturnType<typeof useSent>;

function MethodAndReference({ methods, sent, error }: Sent & { methods: Methods }) {
  return (
    <>
      <FormField id="proof-paymentMethod" label="Método de pago" error={error("paymentMethod")}>
        {(control) => (
          <NativeSelect
            name="paymentMethod"
            required
            defaultValue={sent("paymentMethod") || methods[0]?.method}
            options={methods.map((m) => ({ value: m.method, label: PAYMENT_METHOD_LABELS[m.method] }))}
            {...control}
          />
        )}
      </FormField>
      <FormField
        id="proof-transactionRef"
        label="Referencia de la transacción"
        error={error("transactionRef")}
      >
        {(control) => (
          <Input
            name="transactionRef"
            required
            maxLength={PROOF_LIMITS.reference}
            autoComplete="off"
            defaultValue={sent("transactionRef")}
            {...control}
          />
        )}
      </FormField>
    </>
  );
}

/**
 * The amount, with each method's exact figure (an abono's bounds, decision 0034), and its currency (the
 * method's).
 */
function AmountAndCurrency({ methods, sent, error }: Sent & { methods: Methods }) {
  const currencies = [...new Set(methods.map((m) => m.currency))];
  const abono = methods.some((m) => m.minimum != null);
  const hint = (
    <>
      {abono ? "Entre el mínimo y lo que falta:" : "Exactamente"}{" "}
      {methods.map((m, index) => (
        <span key={m.method} className="whitespace-nowrap">
          {index > 0 ? " · " : ""}
          {PAYMENT_METHOD_LABELS[m.method]}:{" "}
          {m.minimum != null
            ? `${formatMoney(m.minimum, m.currency)} a ${formatMoney(m.amount, m.currency)}`
            : formatMoney(m.amount, m.currency)}
        </span>
      ))}
      . Escríbelo como en 1.194,56.
    </>
  );
  return (
    <>
      <FormField id="proof-amount" label="Monto pagado" error={error("amount")} hint={hint}>
        {(control) => (
          <Input
            name="amount"
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            defaultValue={sent("amount")}
            {...control}
          />
        )}
      </FormField>
      <FormField id="proof-currency" label="Moneda" error={error("currency")} hint="La del método de pago.">
        {(control) => (
          <NativeSelect
            name="currency"
            defaultValue={sent("currency") || currencies[0]}
            options={currencies.map((c) => ({ value: c, label: c === "VES" ? "Bolívares (VES)" : c }))}
            {...control}
          />
        )}
      </FormField>
    </>
  );
}

function NotesAndFile({ refused, sent, error }: Sent) {
  return (
    <>
      <FormField id="proof-userNotes" label="Notas (opcional)" error={error("userNotes")}>
        {(control) => (
          <textarea
            name="userNotes"
            maxLength={PROOF_LIMITS.notes}
            rows={3}
            placeholder="Algo que debamos saber sobre tu pago"
            defaultValue={sent("userNotes")}
            className={cn(inputClasses, "h-auto min-h-24 py-2.5")}
            {...control}
          />
        )}
      </FormField>
      <FormField
        id="proof-file"
        label="Comprobante (JPG, PNG o PDF, hasta 5 MB)"
        error={error("file")}
        hint={refused ? "Adjunta el archivo de nuevo." : undefined}
      >
        {(control) => (
          <input
            type="file"
            name="file"
            required
            accept="image/jpeg,image/png,application/pdf"
            className="block w-full text-sm file:mr-3 file:rounded-control file:border-0 file:bg-brand-100 file:px-4 file:py-2.5 file:font-semibold file:text-brand-800"
            {...control}
          />
        )}
      </FormField>
    </>
  );
}

/** The text fields the buyer filled in the form, and the method if they changed it, by name. */
function typedIn(form: HTMLFormElement): HandedOverValues {
  const typed: HandedOverValues = {};
  for (const name of HANDED_OVER_FIELDS) {
    const value = (form.elements.namedItem(name) as HTMLInputElement | null)?.value;
    if (value) typed[name] = value;
  }
  const method = form.elements.namedItem("paymentMethod");
  if (method instanceof HTMLSelectElement) {
    // The page's own choice is the option it was sent with: only a different one is the buyer's.
    const sent = [...method.options].find((option) => option.defaultSelected) ?? method.options[0];
    if (method.value && method.value !== sent?.value) typed.paymentMethod = method.value as PaymentMethod;
  }
  return typed;
}

/**
 * The payment page's form when the server rendered it for the buyer. Once the code has run it gives way
 * to the full form (progress, checks as you type) unless the buyer had started on it: it works the same
 * then (a full-page POST), and nothing typed is lost.
 */
export function NativeProofForm({
  reservation,
  idempotencyKey,
  prepare,
  onUntouched,
  onLeave,
}: {
  reservation: Reservation;
  idempotencyKey: string;
  /** Downloads what the full form needs: until it is done, this form stays, and works. */
  prepare?: () => Promise<unknown>;
  /**
   * Once hydrated and `prepare` done, when nothing was typed nor chosen in it at hydration and no file
   * since: the full form can take its place.
   */
  onUntouched: () => void;
  /**
   * When it leaves the page: what was typed in it by then. The full form is rendered after the check
   * above, and a buyer can type in between; the full form adopts it instead of losing it.
   */
  onLeave?: (typed: HandedOverValues) => void;
}) {
  const state = useSent();
  const methods = payableMethods(reservation);
  const formRef = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useEffect(() => {
    const form = formRef.current;
    if (!form || state.refused) return;
    const typed = Object.keys(typedIn(form)).length > 0;
    const fileChosen = () =>
      Boolean((form.elements.namedItem("file") as HTMLInputElement | null)?.files?.length);
    if (typed || fileChosen()) return;
    // Text typed while the full form downloads is handed over to it (onLeave); a chosen file cannot be.
    (prepare?.() ?? Promise.resolve()).then(
      () => {
        if (!fileChosen()) onUntouched();
      },
      () => undefined,
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read as the form is removed, not before.
  useLayoutEffect(() => {
    const form = formRef.current;
    return () => {
      if (form) onLeave?.(typedIn(form));
    };
  }, []);
  return (
    <form
      ref={formRef}
      method="post"
      action={PROOF_FORM_ACTION}
      encType="multipart/form-data"
      className="space-y-5"
      aria-label="Subir comprobante de pago"
    >
      {state.refused ? (
        <Alert variant="danger" title="No pudimos recibir tu comprobante">
          {state.refused.message}
        </Alert>
      ) : null}
      <input type="hidden" name="raffleId" value={reservation.raffleId} />
      <input type="hidden" name="reservationId" value={reservation.id} />
      <input type="hidden" name="quantity" value={reservation.quantity} />
      <input type="hidden" name="idempotencyKey" value={state.sent("idempotencyKey") || idempotencyKey} />
      <div className="grid gap-5 sm:grid-cols-2">
        <MethodAndReference methods={methods} {...state} />
        <AmountAndCurrency methods={methods} {...state} />
      </div>
      <NotesAndFile {...state} />
      <button type="submit" className={buttonClasses({ variant: "accent", size: "lg", className: "w-full" })}>
        Enviar Comprobante
      </button>
    </form>
  );
}
