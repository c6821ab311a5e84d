import {
  adminOkSchema,
  adminRaffleListSchema,
  adminRaffleSchema,
  externalBindingInputSchema,
  externalBindingSchema,
  raffleCancelSchema,
  raffleExtendInputSchema,
  raffleExtendResultSchema,
  raffleFormInputSchema,
} from "@rifazo/shared";
import type { FastifyInstance, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { actorOf, adminActionErrors, adminErrors, adminRouter, errorSchema, idParams } from "../common";
import * as service from "./service";

/**
 * The raffle body is documented with the form's input schema but checked by the service with
 * raffleFormSchema, which reports every field at once ("Por favor, completa o corrige: ...") instead
 * of the first type error. Params and query still go through the usual zod validation.
 */
// biome-ignore lint/suspicious/noExplicitAny: a route-level compiler receives each route's own schema type
const bodyCheckedByService: FastifySchemaCompiler<any> = (route) =>
  route.httpPart === "body" ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never);

const lifecycleResponse = {
  200: adminRaffleSchema,
  ...adminActionErrors,
};

function registerReadRoutes(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.get(
    "/api/admin/raffles",
    {
      schema: {
        tags,
        security,
        summary: "Todas las rifas, con vendidos, retenidos y estado de generación de boletos",
        description: "Sin las archivadas salvo archived=include (todas) o archived=only (solo archivadas).",
        querystring: z.object({ archived: z.enum(["exclude", "include", "only"]).default("exclude") }),
        response: { 200: adminRaffleListSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => ({ items: await service.listRaffles(app.ctx.db, request.query.archived) }),
  );

  r.get(
    "/api/admin/raffles/:id",
    {
      schema: {
        tags,
        security,
        summary: "Detalle de una rifa para el administrador",
        params: idParams,
        response: { 200: adminRaffleSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => service.getRaffle(app.ctx.db, request.params.id),
  );
}

function registerEditRoutes(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.post(
    "/api/admin/raffles",
    {
      schema: {
        tags,
        security,
        summary: "Crear una rifa (los boletos se generan en segundo plano)",
        description:
          "Valida con raffleFormSchema. Genera la semilla del sorteo y publica solo su compromiso. El lote de boletos 0..total−1 se crea después de responder; tickets_generated pasa a true al terminar.",
        body: raffleFormInputSchema,
        response: { 201: adminRaffleSchema, 400: errorSchema, ...adminErrors },
      },
      validatorCompiler: bodyCheckedByService,
      ...guarded,
    },
    async (request, reply) => {
      const raffle = await service.createRaffle(app.ctx, actorOf(request), request.body);
      return reply.status(201).send(raffle);
    },
  );

  r.patch(
    "/api/admin/raffles/:id",
    {
      schema: {
        tags,
        security,
        summary: "Editar una rifa (solo los campos enviados)",
        description:
          "El total de boletos no se edita. Con ventas o pagos en revisión, el precio, la moneda y las reglas de activación quedan fijos (409) y la fecha del sorteo solo puede posponerse.",
        params: idParams,
        body: raffleFormInputSchema,
        response: {
          200: adminRaffleSchema,
          ...adminActionErrors,
        },
      },
      validatorCompiler: bodyCheckedByService,
      ...guarded,
    },
    async (request) => service.updateRaffle(app.ctx, actorOf(request), request.params.id, request.body),
  );
}

function registerLifecycleRoutes(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.post(
    "/api/admin/raffles/:id/open",
    {
      schema: {
        tags,
        security,
        summary: "Abrir las ventas de una rifa próxima (upcoming → active)",
        description: "Avisa a quienes pidieron aviso. 409 si la rifa no está Próximamente.",
        params: idParams,
        response: lifecycleResponse,
      },
      ...guarded,
    },
    async (request) => service.openRaffle(app.ctx, actorOf(request), request.params.id),
  );

  r.post(
    "/api/admin/raffles/:id/close",
    {
      schema: {
        tags,
        security,
        summary: "Cerrar las ventas antes de tiempo (active → closed)",
        description:
          "Solo una rifa agotada o una rifa por porcentaje que alcanzó su meta (409 si no). Los pagos en revisión se siguen revisando durante la ventana de revisión; sin pendientes, la lista se congela en el acto.",
        params: idParams,
        response: lifecycleResponse,
      },
      ...guarded,
    },
    async (request) => service.closeRaffle(app.ctx, actorOf(request), request.params.id),
  );

  r.post(
    "/api/admin/raffles/:id/cancel",
    {
      schema: {
        tags,
        security,
        summary: "Cancelar una rifa con un motivo (desde Próximamente, Activa o Cerrada)",
        description: "Una rifa congelada o sorteada no se cancela (409). Una rifa cancelada nunca se sortea.",
        params: idParams,
        body: raffleCancelSchema,
        response: lifecycleResponse,
      },
      ...guarded,
    },
    async (request) =>
      service.cancelRaffle(app.ctx, actorOf(request), request.params.id, request.body.reason),
  );
}

function registerExtendAndArchiveRoutes(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.post(
    "/api/admin/raffles/:id/extend",
    {
      schema: {
        tags,
        security,
        summary:
          "Prorrogar la fecha de cierre (en venta, o cerrada sin alcanzar el mínimo: vuelve a la venta)",
        description:
          "La nueva fecha debe ser posterior a la actual y a este momento (400). Como mucho max_extensions veces (409 RAFFLE_EXTENSIONS_EXHAUSTED); una rifa por porcentaje, congelada, sorteada o cancelada no se prorroga (409). Avisa a cada comprador por notificación y correo.",
        params: idParams,
        body: raffleExtendInputSchema,
        response: {
          200: raffleExtendResultSchema,
          ...adminActionErrors,
        },
      },
      ...guarded,
    },
    async (request) => service.extendRaffle(app.ctx, actorOf(request), request.params.id, request.body),
  );

  for (const [action, archived] of [
    ["archive", true],
    ["unarchive", false],
  ] as const) {
    r.post(
      `/api/admin/raffles/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary: archived
            ? "Archivar una rifa: sale de las listas (la del administrador por defecto y las públicas); su página sigue accesible"
            : "Desarchivar una rifa: vuelve a las listas",
          params: idParams,
          response: { 200: adminRaffleSchema, 404: errorSchema, ...adminErrors },
        },
        ...guarded,
      },
      async (request) => service.setArchived(app.ctx, actorOf(request), request.params.id, archived),
    );
  }
}

function registerBindingAndDeleteRoutes(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.put(
    "/api/admin/raffles/:id/external-binding",
    {
      schema: {
        tags,
        security,
        summary: "Vincular una rifa de anuncio externo a una lotería (antes de la primera venta)",
        description:
          "externalLottery (nombre de la lotería y su sorteo), externalDrawAt (ISO con zona) y externalRule ({ kind: 'last_digits', digits }) van juntos o los tres en null. Desde la primera venta (o un pago en revisión) quedan fijos: 409, y la base de datos también lo rechaza.",
        params: idParams,
        body: externalBindingInputSchema,
        response: {
          200: externalBindingSchema,
          ...adminActionErrors,
        },
      },
      ...guarded,
    },
    async (request) => service.setExternalBinding(app.ctx, actorOf(request), request.params.id, request.body),
  );

  r.delete(
    "/api/admin/raffles/:id",
    {
      schema: {
        tags,
        security,
        summary: "Eliminar una rifa sin ventas (sus boletos se eliminan)",
        description:
          "Con ventas, comprobantes o reservas responde 409 RAFFLE_HAS_SALES: archívala en lugar de eliminarla.",
        params: idParams,
        response: { 200: adminOkSchema, 404: errorSchema, 409: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => {
      await service.deleteRaffle(app.ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}

export async function adminRaffleRoutes(app: FastifyInstance): Promise<void> {
  registerReadRoutes(app);
  registerEditRoutes(app);
  registerLifecycleRoutes(app);
  registerExtendAndArchiveRoutes(app);
  registerBindingAndDeleteRoutes(app);
}
