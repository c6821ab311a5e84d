import type { RefundStatus } from "@rifazo/shared/constants";
import type {
  AdminRaffle,
  RaffleExtendInput,
  RaffleExtendResult,
  Refund,
} from "@rifazo/shared/schemas/admin";
import { api } from "../../../lib/api-client";
import type { Paged } from "./admin-api";

// Raffles that do not sell: extending a raffle's end date, archiving it, and the refunds a cancellation
// creates (apps/api/src/modules/refunds/routes.ts and admin/raffles/routes.ts).

export type { Refund };

export const refundKeys = {
  all: ["admin", "refunds"] as const,
  list: (filters: RefundFilters) => ["admin", "refunds", filters] as const,
  /** Every raffle, archived ones included (the raffles tab's "Ver archivadas"). */
  rafflesWithArchived: () => ["admin", "raffles", "with-archived"] as const,
};

export interface RefundFilters {
  status: RefundStatus | "all";
  raffleId: string | "all";
  page: number;
}

const id = (value: string) => encodeURIComponent(value);

export function fetchRefunds(filters: RefundFilters, signal?: AbortSignal) {
  const search = new URLSearchParams();
  if (filters.status !== "all") search.set("status", filters.status);
  if (filters.raffleId !== "all") search.set("raffleId", filters.raffleId);
  if (filters.page > 1) search.set("page", String(filters.page));
  const text = search.toString();
  return api.get<Paged<Refund>>(`/api/admin/refunds${text ? `?${text}` : ""}`, { signal });
}

/** Multipart: the reference and, optionally, the transfer's proof (JPG, PNG or PDF). */
export function markRefundPaid(refundId: string, reference: string, file: File | null) {
  const form = new FormData();
  form.append("reference", reference);
  if (file) form.append("file", file, file.name);
  return api.post<Refund>(`/api/admin/refunds/${id(refundId)}/paid`, form);
}

export const extendRaffle = (raffleId: string, body: RaffleExtendInput) =>
  api.post<RaffleExtendResult>(`/api/admin/raffles/${id(raffleId)}/extend`, body);

export const archiveRaffle = (raffleId: string) =>
  api.post<AdminRaffle>(`/api/admin/raffles/${id(raffleId)}/archive`, {});

export const unarchiveRaffle = (raffleId: string) =>
  api.post<AdminRaffle>(`/api/admin/raffles/${id(raffleId)}/unarchive`, {});

export const fetchRafflesWithArchived = (signal?: AbortSignal) =>
  api.get<{ items: AdminRaffle[] }>("/api/admin/raffles?archived=include", { signal });
