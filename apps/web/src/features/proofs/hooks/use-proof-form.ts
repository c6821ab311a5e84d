import { MIN_TICKETS_PER_PURCHASE, type PaymentMethod } from "@rifazo/shared/constants";
import { parseEsNumber } from "@rifazo/shared/domain/money";
import { type ProofQuantityLimits, quantityLimitIssue } from "@rifazo/shared/schemas/proof-rules";
import type { ProofFormFields, PurchaseAllowance } from "@rifazo/shared/schemas/proofs";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type Resolver, type UseFormReturn, useForm } from "react-hook-form";
import { offlineActionMessage } from "../../offline";
import {
  emptyProofForm,
  GENERAL_RAFFLE_ID,
  type HandedOverValues,
  normalizeAmount,
  type ProofDraft,
  type ProofFormValues,
  type ProofPrefill,
  proofDraftKey,
  readProofDraft,
  writeProofDraft,
} from "../proof-form";
import { expectedAmount, type FixedPrice, type PaymentOption, withDerived } from "../proof-upload-values";
import { abonoAmountIssue } from "../reservation";

/** The purchase a proof pays, as the upload form receives it. */
export interface ProofFormSetup {
  raffleId: string;
  /** The reservation this proof pays (its quantity is fixed). */
  reservation: { id: string; quantity: number } | null;
  /** The methods offered, each in its currency and amount; null offers every method (a general payment). */
  options: readonly PaymentOption[] | null;
  /** The method whose payment data the buyer is looking at: the form follows it. */
  method?: PaymentMethod | undefined;
  prefill: ProofPrefill;
  fixed: FixedPrice | null;
  /** The buyer's cap and proofs under review, when loaded (the server checks them again on upload). */
  allowance: PurchaseAllowance | null;
  /** The quantity typed, so the page's price summary follows it. */
  onQuantityChange?: ((quantity: number | null) => void) | undefined;
  /** The method chosen, so the page shows that method's payment data. */
  onMethodChange?: ((method: PaymentMethod) => void) | undefined;
  /** What the browser's own form held when this one took its place (NativeProofForm's onLeave). */
  handedOver?: { readonly current: HandedOverValues | null } | undefined;
}

type ResolverInputs = Pick<ProofFormSetup, "fixed" | "options" | "reservation"> & {
  limits: ProofQuantityLimits;
};
type ProofResolver = Resolver<ProofFormValues, unknown, ProofFormFields>;
type ResolverResult = Awaited<ReturnType<ProofResolver>>;

let schemaCheck: Promise<ProofResolver> | undefined;
const SCHEMA_UNAVAILABLE = offlineActionMessage("preparar el formulario");

/**
 * The shared schema and zod, in their own file: the payment page hydrates without them (decision 0033)
 * and asks for them as its form appears, long before a buyer has typed a proof. After a failed download
 * (the connection dropped) the next check asks again.
 */
function loadSchemaCheck(): Promise<ProofResolver> {
  schemaCheck ??= Promise.all([
    import("@hookform/resolvers/zod"),
    import("@rifazo/shared/schemas/proofs"),
  ]).then(
    // The schema types the file as { name, size }; the form holds the browser's File.
    ([{ zodResolver }, { proofFormSchema }]) => zodResolver(proofFormSchema) as unknown as ProofResolver,
    (error: unknown) => {
      schemaCheck = undefined;
      throw error;
    },
  );
  return schemaCheck;
}

/**
 * The shared form schema, after the amount is read as es-VE, then the quantity limits the page knows (the
 * API checks them again under its lock): a broken one carries its error code as the field error's type.
 */
