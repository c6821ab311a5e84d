import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentDisposition } from "../../files/serve";
import { ADMIN_TAGS, adminErrors, adminRoute, errorSchema } from "../common";
import { openExport, PROOFS_EXPORT, RAFFLES_EXPORT, USERS_EXPORT } from "./service";

const EXPORTS = [
  { path: "/api/admin/exports/users.csv", spec: USERS_EXPORT, summary: "Usuarios (CSV)" },
  { path: "/api/admin/exports/raffles.csv", spec: RAFFLES_EXPORT, summary: "Rifas (CSV)" },
  { path: "/api/admin/exports/proofs.csv", spec: PROOFS_EXPORT, summary: "Comprobantes de pago (CSV)" },
] as const;

export async function adminExportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);

  for (const { path, spec, summary } of EXPORTS) {
    r.get(
      path,
      {
        schema: {
          tags: ADMIN_TAGS,
          security: [{ session: [] }],
          summary,
          description: `Descarga ${spec.filename}: UTF-8 con BOM, comillas RFC 4180 y fórmulas neutralizadas. Sin datos responde 404 EMPTY_EXPORT.`,
          produces: ["text/csv"],
          response: { 200: z.any(), 404: errorSchema, ...adminErrors },
        },
        ...guarded,
      },
      async (_request, reply) => {
        const stream = await openExport(app.ctx.db, app.log, spec as never);
        stream.on("error", (error) =>
          app.log.error({ err: error, export: spec.name }, "exportación CSV interrumpida"),
        );
        return reply
          .header("content-type", "text/csv; charset=utf-8")
          .header("content-disposition", contentDisposition("attachment", spec.filename))
          .header("cache-control", "private, no-store")
          .header("x-content-type-options", "nosniff")
          .send(stream);
      },
    );
  }
}
