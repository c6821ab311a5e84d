import type {
  AdminSeller,
  AdminSellerList,
  SellerAssignmentInput,
  SellerInvitation,
  SellerInviteInput,
  SellerSettlementInput,
} from "@rifazo/shared/schemas/sellers";
import { api } from "../../../lib/api-client";

// The organiser's vendedor endpoints (apps/api/src/modules/sellers/routes.ts, docs/decisions/0034-vendedores.md).

export type { AdminSeller, SellerInvitation };

export const sellerKeys = {
  all: () => ["admin", "sellers"] as const,
  one: (id: string) => ["admin", "sellers", id] as const,
};

const id = (value: string) => encodeURIComponent(value);

export const fetchSellers = (signal?: AbortSignal) =>
  api.get<AdminSellerList>("/api/admin/sellers", { signal });

export const fetchSeller = (sellerId: string, signal?: AbortSignal) =>
  api.get<AdminSeller>(`/api/admin/sellers/${id(sellerId)}`, { signal });

export const inviteSeller = (body: SellerInviteInput) =>
  api.post<SellerInvitation>("/api/admin/sellers", body);

/** A new link while the vendedor has not accepted: the previous one stops working. */
export const renewInvitation = (sellerId: string) =>
  api.post<SellerInvitation>(`/api/admin/sellers/${id(sellerId)}/invitation`);

export const setSellerSuspended = (sellerId: string, suspended: boolean) =>
  api.post<AdminSeller>(`/api/admin/sellers/${id(sellerId)}/${suspended ? "suspend" : "reactivate"}`);

export const saveAssignment = (sellerId: string, raffleId: string, body: SellerAssignmentInput) =>
  api.put<AdminSeller>(`/api/admin/sellers/${id(sellerId)}/raffles/${id(raffleId)}`, body);

/** A commission paid to the vendedor ("liquidación"), never more than what is owed on that raffle. */
export const recordSettlement = (sellerId: string, raffleId: string, body: SellerSettlementInput) =>
  api.post<AdminSeller>(`/api/admin/sellers/${id(sellerId)}/raffles/${id(raffleId)}/settlements`, body);
