import { adminOkSchema, adminRaffleHoldsSchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import { ADMIN_TAGS, actorOf, adminErrors, adminRoute, adminRouter, errorSchema, idParams } from "../common";
import { raffleHolds, releaseRaffleHold } from "./service";

/** Decision 0019: who holds a raffle's tickets, and releasing a hold. */
export async function adminHoldRoutes(app: FastifyInstance): Promise<void> {
  const { r, security } = adminRouter(app);

  r.get(
    "/api/admin/raffles/:id/holds",
    {
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "Reservas vigentes de una rifa: quién retiene qué, desde y hasta cuándo",
        description:
          "Reservas que retienen boletos (esperando comprobante, rechazadas a la espera de otro, o en revisión), de la más grande a la más pequeña: comprador (nombre y correo), cantidad y números, desde cuándo (el inicio de su tiempo de reserva: una reserva hecha tras cancelar otra conserva el de la primera), hasta cuándo, y cuántas reservas inició ese comprador en la última hora (en cualquier rifa).",
        params: idParams,
        response: { 200: adminRaffleHoldsSchema, 404: errorSchema, ...adminErrors },
      },
      ...adminRoute(app),
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return raffleHolds(app.ctx, request.params.id);
    },
  );

  r.post(
    "/api/admin/reservations/:id/release",
    {
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "Liberar una reserva que espera comprobante (queda en el registro de auditoría)",
        description:
          "Sus boletos quedan libres, se avisa al comprador y su tiempo de reserva en esa rifa termina en el acto: la pausa antes de otra reserva empieza ahora. Una reserva en revisión, ya terminada o inexistente: 409 RESERVATION_NOT_ACTIVE o 404.",
        params: idParams,
        response: { 200: adminOkSchema, 404: errorSchema, 409: errorSchema, ...adminErrors },
      },
      ...adminRoute(app),
    },
    async (request) => {
      await releaseRaffleHold(app.ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
