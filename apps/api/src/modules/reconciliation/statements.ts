import { createHash, randomUUID } from "node:crypto";
import {
  type BankMapping,
  isUuid,
  type RememberedLayout,
  type StatementMapping,
  type StatementSummary,
  type StatementUploadResult,
  statementMappingSchema,
} from "@rifazo/shared";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { iso } from "../../lib/iso";
import { sendPrivateFile } from "../files";
import type { Actor } from "./approval";
import {
  type Detection,
  detectMapping,
  headerCells,
  parseMovements,
  StatementFileError,
  type StatementGrid,
} from "./parse";
import { StatementReaderBusyError, statementReader } from "./parse/statement-reader";
import * as repo from "./repository";

// Statements ------------------------------------------------------------------------------------------

/** How many statements the list shows (newest first). */
const STATEMENTS_LISTED = 200;

export const statementNotFound = () => notFound("STATEMENT_NOT_FOUND");

/** A mapping stored before a field existed (hasHeader, type) gets the field's default. */
function storedMapping(mapping: StatementMapping): StatementMapping {
  const parsed = statementMappingSchema.safeParse(mapping);
  return parsed.success ? parsed.data : mapping;
}

export async function bankMappings(db: Executor): Promise<BankMapping[]> {
  const rows = await repo.listBankMappings(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    mapping: storedMapping(row.mapping),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listStatements(db: Executor): Promise<StatementSummary[]> {
  const rows = await repo.listStatements(db, STATEMENTS_LISTED);
  return rows.map(({ statement, bankName, uploaderName }) => ({
    id: statement.id,
    filename: statement.filename,
    bankName: bankName ?? null,
    status: statement.status as StatementSummary["status"],
    rowCount: statement.rowCount,
    importedCount: statement.importedCount,
    duplicateCount: statement.duplicateCount,
    problemCount: statement.problemCount,
    uploadedBy: { id: statement.uploadedBy, name: uploaderName },
    createdAt: statement.createdAt.toISOString(),
    importedAt: iso(statement.importedAt),
    fileUrl: `/api/admin/statements/${statement.id}/file`,
  }));
}

/** The original file, as a download: private, never cached, never rendered by the browser. */
export async function sendStatementFile(ctx: AppContext, reply: FastifyReply, id: string) {
  if (!isUuid(id)) throw statementNotFound();
  const statement = await repo.findStatement(ctx.db, id);
  if (!statement) throw statementNotFound();
  return sendPrivateFile(reply, {
    storage: ctx.storage,
    key: statement.storageKey,
    contentType: statement.contentType,
    filename: statement.filename,
    disposition: "attachment",
  });
}

/** Statement files: a bank export is a few hundred kB; 10 MB is far above any real one. */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Rows of the grid shown in the mapping step (the movements and problems shown: statement-import.ts). */
const GRID_ROWS_SHOWN = 40;

export interface UploadedStatement {
  buffer: Buffer;
  filename: string;
  bankId: string | undefined;
}

/**
 * The file read as a grid in the statement reader's worker (parse/statement-reader.ts: off the event loop,
 * with a heap and a time limit), and the parser's refusals (empty, not a spreadsheet, too many rows, too
 * large once inflated) as the catalogue's Spanish 4xx.
 */
async function readGrid(
  buffer: Buffer,
  filename: string,
  options?: { encoding?: StatementMapping["encoding"]; delimiter?: StatementMapping["delimiter"] },
): Promise<StatementGrid> {
  try {
    return await statementReader.read(buffer, filename, {
      encoding: options?.encoding ?? undefined,
      delimiter: options?.delimiter ?? undefined,
    });
  } catch (error) {
    if (error instanceof StatementFileError) throw new AppError(error.code, error.message);
    if (error instanceof StatementReaderBusyError) {
      const busy = new AppError("SERVICE_UNAVAILABLE", READER_BUSY_MESSAGE);
      busy.retryAfter = 10;
      throw busy;
    }
    throw error;
  }
}

type BankRow = Awaited<ReturnType<typeof repo.listBankMappings>>[number];

/** The layout a file has under a remembered mapping: its header row as written, or its movements' width. */
export function layoutOf(grid: StatementGrid, mapping: StatementMapping): RememberedLayout {
  const row = grid.rows[mapping.headerRow] ?? [];
  return mapping.hasHeader === false
    ? { header: null, width: row.length, mapping }
    : { header: headerCells(row), width: headerCells(row).length, mapping };
}

const sameCells = (a: string[], b: string[]) => a.length === b.length && a.every((cell, i) => cell === b[i]);

const READER_BUSY_MESSAGE =
  "Se están leyendo otros extractos en este momento: vuelve a subir el archivo en unos segundos.";

/**
 * The bank's remembered layout this file has: the same header row, cell for cell, on the same row (or,
 * for a file without a header row, movements of the same width where detection found no header either).
 * Anything less is not the same layout: a column index from another layout can point at the balance.
 */
function rememberedFit(grid: StatementGrid, detection: Detection, bank: BankRow): RememberedLayout | null {
  const headerless = detection.headerRow === null;
  for (const stored of bank.layouts ?? []) {
    const mapping = storedMapping(stored.mapping);
    const file = layoutOf(grid, mapping);
    if (stored.header === null) {
      if (mapping.hasHeader === false && headerless && file.width === stored.width)
        return { ...stored, mapping };
    } else if (file.header && sameCells(file.header, stored.header)) {
      return { ...stored, mapping };
    }
  }
  return null;
}

/**
 * The remembered columns, read the way this file is written: its encoding and delimiter as detected, and
 * its date order and decimal separator when its values prove them (the same titles saved by a spreadsheet
 * in English become month first and "1,234.56").
 */
function rememberedFor(
  grid: StatementGrid,
  detection: Detection,
  mapping: StatementMapping,
): StatementMapping {
  const proved = detection.mapping && detection.questions.length === 0 ? detection.mapping : null;
  return {
    ...mapping,
    encoding: grid.encoding,
    delimiter: grid.delimiter,
    dateOrder: proved?.dateOrder ?? mapping.dateOrder,
    decimal: proved?.decimal ?? mapping.decimal,
  };
}

const rememberedMismatch = (name: string) =>
  `Este archivo no tiene los mismos títulos de columnas que los extractos de «${name}» importados antes: ` +
  "no usamos sus columnas recordadas. Revisa la asignación propuesta en la vista previa antes de importar.";

/**
 * Reads the upload as a grid first (a wrong, empty or not-a-statement file is refused before anything is
 * stored), then keeps the original as a private file and a draft row with who uploaded it. Answers the
 * first rows, the bank detected from the file and the mapping to confirm: a remembered one only when the
 * file's header row is exactly the one it was made for (the chosen bank's, or else any bank's), otherwise
 * what detection found, with a question saying why the remembered one was not used.
 */
export async function uploadStatement(
  ctx: AppContext,
  actor: Actor,
  upload: UploadedStatement,
): Promise<StatementUploadResult> {
  let bank: BankRow | undefined;
  if (upload.bankId) {
    bank = isUuid(upload.bankId) ? await repo.findBankMapping(ctx.db, upload.bankId) : undefined;
    if (!bank) throw badRequest("El banco elegido no existe.", { bankId: "El banco elegido no existe." });
  }
  const grid = await readGrid(upload.buffer, upload.filename);
  const detection = detectMapping(grid);
  if (detection.notStatement) {
    throw new AppError(
      "STATEMENT_NOT_A_STATEMENT",
      "Esto no parece un estado de cuenta: no tiene filas de movimientos con fecha y monto ordenadas por " +
        "fecha. Descarga los movimientos de la cuenta desde la banca en línea (CSV, TXT o Excel) y súbelos tal cual.",
    );
  }
  const banks = await repo.listBankMappings(ctx.db);
  let remembered: { bank: BankRow; layout: RememberedLayout } | null = null;
  if (bank) {
    const layout = rememberedFit(grid, detection, bank);
    if (layout) remembered = { bank, layout };
  } else {
    const fits = banks.flatMap((b) => {
      const layout = rememberedFit(grid, detection, b);
      return layout ? [{ bank: b, layout }] : [];
    });
    // Several banks with the same titles: the one named like the detected bank, else none (ask).
    const detected = detection.bank?.name.toLowerCase();
    remembered =
      fits.length === 1
        ? (fits[0] ?? null)
        : (fits.find((f) => detected && f.bank.name.toLowerCase().includes(detected)) ?? null);
  }
  const questions = remembered
    ? []
    : [...(bank ? [rememberedMismatch(bank.name)] : []), ...detection.questions];
  const id = randomUUID();
  const key = `statements/${id}`;
  const contentType = grid.kind === "xlsx" ? XLSX_TYPE : "text/csv";
  await ctx.storage.put(key, upload.buffer, contentType);
  try {
    await repo.insertStatement(ctx.db, {
      id,
      bankMappingId: remembered?.bank.id ?? bank?.id ?? null,
      filename: upload.filename,
      storageKey: key,
      contentType,
      size: upload.buffer.length,
      sha256: createHash("sha256").update(upload.buffer).digest("hex"),
      uploadedBy: actor.id,
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => {});
    throw error;
  }
  return {
    statementId: id,
    filename: upload.filename,
    kind: grid.kind,
    encoding: grid.encoding,
    delimiter: grid.delimiter,
    rows: grid.rows.slice(0, GRID_ROWS_SHOWN),
    totalRows: grid.rows.length,
    proposed: remembered ? rememberedFor(grid, detection, remembered.layout.mapping) : detection.mapping,
    remembered: remembered ? { id: remembered.bank.id, name: remembered.bank.name } : null,
    detectedBank: detection.bank,
    questions,
    banks: await bankMappings(ctx.db),
  };
}

async function storedBuffer(ctx: AppContext, key: string): Promise<Buffer> {
  const file = await ctx.storage.get(key);
  if (!file) throw statementNotFound();
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** The stored file read again with the mapping's encoding and delimiter, and its credits parsed. */
export async function parseStored(ctx: AppContext, id: string, mapping: StatementMapping) {
  if (!isUuid(id)) throw statementNotFound();
  const statement = await repo.findStatement(ctx.db, id);
  if (!statement) throw statementNotFound();
  const grid = await readGrid(await storedBuffer(ctx, statement.storageKey), statement.filename, mapping);
  return { statement, grid, ...parseMovements(grid, mapping) };
}
