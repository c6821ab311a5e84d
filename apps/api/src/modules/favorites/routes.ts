import { favoriteIdsSchema, RAFFLE_MESSAGES, raffleListSchema, searchQuerySchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "../auth";
import * as service from "./service";

const tags = ["favoritos"];
const params = z.object({ raffleId: z.string().describe("Id (UUID) de la rifa.") });
const favoriteSchema = z.object({ ok: z.literal(true), raffleId: z.string(), favorite: z.boolean() });

export async function favoriteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  // Spec 1 §6: a visitor must sign in to keep favourites, told so with this message.
  const signedIn = guards(app).userWith(RAFFLE_MESSAGES.favoritesSignIn);

  r.get(
    "/api/favorites",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Rifas favoritas del usuario (con búsqueda)",
        querystring: searchQuerySchema,
        response: { 200: raffleListSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = sessionUserOf(request);
      reply.header("cache-control", "no-store");
      return { items: await service.listFavorites(db, id, request.query.q) };
    },
  );

  r.get(
    "/api/favorites/ids",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Ids de las rifas favoritas (para marcar el corazón en las tarjetas)",
        response: { 200: favoriteIdsSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = sessionUserOf(request);
      reply.header("cache-control", "no-store");
      return { raffleIds: await service.favoriteIds(db, id) };
    },
  );

  r.put(
    "/api/favorites/:raffleId",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Guardar una rifa en favoritos (repetirlo no cambia nada)",
        params,
        response: { 200: favoriteSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { id } = sessionUserOf(request);
      await service.addFavorite(db, id, request.params.raffleId);
      return { ok: true as const, raffleId: request.params.raffleId, favorite: true };
    },
  );

  r.delete(
    "/api/favorites/:raffleId",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Quitar una rifa de favoritos",
        params,
        response: { 200: favoriteSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { id } = sessionUserOf(request);
      await service.removeFavorite(db, id, request.params.raffleId);
      return { ok: true as const, raffleId: request.params.raffleId, favorite: false };
    },
  );
}
