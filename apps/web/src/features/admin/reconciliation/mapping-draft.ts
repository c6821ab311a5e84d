import type { StatementMapping, StatementUploadResult } from "../api/reconciliation-api";

/** The mapping form's values: columns may still be unchosen (null), which the schema does not allow. */
export interface MappingDraft {
  /** The header's row, or the first movement's row when the file has no header row. */
  headerRow: number;
  hasHeader: boolean;
  date: number | null;
  reference: number | null;
  description: number | null;
  /** signed: one amount with its sign; typed: an unsigned amount and a type column (NC/ND); split: two columns. */
  amountMode: "signed" | "typed" | "split";
  amount: number | null;
  credit: number | null;
  debit: number | null;
  type: number | null;
  dateOrder: StatementMapping["dateOrder"];
  decimal: StatementMapping["decimal"];
  encoding: StatementMapping["encoding"];
  delimiter: StatementMapping["delimiter"];
}

/** What the grid and the column pickers of the mapping step both read and change. */
export interface MappingContext {
  /** The prefix of the step's field ids. */
  ids: string;
  upload: StatementUploadResult;
  draft: MappingDraft;
  set: (patch: Partial<MappingDraft>) => void;
  /** The widest row's number of cells. */
  width: number;
}

/** What the server proposed; with nothing proposed, every column is asked (never guessed here). */
export function draftFromUpload(upload: StatementUploadResult): MappingDraft {
  const p = upload.proposed;
  if (!p) {
    return {
      headerRow: 0,
      hasHeader: true,
      date: null,
      reference: null,
      description: null,
      amountMode: "signed",
      amount: null,
      credit: null,
      debit: null,
      type: null,
      dateOrder: "DMY",
      decimal: ",",
      encoding: upload.encoding,
      delimiter: upload.delimiter,
    };
  }
  return {
    headerRow: p.headerRow,
    hasHeader: p.hasHeader,
    date: p.date,
    reference: p.reference,
    description: p.description,
    amountMode: p.amount === null && p.credit !== null ? "split" : p.type !== null ? "typed" : "signed",
    amount: p.amount,
    credit: p.credit,
    debit: p.debit,
    type: p.type,
    dateOrder: p.dateOrder,
    decimal: p.decimal,
    encoding: p.encoding ?? upload.encoding,
    delimiter: p.delimiter ?? upload.delimiter,
  };
}

/** The mapping to send, or null while a required column is still unchosen. */
export function mappingFromDraft(draft: MappingDraft): StatementMapping | null {
  if (draft.date === null || draft.reference === null) return null;
  const split = draft.amountMode === "split";
  const typed = draft.amountMode === "typed";
  if (split ? draft.credit === null : draft.amount === null) return null;
  if (typed && draft.type === null) return null;
  return {
    headerRow: draft.headerRow,
    hasHeader: draft.hasHeader,
    date: draft.date,
    reference: draft.reference,
    description: draft.description,
    amount: split ? null : draft.amount,
    credit: split ? draft.credit : null,
    debit: split ? draft.debit : null,
    type: typed ? draft.type : null,
    dateOrder: draft.dateOrder,
    decimal: draft.decimal,
    encoding: draft.encoding,
    delimiter: draft.delimiter,
  };
}
