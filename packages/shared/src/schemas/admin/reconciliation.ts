import { z } from "zod";
import { PAYMENT_METHODS } from "../../constants";
import { isUuid } from "../../uuid";
import { esNumber } from "../es-number";
import { blankToUndefined } from "./common";

// Reconciling pending proofs against the bank's movements export (CSV or XLSX). The server reads the file
// into a grid of text cells, proposes a mapping (or the one remembered for the bank), previews the parsed
// rows, imports the movements and matches each pending proof paid in bolívares against them.

/** How a statement's dates are written: day first (Venezuelan banks), month first (a US-locale re-save) or ISO. */
export const STATEMENT_DATE_ORDERS = ["DMY", "MDY", "YMD"] as const;
export type StatementDateOrder = (typeof STATEMENT_DATE_ORDERS)[number];
/** The decimal separator of the amounts: "1.194,56" (comma) or "1,194.56" (dot). */
export const STATEMENT_DECIMALS = [",", "."] as const;
export const STATEMENT_ENCODINGS = ["utf-8", "windows-1252"] as const;
export const STATEMENT_DELIMITERS = [";", ",", "\t", "|"] as const;

const column = z.number().int().min(0).max(199);

/**
 * Which columns hold what (0-based indexes into the grid's rows) and how values are written. The amount is
 * one signed column (`amount`), one unsigned column with a `type` column saying credit or debit (NC/ND),
 * or separate `credit` and `debit` columns; only credits (money received) are imported as movements.
 */
export const statementMappingSchema = z
  .object({
    /**
     * 0-based row of the header; the movements start on the next row. Without a header row (`hasHeader`
     * false, a positional export), the row of the first movement.
     */
    headerRow: z.number().int().min(0).max(10_000),
    hasHeader: z.boolean().default(true),
    date: column,
    reference: column,
    description: column.nullable(),
    amount: column.nullable(),
    credit: column.nullable(),
    debit: column.nullable(),
    /** The column saying credit or debit (NC/ND, C/D, Crédito/Débito) beside an unsigned `amount`. */
    type: column.nullable().default(null),
    dateOrder: z.enum(STATEMENT_DATE_ORDERS),
    decimal: z.enum(STATEMENT_DECIMALS),
    /** CSV only: how the file was decoded and split (null: detected). */
    encoding: z.enum(STATEMENT_ENCODINGS).nullable(),
    delimiter: z.enum(STATEMENT_DELIMITERS).nullable(),
  })
  .refine((m) => m.amount !== null || m.credit !== null, {
    message: "Indica la columna del monto o la de créditos (abonos).",
    path: ["amount"],
  })
  .refine((m) => m.type === null || m.amount !== null, {
    message: "La columna del tipo (NC/ND) va con una columna de monto, no con créditos y débitos aparte.",
    path: ["type"],
  });
export type StatementMapping = z.infer<typeof statementMappingSchema>;

/** A row that could not be read: shown to the organiser, never guessed. `row` is 0-based in the grid. */
export const statementProblemSchema = z.object({
  row: z.number().int(),
  cells: z.array(z.string()),
  message: z.string(),
});
export type StatementProblem = z.infer<typeof statementProblemSchema>;

/**
 * A credit read from the statement: date as YYYY-MM-DD, amount in Bs (> 0), reference normalised.
 * `referenceDamaged`: a spreadsheet turned the reference into a number ("8.53E+10") and its last digits
 * are lost; the movement is imported flagged and never matched automatically.
 */
export const parsedMovementSchema = z.object({
  row: z.number().int(),
  date: z.string(),
  reference: z.string(),
  referenceRaw: z.string(),
  description: z.string(),
  amount: z.number(),
  referenceDamaged: z.boolean(),
});
export type ParsedMovement = z.infer<typeof parsedMovementSchema>;

