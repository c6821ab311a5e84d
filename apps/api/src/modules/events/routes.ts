import type { ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { type CurrentUser, EventStream, resolveViewer, type Viewer } from "./stream";
import { STREAM_RETRY_AFTER, type StreamLimits, StreamRegistry } from "./stream-limits";

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

const HEARTBEAT_MS = 25_000;
const SESSION_CHECK_MS = 60_000;
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Last-Event-ID header (what EventSource sends on reconnect), else `?lastEventId=`; junk is ignored. */
export function parseLastEventId(
  header: string | string[] | undefined,
  query: string | undefined,
): number | null {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim() || query;
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

const querySchema = z.object({
  lastEventId: z.string().optional().describe("Último id recibido, si el navegador no envía Last-Event-ID."),
});

export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions): Promise<void> {
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
      const client = request.ip;
      const viewer = await admitViewer(app, request, reply, registry, options.currentUser);
      const lastEventId = parseLastEventId(request.headers["last-event-id"], request.query.lastEventId);
      const res = openResponse(reply);
      const { events: bus, log } = app.ctx;
      const stream = new EventStream({
        app,
        request,
        res,
        bus,
        log,
        registry,
        client,
        viewer,
        currentUser: options.currentUser,
        heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
        sessionCheckMs: options.sessionCheckMs ?? SESSION_CHECK_MS,
        maxBufferedBytes: options.maxBufferedBytes ?? MAX_BUFFERED_BYTES,
        open,
      });
      await stream.start(lastEventId);
    },
  );
}

/**
 * Takes the stream's slots (the client's, then the user's) and finds who it is for; a refusal is a 429
 * or 503 with Retry-After, and nothing stays reserved.
 */
async function admitViewer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  registry: StreamRegistry,
  currentUser: CurrentUser,
): Promise<Viewer> {
  // Counted before the session lookup, so a flood is refused without touching the database.
  const client = request.ip;
  const refused = registry.reserveClient(client);
  if (refused) {
    reply.header("retry-after", STREAM_RETRY_AFTER);
    throw refused;
  }
  let viewer: Viewer;
  try {
    // Resolved before hijacking, so a database failure still gets the normal error response.
    viewer = await resolveViewer(app, request, currentUser);
  } catch (error) {
    registry.releaseClient(client);
    throw error;
  }
  const refusedUser = viewer.userId === null ? null : registry.reserveUser(viewer.userId);
  if (refusedUser) {
    registry.releaseClient(client);
    reply.header("retry-after", STREAM_RETRY_AFTER);
    throw refusedUser;
  }
  return viewer;
}

/** Takes the response over from Fastify and sends the stream's headers. */
function openResponse(reply: FastifyReply): ServerResponse {
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
  return res;
}
