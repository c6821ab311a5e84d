import {
  bankMappingSchema,
  bulkApproveInputSchema,
  bulkApproveResultSchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  statementSummarySchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ADMIN_TAGS, actorOf, adminErrors, adminRoute, errorSchema, idParams } from "../admin/common";
import * as service from "./service";

/** Bank statements and reconciliation: administrators only; statements are private files like proofs. */
export async function adminReconciliationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  const tags = ADMIN_TAGS;
  const security = [{ session: [] }];

  r.get(
    "/api/admin/bank-mappings",
    {
      schema: {
        tags,
        security,
        summary: "Bancos con su forma de leer el extracto (recordada al importar)",
        response: { 200: z.array(bankMappingSchema), ...adminErrors },
      },
      ...guarded,
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.bankMappings(app.ctx.db);
    },
  );

  r.get(
    "/api/admin/reconciliation",
    {
      schema: {
        tags,
        security,
        summary: "Conciliación: cada comprobante pendiente en Bs frente a los movimientos del banco",
        description: [
          "Por referencia (completa o sus últimos 4 dígitos o más), monto en Bs (tolerancia en Bs) y fecha",
          "(del banco: de 7 días antes a 1 día después del envío, hora de Venezuela). matched: coincide limpio;",
          "amount_differs: la referencia coincide pero el monto no; movement_used: el movimiento ya pagó otro",
          "comprobante, u otro pendiente lo reclama también (note lo explica); no_movement: nada coincide.",
        ].join(" "),
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.reconciliation(app.ctx.db, request.query);
    },
  );

  r.post(
    "/api/admin/reconciliation/approve",
    {
      schema: {
        tags,
        security,
        summary: "Aprobar de una vez las coincidencias limpias",
        description:
          "Una transacción: vuelve a conciliar, aprueba cada coincidencia limpia (una entrada de auditoría por comprobante) y enlaza su movimiento; los demás van a skipped con el motivo. Repetirlo no cambia nada.",
        body: bulkApproveInputSchema,
        response: { 200: bulkApproveResultSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => service.bulkApprove(app.ctx, actorOf(request), request.body),
  );

  r.get(
    "/api/admin/statements",
    {
      schema: {
        tags,
        security,
        summary: "Extractos bancarios subidos, del más nuevo al más antiguo, con quién los subió",
        response: { 200: z.array(statementSummarySchema), ...adminErrors },
      },
      ...guarded,
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return service.listStatements(app.ctx.db);
    },
  );

  r.get(
    "/api/admin/statements/:id/file",
    {
      schema: {
        tags,
        security,
        summary: "El archivo original de un extracto (solo administradores; privado, sin caché)",
        params: idParams,
        response: { 200: z.any().describe("El archivo, como descarga."), 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => service.sendStatementFile(app.ctx, reply, request.params.id),
  );
}
