import { ADMIN_MESSAGES, EMPTY_EXPORT_CODE } from "@rifazo/shared/schemas/admin";
import { networkError, toApiError } from "../../../lib/api-error";
import { reportNetworkFailure, reportNetworkRecovered } from "../../../lib/network-status";

// Exports (CSV and XLSX) are files, not JSON, so they cannot go through api-client (which only reads JSON bodies).
// Same cookies, same error mapping; the response becomes a download with the spec's file name.

export class EmptyExportError extends Error {
  override readonly name = "EmptyExportError";
}

/** True when the CSV has no data rows (only a header line, a BOM, blank lines, or nothing). */
export function isEmptyCsv(text: string): boolean {
  const lines = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  return lines.length <= 1;
}

export type ExportKind = "csv" | "xlsx";

const ACCEPT: Record<ExportKind, string> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * Downloads `path` as `filename`. Throws ApiError on failure and EmptyExportError when there are no rows
 * (the server answers 404 EMPTY_EXPORT; a CSV with only its header counts as empty too).
 */
export async function downloadCsv(path: string, filename: string, kind: ExportKind = "csv"): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", headers: { accept: ACCEPT[kind] } });
  } catch {
    reportNetworkFailure();
    throw networkError();
  }
  if (!response.ok) {
    const body = await response.json().catch(() => undefined);
    if (response.status >= 500 && body === undefined) {
      reportNetworkFailure();
      throw networkError();
    }
    const error = toApiError(response.status, body);
    if (error.code === EMPTY_EXPORT_CODE) throw new EmptyExportError(error.message);
    throw error;
  }
  reportNetworkRecovered();
  let blob: Blob;
  if (kind === "xlsx") {
    // A workbook is binary: taken as it came, never read as text.
    blob = await response.blob();
    if (blob.size === 0) throw new EmptyExportError(ADMIN_MESSAGES.emptyExport);
  } else {
    const text = response.status === 204 ? "" : await response.text();
    if (isEmptyCsv(text)) throw new EmptyExportError(ADMIN_MESSAGES.emptyExport);
    // Keep the server's byte-order mark (Excel needs it to read UTF-8); add one if it is missing.
    const content = text.startsWith("\uFEFF") ? text : `\uFEFF${text}`;
    blob = new Blob([content], { type: "text/csv;charset=utf-8" });
  }
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = filename;
    link.rel = "noopener";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
