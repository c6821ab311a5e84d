import type { SellerSale, SellerSaleInput, SellerSaleList } from "@rifazo/shared/schemas/seller-sales";
import type { SellerArea } from "@rifazo/shared/schemas/sellers";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../lib/api-client";
import { type SessionUser, sessionQueryKey } from "../auth";
import { sellerStorage } from "./offline-storage";

// The vendedor's endpoints (docs/decisions/0034-vendedores.md): their area, accepting an invitation, and the
// sales they record on the spot.

export type { SellerArea, SellerSale, SellerSaleInput };
export type SellerAreaRaffle = SellerArea["raffles"][number];

/** The area as shown: from the server (`savedAt` null), or the phone's last copy when there is no signal. */
export type SellerAreaView = SellerArea & { savedAt: string | null };

export const sellerKeys = {
  area: ["seller", "me"] as const,
  sales: ["seller", "sales"] as const,
};

/**
 * GET /api/seller/me, kept on the phone for its signed-in user (with the session's sale key); without
 * signal, that copy instead (the sale form still works, decision 0034 "Offline sales").
 */
async function fetchSellerArea(client: QueryClient, signal: AbortSignal): Promise<SellerAreaView> {
  const user = client.getQueryData<SessionUser | null>(sessionQueryKey) ?? null;
  try {
    const area = await api.get<SellerArea>("/api/seller/me", { signal });
    if (user) {
      const snapshot = { userId: user.id, user, area, savedAt: new Date().toISOString() };
      void sellerStorage()
        .then((storage) => storage.writeArea(snapshot))
        .catch(() => undefined);
    }
    return { ...area, savedAt: null };
  } catch (error) {
    if (!isApiError(error) || !error.isNetwork || !user) throw error;
    const snapshot = await sellerStorage()
      .then((storage) => storage.readArea())
      .catch(() => null);
    if (!snapshot || snapshot.userId !== user.id) throw error;
    return { ...snapshot.area, savedAt: snapshot.savedAt };
  }
}

/** The area: 403 NOT_A_SELLER or SELLER_SUSPENDED are answers, not failures to retry. */
export const sellerAreaQuery = queryOptions({
  queryKey: sellerKeys.area,
  queryFn: ({ signal, client }) => fetchSellerArea(client, signal),
  retry: false,
});

/** GET /api/seller/sales: the vendedor's own sales, newest first. */
export const sellerSalesQuery = queryOptions({
  queryKey: sellerKeys.sales,
  queryFn: ({ signal }) => api.get<SellerSaleList>("/api/seller/sales", { signal }),
  retry: false,
});

/** POST /api/seller/invitations/accept: the token goes in the body, never in a URL the API logs. */
export const acceptSellerInvitation = (token: string) =>
  api.post<{ ok: true; sellerId: string }>("/api/seller/invitations/accept", { token });

/**
 * POST /api/seller/sales: one sale, with the id made on the device (`saleId`): sending it again after a
 * network failure returns the first answer instead of selling twice.
 */
export const recordSellerSale = (body: SellerSaleInput) => api.post<SellerSale>("/api/seller/sales", body);
