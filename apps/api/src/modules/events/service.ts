import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db, Executor } from "../../db/client";
import { events } from "../../db/schema";

export type EventTopic = "notification" | "raffle";

export interface RealtimeEvent {
  id: number;
  topic: EventTopic;
  userId: string | null;
  payload: Record<string, unknown>;
  createdAt: string;
}

export interface PublishInput {
  topic: EventTopic;
  /** Required for `notification` (the only user who may see it); ignored for `raffle`. */
  userId?: string | null;
  payload: Record<string, unknown>;
}

export interface EventBus {
  /** Records the event with `exec`: inside a transaction it is delivered only if that transaction commits. */
  publish(exec: Executor, event: PublishInput): Promise<void>;
  /** Receives every event committed by any API process on this database; returns the unsubscribe. */
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  /** Events after `lastEventId` that `userId` may see (null = visitor), oldest first. */
  replaySince(lastEventId: number, userId: string | null): Promise<RealtimeEvent[]>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const EVENTS_CHANNEL = "rifazo_events";
/** NOTIFY payloads must stay under 8000 bytes; bigger events travel as a reference to their row. */
export const MAX_INLINE_BYTES = 7 * 1024;
/** How long events stay replayable for reconnecting browsers. */
export const EVENT_RETENTION_MS = 60 * 60 * 1000;
const CLEANUP_INTERVAL_MS = 5 * 60 * 1000;
const REPLAY_LIMIT = 500;

/** Raffle events are public; a notification goes only to the signed-in user it is addressed to. */
export function isVisibleTo(event: Pick<RealtimeEvent, "topic" | "userId">, userId: string | null): boolean {
  if (event.topic === "raffle") return true;
  return event.topic === "notification" && userId !== null && event.userId === userId;
}

type EventRow = typeof events.$inferSelect;

function fromRow(row: EventRow): RealtimeEvent {
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

export function createEventBus(opts: { database: Database; db: Db; log: FastifyBaseLogger }): EventBus {
  const { database, db, log } = opts;
  const listeners = new Set<(event: RealtimeEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let cleanupTimer: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;
  let cleaning: Promise<void> = Promise.resolve();
  // Notifications are handled one after another so a fetched (big) event cannot overtake a small one.
  let queue: Promise<void> = Promise.resolve();

  function fanOut(event: RealtimeEvent): void {
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        log.error({ err: error, eventId: event.id }, "events: un suscriptor falló");
      }
    }
  }

  async function resolve(message: WireMessage): Promise<RealtimeEvent | null> {
    if (!("ref" in message)) return message;
    const [row] = await db.select().from(events).where(eq(events.id, message.id)).limit(1);
    return row ? fromRow(row) : null;
  }

  function onNotification(raw: string): void {
    let message: WireMessage;
    try {
      message = JSON.parse(raw) as WireMessage;
      if (typeof message?.id !== "number") throw new Error("sin id");
    } catch (error) {
      log.warn({ err: error }, "events: notificación ilegible descartada");
      return;
    }
    queue = queue
      .then(async () => {
        const event = await resolve(message);
        if (event) fanOut(event);
      })
      .catch((error) =>
        log.error({ err: error, eventId: message.id }, "events: no se pudo entregar el evento"),
      );
  }

  function cleanup(): void {
    cleaning = db
      .delete(events)
      .where(lt(events.createdAt, new Date(Date.now() - EVENT_RETENTION_MS)))
      .then(() => undefined)
      .catch((error) => log.warn({ err: error }, "events: no se pudieron borrar los eventos antiguos"));
  }

  return {
    async publish(exec, input) {
      const userId = input.topic === "notification" ? (input.userId ?? null) : null;
      if (input.topic === "notification" && !userId) {
        throw new Error("Una notificación en tiempo real necesita el usuario destinatario.");
      }
      const [row] = await exec
        .insert(events)
        .values({ topic: input.topic, userId, payload: input.payload })
        .returning();
      if (!row) throw new Error("No se pudo registrar el evento.");
      const event = fromRow(row);
      let wire = JSON.stringify(event);
      if (Buffer.byteLength(wire) > MAX_INLINE_BYTES) wire = JSON.stringify({ id: event.id, ref: true });
      // Same executor as the insert: PostgreSQL holds the notification until the transaction commits
      // and drops it on rollback, so listeners never hear of an event that did not happen.
      await exec.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${wire})`);
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async replaySince(lastEventId, userId) {
      const visible =
        userId === null
          ? eq(events.topic, "raffle")
          : or(eq(events.topic, "raffle"), and(eq(events.topic, "notification"), eq(events.userId, userId)));
      const rows = await db
        .select()
        .from(events)
        .where(and(gt(events.id, lastEventId), visible))
        .orderBy(asc(events.id))
        .limit(REPLAY_LIMIT);
      return rows.map(fromRow).filter((event) => isVisibleTo(event, userId));
    },

    start() {
      starting ??= (async () => {
        unlisten = await database.listen(EVENTS_CHANNEL, onNotification);
        cleanup();
        cleanupTimer = setInterval(cleanup, CLEANUP_INTERVAL_MS);
        cleanupTimer.unref();
      })().catch((error: unknown) => {
        // A failed LISTEN may be retried by a later start().
        starting = undefined;
        throw error;
      });
      return starting;
    },

    async stop() {
      if (cleanupTimer) clearInterval(cleanupTimer);
      cleanupTimer = undefined;
      const stopListening = unlisten;
      unlisten = undefined;
      starting = undefined;
      await stopListening?.().catch((error) => log.warn({ err: error }, "events: UNLISTEN falló"));
      await Promise.all([queue, cleaning]);
      listeners.clear();
    },
  };
}
