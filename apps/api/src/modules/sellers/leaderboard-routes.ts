import {
  adminSellerLeaderboardSchema,
  PUBLIC_LEADERBOARD_SIZE,
  publicSellerLeaderboardSchema,
  sellerLeaderboardSwitchSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sendCached } from "../../lib/http-cache";
import { errorSchema } from "../../lib/schemas";
import { ADMIN_TAGS, actorOf, adminErrors, adminRoute } from "../auth";
import { adminLeaderboard, publicLeaderboard, setLeaderboardPublic } from "./leaderboard";

// The vendedores' leaderboard per raffle (docs/decisions/0034-vendedores.md).

const security = [{ session: [] }];
const raffleParams = z.object({ raffleId: z.string().describe("Id (UUID) de la rifa.") });

/** The organiser's: the whole ranking with what each collected, and the switch for the raffle page. */
export async function registerAdminLeaderboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  const url = "/api/admin/sellers/raffles/:raffleId/leaderboard";

  r.get(
    url,
    {
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "Clasificación de los vendedores de una rifa por boletos aprobados, con lo cobrado",
        description:
          "Cuenta las ventas del vendedor y las compras con su enlace, aprobadas; el empate lo gana quien llegó primero a esa cantidad, luego el nombre.",
        params: raffleParams,
        response: { 200: adminSellerLeaderboardSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return adminLeaderboard(app.ctx.db, request.params.raffleId);
    },
  );

  r.put(
    url,
    {
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "Mostrar u ocultar la clasificación de vendedores en la página de la rifa",
        params: raffleParams,
        body: sellerLeaderboardSwitchSchema,
        response: { 200: adminSellerLeaderboardSchema, 400: errorSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return setLeaderboardPublic(app.ctx, actorOf(request), request.params.raffleId, request.body.public);
    },
  );
}

/** GET /api/raffles/{id}/sellers-leaderboard: public, revalidated like the other public raffle answers. */
export async function registerPublicLeaderboardRoute(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/raffles/:id/sellers-leaderboard",
    {
      schema: {
        tags: ["rifas"],
        summary: "Vendedores destacados de una rifa, si el organizador la hizo pública",
        description: `404 si la rifa no la muestra. Los primeros ${PUBLIC_LEADERBOARD_SIZE}, con su nombre y la inicial del apellido, el puesto y los boletos: nunca su código, contacto, monto ni id.`,
        params: z.object({ id: z.string().describe("Id (UUID) de la rifa.") }),
        response: { 200: publicSellerLeaderboardSchema, 404: errorSchema },
      },
    },
    async (request, reply) =>
      sendCached(request, reply, await publicLeaderboard(app.ctx.db, request.params.id)),
  );
}
