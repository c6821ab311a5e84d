import { type RaffleStatement, raffleStatementPaths } from "@rifazo/shared/schemas/admin/raffle-statement";
import { api } from "../../../lib/api-client";

// The raffle's statement, «Estado de cuenta» (docs/decisions/0035-prizes-on-the-record.md): one answer,
// each amount in its currency as paid; its CSV and XLSX are downloads of the same figures.

export type { RaffleStatement };
export { raffleStatementPaths };

export const statementKeys = {
  raffle: (raffleId: string) => ["admin", "statement", raffleId] as const,
};

export const fetchRaffleStatement = (raffleId: string, signal?: AbortSignal) =>
  api.get<RaffleStatement>(raffleStatementPaths(raffleId).json, { signal });
