import { zodResolver } from "@hookform/resolvers/zod";
import {
  CURRENCIES,
  type Currency,
  MIN_TICKETS_PER_PURCHASE,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "@rifazo/shared/constants";
import { formatMoney } from "@rifazo/shared/domain/money";
import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { purchaseTotal } from "@rifazo/shared/domain/tickets";
import {
  PROOF_LIMITS,
  type ProofFormFields,
  type ProofQuantityLimits,
  type PurchaseAllowance,
  proofFormSchemaFor,
} from "@rifazo/shared/schemas/proofs";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Controller, type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { UploadIcon } from "../../../components/ui/icons";
import { Input, inputClasses } from "../../../components/ui/input";
import { Select } from "../../../components/ui/select";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { toastIfOffline } from "../../offline";
import { BuyerPhonePrompt, isPhoneRequired } from "../../profile";
import { proofKeys, uploadProof } from "../api/proofs-api";
import { reservationKeys } from "../api/reservations-api";
import {
  amountText,
  clearProofDraft,
  emptyProofForm,
  GENERAL_RAFFLE_ID,
  isUploadFailure,
  newIdempotencyKey,
  normalizeAmount,
  PROOF_FIELD_ORDER,
  PROOF_MESSAGES,
  PROOF_REDIRECT_MS,
  type ProofField,
  type ProofFormValues,
  type ProofPrefill,
  type ProofUpload,
  proofDraftKey,
  proofFingerprint,
  proofToast,
  readProofDraft,
  redirectAfterUpload,
  writeProofDraft,
} from "../proof-form";
import { ProofFileInput } from "./proof-file-input";

const METHOD_OPTIONS = PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));
const CURRENCY_OPTIONS = CURRENCIES.map((value) => ({
  value,
  label: value,
}));

export interface FixedPrice {
  /** Price of one ticket; the amount is price × quantity and cannot be edited. */
  unitPrice: number;
  currency: Currency;
  /** Tickets still available, when known. */
  remaining: number | null;
}

/** A way to pay this purchase and the exact amount expected in its currency (null: unknown, typed). */
export interface PaymentOption {
  method: PaymentMethod;
  label: string;
  currency: Currency;
  amount: number | null;
}

interface ProofUploadFormProps {
  raffleId: string;
  /** The reservation this proof pays (its quantity is fixed); a rejected one takes a new proof. */
  reservation?: { id: string; quantity: number } | null;
  /**
   * The methods offered, each in its currency with the amount expected (the raffle's accepted methods);
   * null offers every method with a typed amount and a chosen currency (a general payment).
   */
  options?: readonly PaymentOption[] | null;
  /** The quantity typed, so the page's price summary follows it. */
  onQuantityChange?: (quantity: number | null) => void;
  /** The method chosen, so the page shows that method's payment data. */
  onMethodChange?: (method: PaymentMethod) => void;
  /** The method whose payment data the buyer is looking at: the form follows it. */
  method?: PaymentMethod;
  prefill: ProofPrefill;
  fixed: FixedPrice | null;
  signedIn: boolean;
  /** The buyer's cap and proofs under review, when loaded (the server checks them again on upload). */
  allowance: PurchaseAllowance | null;
  /** False when the raffle no longer sells tickets. */
  salesOpen: boolean;
}

const FIELD_NAMES = new Set<string>(PROOF_FIELD_ORDER);

/**
 * What the schema checks: the currency follows the method (bolívares for Pago Móvil and transfers, dollars
 * otherwise: shared methodCurrency, via the options) or the raffle; the quantity is the reservation's.
 */
function withDerived(
  values: ProofFormValues,
  fixed: FixedPrice | null,
  options: readonly PaymentOption[] | null,
  reservation: { quantity: number } | null,
): ProofFormValues {
  const option = options?.find((o) => o.method === values.paymentMethod);
  const currency = option?.currency ?? fixed?.currency ?? values.currency;
  const quantity = reservation ? String(reservation.quantity) : values.quantity;
  return { ...values, currency, quantity };
}

/** The amount expected for the chosen method, as the field shows it ("1.194,56"); "" when unknown. */
function expectedAmount(
  values: Pick<ProofFormValues, "paymentMethod" | "quantity">,
  fixed: FixedPrice | null,
  options: readonly PaymentOption[] | null,
): string {
  const option = options?.find((o) => o.method === values.paymentMethod);
  if (option) return option.amount === null ? "" : amountText(option.amount);
  if (options || !fixed) return "";
  // Without the raffle's methods (it could not be loaded): the purchase box's price × quantity.
  const quantity = Number(values.quantity);
  return Number.isInteger(quantity) && quantity > 0
    ? amountText(purchaseTotal(quantity, fixed.unitPrice))
    : "";
}

