import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { isVisibleTo, type RealtimeEvent } from "./service";
import { STREAM_RETRY_AFTER, type StreamLimits, StreamRegistry, type TrackedStream } from "./stream-limits";

export interface EventRoutesOptions {
  /** Comment line sent to keep proxies and browsers from closing an idle stream. */
  heartbeatMs?: number;
  /**
   * Backstop for a session that ends without a `session` event (it expires, or a row is deleted by hand):
   * sign-out, suspension and password changes announce themselves and are checked at once.
   */
  sessionCheckMs?: number;
  /** A client that stops reading is dropped once this much output is waiting for it. */
  maxBufferedBytes?: number;
  /** Caps on open streams; by default the config's (SSE_MAX_STREAMS*). */
  limits?: StreamLimits;
  /**
   * Who is signed in (modules/auth's currentUser). Passed in because the bus is below auth, which
   * announces sessions ending through it (decision 0026).
   */
  currentUser: CurrentUser;
}

export type CurrentUser = (
  app: FastifyInstance,
  request: FastifyRequest,
) => Promise<{ id: string; role: string } | null>;

const HEARTBEAT_MS = 25_000;
const SESSION_CHECK_MS = 60_000;
const MAX_BUFFERED_BYTES = 1024 * 1024;
const RETRY_MS = 3_000;

/** Who the stream is for: the user's id (null for visitors) and whether admin events reach it. */
export async function resolveViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  currentUser: CurrentUser,
): Promise<{ userId: string | null; isAdmin: boolean }> {
  // The same lookup as every other route: a suspended (inactive) profile counts as signed out.
  // The periodic re-check must ask again, so drop what an earlier call cached on the request.
  request.sessionUser = undefined;
  const user = await currentUser(app, request);
  return { userId: user?.id ?? null, isAdmin: user?.role === "admin" };
}

