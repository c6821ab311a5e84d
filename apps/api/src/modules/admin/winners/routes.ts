import {
  externalWinnersInputSchema,
  externalWinnersResultSchema,
  soldTicketListSchema,
  soldTicketLookupQuerySchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import { actorOf, adminActionErrors, adminErrors, adminRouter, errorSchema, idParams } from "../common";
import * as service from "./service";

export async function adminWinnerRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags, security } = adminRouter(app);

  r.get(
    "/api/admin/raffles/:id/sold-tickets",
    {
      schema: {
        tags,
        security,
        summary: "Boletos vendidos de una rifa con su comprador (o uno solo con ?number=0123)",
        params: idParams,
        querystring: soldTicketLookupQuerySchema,
        response: { 200: soldTicketListSchema, 400: errorSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => ({
      items: await service.soldTickets(app.ctx.db, request.params.id, request.query.number),
    }),
  );

  r.post(
    "/api/admin/raffles/:id/external-winners",
    {
      schema: {
        tags,
        security,
        summary: "Registrar los ganadores de un sorteo externo y finalizar la rifa",
        description:
          "Cada ganador: level (por defecto 1), ticketNumber de 4 dígitos y winnerName. Se vinculan al usuario cuando el boleto se vendió en Rifazo. Una rifa con ganadores responde 409.",
        params: idParams,
        body: externalWinnersInputSchema,
        response: {
          200: externalWinnersResultSchema,
          ...adminActionErrors,
        },
      },
      ...guarded,
    },
    async (request) =>
      service.registerExternalWinners(app.ctx, actorOf(request), request.params.id, request.body.winners),
  );
}
