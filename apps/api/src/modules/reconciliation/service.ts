import { createHash, randomUUID } from "node:crypto";
import {
  type BankMapping,
  type BulkApproveInput,
  type BulkApproveResult,
  convertAmount,
  isUuid,
  RECEIPT_DATE_SLACK_DAYS,
  type Reconciliation,
  type ReconciliationQuery,
  type ReconciliationRow,
  type RememberedLayout,
  STATEMENT_DRAFT_DAYS,
  type StatementImportInput,
  type StatementImportResult,
  type StatementMapping,
  type StatementPreview,
  type StatementPreviewInput,
  type StatementSummary,
  type StatementUploadResult,
  statementMappingSchema,
} from "@rifazo/shared";
import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { AppError, badRequest, lifecycleRefusal, notFound, withDetails } from "../../lib/errors";
import { iso } from "../../lib/iso";
import { recordAudit } from "../audit";
import { sendPrivateFile } from "../files";
import { advance, advanceIfDue } from "../raffle-state";
import type { Actor, ProofApproval } from "./approval";
import { dateWindow, type MatchProof, type MatchResult, reconcile } from "./matching";
import {
  balanceReadAsAmount,
  type Detection,
  detectMapping,
  headerCells,
  movementFingerprints,
  parseMovements,
  StatementFileError,
  type StatementGrid,
} from "./parse";
import { StatementReaderBusyError, statementReader } from "./parse/statement-reader";
import * as repo from "./repository";

const DAY_MS = 86_400_000;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
// A loop, not Math.min(...values): a spread of a few hundred thousand movements overflows the stack.
const smallest = (values: number[]) => values.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
const largest = (values: number[]) => values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);

/** What the buyer paid in Bs: the amount in VES, or a USD amount at the proof's frozen rate (null without one). */
function amountVesOf(row: repo.BsProofRow): number | null {
  const amount = Number(row.amount);
  if (row.currency === "VES") return amount;
  return row.exchangeRate ? convertAmount(amount, "USD", "VES", Number(row.exchangeRate)) : null;
}

const toMatchProof = (row: repo.BsProofRow): MatchProof => ({
  id: row.id,
  transactionRef: row.transactionRef,
  amountVes: amountVesOf(row),
  createdAt: row.createdAt,
});

interface Computed {
  proofs: repo.BsProofRow[];
  movements: Map<string, Awaited<ReturnType<typeof repo.movementsBetween>>[number]>;
  results: Map<string, MatchResult>;
}

/**
 * Matches every pending proof in Bs (all raffles: a proof of another raffle may claim the same movement)
 * against the movements dated in the proofs' windows, and against the proofs approved by hand that no
 * movement paid, so none of their movements pays a second proof.
 */
async function compute(exec: Executor, tolerance: number): Promise<Computed> {
  const proofs = await repo.pendingBsProofs(exec);
  const empty: Computed = { proofs, movements: new Map(), results: new Map() };
  if (proofs.length === 0) return empty;
  const windows = proofs.map((p) => dateWindow(p.createdAt));
  const from = smallest(windows.map((w) => w.from));
  const to = largest(windows.map((w) => w.to));
  const movements = await repo.movementsBetween(exec, dateOf(from), dateOf(to));
  if (movements.length === 0) {
    const results = reconcile(proofs.map(toMatchProof), [], { tolerance });
    return { ...empty, results: new Map(results.map((r) => [r.proofId, r])) };
  }
  const postedDays = movements.map((m) => Math.floor(Date.parse(`${m.postedOn}T00:00:00Z`) / DAY_MS));
  // dateWindow the other way round: a proof sent up to RECEIPT_DATE_SLACK_DAYS after (or a day before) a
  // movement may be paid by it; a day more each side covers Venezuelan time.
  const approved = await repo.approvedUnlinkedBsProofs(
    exec,
    new Date((smallest(postedDays) - 1 - 1) * DAY_MS),
    new Date((largest(postedDays) + RECEIPT_DATE_SLACK_DAYS + 1 + 1) * DAY_MS),
  );
  const results = reconcile(
    proofs.map(toMatchProof),
    movements.map((m) => ({ ...m, amount: Number(m.amount) })),
    { tolerance, approvedUnlinked: approved.map(toMatchProof) },
  );
  return {
    proofs,
    movements: new Map(movements.map((m) => [m.id, m])),
    results: new Map(results.map((r) => [r.proofId, r])),
  };
}

