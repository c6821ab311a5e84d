import {
  bankMappingSchema,
  bulkApproveInputSchema,
  bulkApproveResultSchema,
  reconciliationQuerySchema,
  reconciliationSchema,
  statementImportInputSchema,
  statementImportResultSchema,
  statementPreviewInputSchema,
  statementPreviewSchema,
  statementSummarySchema,
  statementUploadResultSchema,
} from "@rifazo/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest } from "../../lib/errors";
import { ADMIN_TAGS, actorOf, adminErrors, adminRoute, errorSchema, idParams } from "../auth";
import { readLimited } from "../files";
import type { WithApproval } from "./approval";
import { discardStatement, STATEMENT_DRAFT_DAYS } from "./drafts";
import { bulkApprove, reconciliation } from "./service";
import { importStatement, previewStatement } from "./statement-import";
import {
  bankMappings,
  listStatements,
  MAX_STATEMENT_BYTES,
  sendStatementFile,
  type UploadedStatement,
  uploadStatement,
} from "./statements";

const TOO_LARGE = "El archivo del extracto es demasiado grande (máximo 10 MB).";
const FILE_MISSING = "Selecciona el archivo del extracto (CSV o XLSX).";

/**
 * The name the browser sent, for the list and the download only (the stored key is the statement's id):
 * without control characters, which PostgreSQL text cannot hold, and of a sensible length.
 */
function cleanFilename(name: string | undefined): string {
  return (name ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 200);
}

