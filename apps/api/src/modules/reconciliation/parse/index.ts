// The bank statement reader: a file to a grid of text cells (readStatementFile), a proposed mapping
// and the bank (detectMapping), a balance read as the amount (balanceReadAsAmount), the credits under that mapping (parseMovements) and their import keys
// (movementFingerprints). Pure: no database, no storage; the reconciliation service builds on it.

export { balanceReadAsAmount } from "./balance";
export { headerCells, KNOWN_BANKS } from "./banks";
export { type Detection, detectMapping } from "./detect";
export {
  MAX_STATEMENT_ROWS,
  type StatementDelimiter,
  type StatementEncoding,
  StatementFileError,
  type StatementFileErrorCode,
  type StatementGrid,
} from "./grid";
export { movementFingerprints, parseMovements } from "./movements";
export { readStatementFile } from "./read-file";