export async function reconciliation(db: Executor, query: ReconciliationQuery): Promise<Reconciliation> {
  const { proofs, movements, results } = await compute(db, query.tolerance);
  const counts = { matched: 0, amount_differs: 0, no_movement: 0, movement_used: 0 };
  const rows: ReconciliationRow[] = [];
  for (const proof of proofs) {
    if (query.raffleId && proof.raffleId !== query.raffleId) continue;
    const result = results.get(proof.id);
    if (!result) continue;
    counts[result.status] += 1;
    const movement = result.movementId ? movements.get(result.movementId) : undefined;
    rows.push({
      proofId: proof.id,
      raffleId: proof.raffleId,
      raffleTitle: proof.raffleTitle ?? null,
      buyerName: proof.buyerName,
      paymentMethod: proof.paymentMethod as ReconciliationRow["paymentMethod"],
      transactionRef: proof.transactionRef,
      amountVes: amountVesOf(proof) ?? 0,
      createdAt: proof.createdAt.toISOString(),
      status: result.status,
      movement: movement
        ? {
            id: movement.id,
            date: movement.postedOn,
            reference: movement.reference,
            description: movement.description,
            amount: Number(movement.amount),
            bankName: movement.bankName,
          }
        : null,
      usedByProofId: result.usedByProofId,
      note: result.note,
    });
  }
  return { rows, counts, tolerance: query.tolerance };
}

const SKIP_REASONS = {
  matched: "Coincide.",
  not_pending: "Ya no está pendiente, o no es un pago en bolívares.",
  amount_differs: "El monto del movimiento no coincide con el del comprobante.",
  no_movement: "No hay un movimiento del banco para este comprobante.",
  movement_used: "El movimiento ya pagó otro comprobante.",
  already_approved: "Ya estaba aprobado.",
  movement_taken: "El movimiento acaba de pagar otro comprobante.",
} as const;

/** Unwinds a proof's savepoint when its movement was taken meanwhile: the proof stays pending. */
class MovementTaken extends Error {}

/**
 * Approves the clean matches among `proofIds` in ONE transaction: bulk runs take turns, the matches are
 * computed again inside it (whatever changed since the organiser looked counts), and each clean match is
 * approved by `approval`, the inbox's own, and links its movement, in a savepoint of its own: a proof that
 * cannot be approved (its raffle was drawn, no tickets left) is skipped and the others go on.
 */
export async function bulkApprove(
  ctx: AppContext,
  actor: Actor,
  input: BulkApproveInput,
  approval: ProofApproval,
): Promise<BulkApproveResult> {
  const ids = [...new Set(input.proofIds)];
  // As a single approval does: whatever is due for the raffles (a close, a freeze) happens first.
  for (const raffleId of await repo.raffleIdsOfProofs(ctx.db, ids)) await advanceIfDue(ctx, raffleId);

  const outcome = await ctx.db.transaction(async (tx) => {
    await repo.lockReconciliation(tx);
    const { proofs, results } = await compute(tx, input.tolerance);
    const raffleOf = new Map(proofs.map((p) => [p.id, p.raffleId]));
    const approved: BulkApproveResult["approved"] = [];
    const skipped: BulkApproveResult["skipped"] = [];
    const touched = new Set<string>();
    const now = new Date();
    for (const proofId of ids) {
      const match = results.get(proofId);
      if (!match) {
        skipped.push({ proofId, reason: SKIP_REASONS.not_pending });
        continue;
      }
      if (match.status !== "matched" || !match.movementId) {
        skipped.push({ proofId, reason: match.note ?? SKIP_REASONS[match.status] });
        continue;
      }
      const movementId = match.movementId;
      try {
        // As approveProof does: skip tickets other approvals hold; only when that comes up short, wait.
        const attempt = (waitForHeld: boolean) =>
          tx.transaction(async (sp) => {
            const { result, changed } = await approval.approve(ctx, sp, actor, proofId, { waitForHeld });
            if (!changed) return null;
            if (!(await repo.setMovementMatched(sp, movementId, proofId, actor.id, now))) {
              throw new MovementTaken();
            }
            return result;
          });
        const done = await attempt(false).catch((error: unknown) => {
          if (approval.isHeldByOthers(error)) return attempt(true);
          throw error;
        });
        if (!done) {
          skipped.push({ proofId, reason: SKIP_REASONS.already_approved });
          continue;
        }
        approved.push({ proofId, movementId, tickets: done.tickets });
        const raffleId = raffleOf.get(proofId);
        if (raffleId) touched.add(raffleId);
      } catch (error) {
        if (error instanceof MovementTaken) skipped.push({ proofId, reason: SKIP_REASONS.movement_taken });
        else if (error instanceof AppError) skipped.push({ proofId, reason: error.message });
        else {
          // The database's lifecycle guards (a raffle frozen meanwhile) refuse this proof only: its
          // savepoint was rolled back and the others go on.
          const refusal = lifecycleRefusal(error);
          if (!refusal) throw error;
          skipped.push({ proofId, reason: refusal.message });
        }
      }
    }
    // The last pending proof of a closed raffle freezes it in this same transaction, as in the inbox.
    for (const raffleId of touched) await advance(ctx, tx, raffleId, now);
    return { approved, skipped };
  });
  if (outcome.approved.length > 0) ctx.mail.flushSoon();
  return outcome;
}

