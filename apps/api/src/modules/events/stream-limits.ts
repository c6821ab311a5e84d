import { REALTIME_RETRY_AFTER_SECONDS } from "@rifazo/shared";
// The limits are read with the rest of the configuration (config.ts sits below every module, decision 0026).
import type { StreamLimits } from "../../config";
import { AppError } from "../../lib/errors";

export { DEFAULT_STREAM_LIMITS, type StreamLimits } from "../../config";

/** A stream the registry knows about: it can be asked to re-check its session. */
export interface TrackedStream {
  readonly userId: string | null;
  recheckSession(): void;
}

/** A refusal carries the status (429 for one client or user, 503 for the whole instance) and Retry-After. */
export function streamRefusal(kind: "client" | "user" | "total"): AppError {
  return kind === "total" ? new AppError("STREAMS_FULL") : new AppError("TOO_MANY_STREAMS");
}
export const STREAM_RETRY_AFTER = String(REALTIME_RETRY_AFTER_SECONDS);

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}

/**
 * The open streams of one instance, counted per client address and in total, and indexed by user so a
 * session change can reach that user's streams at once. Every check-and-count is synchronous, so two
 * requests racing for the last slot cannot both get it.
 */
export class StreamRegistry {
  private total = 0;
  private readonly byClient = new Map<string, number>();
  private readonly byUser = new Map<string, Set<TrackedStream>>();
  /** Users whose slot is reserved while their stream is being set up. */
  private readonly reservedByUser = new Map<string, number>();

  constructor(readonly limits: StreamLimits) {}

  /** Takes a slot for a client address before anything slow happens; the caller must `releaseClient`. */
  reserveClient(client: string): AppError | null {
    if (this.total >= this.limits.total) return streamRefusal("total");
    if ((this.byClient.get(client) ?? 0) >= this.limits.perClient) return streamRefusal("client");
    this.total += 1;
    bump(this.byClient, client, 1);
    return null;
  }

  releaseClient(client: string): void {
    this.total = Math.max(0, this.total - 1);
    bump(this.byClient, client, -1);
  }

  /** Takes a slot for a signed-in user; the caller must `releaseUser` (or `add` then `remove`). */
  reserveUser(userId: string): AppError | null {
    const open = (this.byUser.get(userId)?.size ?? 0) + (this.reservedByUser.get(userId) ?? 0);
    if (open >= this.limits.perUser) return streamRefusal("user");
    bump(this.reservedByUser, userId, 1);
    return null;
  }

  releaseUser(userId: string): void {
    bump(this.reservedByUser, userId, -1);
  }

  /** Turns a user's reservation into an open stream that `ofUser` finds. */
  add(stream: TrackedStream): void {
    if (stream.userId === null) return;
    this.releaseUser(stream.userId);
    let set = this.byUser.get(stream.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(stream.userId, set);
    }
    set.add(stream);
  }

  remove(stream: TrackedStream): void {
    if (stream.userId === null) return;
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.byUser.delete(stream.userId);
  }

  ofUser(userId: string): TrackedStream[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  /** Open streams of this instance (reserved ones included). */
  size(): number {
    return this.total;
  }
}
