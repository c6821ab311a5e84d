import type {
  BankMapping,
  BulkApproveResult,
  Reconciliation,
  StatementImportResult,
  StatementMapping,
  StatementPreview,
  StatementSummary,
  StatementUploadResult,
} from "@rifazo/shared/schemas/admin/reconciliation";
import { api } from "../../../lib/api-client";

export type {
  BankMapping,
  BulkApproveResult,
  Reconciliation,
  ReconciliationRow,
  StatementImportResult,
  StatementMapping,
  StatementPreview,
  StatementProblem,
  StatementSummary,
  StatementUploadResult,
} from "@rifazo/shared/schemas/admin/reconciliation";

// The bank statement endpoints (apps/api/src/modules/admin/reconciliation): upload, map, preview and import
// a movements export, then match the pending proofs against the movements. Paths live here only.

export const reconciliationKeys = {
  all: ["admin", "reconciliation"] as const,
  bankMappings: () => ["admin", "reconciliation", "bank-mappings"] as const,
  statements: () => ["admin", "reconciliation", "statements"] as const,
  matches: (raffleId: string, tolerance: number) =>
    ["admin", "reconciliation", "matches", raffleId, tolerance] as const,
  preview: (statementId: string, mapping: StatementMapping | null) =>
    ["admin", "reconciliation", "preview", statementId, mapping] as const,
};

const id = (value: string) => encodeURIComponent(value);

export const fetchBankMappings = (signal?: AbortSignal) =>
  api.get<BankMapping[]>("/api/admin/bank-mappings", { signal });

/** The file as a grid of text cells, with a proposed mapping (the bank's remembered one when bankId is given). */
export function uploadStatement(file: File, bankId: string | null) {
  const form = new FormData();
  if (bankId) form.append("bankId", bankId);
  form.append("file", file, file.name);
  return api.post<StatementUploadResult>("/api/admin/statements", form);
}

export const previewStatement = (statementId: string, mapping: StatementMapping, signal?: AbortSignal) =>
  api.post<StatementPreview>(`/api/admin/statements/${id(statementId)}/preview`, { mapping }, { signal });

export const importStatement = (
  statementId: string,
  body: { bankName: string; mapping: StatementMapping; skipUnreadable: boolean },
) => api.post<StatementImportResult>(`/api/admin/statements/${id(statementId)}/import`, body);

/** Discards a statement that was never imported (its file too); an imported one is kept (409). */
export const discardStatement = (statementId: string) =>
  api.delete<null>(`/api/admin/statements/${id(statementId)}`);

export const fetchStatements = (signal?: AbortSignal) =>
  api.get<StatementSummary[]>("/api/admin/statements", { signal });

/** raffleId "all": every raffle. Tolerance in Bs. */
export function fetchReconciliation(raffleId: string, tolerance: number, signal?: AbortSignal) {
  const search = new URLSearchParams();
  if (raffleId !== "all") search.set("raffleId", raffleId);
  search.set("tolerance", String(tolerance));
  return api.get<Reconciliation>(`/api/admin/reconciliation?${search.toString()}`, { signal });
}

export const approveMatches = (proofIds: string[], tolerance: number) =>
  api.post<BulkApproveResult>("/api/admin/reconciliation/approve", { proofIds, tolerance });
