import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import {
  SELLER_CASH_METHOD,
  type SellerSaleMethod,
  sellerSaleInputSchema,
} from "@rifazo/shared/schemas/seller-sales";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { errorMessage, isApiError } from "../../lib/api-client";
import { isOffline } from "../../lib/use-online";
import { type SessionUser, sessionQueryKey } from "../auth";
import { newIdempotencyKey } from "../proofs";
import { numbersKey, parseTakenNumbers, takenNumbersOf } from "../raffles";
import {
  recordSellerSale,
  type SellerAreaRaffle,
  type SellerAreaView,
  type SellerSaleInput,
  sellerKeys,
} from "./api";
import type { QueuedSale } from "./offline-storage";
import { abonoAmountIssue, amountText, firstAbonoRange, saleCharge } from "./sale-amount";
import { queueSale, resendSale, type SaleOutcome } from "./sale-queue";

/** What the sale form holds: text as typed (the API reads it with the same es-VE parsers), and the numbers. */
export type SaleFormValues = {
  numbers: number[];
  quantity: string;
  buyerName: string;
  buyerPhone: string;
  buyerIdNumber: string;
  buyerEmail: string;
  method: SellerSaleMethod;
  reference: string;
  amount: string;
  /** «Venta completa» or «Apartar con abono» (offered when the raffle has a minimum, decision 0034). */
  kind: SaleKind;
};

export type SaleKind = "whole" | "abono";

const FIELDS = [
  "numbers",
  "quantity",
  "buyerName",
  "buyerPhone",
  "buyerIdNumber",
  "buyerEmail",
  "method",
  "reference",
  "amount",
] as const satisfies readonly (keyof SaleFormValues)[];
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/** "3" → 3; anything else is not a quantity (the schema then says why). */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** POST /api/seller/sales's body: the numbers or the quantity, no reference for cash, `abono` when chosen. */
export function saleBody(values: SaleFormValues, raffle: SellerAreaRaffle, saleId: string): SellerSaleInput {
  const cash = values.method === SELLER_CASH_METHOD;
  // Only when written: a sale without one is sent (and signed) exactly as before the field existed.
  const buyerEmail = values.buyerEmail.trim();
  const common = {
    saleId,
    raffleId: raffle.raffleId,
    buyerName: values.buyerName.trim(),
    buyerPhone: values.buyerPhone.trim(),
    buyerIdNumber: values.buyerIdNumber.trim() || null,
    method: values.method,
    reference: cash ? null : values.reference.trim() || null,
    amount: values.amount.trim(),
    ...(buyerEmail ? { buyerEmail } : {}),
    ...(values.kind === "abono" ? { abono: true } : {}),
  };
  return raffle.numberMode === "chosen"
    ? { ...common, numbers: [...values.numbers].sort((a, b) => a - b) }
    : { ...common, quantity: parseQuantity(values.quantity) };
}

/**
 * The sale's id, made once on the device: a retry after a network failure (or a server error, which may
 * come after the sale was saved) sends the same one, so the server answers with the first result. After
 * a clear refusal (4xx) of an id never left in doubt, nothing was saved under it: the corrected sale goes
 * with a fresh one.
 */
export function useSaleId(fixed: string | undefined) {
  const id = useRef<string>(null);
  id.current ??= fixed ?? newIdempotencyKey();
  // A queued sale sent again keeps its id: the server may know it already.
  const inDoubt = useRef(Boolean(fixed));
  const afterFailure = (error: unknown) => {
    const refused = isApiError(error) && error.status >= 400 && error.status < 500;
    if (!refused) inDoubt.current = true;
    else if (!inDoubt.current) id.current = newIdempotencyKey();
  };
  return { current: () => id.current ?? "", afterFailure };
}

/**
 * The amount field is filled with the price in the method's currency, again whenever the quantity, the
 * method or the rate changes it; the vendedor may type another (the server checks it against the price).
 * An abono's amount is the vendedor's to write: choosing it empties the field, and nothing refills it.
 */
function useSuggestedAmount(
  form: UseFormReturn<SaleFormValues>,
  raffle: SellerAreaRaffle,
  exchangeRate: number | null,
  keepFirst: boolean,
) {
  const [method, quantityText, numbers, kind] = useWatch({
    control: form.control,
    name: ["method", "quantity", "numbers", "kind"],
  });
  const quantity = raffle.numberMode === "chosen" ? numbers.length : parseQuantity(quantityText);
  const charge = saleCharge(raffle, quantity, method, exchangeRate);
  const abonoRange = kind === "abono" ? firstAbonoRange(raffle, charge, exchangeRate) : null;
  const suggested = kind === "abono" ? "" : amountText(charge);
  // A sale sent again opens with the amount collected, not the price of the numbers left.
  const keep = useRef(keepFirst);
  useEffect(() => {
    if (keep.current) keep.current = false;
    else form.setValue("amount", suggested);
  }, [form, suggested]);
  return { charge, method, kind, abonoRange };
}

/**
 * Each message beside its field (the first one of each), the first such field focused; one about no field
 * goes above the form.
 */
function showFieldErrors(
  form: UseFormReturn<SaleFormValues>,
  entries: readonly (readonly [string, string])[],
  setGeneralError: (message: string) => void,
) {
  let focus = true;
  for (const [name, message] of entries) {
    if (!isField(name)) setGeneralError(message);
    else if (!form.getFieldState(name).error) {
      // The numbers are the grid's buttons, not one control to focus.
      const focusable = focus && name !== "numbers";
      form.setError(name, { message }, { shouldFocus: focusable });
      if (focusable) focus = false;
    }
  }
}

