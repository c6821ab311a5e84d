import type {
  AdminSellerLeaderboard,
  SellerLeaderboardSwitch,
} from "@rifazo/shared/schemas/seller-leaderboard";
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

export type { AdminSeller, AdminSellerLeaderboard, SellerInvitation };

export const sellerKeys = {
  all: () => ["admin", "sellers"] as const,
  one: (id: string) => ["admin", "sellers", id] as const,
  leaderboard: (raffleId: string) => ["admin", "sellers", "leaderboard", raffleId] as const,
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

/**
 * A "liquidación", never more than what is owed (or held) on that raffle: JSON, or a form with the
 * transfer's receipt when there is one (decision 0034).
 */
export function recordSettlement(
  sellerId: string,
  raffleId: string,
  body: SellerSettlementInput,
  receipt: File | null = null,
) {
  const url = `/api/admin/sellers/${id(sellerId)}/raffles/${id(raffleId)}/settlements`;
  if (!receipt) return api.post<AdminSeller>(url, body);
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) if (value != null) form.append(name, String(value));
  form.append("file", receipt, receipt.name);
  return api.post<AdminSeller>(url, form);
}

/** The vendedores of a raffle by tickets approved, with what each collected, and the raffle page's switch. */
export const fetchSellerLeaderboard = (raffleId: string, signal?: AbortSignal) =>
  api.get<AdminSellerLeaderboard>(`/api/admin/sellers/raffles/${id(raffleId)}/leaderboard`, { signal });

export const setSellerLeaderboardPublic = (raffleId: string, body: SellerLeaderboardSwitch) =>
  api.put<AdminSellerLeaderboard>(`/api/admin/sellers/raffles/${id(raffleId)}/leaderboard`, body);
