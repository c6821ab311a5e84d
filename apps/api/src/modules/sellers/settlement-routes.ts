import {
  adminSellerSchema,
  MAX_IMAGE_PIXELS,
  SELLER_MESSAGES,
  sellerSettlementInputSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { ADMIN_TAGS, actorOf, adminErrors, adminRoute, guards, sessionUserOf } from "../auth";
import { uploadForm } from "../files";
import { recordSettlement, sendSettlementProof } from "./settlements";

// A "liquidación" and the transfer's receipt it may carry (docs/decisions/0034-vendedores.md): recorded by
// the organiser, as JSON or as a form with the file; read by the administrators and by its vendedor.

const security = [{ session: [] }];
const assignmentParams = z.object({
  id: z.string().describe("Id (UUID) del vendedor."),
  raffleId: z.string().describe("Id (UUID) de la rifa."),
});
const settlementParams = z.object({ id: z.string().describe("Id (UUID) de la liquidación.") });
/**
 * A settlement sent as a form (multipart): its fields become the body the route's schema validates, and
 * its one file, read up to 5 MB while it streams, waits beside the request. JSON passes through untouched.
 */
const settlementForm = uploadForm(["kind", "amount", "method", "reference", "note"], {
  tooLarge: SELLER_MESSAGES.proofTooLarge,
  oneFile: "Adjunta un solo archivo.",
  invalid: "El formulario enviado no es válido.",
});

/** POST …/settlements (the organiser) and the receipt's two readers. */
export async function registerSettlementRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  r.post(
    "/api/admin/sellers/:id/raffles/:raffleId/settlements",
    {
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary:
          "Registrar un pago de comisión al vendedor (liquidación), hasta lo que se le debe en la rifa",
        description: [
          "JSON, o multipart/form-data con los mismos campos y, opcional, `file`: el comprobante de un pago por",
          "Pago Móvil, transferencia, Zelle o Binance (JPG, PNG o PDF de hasta 5 MB, guardado en privado).",
          "Un archivo de otro tipo responde 400 UNSUPPORTED_FILE_TYPE; una imagen de más de",
          `${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles, 422 IMAGE_TOO_MANY_PIXELS. Si la liquidación se`,
          "rechaza no queda archivo, y si el archivo falla no queda liquidación ni asiento.",
        ].join(" "),
        consumes: ["application/json", "multipart/form-data"],
        params: assignmentParams,
        body: sellerSettlementInputSchema,
        response: {
          201: adminSellerSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          422: errorSchema,
          ...adminErrors,
        },
      },
      ...guarded,
      preValidation: settlementForm.read,
    },
    async (request, reply) => {
      const saved = await recordSettlement(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.raffleId,
        request.body,
        settlementForm.uploadOf(request),
      );
      return reply.code(201).send(saved);
    },
  );

  r.get(
    "/api/admin/sellers/settlements/:id/proof",
    {
      schema: {
        tags: ADMIN_TAGS,
        security,
        summary: "El comprobante de una liquidación (la transferencia al vendedor), en línea",
        params: settlementParams,
        response: { 200: z.any().describe("El archivo, en línea."), 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) =>
      sendSettlementProof(app.ctx, reply, sessionUserOf(request), request.params.id, "admin"),
  );
}

/** GET /api/seller/settlements/{id}/proof: the vendedor's own receipts only. */
export async function registerSellerProofRoute(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/seller/settlements/:id/proof",
    {
      preValidation: guards(app).user,
      schema: {
        tags: ["vendedores"],
        summary: "El comprobante de una liquidación que el organizador le pagó al vendedor de la sesión",
        description: "La de otro vendedor responde 404, como una que no existe.",
        params: settlementParams,
        response: {
          200: z.any().describe("El archivo, en línea."),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) =>
      sendSettlementProof(app.ctx, reply, sessionUserOf(request), request.params.id, "seller"),
  );
}
