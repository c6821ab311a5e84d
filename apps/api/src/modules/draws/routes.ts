import {
  drawListItemSchema,
  drawRecordV2Schema,
  drawResultSchema,
  drawTranscriptSchema,
  isUuid,
  ticketVerificationQuerySchema,
  ticketVerificationSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { enforce } from "../../lib/rate-limit";
import { errorSchema } from "../../lib/schemas";
import { currentUser } from "../auth";
import { contentDisposition, privateFileCsp } from "../files";
import { drawOnDemand, publicationFile, recordFor } from "./record-service";
import * as service from "./service";

const tags = ["sorteos"];
const idParams = z.object({ id: z.string() });

function raffleId(id: string): string {
  if (!isUuid(id)) throw notFound("RAFFLE_NOT_FOUND");
  return id;
}

const VERIFY_RULE = { max: 30, windowSeconds: 60 };
const DRAW_RULE = { max: 20, windowSeconds: 60 };

function registerDrawingRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/raffles/:id/countdown",
    {
      schema: {
        tags,
        summary: "Inicia la cuenta regresiva de 24 h de una rifa por porcentaje (start_raffle_countdown)",
        params: idParams,
        response: { 200: z.object({ startedAt: z.string() }), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      await enforce(app.ctx.db, [[`countdown:ip:${request.ip}`, DRAW_RULE]]);
      const startedAt = await service.startCountdown(app.ctx, raffleId(request.params.id));
      return { startedAt: startedAt.toISOString() };
    },
  );

  r.post(
    "/api/raffles/:id/draw",
    {
      schema: {
        tags,
        summary: "Realiza el sorteo (select_raffle_winners); idempotente",
        description:
          "Cualquiera puede pulsarlo; el resultado no depende de quién lo haga. Una rifa ya sorteada devuelve su resultado guardado. Una rifa congelada cuya ronda de drand ya se publicó se sortea con el beacon de los relays configurados, verificado contra la cadena que nombra el acta (409 antes de la hora de la ronda; 503 si ningún relay responde). Un sorteo v1 ya realizado (semilla comprometida, antes del acta) devuelve su resultado guardado; ya no se calculan sorteos v1 nuevos.",
        params: idParams,
        // Nothing to send: who presses the button cannot change the result (no value typed at draw time).
        body: z.object({}).nullish(),
        response: {
          200: drawResultSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request) => {
      await enforce(app.ctx.db, [[`draw:ip:${request.ip}`, DRAW_RULE]]);
      const user = await currentUser(app, request);
      return drawOnDemand(app.ctx, raffleId(request.params.id), { viewerId: user?.id ?? null });
    },
  );
}

function registerVerificationRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/tickets/verify/:number",
    {
      schema: {
        tags,
        summary: "Verifica un boleto de 4 dígitos (verify_public_ticket)",
        description:
          "Busca el número en todas las rifas a la venta, en revisión o sorteadas, sin importar su antigüedad; 20 rifas por página (la de ?raffleId= primero, luego las abiertas, las ganadoras y las más recientes). result resume todas las páginas.",
        params: z.object({ number: z.string() }),
        querystring: ticketVerificationQuerySchema,
        response: { 200: ticketVerificationSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforce(app.ctx.db, [[`verify-ticket:ip:${request.ip}`, VERIFY_RULE]]);
      reply.header("cache-control", "no-store");
      const user = await currentUser(app, request);
      return service.verifyTicket(app.ctx, request.params.number, user?.id ?? null, {
        raffleId: request.query.raffleId ?? null,
        page: request.query.page,
      });
    },
  );

  r.get(
    "/api/raffles/:id/record",
    {
      schema: {
        tags,
        summary: "Acta pública de la rifa (reglas, lista congelada, ronda de drand, beacon, ganadores)",
        description:
          "Cadena de huellas de solo anexar (formato rifazo-record-3, docs/draw-protocol.md): cada entrada lleva la huella de la anterior. Pública desde que la rifa sale a la venta (reglas publicadas); 404 mientras no se publica. Los boletos y ganadores aparecen por número y marca del dueño; nunca un id, correo o teléfono.",
        params: idParams,
        querystring: z.object({ download: z.enum(["1"]).optional() }),
        response: { 200: drawRecordV2Schema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const record = await recordFor(app.ctx, raffleId(request.params.id));
      reply.header("cache-control", "no-cache");
      if (request.query.download) {
        reply.header("content-disposition", `attachment; filename="acta-${request.params.id}.json"`);
      }
      return record;
    },
  );
}

function registerPublicationRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/raffles/:id/publications/:sha256",
    {
      schema: {
        tags,
        summary: "Publicación oficial del resultado de la lotería (foto o PDF), por su SHA-256 del acta",
        description:
          "Pública a propósito (decision 0024): el acta guarda su huella en publicationHash y cualquiera puede comparar el archivo con el resultado escrito. Se sirve con el tipo detectado al subirla, sin scripts.",
        params: z.object({ id: z.string(), sha256: z.string() }),
      },
    },
    async (request, reply) => {
      const { sha256 } = request.params;
      if (!/^[0-9a-f]{64}$/.test(sha256)) throw notFound("NOT_FOUND", "El archivo solicitado no existe.");
      const row = await publicationFile(app.ctx, raffleId(request.params.id), sha256);
      const file = await app.ctx.storage.get(row.storageKey);
      if (!file) throw notFound("NOT_FOUND", "El archivo solicitado no existe.");
      // Immutable: the name is the content's hash.
      return reply
        .header("content-type", row.contentType)
        .header("content-length", file.size)
        .header("content-disposition", contentDisposition("inline", `publicacion-${sha256.slice(0, 12)}`))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", privateFileCsp(row.contentType))
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("cross-origin-resource-policy", "same-origin")
        .send(file.body);
    },
  );
}

function registerDrawListRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/draws",
    {
      schema: {
        tags,
        summary: "Sorteos realizados (transparencia): v1 con su semilla revelada, v2 con el enlace a su acta",
        response: { 200: z.array(drawListItemSchema) },
      },
    },
    async () => service.listDraws(app.ctx),
  );

  r.get(
    "/api/draws/:id/transcript",
    {
      schema: {
        tags,
        summary: "Acta completa de un sorteo para recalcularlo (descargable)",
        params: idParams,
        querystring: z.object({ download: z.enum(["1"]).optional() }),
        response: { 200: drawTranscriptSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const transcript = await service.transcriptFor(app.ctx, raffleId(request.params.id));
      if (request.query.download) {
        reply.header("content-disposition", `attachment; filename="sorteo-${request.params.id}.json"`);
      }
      return transcript;
    },
  );
}

export async function drawRoutes(app: FastifyInstance): Promise<void> {
  registerDrawingRoutes(app);
  registerVerificationRoutes(app);
  registerPublicationRoute(app);
  registerDrawListRoutes(app);
}