/** Last-Event-ID header (what EventSource sends on reconnect), else `?lastEventId=`; junk is ignored. */
export function parseLastEventId(
  header: string | string[] | undefined,
  query: string | undefined,
): number | null {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() || query;
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/** One SSE message. JSON.stringify never emits raw line breaks, so `data` stays a single line. */
export function formatEvent(event: RealtimeEvent): string {
  const data = JSON.stringify({ type: event.topic, ...event.payload });
  return `id: ${event.id}\nevent: ${event.topic}\ndata: ${data}\n\n`;
}

/** The stream's last message when its session ended (signed out, here or everywhere; suspended). */
const SESSION_ENDED = `event: session\ndata: ${JSON.stringify({ type: "session.ended" })}\n\n`;

const querySchema = z.object({
  lastEventId: z.string().optional().describe("Último id recibido, si el navegador no envía Last-Event-ID."),
});

export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  const maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  const registry = new StreamRegistry(options.limits ?? app.ctx.config.streamLimits);
  /** Open streams, ended before the server closes (it would otherwise wait for them forever). */
  const open = new Set<() => void>();

  // One subscription for the instance: a `session` event (from any instance) reaches the user's streams.
  const unsubscribeSessions = app.ctx.events.subscribe((event) => {
    if (event.topic !== "session" || !event.userId) return;
    for (const stream of registry.ofUser(event.userId)) stream.recheckSession();
  });

  app.addHook("preClose", async () => {
    unsubscribeSessions();
    for (const end of [...open]) end();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/events",
    {
      schema: {
        tags: ["tiempo real"],
        summary: "Eventos en tiempo real (Server-Sent Events)",
        description:
          "Flujo text/event-stream con eventos `raffle` (para todos), `notification` (solo para el usuario " +
          "con sesión al que van dirigidos) y `admin` (solo administradores: cambios en los comprobantes). Al reconectar, Last-Event-ID repite los eventos perdidos. " +
          "Con demasiados flujos abiertos responde 429 (por IP o por usuario) o 503 (la instancia) con " +
          "Retry-After; un flujo con sesión termina cuando esa sesión se cierra, con un último evento `session` " +
          '(`{"type":"session.ended"}`).',
        querystring: querySchema,
        response: { 429: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      const { events: bus, log } = app.ctx;
      // Counted before the session lookup, so a flood is refused without touching the database.
      const client = request.ip;
      const refused = registry.reserveClient(client);
      if (refused) {
        reply.header("retry-after", STREAM_RETRY_AFTER);
        throw refused;
      }
      let userId: string | null;
      let isAdmin: boolean;
      try {
        // Resolved before hijacking, so a database failure still gets the normal error response.
        ({ userId, isAdmin } = await resolveViewer(app, request, options.currentUser));
      } catch (error) {
        registry.releaseClient(client);
        throw error;
      }
      const refusedUser = userId === null ? null : registry.reserveUser(userId);
      if (refusedUser) {
        registry.releaseClient(client);
        reply.header("retry-after", STREAM_RETRY_AFTER);
        throw refusedUser;
      }
      const lastEventId = parseLastEventId(request.headers["last-event-id"], request.query.lastEventId);

      reply.hijack();
      const res = reply.raw;
      // Keep what the hooks set (helmet's security headers), then the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        "x-accel-buffering": "no",
        connection: "keep-alive",
      });
      res.flushHeaders();

      let closed = false;
      let replaying = lastEventId !== null;
      const pending: RealtimeEvent[] = [];

      const write = (chunk: string) => {
        if (closed) return;
        res.write(chunk);
        if (res.writableLength > maxBufferedBytes) {
          log.warn({ userId }, "events: cliente SSE demasiado lento, se cierra la conexión");
          res.destroy();
        }
      };

      /** The user's own events wait here while the session is re-checked: none goes to a signed-out stream. */
      let held: RealtimeEvent[] | null = null;
      const unsubscribe = bus.subscribe((event) => {
        if (!isVisibleTo(event, userId, isAdmin)) return;
        if (held && event.topic !== "raffle") held.push(event);
        else if (replaying) pending.push(event);
        else write(formatEvent(event));
      });
      const heartbeat = setInterval(() => write(": ping\n\n"), heartbeatMs);

      // One check at a time; a request for another while one runs is answered by a second run after it,
      // since the first may have read the session before the change that asked for the second.
      let checking = false;
      let checkAgain = false;
      const tracked: TrackedStream = {
        userId,
        recheckSession() {
          if (closed) return;
          // Events are delivered in commit order, so anything personal after the `session` event waits
          // for the answer instead of racing it.
          held ??= [];
          if (checking) {
            checkAgain = true;
            return;
          }
          checking = true;
          resolveViewer(app, request, options.currentUser)
            .then((current) => {
              // Signed out, suspended, or the session was revoked (or no longer an administrator): end the
              // stream; EventSource reconnects as whoever it is now, and only what that one may see reaches it.
              if (current.userId !== userId || current.isAdmin !== isAdmin) {
                // The user's session is gone: say so first, so the browser forgets what it keeps of that
                // account offline (decision 0017). No id: the reconnection resumes where events left off.
                if (userId !== null && current.userId !== userId) write(SESSION_ENDED);
                end();
              }
            })
            // Unknown (database unreachable): keep the stream; the next check decides.
            .catch((error) => log.warn({ err: error }, "events: no se pudo revisar la sesión"))
            .finally(() => {
              checking = false;
              if (checkAgain) {
                checkAgain = false;
                tracked.recheckSession();
                return;
              }
              const release = held ?? [];
              held = null;
              for (const event of release) {
                if (replaying) pending.push(event);
                else write(formatEvent(event));
              }
            });
        },
      };
      registry.add(tracked);
      const sessionCheck = userId === null ? undefined : setInterval(tracked.recheckSession, sessionCheckMs);

      function cleanup(): void {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        if (sessionCheck) clearInterval(sessionCheck);
        unsubscribe();
        registry.remove(tracked);
        registry.releaseClient(client);
        open.delete(end);
      }
      function end(): void {
        cleanup();
        if (!res.writableEnded) res.end();
      }
      open.add(end);
      res.on("close", cleanup);
      res.on("error", cleanup);
      // The browser may have left while the session was being looked up: 'close' has then already fired.
      if (res.destroyed || request.raw.socket?.destroyed) {
        cleanup();
        return;
      }

      write(`retry: ${RETRY_MS}\n\n`);

      if (lastEventId !== null) {
        // Live events that arrive while the replay query runs wait in `pending`; none is lost or doubled.
        const replayed = new Set<number>();
        try {
          for (const event of await bus.replaySince(lastEventId, userId, isAdmin)) {
            replayed.add(event.id);
            write(formatEvent(event));
          }
        } catch (error) {
          log.warn({ err: error }, "events: no se pudieron repetir los eventos perdidos");
        }
        replaying = false;
        for (const event of pending.splice(0)) {
          if (!replayed.has(event.id)) write(formatEvent(event));
        }
      }
    },
  );
}