/**
 * One export layout of a bank, remembered at import: the header row's cells as the file wrote them
 * (trimmed, trailing empty cells dropped; null for a file without a header row, known then by how many
 * columns its movements have) and the mapping it was imported with.
 */
export const rememberedLayoutSchema = z.object({
  header: z.array(z.string()).nullable(),
  width: z.number().int(),
  mapping: statementMappingSchema,
});
export type RememberedLayout = z.infer<typeof rememberedLayoutSchema>;

export const bankMappingSchema = z.object({
  id: z.string(),
  name: z.string(),
  mapping: statementMappingSchema,
  updatedAt: z.string(),
});
export type BankMapping = z.infer<typeof bankMappingSchema>;

/** The bank a statement comes from, as read from the file, and on what (Spanish, for the organiser). */
export const detectedBankSchema = z.object({
  /** The 4-digit code of the bank in Venezuelan account numbers ("0134" Banesco). */
  code: z.string(),
  name: z.string(),
  /** The bank's known export layout the file has, when one fits ("banesco-csv"). */
  layout: z.string().nullable(),
  /** What identified it: "cuenta 0134…", "nombre «Banesco»", "títulos de columnas". */
  evidence: z.array(z.string()),
});
export type DetectedBank = z.infer<typeof detectedBankSchema>;

/** POST /api/admin/statements (multipart: file; optional field bankId): the file read as a grid. */
export const statementUploadResultSchema = z.object({
  statementId: z.string(),
  filename: z.string(),
  kind: z.enum(["csv", "xlsx"]),
  /** Detected for CSV (null for XLSX). */
  encoding: z.enum(STATEMENT_ENCODINGS).nullable(),
  delimiter: z.enum(STATEMENT_DELIMITERS).nullable(),
  /** The first rows of the grid (up to 40), for the mapping step. */
  rows: z.array(z.array(z.string())),
  totalRows: z.number().int(),
  /**
   * A remembered mapping whose header row is exactly the file's (the chosen bank's, or any bank's), else
   * what detection found (null: ask for all).
   */
  proposed: statementMappingSchema.nullable(),
  /** The bank whose remembered mapping is proposed (null: none fits the file exactly). */
  remembered: z.object({ id: z.string(), name: z.string() }).nullable(),
  detectedBank: detectedBankSchema.nullable(),
  /** What detection could not settle and the organiser must answer (Spanish sentences). */
  questions: z.array(z.string()),
  banks: z.array(bankMappingSchema),
});
export type StatementUploadResult = z.infer<typeof statementUploadResultSchema>;

export const statementPreviewInputSchema = z.object({
  mapping: statementMappingSchema,
  /** The bank the organiser names (optional): movements already imported for it are counted. */
  bankName: z.string().trim().max(80).optional(),
});
export type StatementPreviewInput = z.infer<typeof statementPreviewInputSchema>;
export const statementPreviewSchema = z.object({
  /** The first 50 movements as they would be imported. */
  movements: z.array(parsedMovementSchema),
  /** Every unreadable row (up to 500). */
  problems: z.array(statementProblemSchema),
  counts: z.object({
    movements: z.number().int(),
    problems: z.number().int(),
    /** Debits, totals and blank lines left out on purpose. */
    skipped: z.number().int(),
    /** Movements already imported from an earlier (overlapping) statement. */
    alreadyImported: z.number().int(),
    /** Movements whose reference a spreadsheet damaged: imported flagged, never matched automatically. */
    damaged: z.number().int(),
  }),
  /** What is wrong with the mapping as a whole (the amounts look like a running balance), in Spanish. */
  warnings: z.array(z.string()),
});
export type StatementPreview = z.infer<typeof statementPreviewSchema>;

