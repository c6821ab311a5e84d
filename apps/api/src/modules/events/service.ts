import { REALTIME_REPLAY_WINDOW_SECONDS } from "@rifazo/shared";
import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db, Executor } from "../../db/client";
import { events } from "../../db/schema";
import { EventDelivery, fromRow } from "./delivery";
import type { EventTopic, RealtimeEvent } from "./event";

export type { EventTopic, RealtimeEvent } from "./event";

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

/** `instant`: the purchase's instant draw was decided (decision 0035). */
export type ProofChange = "created" | "approved" | "rejected" | "deleted" | "instant";

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

export function createEventBus(opts: { database: Database; db: Db; log: FastifyBaseLogger }): EventBus {
  const { database, db, log } = opts;
  const delivery = new EventDelivery(db, log);
  let unlisten: (() => Promise<void>) | undefined;
  let starting: Promise<void> | undefined;

  return {
    publish: publishEvent,
    subscribe: (listener) => delivery.subscribe(listener),
    replaySince: (lastEventId, userId, isAdmin = false) => replaySince(db, lastEventId, userId, isAdmin),

    async sync() {
      if (delivery.stopped || !unlisten) return false;
      if (!(await database.syncNotifications())) return false;
      // Everything that arrived up to now is queued behind this point (catch-ups included).
      await delivery.queue;
      return !delivery.stopped && !delivery.gapDue && unlisten !== undefined;
    },

    listenEpoch: () => delivery.epoch,

    removeOld: () => removeOldEvents(db),

    start() {
      starting ??= (async () => {
        delivery.stopped = false;
        unlisten = await database.listen(EVENTS_CHANNEL, delivery.onNotification, {
          onResubscribe: delivery.onResubscribe,
        });
        // Read after LISTEN: anything newer arrives by NOTIFY, anything older happened before this process.
        const [newest] = await db
          .select({ id: sql<number | null>`max(${events.id})`.mapWith(Number) })
          .from(events);
        delivery.startFrom(Number(newest?.id ?? 0));
      })().catch((error: unknown) => {
        // A failed LISTEN may be retried by a later start().
        starting = undefined;
        throw error;
      });
      return starting;
    },

    async stop() {
      const stopListening = unlisten;
      unlisten = undefined;
      starting = undefined;
      await delivery.stop(async () => {
        await stopListening?.().catch((error) => log.warn({ err: error }, "events: UNLISTEN falló"));
      });
    },
  };
}

/** Events after `lastEventId` that `userId` may see (null = visitor), oldest first. */
async function replaySince(
  db: Db,
  lastEventId: number,
  userId: string | null,
  isAdmin: boolean,
): Promise<RealtimeEvent[]> {
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
}

async function removeOldEvents(db: Db): Promise<void> {
  await db.delete(events).where(lt(events.createdAt, new Date(Date.now() - EVENT_RETENTION_MS)));
}
