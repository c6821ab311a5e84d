import {
  receiptClaimResultSchema,
  sellerSaleInputSchema,
  sellerSaleListSchema,
  sellerSaleSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionKeyOf, sessionUserOf } from "../auth";
import { SALE_KEY_PURPOSE } from "../sellers";
import { claimReceipt } from "./claims";
import { mySales, recordSale } from "./service";

/**
 * A vendedor's sales (/vendedor): record one, list theirs; and their buyer's claim of one into an account,
 * from its receipt (docs/decisions/0034-vendedores.md).
 */
export async function sellerSaleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = guards(app).user;
  const tags = ["vendedores"];
  registerClaimRoute(app);

  r.post(
    "/api/seller/sales",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary:
          "Registrar una venta del vendedor (efectivo: pagada al registrarla; otros métodos: en revisión)",
        description:
          "El precio lo pone el servidor; el monto enviado debe coincidir con él. `saleId` lo crea el dispositivo: reenviar la misma venta devuelve la primera (200). Una venta guardada sin señal lleva `recordedAt` y `signature` (HMAC con la `saleKey` de esta sesión, GET /api/seller/me); firmada en otra sesión, 403 SELLER_SALE_SESSION.",
        body: sellerSaleInputSchema,
        response: {
          200: sellerSaleSchema,
          201: sellerSaleSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { sale, created } = await recordSale(app.ctx, sessionUserOf(request), request.body, {
        ip: request.ip ?? null,
        saleKey: sessionKeyOf(request, SALE_KEY_PURPOSE),
      });
      reply.header("cache-control", "no-store");
      return reply.code(created ? 201 : 200).send(sale);
    },
  );

  r.get(
    "/api/seller/sales",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Las ventas del vendedor, de la más reciente a la más antigua (las últimas 100)",
        response: { 200: sellerSaleListSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return mySales(app.ctx.db, sessionUserOf(request));
    },
  );
}

/**
 * Their buyer claims a sale into an account from its receipt (decision 0034, slice 4): any signed-in
 * account may try; the service decides.
 */
function registerClaimRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = guards(app).user;
  r.post(
    "/api/receipts/:token/claim",
    {
      preValidation: signedIn,
      schema: {
        tags: ["recibos"],
        summary: "Reclamar en mi cuenta los boletos de una venta de un vendedor (desde su recibo)",
        description:
          "Solo una venta de un vendedor, pagada, sin cuenta, y desde una cuenta cuyo correo confirmado es el que anotó el vendedor (nunca la del propio vendedor): 403 RECEIPT_CLAIM_NOT_ALLOWED o EMAIL_NOT_VERIFIED si no; 409 RECEIPT_ALREADY_CLAIMED si ya es de otra cuenta, RECEIPT_CLAIM_CANCELLED si la rifa se canceló. La misma cuenta otra vez: 200 con alreadyClaimed. Pone la cuenta en la compra, sus boletos y su reserva y le acredita los RifaPuntos de la compra, una sola vez; el código del recibo y la lista congelada no cambian.",
        params: z.object({
          token: z
            .string()
            .max(100)
            .describe("Token del recibo (43 caracteres, base64url), del enlace privado."),
        }),
        response: {
          200: receiptClaimResultSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await claimReceipt(app.ctx, sessionUserOf(request), request.params.token, {
        ip: request.ip ?? null,
      });
      reply.header("cache-control", "no-store");
      return result;
    },
  );
}
