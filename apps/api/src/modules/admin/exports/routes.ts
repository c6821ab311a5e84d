import { ADMIN_EXPORTS, EXPORT_CSV_VARIANTS } from "@rifazo/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { contentDisposition } from "../../files";
import { ADMIN_TAGS, adminErrors, adminRoute, errorSchema } from "../common";
import {
  type ExportFormat,
  openExport,
  PROOFS_EXPORT,
  RAFFLES_EXPORT,
  SELLERS_EXPORT,
  USERS_EXPORT,
} from "./service";

const EXPORTS = [
  { files: ADMIN_EXPORTS.users, spec: USERS_EXPORT, title: "Usuarios" },
  { files: ADMIN_EXPORTS.raffles, spec: RAFFLES_EXPORT, title: "Rifas" },
  { files: ADMIN_EXPORTS.proofs, spec: PROOFS_EXPORT, title: "Comprobantes de pago" },
  { files: ADMIN_EXPORTS.sellers, spec: SELLERS_EXPORT, title: "Vendedores y comisiones" },
] as const;

type Spec = (typeof EXPORTS)[number]["spec"];

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  "excel-csv": "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const csvQuery = z.object({
  variant: z
    .enum(EXPORT_CSV_VARIANTS)
    .optional()
    .describe(
      "standard (por defecto): coma y punto decimal. excel: para Excel en español: punto y coma, coma decimal sin separador de miles, fechas dd/mm/aaaa hh:mm.",
    ),
});

export async function adminExportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);

  async function send(reply: FastifyReply, spec: Spec, format: ExportFormat, filename: string) {
    // `as never`: the three specs have different row types; openExport is generic over each.
    const stream = await openExport(app.ctx.db, app.log, spec as never, undefined, format);
    stream.on("error", (error) =>
      app.log.error({ err: error, export: spec.name, format }, "exportación interrumpida"),
    );
    return reply
      .header("content-type", CONTENT_TYPES[format])
      .header("content-disposition", contentDisposition("attachment", filename))
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(stream);
  }

  for (const { files, spec, title } of EXPORTS) {
    r.get(
      files.path,
      {
        schema: {
          tags: ADMIN_TAGS,
          security: [{ session: [] }],
          summary: `${title} (CSV)`,
          description: `Descarga ${files.filename} (o ${files.excelCsvFilename} con ?variant=excel): UTF-8 con BOM, CRLF, todo texto entre comillas (RFC 4180) y con un apóstrofo delante de cada fórmula, al principio y tras cada coma, punto y coma, tabulador o salto de línea; números y fechas sin comillas. Sin datos responde 404 EMPTY_EXPORT.`,
          produces: ["text/csv"],
          querystring: csvQuery,
          response: { 200: z.any(), 400: errorSchema, 404: errorSchema, ...adminErrors },
        },
        ...guarded,
      },
      async (request, reply) =>
        request.query.variant === "excel"
          ? send(reply, spec, "excel-csv", files.excelCsvFilename)
          : send(reply, spec, "csv", files.filename),
    );

    r.get(
      files.xlsxPath,
      {
        schema: {
          tags: ADMIN_TAGS,
          security: [{ session: [] }],
          summary: `${title} (Excel .xlsx)`,
          description: `Descarga ${files.xlsxFilename}: las mismas filas que el CSV en celdas con tipo (números con formato #,##0.00, fechas dd/mm/aaaa hh:mm en hora de Venezuela), encabezado en negrita y fijo; el texto que empieza por = + - @ lleva un apóstrofo delante. Sin datos responde 404 EMPTY_EXPORT.`,
          produces: [CONTENT_TYPES.xlsx],
          response: { 200: z.any(), 404: errorSchema, ...adminErrors },
        },
        ...guarded,
      },
      async (_request, reply) => send(reply, spec, "xlsx", files.xlsxFilename),
    );
  }
}
