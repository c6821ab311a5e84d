import {
  SELLER_CASH_METHOD,
  type SellerSaleMethod,
  sellerSaleInputSchema,
} from "@rifazo/shared/schemas/seller-sales";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { errorMessage, isApiError } from "../../lib/api-client";
import { type SellerAreaRaffle, type SellerSale, type SellerSaleInput, sellerKeys } from "./api";
import { abonoAmountIssue, nextAbonoRange } from "./sale-amount";
import type { SaleOutcome } from "./sale-queue";
import { NOT_QUEUED, useSaleId, useSend } from "./use-sale-form";

// «Registrar abono» (docs/decisions/0034-vendedores.md, "Abonos"): a further payment of a vendedor's abono
// sale is a sale of its own (its own device id) naming the first one in `abonoOf`; sent like any sale,
// online or queued and signed on the phone without signal.

/** A sale with its abono's balance (only those take further payments). */
export type AbonoSale = SellerSale & { abono: NonNullable<SellerSale["abono"]> };

export type AbonoPaymentValues = { method: SellerSaleMethod; reference: string; amount: string };

const FIELDS = ["method", "reference", "amount"] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/**
 * POST /api/seller/sales's body for a further payment: no numbers (they are the first sale's), and the
 * buyer of that sale (the schema asks for one; the server keeps the first payment's).
 */
export function abonoPaymentBody(
  values: AbonoPaymentValues,
  sale: AbonoSale,
  saleId: string,
): SellerSaleInput {
  const cash = values.method === SELLER_CASH_METHOD;
  return {
    saleId,
    raffleId: sale.raffleId,
    abonoOf: sale.abono.saleId,
    buyerName: sale.buyerName,
    buyerPhone: sale.buyerPhone,
    method: values.method,
    reference: cash ? null : values.reference.trim() || null,
    amount: values.amount.trim(),
  };
}

/** The form of a further payment, its checks (the schema, the abono's bounds, the server) and its sending. */
export function useAbonoPayment(
  sale: AbonoSale,
  raffle: SellerAreaRaffle,
  exchangeRate: number | null,
  onSaved: (outcome: SaleOutcome) => void,
) {
  const queryClient = useQueryClient();
  const saleId = useSaleId(undefined);
  const [generalError, setGeneralError] = useState<string | null>(null);
  const form = useForm<AbonoPaymentValues>({
    defaultValues: { method: raffle.saleMethods[0] ?? SELLER_CASH_METHOD, reference: "", amount: "" },
  });
  const method = useWatch({ control: form.control, name: "method" });
  const range = nextAbonoRange(sale.abono, method, exchangeRate);

  const showErrors = (entries: readonly (readonly [string, string])[]) => {
    let focus = true;
    for (const [name, message] of entries) {
      if (!isField(name)) setGeneralError(message);
      else if (!form.getFieldState(name).error) {
        form.setError(name, { message }, { shouldFocus: focus });
        focus = false;
      }
    }
  };

  const save = useMutation({
    mutationFn: useSend(raffle, undefined),
    onSuccess: (outcome) => {
      if (outcome.kind === "sent") {
        void queryClient.invalidateQueries({ queryKey: sellerKeys.sales });
        void queryClient.invalidateQueries({ queryKey: sellerKeys.area });
      }
      onSaved(outcome);
    },
    onError: (error) => {
      saleId.afterFailure(error);
      const fields = Object.entries(isApiError(error) ? (error.fields ?? {}) : {});
      if (fields.length > 0) showErrors(fields);
      // A refusal without a field (ABONO_UNDER_REVIEW, ABONO_PAID, not found) says why above the form.
      else setGeneralError(errorMessage(error, NOT_QUEUED));
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setGeneralError(null);
    form.clearErrors();
    const body = abonoPaymentBody(values, sale, saleId.current());
    const parsed = sellerSaleInputSchema.safeParse(body);
    // The schema's messages, and an amount out of the abono's bounds in the server's words (it checks again).
    const issue = abonoAmountIssue(values.amount, range);
    const entries = [
      ...(parsed.success
        ? []
        : parsed.error.issues.map((i) => [String(i.path[0] ?? ""), i.message] as const)),
      ...(issue ? [["amount", issue] as const] : []),
    ];
    if (entries.length > 0) showErrors(entries);
    else save.mutate(body);
  });

  return { form, save, onSubmit, method, range, generalError };
}
