// The winner's prize routes (docs/decisions/0035-prizes-on-the-record.md): their prizes, the claim with
// the cédula (multipart) and the confirmation or dispute after a delivery.
import {
  MAX_IMAGE_PIXELS,
  myPrizeListSchema,
  myPrizeSchema,
  prizeClaimInputSchema,
  prizeConfirmationInputSchema,
} from "@rifazo/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "../auth";
import { claimForm } from "./files";
import { type Caller, claimPrize, confirmPrize, myPrize, myPrizes } from "./service";

const tags = ["premios"];
const params = z.object({ winnerId: z.string().describe("Id (UUID) del ganador: su fila en la rifa.") });
const caller = (request: FastifyRequest): Caller => ({
  user: sessionUserOf(request),
  ip: request.ip ?? null,
});
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema } as const;

export async function prizeRoutes(app: FastifyInstance): Promise<void> {
  registerReadRoutes(app);
  registerActionRoutes(app);
}

// The guard runs first (onRequest): a visitor is turned away before a form is even read.
const signedIn = (app: FastifyInstance) => ({ onRequest: guards(app).user });

/** GET /api/prizes and GET /api/prizes/{winnerId}. */
function registerReadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/prizes",
    {
      ...signedIn(app),
      schema: {
        tags,
        summary: "Mis premios: los premios vigentes de los boletos de la cuenta, los más recientes primero",
        response: { 200: myPrizeListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { items: await myPrizes(app.ctx.db, sessionUserOf(request)) };
    },
  );

  r.get(
    "/api/prizes/:winnerId",
    {
      ...signedIn(app),
      schema: {
        tags,
        summary: "Un premio de la cuenta: su plazo, su reclamo, sus entregas y su disputa",
        description:
          "El de otro ganador responde 403 PRIZE_NOT_YOURS; uno que no existe o de un ganador descalificado, 404 PRIZE_NOT_FOUND.",
        params,
        response: { 200: myPrizeSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return myPrize(app.ctx.db, sessionUserOf(request), request.params.winnerId);
    },
  );
}

/** The claim (multipart, with the cédula) and the confirmation or dispute. */
function registerActionRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/prizes/:winnerId/claim",
    {
      ...signedIn(app),
      preValidation: claimForm.read,
      schema: {
        tags,
        summary: "Reclamar el premio: una foto de la cédula y, si es en dinero, dónde recibirlo",
        description: [
          "multipart/form-data: contactPhone, payoutDetails (obligatorio en un premio en dinero), note y `file`,",
          "la cédula (JPG, PNG o PDF de hasta 5 MB, guardada en privado; un archivo de otro tipo responde 400",
          `UNSUPPORTED_FILE_TYPE, una imagen de más de ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles 422).`,
          "Después del plazo 409 PRIZE_CLAIM_CLOSED; ya reclamado 409 PRIZE_ALREADY_CLAIMED, salvo que el",
          "organizador lo haya rechazado: entonces se envía de nuevo. El primer reclamo queda en el acta.",
        ].join(" "),
        consumes: ["multipart/form-data"],
        params,
        body: prizeClaimInputSchema,
        response: {
          201: myPrizeSchema,
          400: errorSchema,
          409: errorSchema,
          413: errorSchema,
          422: errorSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const prize = await claimPrize(
        app.ctx,
        caller(request),
        request.params.winnerId,
        request.body,
        claimForm.uploadOf(request),
      );
      return reply.code(201).send(prize);
    },
  );

  r.post(
    "/api/prizes/:winnerId/confirmation",
    {
      ...signedIn(app),
      schema: {
        tags,
        summary: "«Recibí mi premio» o abrir una disputa, después de una entrega",
        description:
          "Sin entrega registrada 409 PRIZE_NOT_DELIVERED; ya confirmado 409 PRIZE_ALREADY_CONFIRMED; con una disputa abierta 409 PRIZE_DISPUTE_OPEN. Queda en el acta; el mensaje de la disputa no se publica.",
        params,
        body: prizeConfirmationInputSchema,
        response: { 200: myPrizeSchema, 400: errorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => confirmPrize(app.ctx, caller(request), request.params.winnerId, request.body),
  );
}
