import {
  type DrawTranscript,
  drawRecordSchema,
  drawRequestSchema,
  drawResultSchema,
  drawTranscriptSchema,
  isUuid,
  ticketVerificationSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../lib/errors";
import { enforce } from "../../lib/rate-limit";
import { errorSchema } from "../../lib/schemas";
import { currentUser } from "../auth/session";
import * as service from "./service";

const tags = ["sorteos"];
const idParams = z.object({ id: z.string() });

function raffleId(id: string): string {
  if (!isUuid(id)) throw notFound("RAFFLE_NOT_FOUND");
  return id;
}

const VERIFY_RULE = { max: 30, windowSeconds: 60 };
const DRAW_RULE = { max: 20, windowSeconds: 60 };

export async function drawRoutes(app: FastifyInstance): Promise<void> {
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
        params: idParams,
        body: drawRequestSchema.nullish(),
        response: {
          200: drawResultSchema,
          400: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      await enforce(app.ctx.db, [[`draw:ip:${request.ip}`, DRAW_RULE]]);
      const user = await currentUser(app, request);
      return service.selectWinners(app.ctx, raffleId(request.params.id), {
        publicValue: request.body?.publicValue,
        isAdmin: user?.role === "admin",
        viewerId: user?.id ?? null,
      });
    },
  );

  r.get(
    "/api/tickets/verify/:number",
    {
      schema: {
        tags,
        summary: "Verifica un boleto de 4 dígitos (verify_public_ticket)",
        params: z.object({ number: z.string() }),
        response: { 200: ticketVerificationSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforce(app.ctx.db, [[`verify-ticket:ip:${request.ip}`, VERIFY_RULE]]);
      reply.header("cache-control", "no-store");
      return service.verifyTicket(app.ctx, request.params.number);
    },
  );

  r.get(
    "/api/draws",
    {
      schema: {
        tags,
        summary: "Sorteos realizados con su compromiso, semilla revelada y ganadores (transparencia)",
        response: { 200: z.array(drawRecordSchema) },
      },
    },
    async () => {
      const rows = await service.listDraws(app.ctx);
      return rows.map((row) => {
        const transcript = row.transcript as DrawTranscript;
        return {
          raffleId: row.id,
          title: row.title,
          drawnAt: (row.drawnAt ?? new Date()).toISOString(),
          commitment: row.commitment,
          seed: row.seed,
          publicValue: row.publicValue,
          publicValueSource: row.publicValueSource,
          ticketListHash: row.ticketListHash,
          algorithm: row.algorithm,
          ticketCount: transcript.ticketNumbers.length,
          winners: transcript.winners,
        };
      });
    },
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