// Statements ------------------------------------------------------------------------------------------

/** How many statements the list shows (newest first). */
const STATEMENTS_LISTED = 200;

export const statementNotFound = () => notFound("STATEMENT_NOT_FOUND");

export { STATEMENT_DRAFT_DAYS };

const DRAFT_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Removes stored files after the rows that named them are gone; a failure leaves a file, never a row. */
async function deleteFiles(ctx: Pick<AppContext, "storage" | "log">, keys: string[]): Promise<void> {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.warn(
        { err: error, key },
        "conciliación: no se pudo borrar el archivo de un extracto descartado",
      );
    });
  }
}

/**
 * The organiser discards an upload they will not import (a wrong file, a second try): only a draft; an
 * imported statement is the record of what was reconciled and stays.
 */
export async function discardStatement(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw statementNotFound();
  const key = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockStatement(tx, id);
    if (!locked) throw statementNotFound();
    if (locked.status !== "draft") throw new AppError("STATEMENT_IMPORTED");
    const deleted = await repo.deleteDraftStatement(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "statement.discard",
      entity: "bank_statement",
      entityId: id,
      before: { status: locked.status, filename: locked.filename },
      after: null,
      ipAddress: actor.ip,
    });
    return deleted;
  });
  if (key) await deleteFiles(ctx, [key]);
}

/** Discards drafts older than STATEMENT_DRAFT_DAYS, so abandoned uploads do not pile up. */
export async function sweepDraftStatements(
  ctx: Pick<AppContext, "db" | "storage" | "log">,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - STATEMENT_DRAFT_DAYS * 86_400_000);
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await repo.deleteDraftsBefore(tx, before);
    for (const row of rows) {
      await recordAudit(tx, {
        actorId: null,
        action: "statement.discard",
        entity: "bank_statement",
        entityId: row.id,
        before: { status: "draft", filename: row.filename },
        after: { reason: `Sin importar después de ${STATEMENT_DRAFT_DAYS} días` },
      });
    }
    return rows;
  });
  await deleteFiles(
    ctx,
    removed.map((row) => row.key),
  );
  return removed.length;
}

