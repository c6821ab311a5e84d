import type { DrawTranscript } from "@rifazo/shared/domain/draw-engine";
import type { DrawRecord as RaffleRecord } from "@rifazo/shared/domain/draw-record";
import type { DrawRecord, DrawResult, TicketVerificationResponse } from "@rifazo/shared/schemas/draws";
import type { DrawListItem } from "@rifazo/shared/schemas/records";
import { queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../lib/api-client";

export type { DrawListItem, DrawRecord, DrawResult, RaffleRecord, TicketVerificationResponse };

const id = (value: string) => encodeURIComponent(value);
const recordPath = (raffleId: string) => `/api/raffles/${id(raffleId)}/record`;

export const drawApi = {
  startCountdown: (raffleId: string) =>
    api.post<{ startedAt: string }>(`/api/raffles/${id(raffleId)}/countdown`),
  draw: (raffleId: string) => api.post<DrawResult>(`/api/raffles/${id(raffleId)}/draw`, {}),
  transcript: (raffleId: string) => api.get<DrawTranscript>(`/api/draws/${id(raffleId)}/transcript`),
  transcriptUrl: (raffleId: string) => `/api/draws/${id(raffleId)}/transcript?download=1`,
  /** The raffle's append-only record (the "acta"), as JSON: 404 until its first entry. */
  recordUrl: recordPath,
  /** The official publication of a lottery result, by the SHA-256 the record holds (decision 0024). */
  publicationUrl: (raffleId: string, sha256: string) =>
    `/api/raffles/${id(raffleId)}/publications/${id(sha256)}`,
};

/**
 * One ticket number's check (the verifier page: from its URL, on the server and in the browser): one page
 * of the raffles holding it, the raffle asked about (a receipt's) first.
 */
export function ticketVerificationQuery(
  ticket: string,
  options: { raffleId?: string | null; page?: number } = {},
) {
  const raffleId = options.raffleId || null;
  const page = options.page && options.page > 1 ? options.page : 1;
  const search = new URLSearchParams();
  if (raffleId) search.set("raffleId", raffleId);
  if (page > 1) search.set("page", String(page));
  const query = search.size > 0 ? `?${search.toString()}` : "";
  return queryOptions({
    queryKey: ["tickets", "verify", ticket, raffleId, page],
    queryFn: ({ signal, client }) =>
      api.get<TicketVerificationResponse>(`/api/tickets/verify/${id(ticket)}${query}`, { signal, client }),
  });
}

export const drawsQuery = queryOptions({
  queryKey: ["draws"],
  queryFn: ({ signal, client }) => api.get<DrawListItem[]>("/api/draws", { signal, client }),
});

export const recordKeys = {
  all: ["draws", "record"] as const,
  one: (raffleId: string) => ["draws", "record", raffleId] as const,
};

const notFound = (error: unknown) => isApiError(error) && error.status === 404;

/** A raffle's record, or null while it has none (404): "no record yet" is an answer, not an error. */
export function recordQuery(raffleId: string) {
  return queryOptions({
    queryKey: recordKeys.one(raffleId),
    queryFn: async ({ signal, client }): Promise<RaffleRecord | null> => {
      try {
        return await api.get<RaffleRecord>(recordPath(raffleId), { signal, client });
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
  });
}
