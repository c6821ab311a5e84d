import type { StatementMapping, StatementUploadResult } from "../api/reconciliation-api";

/** The mapping form's values: columns may still be unchosen (null), which the schema does not allow. */
export interface MappingDraft {
  headerRow: number;
  date: number | null;
  reference: number | null;
  description: number | null;
  amountMode: "signed" | "split";
  amount: number | null;
  credit: number | null;
  debit: number | null;
  dateOrder: StatementMapping["dateOrder"];
  decimal: StatementMapping["decimal"];
  encoding: StatementMapping["encoding"];
  delimiter: StatementMapping["delimiter"];
}

/** What the server proposed; with nothing proposed, every column is asked (never guessed here). */
export function draftFromUpload(upload: StatementUploadResult): MappingDraft {
  const p = upload.proposed;
  if (!p) {
    return {
      headerRow: 0,
      date: null,
      reference: null,
      description: null,
      amountMode: "signed",
      amount: null,
      credit: null,
      debit: null,
      dateOrder: "DMY",
      decimal: ",",
      encoding: upload.encoding,
      delimiter: upload.delimiter,
    };
  }
  return {
    headerRow: p.headerRow,
    date: p.date,
    reference: p.reference,
    description: p.description,
    amountMode: p.amount === null && p.credit !== null ? "split" : "signed",
    amount: p.amount,
    credit: p.credit,
    debit: p.debit,
    dateOrder: p.dateOrder,
    decimal: p.decimal,
    encoding: p.encoding ?? upload.encoding,
    delimiter: p.delimiter ?? upload.delimiter,
  };
}

/** The mapping to send, or null while a required column is still unchosen. */
export function mappingFromDraft(draft: MappingDraft): StatementMapping | null {
  if (draft.date === null || draft.reference === null) return null;
  const signed = draft.amountMode === "signed";
  if (signed ? draft.amount === null : draft.credit === null) return null;
  return {
    headerRow: draft.headerRow,
    date: draft.date,
    reference: draft.reference,
    description: draft.description,
    amount: signed ? draft.amount : null,
    credit: signed ? null : draft.credit,
    debit: signed ? null : draft.debit,
    dateOrder: draft.dateOrder,
    decimal: draft.decimal,
    encoding: draft.encoding,
    delimiter: draft.delimiter,
  };
}
