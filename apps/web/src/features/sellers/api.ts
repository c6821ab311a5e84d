import type { SellerArea } from "@rifazo/shared/schemas/sellers";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

// The vendedor's endpoints (docs/decisions/0034-vendedores.md): their area and accepting an invitation.

export type { SellerArea };
export type SellerAreaRaffle = SellerArea["raffles"][number];

export const sellerKeys = {
  area: ["seller", "me"] as const,
};

/** GET /api/seller/me: 403 NOT_A_SELLER or SELLER_SUSPENDED are answers, not failures to retry. */
export const sellerAreaQuery = queryOptions({
  queryKey: sellerKeys.area,
  queryFn: ({ signal }) => api.get<SellerArea>("/api/seller/me", { signal }),
  retry: false,
});

/** POST /api/seller/invitations/accept: the token goes in the body, never in a URL the API logs. */
export const acceptSellerInvitation = (token: string) =>
  api.post<{ ok: true; sellerId: string }>("/api/seller/invitations/accept", { token });
