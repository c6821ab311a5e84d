import type { AdminRaffleHold, AdminRaffleHolds } from "@rifazo/shared/schemas/admin";
import { api } from "../../../lib/api-client";

// GET /api/admin/raffles/:id/holds and POST /api/admin/reservations/:id/release
// (apps/api/src/modules/admin/holds, decision 0019): who holds a raffle's tickets, and releasing a hold.

export type { AdminRaffleHold, AdminRaffleHolds };

export const holdsKey = (raffleId: string) => ["admin", "holds", raffleId] as const;

export const fetchRaffleHolds = (raffleId: string, signal?: AbortSignal) =>
  api.get<AdminRaffleHolds>(`/api/admin/raffles/${encodeURIComponent(raffleId)}/holds`, { signal });

export const releaseHold = (reservationId: string) =>
  api.post<{ ok: true }>(`/api/admin/reservations/${encodeURIComponent(reservationId)}/release`);
