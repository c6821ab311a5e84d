import type {
  StatementImportInput,
  StatementImportResult,
  StatementMapping,
  StatementPreview,
  StatementPreviewInput,
} from "@rifazo/shared";
import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import type { AppContext } from "../../context";
import { AppError, withDetails } from "../../lib/errors";
import { recordActorAudit } from "../audit";
import type { Actor } from "./approval";
import { balanceReadAsAmount, movementFingerprints, type StatementGrid } from "./parse";
import * as repo from "./repository";
import { layoutOf, parseStored, statementNotFound } from "./statements";

/** Movements and problems shown in the preview. */
const PREVIEW_MOVEMENTS = 50;
const PREVIEW_PROBLEMS = 500;

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
    await recordActorAudit(tx, actor, {
      action: "statement.import",
      entity: "bank_statement",
      entityId: statement.id,
      before: { status: locked.status },
      after: { status: "imported", bankName: input.bankName, bankMappingId, ...counts },
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
