// A realtime event as the bus carries it (service.ts) and its delivery reads it (delivery.ts).

/**
 * `raffle` goes to everyone, `notification` to its user, `admin` to administrators' streams only (the
 * inbox's "proofs changed", no personal data: docs/decisions/0002-outbox-and-events.md); `session` is internal (never sent to a browser nor
 * replayed): some of that user's sessions ended, so their open streams re-check theirs at once.
 */
export type EventTopic = "notification" | "raffle" | "admin" | "session";

export interface RealtimeEvent {
  id: number;
  topic: EventTopic;
  userId: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
}
