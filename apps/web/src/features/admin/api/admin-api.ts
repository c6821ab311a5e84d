import type { ProofStatus } from "@rifazo/shared/constants";
import type {
  AdminApproveResult,
  AdminAuditEntry,
  AdminImage,
  AdminParticipation,
  AdminProof,
  AdminRaffle,
  AdminStats,
  AdminUser,
  BeaconInput,
  DisqualifyBody as DisqualifyInput,
  ExternalBinding,
  ExternalBindingInput,
  ExternalResultBody as ExternalResultInput,
  ExternalWinnerEntry,
  LotteryCorrectionProposal,
  RaffleForm,
} from "@rifazo/shared/schemas/admin";
import { ADMIN_EXPORTS } from "@rifazo/shared/schemas/admin";
import type { AdminPageViews } from "@rifazo/shared/schemas/analytics";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

// The shapes the admin endpoints return and take, under the names the panel uses.
export type * from "@rifazo/shared/schemas/admin";
export type { DisqualifyInput, ExternalResultInput };

// Every admin endpoint the panel calls (apps/api/src/modules/admin/**/routes.ts, shapes from
// @rifazo/shared/schemas/admin). Paths live here only; components call these through TanStack Query.

export const adminKeys = {
  all: ["admin"] as const,
  raffles: () => ["admin", "raffles"] as const,
  raffle: (id: string) => ["admin", "raffle", id] as const,
  gallery: () => ["admin", "gallery"] as const,
  proofs: (filters: ProofFilters) => ["admin", "proofs", filters] as const,
  proofsAll: () => ["admin", "proofs"] as const,
  users: (filters: UserFilters) => ["admin", "users", filters] as const,
  usersAll: () => ["admin", "users"] as const,
  participations: (userId: string) => ["admin", "participations", userId] as const,
  stats: (raffleId: string | null) => ["admin", "stats", raffleId] as const,
  pageViews: (days: number) => ["admin", "page-views", days] as const,
  audit: (filters: AuditFilters) => ["admin", "audit", filters] as const,
};

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

function query(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "" && value !== "all")
      search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

const id = (value: string) => encodeURIComponent(value);

// Raffles

export const fetchAdminRaffles = (signal?: AbortSignal) =>
  api.get<{ items: AdminRaffle[] }>("/api/admin/raffles", { signal });

export const fetchAdminRaffle = (raffleId: string, signal?: AbortSignal) =>
  api.get<AdminRaffle>(`/api/admin/raffles/${id(raffleId)}`, { signal });

/** The body is the form's values; the server runs raffleFormSchema on it again. */
export const createRaffle = (body: RaffleForm) => api.post<AdminRaffle>("/api/admin/raffles", body);

export const updateRaffle = (raffleId: string, body: Partial<RaffleForm>) =>
  api.patch<AdminRaffle>(`/api/admin/raffles/${id(raffleId)}`, body);

export const deleteRaffle = (raffleId: string) => api.delete<unknown>(`/api/admin/raffles/${id(raffleId)}`);

/** Lifecycle actions (decision 0012): open sales, close early where allowed, cancel with a reason. */
export const openRaffle = (raffleId: string) =>
  api.post<AdminRaffle>(`/api/admin/raffles/${id(raffleId)}/open`, {});
export const closeRaffle = (raffleId: string) =>
  api.post<AdminRaffle>(`/api/admin/raffles/${id(raffleId)}/close`, {});
export const cancelRaffle = (raffleId: string, reason: string) =>
  api.post<AdminRaffle>(`/api/admin/raffles/${id(raffleId)}/cancel`, { reason });

// Images: the gallery (folder gallery) and prize uploads from the form (folder prizes)

export type ImageFolder = AdminImage["folder"];

export const fetchGallery = (signal?: AbortSignal) =>
  api.get<{ items: AdminImage[] }>("/api/admin/images?folder=gallery", { signal });

export function uploadImage(file: File, folder: ImageFolder) {
  const form = new FormData();
  form.append("folder", folder);
  form.append("file", file, file.name);
  return api.post<AdminImage>(`/api/admin/images?folder=${folder}`, form);
}

export const deleteImage = (imageId: string) => api.delete<unknown>(`/api/admin/images/${id(imageId)}`);

// Payment proofs

export interface ProofFilters {
  status: ProofStatus | "all";
  /** A raffle id, "general" (payments without a raffle) or "all". */
  raffleId: string;
  q: string;
  page: number;
  /** A payment method or "all". */
  method?: string;
  /** A PROOF_FLAGS value or "all". */
  flag?: string;
  /** "oldest" | "newest"; "all" lets the server choose (oldest first for pending proofs). */
  sort?: string;
  /** One proof only (the link from a flag to the other proof). */
  proofId?: string;
}

export const fetchProofs = (filters: ProofFilters, signal?: AbortSignal) =>
  api.get<Paged<AdminProof>>(`/api/admin/proofs${query({ ...filters })}`, { signal });