export const statementImportInputSchema = z.object({
  bankName: z.string().trim().min(1, "Escribe el nombre del banco.").max(80, "Máximo 80 caracteres."),
  mapping: statementMappingSchema,
  /** Required when some rows cannot be read: the organiser saw them and imports the rest. */
  skipUnreadable: z.boolean().default(false),
});
export type StatementImportInput = z.infer<typeof statementImportInputSchema>;
export const statementImportResultSchema = z.object({
  statementId: z.string(),
  bankMappingId: z.string(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  problems: z.number().int(),
});
export type StatementImportResult = z.infer<typeof statementImportResultSchema>;

export const statementSummarySchema = z.object({
  id: z.string(),
  filename: z.string(),
  bankName: z.string().nullable(),
  status: z.enum(["draft", "imported"]),
  rowCount: z.number().int(),
  importedCount: z.number().int(),
  duplicateCount: z.number().int(),
  problemCount: z.number().int(),
  uploadedBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  importedAt: z.string().nullable(),
  /** Admin-only download of the original file. */
  fileUrl: z.string(),
});
export type StatementSummary = z.infer<typeof statementSummarySchema>;

/** matched: clean (reference, amount within tolerance, date); the rest need a look. */
export const MATCH_STATUSES = ["matched", "amount_differs", "no_movement", "movement_used"] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
export const MATCH_STATUS_LABELS: Record<MatchStatus, string> = {
  matched: "Coincide",
  amount_differs: "Monto distinto",
  no_movement: "Sin movimiento",
  movement_used: "Movimiento ya usado",
};

export const TOLERANCE_MESSAGE =
  'La tolerancia es un monto en bolívares entre 0 y 1.000.000, escrito como en "1.000,50".';

export const reconciliationQuerySchema = z.object({
  raffleId: z.preprocess(blankToUndefined, z.string().refine(isUuid, "Rifa no válida.").optional()),
  /** Accepted difference in Bs between the proof and the movement (default 0,00). */
  // Typed by a person in es-VE ("1.000,50"): the one shared parser; the message names the field.
  tolerance: z.preprocess(
    blankToUndefined,
    esNumber({ decimals: 2, max: 1_000_000, message: TOLERANCE_MESSAGE }).default(0),
  ),
});
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

export const reconciliationMovementSchema = z.object({
  id: z.string(),
  date: z.string(),
  reference: z.string(),
  description: z.string(),
  amount: z.number(),
  bankName: z.string(),
});
export const reconciliationRowSchema = z.object({
  proofId: z.string(),
  raffleId: z.string().nullable(),
  raffleTitle: z.string().nullable(),
  buyerName: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  transactionRef: z.string(),
  /** What the buyer paid in Bs (the proof's amount; a USD amount at its frozen rate). */
  amountVes: z.number(),
  createdAt: z.string(),
  status: z.enum(MATCH_STATUSES),
  movement: reconciliationMovementSchema.nullable(),
  /** movement_used: the proof that movement already paid (or the other pending proof that claims it). */
  usedByProofId: z.string().nullable(),
  /** Why the row needs a look, in Spanish (two proofs for one movement, a date out of range...). */
  note: z.string().nullable().optional(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;
export const reconciliationSchema = z.object({
  rows: z.array(reconciliationRowSchema),
  counts: z.object({
    matched: z.number().int(),
    amount_differs: z.number().int(),
    no_movement: z.number().int(),
    movement_used: z.number().int(),
  }),
  tolerance: z.number(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export const bulkApproveInputSchema = z.object({
  proofIds: z.array(z.string().refine(isUuid, "Comprobante no válido.")).min(1).max(1000),
  tolerance: z.number().min(0).max(1_000_000).default(0),
});
export type BulkApproveInput = z.infer<typeof bulkApproveInputSchema>;
export const bulkApproveResultSchema = z.object({
  approved: z.array(z.object({ proofId: z.string(), movementId: z.string(), tickets: z.array(z.string()) })),
  skipped: z.array(z.object({ proofId: z.string(), reason: z.string() })),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResultSchema>;

/** Statements uploaded but never imported are discarded after this many days (with their files). */
export const STATEMENT_DRAFT_DAYS = 7;
