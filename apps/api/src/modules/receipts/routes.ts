import { receiptSchema } from "@rifazo/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { enforce, type RateRule } from "../../lib/rate-limit";
import { errorSchema } from "../../lib/schemas";
import { currentUser } from "../auth";
import { receiptPdf } from "./pdf";
import { receiptPng } from "./render";
import * as service from "./service";

const tags = ["recibos"];
const params = z.object({
  token: z.string().max(100).describe("Token del recibo (43 caracteres, base64url), del enlace privado."),
});

/** Drawing a PNG or PDF costs CPU: plenty for a person sharing a receipt, little for a script. */
export const RECEIPT_FILE_RULE: RateRule = { max: 30, windowSeconds: 60 };

/**
 * A receipt is private: whoever has the link sees it (the buyer shares it on purpose), so it is never
 * stored by a shared cache nor indexed by search engines.
 */
function privateHeaders(reply: FastifyReply): void {
  reply.header("cache-control", "private, no-store");
  reply.header("x-robots-tag", "noindex, nofollow");
  reply.header("referrer-policy", "no-referrer");
}

export async function receiptRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    "/api/receipts/:token",
    {
      schema: {
        tags,
        summary: "Recibo de una compra aprobada (enlace privado)",
        description:
          "Rifa, números, fecha del sorteo, pago (con la tasa congelada si fue en bolívares), comprador (nombre enmascarado), referencia (últimos 4 caracteres), código de verificación del recibo y enlace al verificador de boletos. Si la compra fue reembolsada (rifa cancelada), refund dice cuándo y con qué referencia, y sus números quedan anulados. Cualquiera con el enlace lo ve; un token desconocido, o de un pago que ya no está aprobado, responde 404. claim, solo en la venta de un vendedor con correo anotado, dice a quien lo abre si puede reclamarla en su cuenta (el correo, enmascarado). abono, solo en un pago de una compra en abonos: lo pagado, lo que falta, los pagos y los números de la compra (apartados, sin participar, hasta completar el pago; luego vendidos, con sus etiquetas de la lista congelada), nunca el enlace ni el código de otro pago.",
        params,
        response: { 200: receiptSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      privateHeaders(reply);
      // The claim block is the viewer's (decision 0034): whether they may claim a vendedor's sale.
      const viewer = await currentUser(app, request);
      return service.receiptFor(app.ctx, request.params.token, viewer);
    },
  );

  r.get(
    "/api/receipts/:token/image.png",
    {
      schema: {
        tags,
        summary:
          "El recibo como imagen PNG (1080 de ancho, alto según el contenido, hasta 1920) con su código QR",
        params,
        response: { 200: z.any().describe("image/png"), 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforce(db, [[`receipt-file:ip:${request.ip}`, RECEIPT_FILE_RULE]]);
      const receipt = await service.receiptFor(app.ctx, request.params.token);
      const png = await receiptPng(receipt);
      privateHeaders(reply);
      reply.header("content-disposition", `inline; filename="${service.receiptFileName(receipt, "png")}"`);
      return reply.type("image/png").send(png);
    },
  );

  r.get(
    "/api/receipts/:token/receipt.pdf",
    {
      schema: {
        tags,
        summary: "El recibo en PDF con su código QR",
        params,
        response: { 200: z.any().describe("application/pdf"), 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforce(db, [[`receipt-file:ip:${request.ip}`, RECEIPT_FILE_RULE]]);
      const receipt = await service.receiptFor(app.ctx, request.params.token);
      const pdf = await receiptPdf(receipt);
      privateHeaders(reply);
      reply.header("content-disposition", `inline; filename="${service.receiptFileName(receipt, "pdf")}"`);
      return reply.type("application/pdf").send(Buffer.from(pdf));
    },
  );
}
