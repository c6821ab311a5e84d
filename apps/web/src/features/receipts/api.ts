import type { Receipt } from "@rifazo/shared/schemas/receipts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { Receipt };

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
