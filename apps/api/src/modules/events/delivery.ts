import { asc, eq, gt } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { events } from "../../db/schema";
import type { EventTopic, RealtimeEvent } from "./event";

/**
 * Ids come from a sequence taken at INSERT, so an event can commit after newer ones: the catch-up after a
 * re-subscription also looks this many ids below the newest delivered one, and delivered ids in that
 * window are remembered so nothing goes out twice.
 */
export const GAP_LOOKBACK_IDS = 1_000;
const GAP_PAGE = 500;
const GAP_RETRY_MS = 1_000;

type EventRow = typeof events.$inferSelect;

export function fromRow(row: EventRow): RealtimeEvent {
  return {
    id: row.id,
    topic: row.topic as EventTopic,
    userId: row.userId,
    payload: (row.payload ?? {}) as Record<string, unknown>,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What travels through NOTIFY: the whole event, or only its identity when it is too big. */
type WireMessage = RealtimeEvent | { id: number; ref: true };

/**
 * The bus's receiving side (createEventBus in ./service): notifications and catch-ups after a lost
 * LISTEN, in order and each event once, handed to the subscribers.
 */
export class EventDelivery {
  private readonly listeners = new Set<(event: RealtimeEvent) => void>();
  /** Notifications are handled one after another so a fetched (big) event cannot overtake a small one. */
  queue: Promise<void> = Promise.resolve();
  stopped = false;
  /** Newest id fanned out (or the newest in the table when the bus started): where a catch-up resumes. */
  private lastDeliveredId = 0;
  /** Events up to this id existed before the bus listened; a catch-up never reaches below it. */
  private floorId = 0;
  /** Ids fanned out within GAP_LOOKBACK_IDS of lastDeliveredId: the catch-up and NOTIFY can both bring one. */
  private readonly delivered = new Set<number>();
  /** A catch-up failed (database still unreachable): it runs before the next notification or on a timer. */
  gapDue = false;
  private gapRetry: NodeJS.Timeout | undefined;
  /** Bumped whenever LISTEN had to be re-established (the bus's listenEpoch). */
  epoch = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  subscribe(listener: (event: RealtimeEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** LISTEN is up and `newestId` was the newest event then: a catch-up starts there at the earliest. */
  startFrom(newestId: number): void {
    this.floorId = newestId;
    this.lastDeliveredId = Math.max(this.lastDeliveredId, newestId);
  }

  /** Stops: `unlisten` runs, then whatever is queued finishes, and the subscribers are dropped. */
  async stop(unlisten: () => Promise<void>): Promise<void> {
    this.stopped = true;
    if (this.gapRetry) clearTimeout(this.gapRetry);
    this.gapRetry = undefined;
    await unlisten();
    await this.queue;
    this.listeners.clear();
  }

  private enqueue(task: () => Promise<void>, onError: (error: unknown) => void): void {
    this.queue = this.queue.then(task).catch(onError);
  }

  /** Fans the event out once: a second copy (NOTIFY after the catch-up read it, or the reverse) is dropped. */
  private deliver(event: RealtimeEvent): void {
    if (this.delivered.has(event.id)) return;
    this.delivered.add(event.id);
    if (event.id > this.lastDeliveredId) this.lastDeliveredId = event.id;
    if (this.delivered.size > 2 * GAP_LOOKBACK_IDS) {
      const keepFrom = this.lastDeliveredId - GAP_LOOKBACK_IDS;
      for (const id of this.delivered) if (id < keepFrom) this.delivered.delete(id);
    }
    this.fanOut(event);
  }

  /** Everything committed while LISTEN was down (no NOTIFY reached us), oldest first. */
  private async catchUp(): Promise<void> {
    let after = Math.max(this.floorId, this.lastDeliveredId - GAP_LOOKBACK_IDS);
    for (;;) {
      const rows = await this.db
        .select()
        .from(events)
        .where(gt(events.id, after))
        .orderBy(asc(events.id))
        .limit(GAP_PAGE);
      for (const row of rows) this.deliver(fromRow(row));
      const last = rows.at(-1);
      if (!last || rows.length < GAP_PAGE) return;
      after = last.id;
    }
  }

  private readonly catchUpOrRetry = async (): Promise<void> => {
    if (this.stopped) return;
    try {
      await this.catchUp();
      this.gapDue = false;
    } catch (error) {
      this.gapDue = true;
      this.log.warn(
        { err: error },
        "events: no se pudieron recuperar los eventos de la reconexión; se reintenta",
      );
      if (!this.gapRetry) {
        this.gapRetry = setTimeout(() => {
          this.gapRetry = undefined;
          if (this.gapDue) this.enqueue(this.catchUpOrRetry, () => {});
        }, GAP_RETRY_MS);
        this.gapRetry.unref();
      }
    }
  };

  /** LISTEN is coming back: the catch-up waits in the queue ahead of every notification of the new connection. */
  readonly onResubscribe = (listening: Promise<void>): void => {
    this.epoch += 1;
    this.enqueue(
      async () => {
        try {
          await listening;
        } catch {
          return; // That attempt failed; the next one calls again with the same cursor.
        }
        await this.catchUpOrRetry();
      },
      () => {},
    );
  };

  private fanOut(event: RealtimeEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.log.error({ err: error, eventId: event.id }, "events: un suscriptor falló");
      }
    }
  }

  private async resolve(message: WireMessage): Promise<RealtimeEvent | null> {
    if (!("ref" in message)) return message;
    const [row] = await this.db.select().from(events).where(eq(events.id, message.id)).limit(1);
    return row ? fromRow(row) : null;
  }

  readonly onNotification = (raw: string): void => {
    let message: WireMessage;
    try {
      message = JSON.parse(raw) as WireMessage;
      if (typeof message?.id !== "number") throw new Error("sin id");
    } catch (error) {
      this.log.warn({ err: error }, "events: notificación ilegible descartada");
      return;
    }
    this.enqueue(
      async () => {
        // The table is reachable again if a notification came: finish a failed catch-up first, in order.
        if (this.gapDue) await this.catchUpOrRetry();
        const event = await this.resolve(message);
        if (event) this.deliver(event);
      },
      (error) => this.log.error({ err: error, eventId: message.id }, "events: no se pudo entregar el evento"),
    );
  };
}
