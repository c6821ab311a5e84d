import { REALTIME_REPLAY_WINDOW_SECONDS } from "@rifazo/shared";
import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db, Executor } from "../../db/client";
import { events } from "../../db/schema";

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

export interface PublishInput {
  topic: EventTopic;
  /** Required for `notification` (the only user who may see it) and `session`; ignored for `raffle`, `admin`. */
  userId?: string | null;
  payload: Record<string, unknown>;
}

export interface EventBus {
  /** Records the event with `exec`: inside a transaction it is delivered only if that transaction commits. */
  publish(exec: Executor, event: PublishInput): Promise<void>;
  /** Receives every event committed by any API process on this database; returns the unsubscribe. */
  subscribe(listener: (event: RealtimeEvent) => void): () => void;
  /** Events after `lastEventId` that `userId` may see (null = visitor), oldest first. */
  replaySince(lastEventId: number, userId: string | null, isAdmin?: boolean): Promise<RealtimeEvent[]>;
  /**
   * Resolves true once every event committed (by any process) before the call has been handed to the
   * subscribers; false when that cannot be known right now (not listening, LISTEN lost, or a catch-up
   * after a reconnect still missing). What a subscriber derived from the events is current after true.
   */
  sync(): Promise<boolean>;
  /**
   * Bumped whenever LISTEN had to be re-established: state derived from events before that may have
   * missed some (the catch-up only reaches back so far), so a cache drops it.
   */
  listenEpoch(): number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Deletes the events past the replay window: the "events-cleanup" job's run (added in app.ts). */
  removeOld(): Promise<void>;
}

export const EVENTS_CHANNEL = "rifazo_events";
/** NOTIFY payloads must stay under 8000 bytes; bigger events travel as a reference to their row. */
export const MAX_INLINE_BYTES = 7 * 1024;
/** How long events stay replayable for reconnecting browsers. */
export const EVENT_RETENTION_MS = REALTIME_REPLAY_WINDOW_SECONDS * 1000;
export const EVENT_CLEANUP_INTERVAL_MS = 5 * 60 * 1000;
const REPLAY_LIMIT = 500;
/**
 * Ids come from a sequence taken at INSERT, so an event can commit after newer ones: the catch-up after a
 * re-subscription also looks this many ids below the newest delivered one, and delivered ids in that
 * window are remembered so nothing goes out twice.
 */
export const GAP_LOOKBACK_IDS = 1_000;
const GAP_PAGE = 500;
const GAP_RETRY_MS = 1_000;

/**
 * Raffle events are public; admin events reach administrators only; a notification goes only to the
 * signed-in user it is addressed to.
 */
export function isVisibleTo(
  event: Pick<RealtimeEvent, "topic" | "userId">,
  userId: string | null,
  isAdmin = false,
): boolean {
  if (event.topic === "raffle") return true;
  if (event.topic === "admin") return isAdmin && userId !== null;
  return event.topic === "notification" && userId !== null && event.userId === userId;
}

/** Records the event with `exec`: inside a transaction it is delivered only if that transaction commits. */
export async function publishEvent(exec: Executor, input: PublishInput): Promise<void> {
  const broadcast = input.topic === "raffle" || input.topic === "admin";
  const userId = broadcast ? null : (input.userId ?? null);
  if (!broadcast && !userId) {
    throw new Error("Un evento personal en tiempo real necesita el usuario destinatario.");
  }
  // The whole wire message is known here except the id the INSERT assigns, so the NOTIFY goes in the
  // same statement (one round trip per event, which matters inside the approval transaction).
  const createdAt = new Date();
  const body = JSON.stringify({
    topic: input.topic,
    userId,
    payload: input.payload,
    createdAt: createdAt.toISOString(),
  });
  let rest = `,${body.slice(1)}`;
  if (Buffer.byteLength(`{"id":${Number.MAX_SAFE_INTEGER}${rest}`) > MAX_INLINE_BYTES) rest = ',"ref":true}';
  // Same executor as the insert: PostgreSQL holds the notification until the transaction commits
  // and drops it on rollback, so listeners never hear of an event that did not happen.
  const [row] = await exec
    .insert(events)
    .values({ topic: input.topic, userId, payload: input.payload, createdAt })
    .returning({
      id: events.id,
      notified: sql<unknown>`pg_notify(${EVENTS_CHANNEL}, '{"id":' || ${events.id} || ${rest})`,
    });
  if (!row) throw new Error("No se pudo registrar el evento.");
}

/**
 * Some sessions of `userId` ended (sign-out, suspension, password change or reset, "close other sessions"):
 * every instance hears it through NOTIFY and that user's open streams re-check their session at once,
 * instead of at the next periodic check. Inside a transaction it goes out only if the deletion commits.
 */
export function announceSessionsEnded(exec: Executor, userId: string): Promise<void> {
  return publishEvent(exec, { topic: "session", userId, payload: { type: "session.ended" } });
}

export type ProofChange = "created" | "approved" | "rejected" | "deleted";

/**
 * A proof entered or left the inbox: administrators' open pages refresh the pending count and the list.
 * Inside a transaction it goes out only if that transaction commits.
 */
