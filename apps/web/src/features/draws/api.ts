import type { DrawTranscript } from "@rifazo/shared/domain/draw-engine";
import type { DrawRecord, DrawResult, TicketVerificationResponse } from "@rifazo/shared/schemas/draws";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { DrawRecord, DrawResult, TicketVerificationResponse };

const id = (value: string) => encodeURIComponent(value);

export const drawApi = {
  startCountdown: (raffleId: string) =>
    api.post<{ startedAt: string }>(`/api/raffles/${id(raffleId)}/countdown`),
  draw: (raffleId: string, publicValue?: string) =>
    api.post<DrawResult>(`/api/raffles/${id(raffleId)}/draw`, publicValue ? { publicValue } : {}),
  verifyTicket: (ticket: string) => api.get<TicketVerificationResponse>(`/api/tickets/verify/${id(ticket)}`),
  transcript: (raffleId: string) => api.get<DrawTranscript>(`/api/draws/${id(raffleId)}/transcript`),
  transcriptUrl: (raffleId: string) => `/api/draws/${id(raffleId)}/transcript?download=1`,
};

export const drawsQuery = queryOptions({
  queryKey: ["draws"],
  queryFn: ({ signal, client }) => api.get<DrawRecord[]>("/api/draws", { signal, client }),
});