/**
 * The proof upload form (spec 1 §2, §5, §8): checks in the spec's order with its toasts, uploads with a
 * real progress bar, and tags each submission with an idempotency key that a retry of the same form reuses.
 */
export function ProofUploadForm({
  raffleId,
  reservation = null,
  options = null,
  onQuantityChange,
  onMethodChange,
  method,
  prefill,
  fixed,
  signedIn,
  allowance,
  salesOpen,
}: ProofUploadFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<"editing" | "uploading" | "done">("editing");
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  // Per-buyer cap (decision 0008): the quantity offered is at most what is left and what this buyer may add.
  const cap = allowance?.maxTicketsPerBuyer ?? null;
  const allowed = allowance?.ticketsAllowed ?? null;
  // A reservation's quantity was checked when it was made; the server checks it again on upload.
  const limits: ProofQuantityLimits = reservation
    ? {}
    : {
        minQuantity: raffleId === GENERAL_RAFFLE_ID ? undefined : MIN_TICKETS_PER_PURCHASE,
        remaining: fixed?.remaining ?? null,
        cap,
        allowed,
      };
  // The resolver reads the latest price and limits (the allowance may load after the form opens).
  const latest = useRef({ fixed, limits, options, reservation });
  latest.current = { fixed, limits, options, reservation };
  const [resolver] = useState(() => {
    const proofResolver: Resolver<ProofFormValues, unknown, ProofFormFields> = async (
      values,
      context,
      resolverOptions,
    ) => {
      const current = latest.current;
      // The schema types the file as { name, size }; the form holds the browser's File.
      const check = zodResolver(proofFormSchemaFor(current.limits)) as unknown as Resolver<
        ProofFormValues,
        unknown,
        ProofFormFields
      >;
      // "1.194,56" as Venezuelans write it: the shared es-VE parser reads it, or says what is wrong.
      const amount = normalizeAmount(values.amount);
      const derived = withDerived(
        { ...values, amount: amount.ok ? amount.value : "" },
        current.fixed,
        current.options,
        current.reservation,
      );
      const result = await check(derived, context, resolverOptions);
      if (amount.ok) return result;
      return {
        values: {},
        errors: { ...result.errors, amount: { type: "validate", message: amount.error } },
      } as Awaited<ReturnType<typeof check>>;
    };
    return proofResolver;
  });
  const draftKey = proofDraftKey(raffleId, reservation?.id);
  // Read once, when the form opens: what was typed before leaving for the bank's app.
  const [draft] = useState(() => readProofDraft(draftKey));
  const form = useForm<ProofFormValues, unknown, ProofFormFields>({
    resolver,
    // onInvalid focuses the first field in the spec's order, not in the order the inputs registered.
    shouldFocusError: false,
    defaultValues: {
      ...emptyProofForm({
        ...prefill,
        quantity: reservation?.quantity ?? prefill.quantity,
        currency: fixed?.currency ?? prefill.currency,
      }),
      ...(options || fixed ? { amount: "" } : {}),
      // The method starts as the tab shown (the one asked for, else the first usable), never empty
      // under an open tab; a draft's method wins, and the tabs follow the form (onMethodChange).
      ...(options?.length
        ? { paymentMethod: options.find((o) => o.method === method)?.method ?? options[0]?.method }
        : {}),
      ...draft,
      ...(reservation ? { quantity: String(reservation.quantity) } : {}),
    },
  });
  const { errors } = form.formState;
  const watched = form.watch();
  const values = withDerived(watched, fixed, options, reservation);

  // Keep the draft as it is typed, so coming back from the bank's app finds it.
  useEffect(() => {
    const subscription = form.watch((next) => writeProofDraft(draftKey, next as Partial<ProofFormValues>));
    return () => subscription.unsubscribe();
  }, [form, draftKey]);

  // The amount starts as the one expected for the method (and quantity); what the buyer typed stays.
  const expected = expectedAmount(watched, fixed, options);
  const lastExpected = useRef<string | null>(null);
  useEffect(() => {
    const current = form.getValues("amount");
    if (!expected) return;
    if (current === "" || current === lastExpected.current) form.setValue("amount", expected);
    lastExpected.current = expected;
  }, [expected, form]);

  const quantityNumber = Number(watched.quantity);
  const reportedQuantity = Number.isInteger(quantityNumber) && quantityNumber > 0 ? quantityNumber : null;
  useEffect(() => {
    onQuantityChange?.(reportedQuantity);
  }, [reportedQuantity, onQuantityChange]);
  useEffect(() => {
    if (watched.paymentMethod) onMethodChange?.(watched.paymentMethod);
  }, [watched.paymentMethod, onMethodChange]);
  // The tab the buyer opened to pay is the method of the proof (if it can be used).
  useEffect(() => {
    if (!method || !latest.current.options?.some((o) => o.method === method)) return;
    if (form.getValues("paymentMethod") !== method) form.setValue("paymentMethod", method);
  }, [method, form]);

  const methodOptions = options ? options.map((o) => ({ value: o.method, label: o.label })) : METHOD_OPTIONS;
  const chosenOption = options?.find((o) => o.method === watched.paymentMethod) ?? null;

  const bounds = [fixed?.remaining, allowed].filter((n): n is number => typeof n === "number");
  const maxQuantity = bounds.length > 0 ? Math.min(...bounds) : undefined;
  const pendingFull = allowance !== null && allowance.pendingProofs >= allowance.maxPendingProofs;
  const capReached = cap !== null && allowed !== null && allowed < MIN_TICKETS_PER_PURCHASE;
  const quantityHint = [
    fixed?.remaining != null
      ? `${pluralWord(fixed.remaining, "Queda", "Quedan")} ${countText(fixed.remaining, "boleto disponible", "boletos disponibles")}.`
      : null,
    cap !== null && allowed !== null
      ? `${PURCHASE_LIMIT_MESSAGES.capLabel(cap)}: puedes comprar ${allowed} más.`
      : null,
  ]
    .filter(Boolean)
    .join(" ");

  const onInvalid = (invalid: FieldErrors<ProofFormValues>) => {
    const field = PROOF_FIELD_ORDER.find((name) => invalid[name]?.message);
    const message = field ? invalid[field]?.message : undefined;
    if (!field || !message) return;
    toast({ id: "proof-upload", ...proofToast(field, message, limits), variant: "error" });
    document.getElementById(`proof-${field}`)?.focus();
  };

  // 422 PHONE_REQUIRED: the mobile is asked inline, saved to the profile, and the same proof sent again.
  const [needsPhone, setNeedsPhone] = useState(false);
  const validateAndSend = form.handleSubmit(
    (parsed) => onValid(parsed),
    (invalid) => onInvalid(invalid),
  );
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phase !== "editing") return;
    // The spec's order (spec 1 §8): a signed-out user hears that before any field problem.
    if (!signedIn) {
      toast({
        id: "proof-upload",
        title: PROOF_MESSAGES.userErrorTitle,
        description: PROOF_MESSAGES.userError,
        variant: "error",
      });
      return;
    }
    void validateAndSend(event);
  };

  const onValid = async (parsed: ProofFormFields) => {
    // The schema only knows the file's name and size; the value is the File the input gave.
    const fields: ProofUpload = { ...parsed, file: parsed.file as File };
    // One key per attempt; pressing send again on the same, unchanged form is a retry and reuses it.
    const fingerprint = proofFingerprint(raffleId, fields, reservation?.id);
    if (attempt.current?.fingerprint !== fingerprint) {
      attempt.current = { fingerprint, key: newIdempotencyKey() };
    }
    setPhase("uploading");
    setProgress(0);
    try {
      await uploadProof({
        raffleId,
        reservationId: reservation?.id,
        fields,
        idempotencyKey: attempt.current.key,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
      setProgress(100);
      setPhase("done");
      toast({
        id: "proof-upload",
        title: PROOF_MESSAGES.successTitle,
        description: PROOF_MESSAGES.success,
        variant: "success",
        // Without a reservation the form goes on to the raffle or Mis Pagos a moment later.
        survivesRedirect: !reservation,
      });
      clearProofDraft(draftKey);
      void queryClient.invalidateQueries({ queryKey: proofKeys.all });
      void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["raffles"] });
      // A reservation's page shows "Comprobante en revisión" in place of this form once the refetched
      // reservation is submitted; a purchase without one goes on to its raffle or Mis Pagos.
      if (!reservation) {
        const target = redirectAfterUpload(raffleId);
        redirectTimer.current = setTimeout(() => {
          void navigate(target.kind === "payments" ? paths.profilePayments : paths.raffle(target.id));
        }, PROOF_REDIRECT_MS);
      }
    } catch (error) {
      setPhase("editing");
      setProgress(null);
      // The reservation may have expired or changed meanwhile: the page shows its state again.
      if (reservation) void queryClient.invalidateQueries({ queryKey: reservationKeys.all });
      if (isPhoneRequired(error)) {
        setNeedsPhone(true);
        return;
      }
      // The form keeps what was typed: «Reintentar» sends it again (same key, so never twice).
      if (toastIfOffline(error, "subir el comprobante", () => formRef.current?.requestSubmit())) return;
      const upload = isApiError(error) ? isUploadFailure(error) : true;
      toast({
        id: "proof-upload",
        title: upload ? PROOF_MESSAGES.uploadErrorTitle : PROOF_MESSAGES.saveErrorTitle,
        description: errorMessage(error),
        variant: "error",
      });
      if (isApiError(error) && error.fields) {
        for (const [name, message] of Object.entries(error.fields)) {
          const key = name === "quantityOfTickets" ? "quantity" : name === "proof" ? "file" : name;
          if (FIELD_NAMES.has(key)) form.setError(key as ProofField, { message });
        }
      }
    }
  };

  const busy = phase !== "editing";
  const errorProps = (name: ProofField, describedBy: string | undefined) => ({
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy,
  });

  return (
    <>
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        className="space-y-5"
        aria-label="Subir comprobante de pago"
      >
        {salesOpen ? null : (
          <Alert variant="warning" title="Venta cerrada">
            La venta de boletos para esta rifa está cerrada.
          </Alert>
        )}
        {pendingFull ? (
          <Alert variant="warning" title="Comprobantes en revisión">
            {PURCHASE_LIMIT_MESSAGES.pendingLimit}
          </Alert>
        ) : capReached && cap !== null ? (
          <Alert variant="warning" title={PURCHASE_LIMIT_MESSAGES.capTitle}>
            {PURCHASE_LIMIT_MESSAGES.capReached(cap)}
          </Alert>
        ) : null}
        {draft ? (
          <Alert variant="info" title="Recuperamos lo que habías escrito">
            Vuelve a adjuntar el comprobante: por seguridad, el navegador no guarda archivos.
          </Alert>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="proof-paymentMethod" label="Método de pago" error={errors.paymentMethod?.message}>
            {(describedBy) => (
              <Controller
                control={form.control}
                name="paymentMethod"
                render={({ field }) => (
                  <Select
                    id="proof-paymentMethod"
                    options={methodOptions}
                    placeholder="Selecciona un método"
                    // "" shows the placeholder and keeps the Select controlled from the start (undefined
                    // made it switch from uncontrolled to controlled on the first choice).
                    value={field.value}
                    onValueChange={(value) => field.onChange(value as PaymentMethod)}
                    disabled={busy}
                    {...errorProps("paymentMethod", describedBy)}
                  />
                )}
              />
            )}
          </Field>
          <Field
            id="proof-transactionRef"
            label="Referencia de la transacción"
            hint="El número de confirmación que te dio tu banco o aplicación."
            error={errors.transactionRef?.message}
          >
            {(describedBy) => (
              <Input
                id="proof-transactionRef"
                {...form.register("transactionRef")}
                maxLength={PROOF_LIMITS.reference}
                autoComplete="off"
                spellCheck={false}
                placeholder="Ej: 00123456789"
                disabled={busy}
                {...errorProps("transactionRef", describedBy)}
              />
            )}
          </Field>
          <Field
            id="proof-quantity"
            label="Cantidad de boletos"
            hint={reservation ? "La cantidad de tu reserva." : quantityHint || undefined}
            error={errors.quantity?.message}
          >
            {(describedBy) =>
              reservation ? (
                <Input
                  id="proof-quantity"
                  value={String(reservation.quantity)}
                  readOnly
                  aria-describedby={describedBy}
                />
              ) : (
                <Input
                  id="proof-quantity"
                  type="number"
                  inputMode="numeric"
                  min={raffleId === GENERAL_RAFFLE_ID ? 1 : MIN_TICKETS_PER_PURCHASE}
                  max={maxQuantity}
                  step={1}
                  {...form.register("quantity")}
                  disabled={busy}
                  {...errorProps("quantity", describedBy)}
                />
              )
            }
          </Field>
          <div className="grid grid-cols-[minmax(0,1fr)_8.5rem] gap-3">
            <Field
              id="proof-amount"
              label="Monto pagado"
              hint={
                chosenOption?.amount != null ? (
                  <>
                    Debe ser exactamente {/* "Bs." and its figure stay on one line in this narrow column. */}
                    <span className="whitespace-nowrap">
                      {formatMoney(chosenOption.amount, chosenOption.currency)}
                    </span>
                    . Escríbelo como en <span className="whitespace-nowrap">1.194,56</span>.
                  </>
                ) : (
                  "Escríbelo como en 1.194,56 (punto para los miles, coma para los decimales)."
                )
              }
              error={errors.amount?.message}
            >
              {(describedBy) => (
                <Input
                  id="proof-amount"
                  inputMode="decimal"
                  autoComplete="off"
                  {...form.register("amount")}
                  placeholder="0,00"
                  disabled={busy}
                  {...errorProps("amount", describedBy)}
                />
              )}
            </Field>
            <Field id="proof-currency" label="Moneda" error={errors.currency?.message}>
              {(describedBy) =>
                options || fixed ? (
                  <Input
                    id="proof-currency"
                    value={values.currency}
                    readOnly
                    aria-describedby={describedBy}
                  />
                ) : (
                  <Controller
                    control={form.control}
                    name="currency"
                    render={({ field }) => (
                      <Select
                        id="proof-currency"
                        options={CURRENCY_OPTIONS}
                        value={field.value}
                        onValueChange={(value) => field.onChange(value as Currency)}
                        disabled={busy}
                        {...errorProps("currency", describedBy)}
                      />
                    )}
                  />
                )
              }
            </Field>
          </div>
        </div>

        <Field id="proof-userNotes" label="Notas (opcional)" error={errors.userNotes?.message}>
          {(describedBy) => (
            <textarea
              id="proof-userNotes"
              {...form.register("userNotes")}
              maxLength={PROOF_LIMITS.notes}
              rows={3}
              placeholder="Algo que debamos saber sobre tu pago"
              disabled={busy}
              className={cn(inputClasses, "h-auto min-h-24 py-2.5")}
              {...errorProps("userNotes", describedBy)}
            />
          )}
        </Field>

        <p className="text-xs text-muted">
          Si sales a la app de tu banco, guardamos lo que escribiste aquí; el archivo del comprobante tendrás
          que adjuntarlo de nuevo.
        </p>
        <Controller
          control={form.control}
          name="file"
          render={({ field }) => (
            <ProofFileInput
              id="proof-file"
              file={field.value}
              onChange={field.onChange}
              disabled={busy}
              error={errors.file?.message}
            />
          )}
        />

        {progress !== null ? (
          <div className="space-y-1.5">
            <div className="flex items-center justify-between text-sm">
              <span id="proof-progress-label" className="font-semibold text-ink">
                {phase === "done" ? "Comprobante enviado" : "Subiendo comprobante..."}
              </span>
              <span className="font-mono text-muted" aria-hidden="true">
                {progress}%
              </span>
            </div>
            <div
              role="progressbar"
              aria-labelledby="proof-progress-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-2.5 overflow-hidden rounded-pill bg-brand-100"
            >
              <div
                className={cn(
                  "h-full rounded-pill transition-[width] duration-200",
                  phase === "done" ? "bg-success-600" : "bg-brand-600",
                )}
                style={{ width: `${progress}%` }}
              />
            </div>
          </div>
        ) : null}

        {phase === "done" ? (
          <Alert variant="success" title={PROOF_MESSAGES.successTitle}>
            {PROOF_MESSAGES.success} Te llevamos{" "}
            {raffleId === GENERAL_RAFFLE_ID ? "a tus pagos" : "de vuelta a la rifa"} en un momento...
          </Alert>
        ) : null}

        <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
          {reservation ? (
            <span />
          ) : (
            <Link
              to={paths.paymentMethods}
              className="text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Ver datos para pagar
            </Link>
          )}
          <Button
            type="submit"
            size="lg"
            loading={phase === "uploading"}
            loadingText="Subiendo..."
            disabled={phase === "done" || !salesOpen}
            className="w-full sm:w-auto"
          >
            <UploadIcon />
            Enviar Comprobante
          </Button>
        </div>
      </form>
      {needsPhone ? (
        <div className="mt-4">
          <BuyerPhonePrompt
            onSaved={() => {
              setNeedsPhone(false);
              void validateAndSend();
            }}
          />
        </div>
      ) : null}
    </>
  );
}