export const approveProof = (proofId: string) =>
  api.post<AdminApproveResult>(`/api/admin/proofs/${id(proofId)}/approve`, {});

export const rejectProof = (proofId: string, adminNotes: string) =>
  api.post<unknown>(`/api/admin/proofs/${id(proofId)}/reject`, { adminNotes });

export const deleteProof = (proofId: string) => api.delete<unknown>(`/api/admin/proofs/${id(proofId)}`);

// Users

export interface UserFilters {
  q: string;
  page: number;
}

export const fetchUsers = (filters: UserFilters, signal?: AbortSignal) =>
  api.get<Paged<AdminUser>>(`/api/admin/users${query({ ...filters })}`, { signal });

export const suspendUser = (userId: string) =>
  api.post<unknown>(`/api/admin/users/${id(userId)}/suspend`, {});

export const reactivateUser = (userId: string) =>
  api.post<unknown>(`/api/admin/users/${id(userId)}/reactivate`, {});

export const notifyUser = (userId: string, body: { title: string; message: string }) =>
  api.post<unknown>(`/api/admin/users/${id(userId)}/notify`, body);

export const emailUser = (userId: string, body: { subject: string; body: string }) =>
  api.post<unknown>(`/api/admin/users/${id(userId)}/email`, body);

export const fetchParticipations = (userId: string, signal?: AbortSignal) =>
  api.get<{ items: AdminParticipation[] }>(`/api/admin/users/${id(userId)}/participations`, { signal });

// External winners

export interface SoldTicket {
  ticketNumber: string;
  buyerName: string;
  userId: string;
}

/** Empty items: nobody bought that number in Rifazo. */
export const fetchSoldTicket = (raffleId: string, number: string, signal?: AbortSignal) =>
  api.get<{ items: SoldTicket[] }>(`/api/admin/raffles/${id(raffleId)}/sold-tickets${query({ number })}`, {
    signal,
  });

export const registerExternalWinners = (raffleId: string, winners: ExternalWinnerEntry[]) =>
  api.post<unknown>(`/api/admin/raffles/${id(raffleId)}/external-winners`, { winners });

// The draw (decision 0012): every one of these is checked and written into the raffle's public record.

/** A drand beacon typed by hand where the server cannot reach a relay: verified like any other. */
export const submitBeacon = (raffleId: string, body: BeaconInput) =>
  api.post<unknown>(`/api/admin/raffles/${id(raffleId)}/beacon`, body);

/** The replacement is the record's next winner of that level: the body names none. */
export const disqualifyWinner = (raffleId: string, body: DisqualifyInput) =>
  api.post<unknown>(`/api/admin/raffles/${id(raffleId)}/disqualify`, body);

/** The official lottery result; a second one is a visible correction entry, never an edit. */
export const submitExternalResult = (raffleId: string, body: ExternalResultInput) =>
  api.post<unknown>(`/api/admin/raffles/${id(raffleId)}/external-result`, body);

/** Decision 0024: corrections waiting for a second administrator, and their confirmation or discard. */
export function correctionProposalsQuery(raffleId: string) {
  return queryOptions({
    queryKey: [...adminKeys.raffle(raffleId), "corrections"],
    queryFn: ({ signal }) =>
      api.get<LotteryCorrectionProposal[]>(`/api/admin/raffles/${id(raffleId)}/external-corrections`, {
        signal,
      }),
  });
}
export const confirmCorrection = (raffleId: string, proposalId: string) =>
  api.post<unknown>(`/api/admin/raffles/${id(raffleId)}/external-corrections/${id(proposalId)}/confirm`, {});
export const discardCorrection = (raffleId: string, proposalId: string) =>
  api.post<unknown>(`/api/admin/raffles/${id(raffleId)}/external-corrections/${id(proposalId)}/discard`, {});

/** The lottery, its draw time and the rule, before the first sale (refused after). */
export const setExternalBinding = (raffleId: string, body: ExternalBindingInput) =>
  api.put<ExternalBinding>(`/api/admin/raffles/${id(raffleId)}/external-binding`, body);

// Stats and audit

export const fetchStats = (raffleId: string | null, signal?: AbortSignal) =>
  api.get<AdminStats>(`/api/admin/stats${query({ raffleId })}`, { signal });

export const fetchPageViews = (days: number, signal?: AbortSignal) =>
  api.get<AdminPageViews>(`/api/admin/analytics/page-views${query({ days })}`, { signal });

export interface AuditFilters {
  entity: string;
  actorId: string;
  page: number;
}

export const fetchAudit = (filters: AuditFilters, signal?: AbortSignal) =>
  api.get<Paged<AdminAuditEntry>>(`/api/admin/audit${query({ ...filters })}`, { signal });

// Exports (CSV files named as the spec says, spec 2 §9)

export const EXPORTS = ADMIN_EXPORTS;