/** The multipart form: one file (refused with 413 past 10 MB, never buffered whole) and an optional bankId. */
async function readStatementUpload(request: FastifyRequest): Promise<UploadedStatement> {
  if (!request.isMultipart()) throw badRequest(FILE_MISSING, { file: FILE_MISSING });
  let buffer: Buffer | undefined;
  let filename = "extracto";
  let bankId: string | undefined;
  try {
    // The app-wide multipart limit is the proofs' 5 MB: statements have their own.
    for await (const part of request.parts({ limits: { fileSize: MAX_STATEMENT_BYTES + 1 } })) {
      if (part.type === "file") {
        if (buffer) {
          part.file.resume();
          continue;
        }
        buffer = await readLimited(part.file, MAX_STATEMENT_BYTES, TOO_LARGE);
        filename = cleanFilename(part.filename) || filename;
      } else if (part.fieldname === "bankId" && typeof part.value === "string" && part.value.trim()) {
        bankId = part.value.trim();
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("PAYLOAD_TOO_LARGE", TOO_LARGE);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw error;
    throw badRequest(FILE_MISSING, { file: FILE_MISSING });
  }
  if (!buffer) throw badRequest(FILE_MISSING, { file: FILE_MISSING });
  // An empty file is the parser's STATEMENT_EMPTY, with its own message.
  return { buffer, filename, bankId };
}

const tags = ADMIN_TAGS;
const security = [{ session: [] }];

function registerReconciliationRoutes(app: FastifyInstance, opts: WithApproval): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  r.get(
    "/api/admin/bank-mappings",
    {
      schema: {
        tags,
        security,
        summary: "Bancos con su forma de leer el extracto (recordada al importar)",
        response: { 200: z.array(bankMappingSchema), ...adminErrors },
      },
      ...guarded,
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return bankMappings(app.ctx.db);
    },
  );

  r.get(
    "/api/admin/reconciliation",
    {
      schema: {
        tags,
        security,
        summary: "Conciliación: cada comprobante pendiente en Bs frente a los movimientos del banco",
        description: [
          "Por referencia (completa o sus últimos 4 dígitos o más), monto en Bs (tolerancia en Bs) y fecha",
          "(del banco: de 7 días antes a 1 día después del envío, hora de Venezuela). matched: coincide limpio;",
          "amount_differs: la referencia coincide pero el monto no; movement_used: el movimiento ya pagó otro",
          "comprobante, u otro pendiente lo reclama también (note lo explica); no_movement: nada coincide.",
        ].join(" "),
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return reconciliation(app.ctx.db, request.query);
    },
  );

  r.post(
    "/api/admin/reconciliation/approve",
    {
      schema: {
        tags,
        security,
        summary: "Aprobar de una vez las coincidencias limpias",
        description:
          "Una transacción: vuelve a conciliar, aprueba cada coincidencia limpia (una entrada de auditoría por comprobante) y enlaza su movimiento; los demás van a skipped con el motivo. Repetirlo no cambia nada.",
        body: bulkApproveInputSchema,
        response: { 200: bulkApproveResultSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => bulkApprove(app.ctx, actorOf(request), request.body, opts.approval),
  );
}

function registerStatementUploadRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  r.post(
    "/api/admin/statements",
    {
      schema: {
        tags,
        security,
        summary: "Subir el extracto del banco (multipart: file CSV o XLSX, hasta 10 MB; bankId opcional)",
        description: [
          "Lee el archivo como una cuadrícula (codificación y separador detectados en un CSV), lo guarda como",
          "archivo privado con quién lo subió y responde las primeras 40 filas, el banco detectado (prefijo de",
          "la cuenta, nombre, títulos de columnas), la asignación propuesta (una recordada solo si la fila de",
          "títulos del archivo es idéntica a la suya; si no, la detectada, con o sin fila de títulos) y las",
          "preguntas que la detección no pudo resolver. 400 STATEMENT_EMPTY / STATEMENT_UNREADABLE /",
          "STATEMENT_NOT_A_STATEMENT (nada se guarda), 413 si es muy grande.",
        ].join(" "),
        consumes: ["multipart/form-data"],
        response: { 201: statementUploadResultSchema, 400: errorSchema, 413: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      const result = await uploadStatement(app.ctx, actorOf(request), await readStatementUpload(request));
      return reply.status(201).send(result);
    },
  );

  r.post(
    "/api/admin/statements/:id/preview",
    {
      schema: {
        tags,
        security,
        summary: "Vista previa de los movimientos con una asignación de columnas",
        description:
          "Los primeros 50 abonos tal como se importarían (referenceDamaged: referencia dañada por una hoja de cálculo), cada fila ilegible (hasta 500) y los totales; alreadyImported cuenta los que un extracto anterior del mismo banco ya trajo (bankName, o el banco elegido al subir). warnings avisa si los montos parecen un saldo acumulado.",
        params: idParams,
        body: statementPreviewInputSchema,
        response: { 200: statementPreviewSchema, 400: errorSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return previewStatement(app.ctx, request.params.id, request.body);
    },
  );
}

function registerStatementImportRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  r.post(
    "/api/admin/statements/:id/import",
    {
      schema: {
        tags,
        security,
        summary: "Importar los movimientos del extracto (una transacción)",
        description:
          "Recuerda la asignación para el banco (por nombre) junto con la fila de títulos del archivo, guarda cada abono salvo los ya importados (el mismo extracto dos veces o exportaciones que se solapan no agregan nada; uno sin abonos se importa con cero) y registra la auditoría. Los abonos con referencia dañada entran marcados y nunca se concilian solos. 422 STATEMENT_UNREADABLE_ROWS si hay filas ilegibles y skipUnreadable no es true, 422 STATEMENT_BALANCE_AS_AMOUNT si el monto elegido es un saldo acumulado: no se escribe nada.",
        params: idParams,
        body: statementImportInputSchema,
        response: {
          200: statementImportResultSchema,
          400: errorSchema,
          404: errorSchema,
          422: errorSchema,
          ...adminErrors,
        },
      },
      ...guarded,
    },
    async (request) => importStatement(app.ctx, actorOf(request), request.params.id, request.body),
  );

  r.get(
    "/api/admin/statements",
    {
      schema: {
        tags,
        security,
        summary: "Extractos bancarios subidos, del más nuevo al más antiguo, con quién los subió",
        response: { 200: z.array(statementSummarySchema), ...adminErrors },
      },
      ...guarded,
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return listStatements(app.ctx.db);
    },
  );
}

function registerStatementFileRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  r.delete(
    "/api/admin/statements/:id",
    {
      schema: {
        tags,
        security,
        summary: "Descartar un extracto sin importar (y su archivo)",
        description: `Solo un extracto que no se importó: uno importado es el registro de la conciliación (409 STATEMENT_IMPORTED). Los que quedan sin importar se descartan solos a los ${STATEMENT_DRAFT_DAYS} días.`,
        params: idParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      await discardStatement(app.ctx, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/admin/statements/:id/file",
    {
      schema: {
        tags,
        security,
        summary: "El archivo original de un extracto (solo administradores; privado, sin caché)",
        params: idParams,
        response: { 200: z.any().describe("El archivo, como descarga."), 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => sendStatementFile(app.ctx, reply, request.params.id),
  );
}

/** Bank statements and reconciliation: administrators only; statements are private files like proofs. */
export async function adminReconciliationRoutes(app: FastifyInstance, opts: WithApproval): Promise<void> {
  registerReconciliationRoutes(app, opts);
  registerStatementUploadRoutes(app);
  registerStatementImportRoutes(app);
  registerStatementFileRoutes(app);
}