/** The "draft-statements" job (decision 0027): the draft clean-up once the app is ready and then hourly. */
export function scheduleDraftStatementSweep(app: FastifyInstance): void {
  app.ctx.jobs.add({
    name: "draft-statements",
    intervalMs: DRAFT_SWEEP_INTERVAL_MS,
    run: async ({ now }) => {
      const removed = await sweepDraftStatements(app.ctx, now);
      if (removed > 0) app.log.info({ removed }, "conciliación: extractos sin importar descartados");
    },
  });
}

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
/** Rows of the grid shown in the mapping step; movements and problems shown in the preview. */
const GRID_ROWS_SHOWN = 40;
const PREVIEW_MOVEMENTS = 50;
const PREVIEW_PROBLEMS = 500;

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
function layoutOf(grid: StatementGrid, mapping: StatementMapping): RememberedLayout {
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
async function parseStored(ctx: AppContext, id: string, mapping: StatementMapping) {
  if (!isUuid(id)) throw statementNotFound();
  const statement = await repo.findStatement(ctx.db, id);
  if (!statement) throw statementNotFound();
  const grid = await readGrid(await storedBuffer(ctx, statement.storageKey), statement.filename, mapping);
  return { statement, grid, ...parseMovements(grid, mapping) };
}

export async function previewStatement(
  ctx: AppContext,
  id: string,
  input: StatementPreviewInput,
): Promise<StatementPreview> {
  const { statement, grid, movements, problems, skipped } = await parseStored(ctx, id, input.mapping);
  const bankId = input.bankName
    ? (await repo.findBankMappingByName(ctx.db, input.bankName))?.id
    : statement.bankMappingId;
  const alreadyImported = bankId
    ? await repo.countFingerprints(ctx.db, movementFingerprints(bankId, movements))
    : 0;
  return {
    movements: movements.slice(0, PREVIEW_MOVEMENTS),
    problems: problems.slice(0, PREVIEW_PROBLEMS),
    counts: {
      movements: movements.length,
      problems: problems.length,
      skipped,
      alreadyImported,
      damaged: movements.filter((m) => m.referenceDamaged).length,
    },
    warnings: balanceWarnings(grid, input.mapping),
  };
}

const balanceMessage = (column: number) =>
  `Los montos de la columna ${columnLetter(column)} parecen un saldo acumulado: cada fila es la anterior ` +
  "más o menos otra columna. Elige la columna del monto (o del crédito), no la del saldo.";

function columnLetter(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function balanceWarnings(grid: StatementGrid, mapping: StatementMapping): string[] {
  const column = balanceReadAsAmount(grid.rows, mapping);
  return column === null ? [] : [balanceMessage(column)];
}

const rowsWord = (n: number) => countText(n, "fila", "filas");

/**
 * Imports the credits in ONE transaction: the bank's mapping is remembered (by name, any case), each
 * movement is inserted unless an earlier statement already brought it (same fingerprint: the same file
 * twice, or overlapping exports, add nothing), and the statement records its counts. Unreadable rows stop
 * the import unless the organiser saw them and chose to skip them; nothing is written then.
 */
export async function importStatement(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: StatementImportInput,
): Promise<StatementImportResult> {
  const { statement, grid, movements, problems } = await parseStored(ctx, id, input.mapping);
  if (statement.status === "imported" && statement.bankMappingId) return importedResult(statement);
  if (problems.length > 0 && !input.skipUnreadable) {
    throw withDetails(
      new AppError(
        "STATEMENT_UNREADABLE_ROWS",
        `${rowsWord(problems.length)} del extracto no se ${pluralWord(problems.length, "pudo", "pudieron")} leer. Revísalas en la vista previa y confirma que quieres importar el resto.`,
      ),
      { problems: problems.length },
    );
  }
  // Reading a running balance as the amount would import every row as a credit: refused, not flagged.
  const [balance] = balanceWarnings(grid, input.mapping);
  if (balance) throw new AppError("STATEMENT_BALANCE_AS_AMOUNT", balance);
  // A statement without credits (a quiet period, the header alone) is imported with none: it records
  // that the period was looked at.
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.lockStatement(tx, statement.id);
    if (!locked) throw statementNotFound();
    if (locked.status === "imported" && locked.bankMappingId) return importedResult(locked);
    const bankMappingId = await repo.upsertBankMapping(
      tx,
      input.bankName,
      input.mapping,
      layoutOf(grid, input.mapping),
      actor.id,
    );
    const fingerprints = movementFingerprints(bankMappingId, movements);
    const imported = await repo.insertMovements(
      tx,
      movements.map((movement, i) => ({
        statementId: statement.id,
        bankMappingId,
        postedOn: movement.date,
        reference: movement.reference,
        referenceRaw: movement.referenceRaw,
        description: movement.description,
        amount: movement.amount,
        referenceDamaged: movement.referenceDamaged,
        sourceRow: movement.row,
        fingerprint: fingerprints[i] as string,
      })),
    );
    const counts = {
      rowCount: grid.rows.length,
      importedCount: imported,
      duplicateCount: movements.length - imported,
      problemCount: problems.length,
    };
    await repo.markImported(tx, statement.id, { bankMappingId, importedAt: new Date(), ...counts });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "statement.import",
      entity: "bank_statement",
      entityId: statement.id,
      before: { status: locked.status },
      after: { status: "imported", bankName: input.bankName, bankMappingId, ...counts },
      ipAddress: actor.ip,
    });
    return {
      statementId: statement.id,
      bankMappingId,
      imported,
      duplicates: counts.duplicateCount,
      problems: problems.length,
    };
  });
}

function importedResult(statement: NonNullable<Awaited<ReturnType<typeof repo.findStatement>>>) {
  return {
    statementId: statement.id,
    bankMappingId: statement.bankMappingId as string,
    imported: statement.importedCount,
    duplicates: statement.duplicateCount,
    problems: statement.problemCount,
  };
}
