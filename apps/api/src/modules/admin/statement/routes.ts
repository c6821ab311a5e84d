// GET /api/admin/raffles/{id}/statement and its CSV and XLSX (docs/decisions/0035-prizes-on-the-record.md).
import { EXPORT_CSV_VARIANTS, raffleStatementSchema } from "@rifazo/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { contentDisposition } from "../../files";
import { adminErrors, adminRouter, errorSchema, idParams } from "../common";
import type { ExportFormat } from "../exports/service";
import { writeExport } from "../exports/service";
import { STATEMENT_SHEET, statementFilename, statementRows } from "./export";
import { raffleStatement } from "./service";

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
      "standard (por defecto): coma y punto decimal. excel: para Excel en español: punto y coma, coma decimal, días dd/mm/aaaa.",
    ),
});

const ROWS =
  "Una fila por concepto: Sección, Concepto, Moneda, Monto, Tasa (Bs/USD), Fecha. Ventas, reembolsos y resultado van en una fila por moneda (nunca se suman dólares con bolívares); las comisiones en la moneda de la rifa; cada premio en su fila, con el monto pagado, su moneda, la tasa BCV y el día cuando es en dinero (un premio en especie no tiene monto).";

export async function adminStatementRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags, security } = adminRouter(app);

  async function send(reply: FastifyReply, raffleId: string, format: ExportFormat) {
    const statement = await raffleStatement(app.ctx.db, raffleId);
    async function* batches() {
      yield statementRows(statement);
    }
    const filename = statementFilename(
      statement.raffle.id,
      format === "xlsx" ? "xlsx" : "csv",
      format === "excel-csv",
    );
    return reply
      .header("content-type", CONTENT_TYPES[format])
      .header("content-disposition", contentDisposition("attachment", filename))
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(writeExport(app.log, STATEMENT_SHEET, batches(), format));
  }

  r.get(
    "/api/admin/raffles/:id/statement",
    {
      schema: {
        tags,
        security,
        summary: "Estado de cuenta de la rifa: cobrado, reembolsos, comisiones, premios y resultado",
        description:
          "Cada monto en su moneda tal como se pagó (usd y ves por separado, nunca sumados ni convertidos). Cobrado: comprobantes aprobados (nunca precio × boletos). Premios: la entrega vigente de cada ganador (una corrección reemplaza la que corrige), con monto, moneda, tasa BCV y día si es en dinero; los premios en especie no tienen monto.",
        params: idParams,
        response: { 200: raffleStatementSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return raffleStatement(app.ctx.db, request.params.id);
    },
  );

  r.get(
    "/api/admin/raffles/:id/statement.csv",
    {
      schema: {
        tags,
        security,
        summary: "Estado de cuenta de la rifa (CSV)",
        description: `${ROWS} UTF-8 con BOM, CRLF, texto entre comillas con un apóstrofo delante de cada fórmula.`,
        produces: ["text/csv"],
        params: idParams,
        querystring: csvQuery,
        response: { 200: z.any(), 400: errorSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) =>
      send(reply, request.params.id, request.query.variant === "excel" ? "excel-csv" : "csv"),
  );

  r.get(
    "/api/admin/raffles/:id/statement.xlsx",
    {
      schema: {
        tags,
        security,
        summary: "Estado de cuenta de la rifa (Excel .xlsx)",
        description: `${ROWS} Celdas con tipo: montos #,##0.00, tasas #,##0.00##, días dd/mm/aaaa.`,
        produces: [CONTENT_TYPES.xlsx],
        params: idParams,
        response: { 200: z.any(), 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => send(reply, request.params.id, "xlsx"),
  );
}
