import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../auth/session";
import { isVisibleTo, type RealtimeEvent } from "./service";

export interface EventRoutesOptions {
  /** Comment line sent to keep proxies and browsers from closing an idle stream. */
  heartbeatMs?: number;
  /** How often a signed-in stream checks that its session still exists (logout, suspension). */
  sessionCheckMs?: number;
  /** A client that stops reading is dropped once this much output is waiting for it. */
  maxBufferedBytes?: number;
}

const HEARTBEAT_MS = 25_000;
const SESSION_CHECK_MS = 5 * 60_000;
const MAX_BUFFERED_BYTES = 1024 * 1024;
const RETRY_MS = 3_000;

/** The signed-in user's id, or null for visitors (and for sessions that no longer exist). */
export async function resolveUserId(app: FastifyInstance, request: FastifyRequest): Promise<string | null> {
  // The same lookup as every other route: a suspended (inactive) profile counts as signed out.
  // The periodic re-check must ask again, so drop what an earlier call cached on the request.
  request.sessionUser = undefined;
  const user = await currentUser(app, request);
  return user?.id ?? null;
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

const querySchema = z.object({
  lastEventId: z.string().optional().describe("Último id recibido, si el navegador no envía Last-Event-ID."),
});

export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions = {}): Promise<void> {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const sessionCheckMs = options.sessionCheckMs ?? SESSION_CHECK_MS;
  const maxBufferedBytes = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
  /** Open streams, ended before the server closes (it would otherwise wait for them forever). */
  const open = new Set<() => void>();

  app.addHook("preClose", async () => {
    for (const end of [...open]) end();
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/events",
    {
      schema: {
        tags: ["tiempo real"],
        summary: "Eventos en tiempo real (Server-Sent Events)",
        description:
          "Flujo text/event-stream con eventos `raffle` (para todos) y `notification` (solo para el usuario " +
          "con sesión al que van dirigidos). Al reconectar, Last-Event-ID repite los eventos perdidos.",
        querystring: querySchema,
      },
    },
    async (request, reply) => {
      const { events: bus, log } = app.ctx;
      // Resolved before hijacking, so a database failure still gets the normal error response.
      const userId = await resolveUserId(app, request);
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

      const unsubscribe = bus.subscribe((event) => {
        if (!isVisibleTo(event, userId)) return;
        if (replaying) pending.push(event);
        else write(formatEvent(event));
      });
      const heartbeat = setInterval(() => write(": ping\n\n"), heartbeatMs);
      const sessionCheck =
        userId === null
          ? undefined
          : setInterval(() => {
              resolveUserId(app, request)
                .then((current) => {
                  // Logged out or suspended: end the stream; EventSource reconnects as whoever it is now.
                  if (current !== userId) end();
                })
                .catch((error) => log.warn({ err: error }, "events: no se pudo revisar la sesión"));
            }, sessionCheckMs);

      function cleanup(): void {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        if (sessionCheck) clearInterval(sessionCheck);
        unsubscribe();
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
          for (const event of await bus.replaySince(lastEventId, userId)) {
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
