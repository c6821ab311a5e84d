import { DEFAULT_TOTAL_TICKETS } from "@rifazo/shared/constants";
import { useQuery } from "@tanstack/react-query";
import { type AdminRaffle, adminKeys, fetchAdminRaffles } from "../api/admin-api";

/** Spec 2 §2: a raffle without total tickets counts as 10000. */
export function totalTicketsOf(raffle: Pick<AdminRaffle, "totalTickets">): number {
  const total = Number(raffle.totalTickets);
  return Number.isFinite(total) && total > 0 ? total : DEFAULT_TOTAL_TICKETS;
}

/** Comma strings (old rows) and lists both become a clean list. */
export function paymentMethodsOf(raffle: Pick<AdminRaffle, "paymentMethods">): string[] {
  const value: unknown = raffle.paymentMethods;
  const list: string[] = Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : typeof value === "string"
      ? value.split(",")
      : [];
  return list.map((item) => item.trim()).filter(Boolean);
}

/** Every raffle, newest first; shared by the raffles tab and the raffle pickers of the other tabs. */
export function useAdminRaffles(options: { refetchWhileGenerating?: boolean } = {}) {
  return useQuery({
    queryKey: adminKeys.raffles(),
    queryFn: ({ signal }) => fetchAdminRaffles(signal),
    select: (data) =>
      [...data.items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)),
    // Ticket generation runs in the background; the realtime stream says when it ends, and polling is the
    // safety net if the stream is down.
    refetchInterval: options.refetchWhileGenerating
      ? (q) => (q.state.data?.items.some((r) => !r.ticketsGenerated) ? 4_000 : false)
      : false,
  });
}