export function announceProofChange(
  bus: Pick<EventBus, "publish">,
  exec: Executor,
  proofId: string,
  change: ProofChange,
): Promise<void> {
  return bus.publish(exec, { topic: "admin", payload: { type: "proofs.changed", proofId, change } });
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
  let starting: Promise<void> | undefined;
  // Notifications are handled one after another so a fetched (big) event cannot overtake a small one.
  let queue: Promise<void> = Promise.resolve();
  let stopped = false;
  /** Newest id fanned out (or the newest in the table when the bus started): where a catch-up resumes. */
  let lastDeliveredId = 0;
  /** Events up to this id existed before the bus listened; a catch-up never reaches below it. */
  let floorId = 0;
  /** Ids fanned out within GAP_LOOKBACK_IDS of lastDeliveredId: the catch-up and NOTIFY can both bring one. */
  const delivered = new Set<number>();
  /** A catch-up failed (database still unreachable): it runs before the next notification or on a timer. */
  let gapDue = false;
  let gapRetry: NodeJS.Timeout | undefined;

  function enqueue(task: () => Promise<void>, onError: (error: unknown) => void): void {
    queue = queue.then(task).catch(onError);
  }

  /** Fans the event out once: a second copy (NOTIFY after the catch-up read it, or the reverse) is dropped. */
  function deliver(event: RealtimeEvent): void {
    if (delivered.has(event.id)) return;
    delivered.add(event.id);
    if (event.id > lastDeliveredId) lastDeliveredId = event.id;
    if (delivered.size > 2 * GAP_LOOKBACK_IDS) {
      const keepFrom = lastDeliveredId - GAP_LOOKBACK_IDS;
      for (const id of delivered) if (id < keepFrom) delivered.delete(id);
    }
    fanOut(event);
  }

  /** Everything committed while LISTEN was down (no NOTIFY reached us), oldest first. */
  async function catchUp(): Promise<void> {
    let after = Math.max(floorId, lastDeliveredId - GAP_LOOKBACK_IDS);
    for (;;) {
      const rows = await db
        .select()
        .from(events)
        .where(gt(events.id, after))
        .orderBy(asc(events.id))
        .limit(GAP_PAGE);
      for (const row of rows) deliver(fromRow(row));
      const last = rows.at(-1);
      if (!last || rows.length < GAP_PAGE) return;
      after = last.id;
    }
  }

  async function catchUpOrRetry(): Promise<void> {
    if (stopped) return;
    try {
      await catchUp();
      gapDue = false;
    } catch (error) {
      gapDue = true;
      log.warn({ err: error }, "events: no se pudieron recuperar los eventos de la reconexión; se reintenta");
      if (!gapRetry) {
        gapRetry = setTimeout(() => {
          gapRetry = undefined;
          if (gapDue) enqueue(catchUpOrRetry, () => {});
        }, GAP_RETRY_MS);
        gapRetry.unref();
      }
    }
  }

  let epoch = 0;

  /** LISTEN is coming back: the catch-up waits in the queue ahead of every notification of the new connection. */
  function onResubscribe(listening: Promise<void>): void {
    epoch += 1;
    enqueue(
      async () => {
        try {
          await listening;
        } catch {
          return; // That attempt failed; the next one calls again with the same cursor.
        }
        await catchUpOrRetry();
      },
      () => {},
    );
  }

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
    enqueue(
      async () => {
        // The table is reachable again if a notification came: finish a failed catch-up first, in order.
        if (gapDue) await catchUpOrRetry();
        const event = await resolve(message);
        if (event) deliver(event);
      },
      (error) => log.error({ err: error, eventId: message.id }, "events: no se pudo entregar el evento"),
    );
  }

  async function removeOld(): Promise<void> {
    await db.delete(events).where(lt(events.createdAt, new Date(Date.now() - EVENT_RETENTION_MS)));
  }

  return {
    publish: publishEvent,

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async replaySince(lastEventId, userId, isAdmin = false) {
      const visible =
        userId === null
          ? eq(events.topic, "raffle")
          : or(
              eq(events.topic, "raffle"),
              isAdmin ? eq(events.topic, "admin") : undefined,
              and(eq(events.topic, "notification"), eq(events.userId, userId)),
            );
      const rows = await db
        .select()
        .from(events)
        .where(and(gt(events.id, lastEventId), visible))
        .orderBy(asc(events.id))
        .limit(REPLAY_LIMIT);
      return rows.map(fromRow).filter((event) => isVisibleTo(event, userId, isAdmin));
    },

    async sync() {
      if (stopped || !unlisten) return false;
      if (!(await database.syncNotifications())) return false;
      // Everything that arrived up to now is queued behind this point (catch-ups included).
      await queue;
      return !stopped && !gapDue && unlisten !== undefined;
    },

    listenEpoch: () => epoch,

    removeOld,

    start() {
      starting ??= (async () => {
        stopped = false;
        unlisten = await database.listen(EVENTS_CHANNEL, onNotification, { onResubscribe });
        // Read after LISTEN: anything newer arrives by NOTIFY, anything older happened before this process.
        const [newest] = await db
          .select({ id: sql<number | null>`max(${events.id})`.mapWith(Number) })
          .from(events);
        floorId = Number(newest?.id ?? 0);
        lastDeliveredId = Math.max(lastDeliveredId, floorId);
      })().catch((error: unknown) => {
        // A failed LISTEN may be retried by a later start().
        starting = undefined;
        throw error;
      });
      return starting;
    },

    async stop() {
      stopped = true;
      if (gapRetry) clearTimeout(gapRetry);
      gapRetry = undefined;
      const stopListening = unlisten;
      unlisten = undefined;
      starting = undefined;
      await stopListening?.().catch((error) => log.warn({ err: error }, "events: UNLISTEN falló"));
      await queue;
      listeners.clear();
    },
  };
}