function useProofResolver(latest: RefObject<ResolverInputs>): ProofResolver {
  const [resolver] = useState(() => {
    const proofResolver: ProofResolver = async (values, context, options) => {
      let check: ProofResolver;
      try {
        check = await loadSchemaCheck();
      } catch {
        return {
          values: {},
          errors: { root: { type: "network", message: SCHEMA_UNAVAILABLE } },
        } as ResolverResult;
      }
      const current = latest.current;
      // "1.194,56" as Venezuelans write it: the shared es-VE parser reads it, or says what is wrong.
      const amount = normalizeAmount(values.amount);
      const derived = withDerived(
        { ...values, amount: amount.ok ? amount.value : "" },
        current.fixed,
        current.options,
        current.reservation,
      );
      const result = await check(derived, context, options);
      const errors = { ...result.errors };
      if (!amount.ok) errors.amount = { type: "validate", message: amount.error };
      // An abono's payment between its bounds, with the server's own messages (decision 0034).
      const option = current.options?.find((o) => o.method === derived.paymentMethod);
      const abonoIssue =
        amount.ok && amount.value !== "" && !errors.amount && option
          ? abonoAmountIssue(Number(amount.value), option)
          : null;
      if (abonoIssue) errors.amount = { type: "abono", message: abonoIssue };
      const quantity = errors.quantity ? null : parseEsNumber(derived.quantity, { decimals: 0 });
      const issue = quantity?.ok ? quantityLimitIssue(quantity.value, current.limits) : null;
      if (issue) errors.quantity = { type: issue.code, message: issue.message };
      if (amount.ok && !issue && !abonoIssue) return result;
      return { values: {}, errors } as ResolverResult;
    };
    return proofResolver;
  });
  return resolver;
}

/** Where the form starts: the purchase's prefill, the method shown, then a draft typed before. */
function initialValues(setup: ProofFormSetup, draft: Partial<ProofDraft> | null): ProofFormValues {
  const { options, fixed, prefill, reservation, method } = setup;
  return {
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
  } as ProofFormValues;
}

/** The per-buyer cap (decision 0008) and the quantity bounds the page checks before sending. */
function quantityLimits(setup: ProofFormSetup): ProofQuantityLimits {
  // A reservation's quantity was checked when it was made; the server checks it again on upload.
  if (setup.reservation) return {};
  return {
    minQuantity: setup.raffleId === GENERAL_RAFFLE_ID ? undefined : MIN_TICKETS_PER_PURCHASE,
    remaining: setup.fixed?.remaining ?? null,
    cap: setup.allowance?.maxTicketsPerBuyer ?? null,
    allowed: setup.allowance?.ticketsAllowed ?? null,
  };
}

/** The amount follows the method (and quantity), the page follows the quantity and method, and back. */
function useProofFormSync(
  form: UseFormReturn<ProofFormValues, unknown, ProofFormFields>,
  watched: ProofFormValues,
  setup: ProofFormSetup,
  draftKey: string,
) {
  const { fixed, options, method, onQuantityChange, onMethodChange } = setup;
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
  const usable = options?.some((o) => o.method === method) ?? false;
  const latestUsable = useRef(usable);
  latestUsable.current = usable;
  useEffect(() => {
    if (!method || !latestUsable.current) return;
    if (form.getValues("paymentMethod") !== method) form.setValue("paymentMethod", method);
  }, [method, form]);
}

/** The proof form's state: values checked by the shared schema, a draft kept per purchase, derived fields. */
export function useProofForm(setup: ProofFormSetup) {
  const limits = quantityLimits(setup);
  // The resolver reads the latest price and limits (the allowance may load after the form opens).
  const latest = useRef<ResolverInputs>({ ...setup, limits });
  latest.current = { fixed: setup.fixed, options: setup.options, reservation: setup.reservation, limits };
  const resolver = useProofResolver(latest);
  // Asked for as the form appears, so the check is there by the time the buyer sends.
  useEffect(() => {
    loadSchemaCheck().catch(() => undefined);
  }, []);
  const draftKey = proofDraftKey(setup.raffleId, setup.reservation?.id);
  // Read once, when the form opens: what was typed before leaving for the bank's app.
  const [draft] = useState(() => readProofDraft(draftKey));
  const form = useForm<ProofFormValues, unknown, ProofFormFields>({
    resolver,
    // onInvalid focuses the first field in the spec's order, not in the order the inputs registered.
    shouldFocusError: false,
    defaultValues: initialValues(setup, draft),
  });
  // Typed in the server's form in the instant it gave way: newer than any draft, set as the fields mount.
  const handedOver = setup.handedOver;
  useLayoutEffect(() => {
    for (const [name, value] of Object.entries(handedOver?.current ?? {}))
      if (value) form.setValue(name as keyof HandedOverValues, value, { shouldDirty: true });
  }, [form, handedOver]);
  const watched = form.watch();
  useProofFormSync(form, watched, setup, draftKey);
  const values = withDerived(watched, setup.fixed, setup.options, setup.reservation);
  return { form, watched, values, limits, draft, draftKey };
}

export type ProofForm = UseFormReturn<ProofFormValues, unknown, ProofFormFields>;
