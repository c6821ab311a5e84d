import type { ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { type EventBus, isVisibleTo, type RealtimeEvent } from "./service";
import type { StreamRegistry, TrackedStream } from "./stream-limits";

export type CurrentUser = (
  app: FastifyInstance,
  request: FastifyRequest,
) => Promise<{ id: string; role: string } | null>;

export interface Viewer {
  userId: string | null;
  isAdmin: boolean;
}

const RETRY_MS = 3_000;

/** Who the stream is for: the user's id (null for visitors) and whether admin events reach it. */
export async function resolveViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  currentUser: CurrentUser,
): Promise<Viewer> {
  // The same lookup as every other route: a suspended (inactive) profile counts as signed out.
  // The periodic re-check must ask again, so drop what an earlier call cached on the request.
  request.sessionUser = undefined;
  const user = await currentUser(app, request);
  return { userId: user?.id ?? null, isAdmin: user?.role === "admin" };
}

/** One SSE message. JSON.stringify never emits raw line breaks, so `data` stays a single line. */
export function formatEvent(event: RealtimeEvent): string {
  const data = JSON.stringify({ type: event.topic, ...event.payload });
  return `id: ${event.id}\nevent: ${event.topic}\ndata: ${data}\n\n`;
}

/** The stream's last message when its session ended (signed out, here or everywhere; suspended). */
const SESSION_ENDED = `event: session\ndata: ${JSON.stringify({ type: "session.ended" })}\n\n`;

export interface EventStreamSetup {
  app: FastifyInstance;
  request: FastifyRequest;
  res: ServerResponse;
  bus: EventBus;
  log: FastifyBaseLogger;
  registry: StreamRegistry;
  /** The client address whose slot the stream holds (released when it ends). */
  client: string;
  viewer: Viewer;
  currentUser: CurrentUser;
  heartbeatMs: number;
  sessionCheckMs: number;
  maxBufferedBytes: number;
  /** Open streams, ended before the server closes (it would otherwise wait for them forever). */
  open: Set<() => void>;
}

/** One open stream of /api/events, from its first byte (after the response is hijacked) to its end. */
export class EventStream implements TrackedStream {
  readonly userId: string | null;
  private readonly isAdmin: boolean;
  private closed = false;
  private replaying = false;
  private readonly pending: RealtimeEvent[] = [];
  /**
   * Ids the replay sent. Their NOTIFY may still be on its way (committed just before the replay query,
   * heard after it), so each is dropped once when it arrives live; at most the replay's 500 ids.
   */
  private readonly replayed = new Set<number>();
  /** The user's own events wait here while the session is re-checked: none goes to a signed-out stream. */
  private held: RealtimeEvent[] | null = null;
  // One check at a time; a request for another while one runs is answered by a second run after it,
  // since the first may have read the session before the change that asked for the second.
  private checking = false;
  private checkAgain = false;
  private unsubscribe: () => void = () => {};
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private sessionCheck: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly setup: EventStreamSetup) {
    this.userId = setup.viewer.userId;
    this.isAdmin = setup.viewer.isAdmin;
  }

  /** Subscribes, registers and replays what a reconnecting browser missed (`lastEventId`). */
  async start(lastEventId: number | null): Promise<void> {
    const { bus, registry, res, request, open } = this.setup;
    this.replaying = lastEventId !== null;
    this.unsubscribe = bus.subscribe((event) => this.deliver(event));
    this.heartbeat = setInterval(() => this.write(": ping\n\n"), this.setup.heartbeatMs);
    registry.add(this);
    if (this.userId !== null) this.sessionCheck = setInterval(this.recheckSession, this.setup.sessionCheckMs);
    open.add(this.end);
    res.on("close", this.cleanup);
    res.on("error", this.cleanup);
    // The browser may have left while the session was being looked up: 'close' has then already fired.
    if (res.destroyed || request.raw.socket?.destroyed) {
      this.cleanup();
      return;
    }

    this.write(`retry: ${RETRY_MS}\n\n`);
    if (lastEventId !== null) await this.replay(lastEventId);
  }

  private write(chunk: string): void {
    const { res, log, maxBufferedBytes } = this.setup;
    if (this.closed) return;
    res.write(chunk);
    if (res.writableLength > maxBufferedBytes) {
      log.warn({ userId: this.userId }, "events: cliente SSE demasiado lento, se cierra la conexión");
      res.destroy();
    }
  }

  private deliver(event: RealtimeEvent): void {
    if (!isVisibleTo(event, this.userId, this.isAdmin)) return;
    if (this.held && event.topic !== "raffle") this.held.push(event);
    else if (this.replaying) this.pending.push(event);
    else this.send(event);
  }

  /** A live event, unless the replay already sent it. */
  private send(event: RealtimeEvent): void {
    if (this.replayed.delete(event.id)) return;
    this.write(formatEvent(event));
  }

  /** Live events that arrive while the replay query runs wait in `pending`; none is lost or doubled. */
  private async replay(lastEventId: number): Promise<void> {
    try {
      for (const event of await this.setup.bus.replaySince(lastEventId, this.userId, this.isAdmin)) {
        this.replayed.add(event.id);
        this.write(formatEvent(event));
      }
    } catch (error) {
      this.setup.log.warn({ err: error }, "events: no se pudieron repetir los eventos perdidos");
    }
    this.replaying = false;
    for (const event of this.pending.splice(0)) this.send(event);
  }

  readonly recheckSession = (): void => {
    if (this.closed) return;
    // Events are delivered in commit order, so anything personal after the `session` event waits
    // for the answer instead of racing it.
    this.held ??= [];
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = true;
    const { app, request, currentUser, log } = this.setup;
    resolveViewer(app, request, currentUser)
      .then((current) => {
        // Signed out, suspended, or the session was revoked (or no longer an administrator): end the
        // stream; EventSource reconnects as whoever it is now, and only what that one may see reaches it.
        if (current.userId !== this.userId || current.isAdmin !== this.isAdmin) {
          // The user's session is gone: say so first, so the browser forgets what it keeps of that
          // account offline (decision 0017). No id: the reconnection resumes where events left off.
          if (this.userId !== null && current.userId !== this.userId) this.write(SESSION_ENDED);
          this.end();
        }
      })
      // Unknown (database unreachable): keep the stream; the next check decides.
      .catch((error) => log.warn({ err: error }, "events: no se pudo revisar la sesión"))
      .finally(() => this.checkDone());
  };

  /** After a session check: run the one asked for meanwhile, or let the held events through. */
  private checkDone(): void {
    this.checking = false;
    if (this.checkAgain) {
      this.checkAgain = false;
      this.recheckSession();
      return;
    }
    const release = this.held ?? [];
    this.held = null;
    for (const event of release) {
      if (this.replaying) this.pending.push(event);
      else this.send(event);
    }
  }

  private readonly cleanup = (): void => {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.sessionCheck) clearInterval(this.sessionCheck);
    this.unsubscribe();
    this.setup.registry.remove(this);
    this.setup.registry.releaseClient(this.setup.client);
    this.setup.open.delete(this.end);
  };

  readonly end = (): void => {
    this.cleanup();
    if (!this.setup.res.writableEnded) this.setup.res.end();
  };
}
