import type { SellerSale, SellerSaleInput, SellerSaleList } from "@rifazo/shared/schemas/seller-sales";
import type { SellerArea } from "@rifazo/shared/schemas/sellers";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

// The vendedor's endpoints (docs/decisions/0034-vendedores.md): their area, accepting an invitation, and the
// sales they record on the spot.

export type { SellerArea, SellerSale, SellerSaleInput };
export type SellerAreaRaffle = SellerArea["raffles"][number];

export const sellerKeys = {
  area: ["seller", "me"] as const,
  sales: ["seller", "sales"] as const,
};

/** GET /api/seller/me: 403 NOT_A_SELLER or SELLER_SUSPENDED are answers, not failures to retry. */
export const sellerAreaQuery = queryOptions({
  queryKey: sellerKeys.area,
  queryFn: ({ signal }) => api.get<SellerArea>("/api/seller/me", { signal }),
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
