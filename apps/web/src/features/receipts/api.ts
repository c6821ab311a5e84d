import type { Receipt, ReceiptClaimResult } from "@rifazo/shared/schemas/receipts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { Receipt, ReceiptClaimResult };

export const receiptKeys = {
  one: (token: string) => ["receipts", token] as const,
};

/** The receipt behind a private link; an unknown token is the API's 404 with its Spanish message. */
export function receiptQuery(token: string) {
  return queryOptions({
    queryKey: receiptKeys.one(token),
    queryFn: ({ signal, client }) =>
      api.get<Receipt>(`/api/receipts/${encodeURIComponent(token)}`, { signal, client }),
    // A receipt only changes when the raffle's draw time becomes precise: no need to refetch often.
    staleTime: 5 * 60_000,
  });
}

/**
 * POST /api/receipts/:token/claim: a vendedor's sale into the signed-in account confirmed with the email
 * the vendedor wrote down (docs/decisions/0034-vendedores.md); claiming again answers the same.
 */
export const claimReceipt = (token: string) =>
  api.post<ReceiptClaimResult>(`/api/receipts/${encodeURIComponent(token)}/claim`);
