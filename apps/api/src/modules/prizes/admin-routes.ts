// The organiser's prize routes (docs/decisions/0035-prizes-on-the-record.md): every prize with its
// deadline, the claim's review and its cédula, deliveries with their proof, a dispute's resolution.
import {
  adminPrizeListSchema,
  adminPrizeSchema,
  MAX_IMAGE_PIXELS,
  PRIZE_STATUSES,
  prizeClaimReviewInputSchema,
  prizeDeliveryInputSchema,
  prizeDisputeResolveInputSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { ADMIN_TAGS, actorOf, adminErrors, adminRoute } from "../auth";
import {
  adminPrizeList,
  resolveDispute,
  reviewClaim,
  sendDeliveryProof,
  sendEvidence,
} from "./admin-service";
import { recordDelivery } from "./delivery";
import { deliveryForm } from "./files";

const security = [{ session: [] }];
const params = z.object({ winnerId: z.string().describe("Id (UUID) del ganador: su fila en la rifa.") });
const STATUSES = [...PRIZE_STATUSES, "review"] as const;
const STATUS_MESSAGE = `El estado debe ser uno de: ${STATUSES.join(", ")}.`;
const listQuery = z.object({
  raffleId: z.string().max(64).optional().describe("Solo los premios de esta rifa."),
  status: z
    .enum(STATUSES, { error: STATUS_MESSAGE })
    .optional()
    .describe("Un estado del premio, o review: reclamos que esperan la revisión del organizador."),
});
const file = z.any().describe("El archivo, en línea (privado).");

export async function adminPrizeRoutes(app: FastifyInstance): Promise<void> {
  registerReadRoutes(app);
  registerReviewRoutes(app);
  registerDeliveryRoutes(app);
}

/** The list and the cédula. */
function registerReadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);

  r.get(
    "/api/admin/prizes",
    {
      ...guarded,
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "Premios de las rifas sorteadas: plazo, reclamo, entregas y disputa de cada ganador",
        querystring: listQuery,
        response: { 200: adminPrizeListSchema, 400: errorSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { items: await adminPrizeList(app.ctx.db, request.query) };
    },
  );

  r.get(
    "/api/admin/prizes/:winnerId/evidence",
    {
      ...guarded,
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "La foto de la cédula que envió el ganador (privada)",
        params,
        response: { 200: file, 404: errorSchema, ...adminErrors },
      },
    },
    async (request, reply) => sendEvidence(app.ctx, reply, request.params.winnerId),
  );
}

/** The claim's review and a dispute's resolution. */
function registerReviewRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  r.post(
    "/api/admin/prizes/:winnerId/review",
    {
      ...guarded,
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "Aceptar o rechazar (con el motivo) el reclamo del ganador",
        description: "Sin reclamo 409 PRIZE_NOT_CLAIMED. El ganador recibe la decisión (aviso y correo).",
        params,
        body: prizeClaimReviewInputSchema,
        response: {
          200: adminPrizeSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...adminErrors,
        },
      },
    },
    async (request) => reviewClaim(app.ctx, actorOf(request), request.params.winnerId, request.body),
  );

  r.post(
    "/api/admin/prizes/:winnerId/dispute/resolve",
    {
      ...guarded,
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "Resolver la disputa abierta de un premio",
        description:
          "Sin disputa abierta 409 PRIZE_NO_DISPUTE. Queda en el acta; el ganador recibe la resolución.",
        params,
        body: prizeDisputeResolveInputSchema,
        response: {
          200: adminPrizeSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...adminErrors,
        },
      },
    },
    async (request) => resolveDispute(app.ctx, actorOf(request), request.params.winnerId, request.body),
  );
}

/** A delivery with its proof (multipart), and the proof. */
function registerDeliveryRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  r.post(
    "/api/admin/prizes/:winnerId/deliveries",
    {
      ...guarded,
      preValidation: deliveryForm.read,
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "Registrar la entrega del premio, con su prueba (una corrección es una entrega nueva)",
        description: [
          "multipart/form-data: method, deliveredOn (AAAA-MM-DD, no en el futuro), paidCurrency y paidAmount",
          "(obligatorios en un premio en dinero), note, corrects (id de una entrega anterior de este premio) y",
          "`file`, la prueba (JPG, PNG o PDF de hasta 5 MB, privada; el acta publica su SHA-256; una imagen de",
          `más de ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles 422). Requiere el reclamo aceptado (409`,
          "PRIZE_CLAIM_NOT_ACCEPTED). Un premio en dinero pagado en otra moneda se compara con la tasa BCV del",
          "día del pago: sin tasa publicada 409 PRIZE_NO_RATE, por debajo 400 PRIZE_BELOW_RATE, con las cifras.",
        ].join(" "),
        consumes: ["multipart/form-data"],
        params,
        body: prizeDeliveryInputSchema,
        response: {
          201: adminPrizeSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          422: errorSchema,
          ...adminErrors,
        },
      },
    },
    async (request, reply) => {
      const prize = await recordDelivery(
        app.ctx,
        actorOf(request),
        request.params.winnerId,
        request.body,
        deliveryForm.uploadOf(request),
      );
      return reply.code(201).send(prize);
    },
  );

  r.get(
    "/api/admin/prize-deliveries/:id/proof",
    {
      ...guarded,
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "La prueba de una entrega de premio (privada)",
        params: z.object({ id: z.string().describe("Id (UUID) de la entrega.") }),
        response: { 200: file, 404: errorSchema, ...adminErrors },
      },
    },
    async (request, reply) => sendDeliveryProof(app.ctx, reply, request.params.id),
  );
}