/** The form's first values: empty, or those of a queued sale sent again, without the numbers it lost. */
function initialValues(raffle: SellerAreaRaffle, resend: QueuedSale | undefined): SaleFormValues {
  const body = resend?.body;
  const lost = new Set(parseTakenNumbers(resend?.refusal?.taken ?? []));
  return {
    numbers: (body?.numbers ?? []).filter((n) => !lost.has(n)),
    quantity: String(body?.quantity ?? MIN_TICKETS_PER_PURCHASE),
    buyerName: body?.buyerName ?? "",
    buyerPhone: body?.buyerPhone ?? "",
    buyerIdNumber: body?.buyerIdNumber ?? "",
    buyerEmail: body?.buyerEmail ?? "",
    method: body?.method ?? raffle.saleMethods[0] ?? SELLER_CASH_METHOD,
    reference: body?.reference ?? "",
    amount: body ? String(body.amount) : "",
    kind: body?.abono ? "abono" : "whole",
  };
}

/** Couldn't be sent nor kept on the phone (no key yet, storage refused). */
export const NOT_QUEUED =
  "No hay señal y no pudimos guardar la venta en este teléfono. Abre tu área de vendedor con señal una vez y vuelve a intentarlo.";

/**
 * Sends the sale; without signal (the browser says so, or the request got no answer) it is saved on the
 * phone, signed with the session's sale key, to go later. A queued sale sent again goes through the queue.
 */
export function useSend(raffle: SellerAreaRaffle, resend: QueuedSale | undefined) {
  const queryClient = useQueryClient();
  return async (body: SellerSaleInput): Promise<SaleOutcome> => {
    const saleKey = queryClient.getQueryData<SellerAreaView>(sellerKeys.area)?.saleKey ?? null;
    // The form's whole body replaces the queued one: a sale switched to «Venta completa» drops `abono`.
    if (resend) return resendSale(queryClient, resend, { abono: undefined, ...body }, saleKey);
    if (!isOffline()) {
      try {
        return { kind: "sent", sale: await recordSellerSale(body) };
      } catch (error) {
        if (!isApiError(error) || !error.isNetwork) throw error;
      }
    }
    const userId = queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?.id;
    if (!saleKey || !userId) throw new Error("no sale key");
    const queued = await queueSale({
      userId,
      saleKey,
      body,
      raffleTitle: raffle.title,
      totalTickets: raffle.totalTickets,
    });
    return { kind: "queued", queued };
  };
}

/** The sale form, its checks (the API's schema, then the API's answer) and its sending. */
export function useSaleForm(
  raffle: SellerAreaRaffle,
  exchangeRate: number | null,
  onSaved: (outcome: SaleOutcome) => void,
  resend?: QueuedSale,
) {
  const queryClient = useQueryClient();
  const saleId = useSaleId(resend?.saleId);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<SaleFormValues>({ defaultValues: initialValues(raffle, resend) });
  const { charge, method, kind, abonoRange } = useSuggestedAmount(
    form,
    raffle,
    exchangeRate,
    Boolean(resend),
  );

  const showErrors = (entries: readonly (readonly [string, string])[]) =>
    showFieldErrors(form, entries, setGeneralError);

  const refreshNumbers = () => queryClient.invalidateQueries({ queryKey: numbersKey(raffle.raffleId) });
  const save = useMutation({
    mutationFn: useSend(raffle, resend),
    onSuccess: (outcome) => {
      if (outcome.kind === "sent") {
        void queryClient.invalidateQueries({ queryKey: sellerKeys.area });
        void queryClient.invalidateQueries({ queryKey: sellerKeys.sales });
        if (raffle.numberMode === "chosen") void refreshNumbers();
      }
      onSaved(outcome);
    },
    onError: (error) => {
      saleId.afterFailure(error);
      const taken = takenNumbersOf(error);
      if (taken) {
        const gone = new Set(parseTakenNumbers(taken));
        form.setValue(
          "numbers",
          form.getValues("numbers").filter((n) => !gone.has(n)),
        );
        form.setError("numbers", { message: RESERVATION_MESSAGES.numbersTaken(taken) });
        void refreshNumbers();
        return;
      }
      const fields = Object.entries(isApiError(error) ? (error.fields ?? {}) : {});
      if (fields.length > 0) showErrors(fields);
      // Anything but the API's answer failed to keep the sale on the phone.
      else setGeneralError(errorMessage(error, NOT_QUEUED));
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setGeneralError(null);
    form.clearErrors();
    const body = saleBody(values, raffle, saleId.current());
    const parsed = sellerSaleInputSchema.safeParse(body);
    // An abono out of its bounds is said too, in the server's words (it checks again).
    const abonoIssue = values.kind === "abono" ? abonoAmountIssue(values.amount, abonoRange) : null;
    const entries = [
      ...(parsed.success
        ? []
        : parsed.error.issues.map((i) => [String(i.path[0] ?? ""), i.message] as const)),
      ...(abonoIssue ? [["amount", abonoIssue] as const] : []),
    ];
    if (entries.length > 0) showErrors(entries);
    else save.mutate(body);
  });

  return { form, save, onSubmit, charge, method, kind, abonoRange, generalError };
}
