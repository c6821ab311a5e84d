import {
  CLUB_MESSAGES,
  clubSchema,
  redeemResultSchema,
  redeemRewardSchema,
  rewardListSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { headerIdempotencyKey } from "../../lib/idempotency";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "../auth";
import * as service from "./service";

const tags = ["club"];

export async function clubRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);

  r.get(
    "/api/club",
    {
      schema: {
        tags,
        summary: "Puntos, nivel, progreso, historial, recompensas y canjes del usuario",
        response: { 200: clubSchema, 401: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.clubFor(app.ctx.db, sessionUserOf(request).id);
    },
  );

  r.get(
    "/api/club/rewards",
    {
      schema: {
        tags,
        summary: "Recompensas activas (pública), de menor a mayor puntaje requerido",
        response: { 200: rewardListSchema },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return { items: await service.publicRewards(app.ctx.db) };
    },
  );

  r.post(
    "/api/club/rewards/:id/redeem",
    {
      schema: {
        tags,
        summary: "Canjear una recompensa con RifaPuntos",
        description:
          "201 con el canje nuevo; 200 cuando la misma clave de idempotencia ya había canjeado (no se gasta de nuevo). 409 INSUFFICIENT_POINTS ('Puntos Insuficientes') o INSUFFICIENT_LEVEL ('Nivel Insuficiente').",
        params: z.object({ id: z.string().describe("Id (UUID) de la recompensa.") }),
        // The body is optional: a plain POST without one redeems without an idempotency key.
        body: redeemRewardSchema.nullish(),
        response: {
          200: redeemResultSchema,
          201: redeemResultSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      preValidation: guard.user,
    },
    async (request, reply) => {
      const key =
        request.body?.idempotencyKey ??
        headerIdempotencyKey(request.headers["idempotency-key"], CLUB_MESSAGES.idempotencyKeyInvalid);
      const { result, created } = await service.redeemReward(
        app.ctx,
        sessionUserOf(request),
        request.params.id,
        key,
        request.ip,
      );
      return reply.status(created ? 201 : 200).send(result);
    },
  );
}
