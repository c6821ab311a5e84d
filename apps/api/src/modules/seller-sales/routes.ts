import { sellerSaleInputSchema, sellerSaleListSchema, sellerSaleSchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionKeyOf, sessionUserOf } from "../auth";
import { SALE_KEY_PURPOSE } from "../sellers";
import { mySales, recordSale } from "./service";

/** A vendedor's sales (/vendedor): record one, list theirs (docs/decisions/0034-vendedores.md). */
export async function sellerSaleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = guards(app).user;
  const tags = ["vendedores"];

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
