import {
  adminApproveResultSchema,
  adminOkSchema,
  adminPendingCountSchema,
  adminProofListQuerySchema,
  adminProofListSchema,
  adminRejectInputSchema,
  adminReviewResultSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import { actorOf, adminActionErrors, adminErrors, adminRouter, errorSchema, idParams } from "../common";
import * as list from "./list";
import * as service from "./service";

export async function adminProofRoutes(app: FastifyInstance): Promise<void> {
  await registerInboxRoutes(app);
  await registerReviewRoutes(app);
}

/** The inbox: the list of proofs and the pending count. */
async function registerInboxRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags, security } = adminRouter(app);

  r.get(
    "/api/admin/proofs",
    {
      schema: {
        tags,
        security,
        summary: "Comprobantes de pago: los pendientes del más antiguo al más nuevo, los demás al revés",
        description:
          "Filtros: status, raffleId, q, method, flag (duplicate_reference, near_duplicate, ocr_mismatch, amount_mismatch) y sort (oldest/newest). " +
          "Con el título de la rifa, el nombre y correo del comprador, los boletos asignados y duplicateReference cuando otra prueba tiene la misma referencia en su forma canónica (sin distinguir mayúsculas, espacios, caracteres invisibles, letras parecidas de otros alfabetos ni ceros a la izquierda en referencias bancarias), escrita o leída en el comprobante; duplicateOf es el id de la otra.",
        querystring: adminProofListQuerySchema,
        response: { 200: adminProofListSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => list.listProofs(app.ctx.db, request.query),
  );

  r.get(
    "/api/admin/proofs/pending-count",
    {
      schema: {
        tags,
        security,
        summary: "Cuántos comprobantes esperan revisión (el contador de la bandeja)",
        description: "Se actualiza en vivo con los eventos `admin` (proofs.changed) de /api/events.",
        response: { 200: adminPendingCountSchema, ...adminErrors },
      },
      ...guarded,
    },
    async () => list.pendingCount(app.ctx.db),
  );
}

/** A proof reviewed: approved, rejected or deleted. */
async function registerReviewRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags, security } = adminRouter(app);

  r.post(
    "/api/admin/proofs/:id/approve",
    {
      schema: {
        tags,
        security,
        summary: "Aprobar un comprobante: asigna boletos al azar y acredita RifaPuntos",
        description:
          "Idempotente: aprobar de nuevo devuelve los mismos números (alreadyApproved = true). 409 si fue rechazado o si no quedan boletos suficientes.",
        params: idParams,
        response: { 200: adminApproveResultSchema, 404: errorSchema, 409: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => service.approveProof(app.ctx, actorOf(request), request.params.id),
  );

  r.post(
    "/api/admin/proofs/:id/reject",
    {
      schema: {
        tags,
        security,
        summary: "Rechazar un comprobante pendiente, con una nota para el usuario",
        params: idParams,
        body: adminRejectInputSchema.nullish(),
        response: {
          200: adminReviewResultSchema,
          ...adminActionErrors,
        },
      },
      ...guarded,
    },
    async (request) =>
      service.rejectProof(app.ctx, actorOf(request), request.params.id, request.body?.adminNotes),
  );

  r.delete(
    "/api/admin/proofs/:id",
    {
      schema: {
        tags,
        security,
        summary: "Eliminar un comprobante (uno aprobado libera sus boletos y revierte sus puntos)",
        params: idParams,
        response: { 200: adminOkSchema, 404: errorSchema, 409: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => {
      await service.deleteProof(app.ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
