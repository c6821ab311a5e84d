// The statement as a file (docs/decisions/0035-prizes-on-the-record.md): one row per line item of the same
// answer the page shows (sales, refunds, commissions, each prize, the result), through the exports' one
// writer: CSV with its BOM and formula guard, or XLSX with typed cells.
import {
  type Currency,
  formatEsNumber,
  RAFFLE_STATEMENT_FILENAME,
  type RaffleStatement,
} from "@rifazo/shared";
import { winnerPlaceLabel } from "@rifazo/shared/domain/instant-texts";
import { countText } from "@rifazo/shared/domain/plural";
import type { ColumnType, CsvValue } from "../exports/csv";
import type { ExportSheet } from "../exports/service";

export const STATEMENT_SHEET: ExportSheet = {
  name: "raffle-statement",
  sheet: "Estado de cuenta",
  header: ["Sección", "Concepto", "Moneda", "Monto", "Tasa (Bs/USD)", "Fecha"],
  types: ["text", "text", "text", "money", "rate", "day"] satisfies ColumnType[],
};

const CURRENCIES: Currency[] = ["USD", "VES"];

/** The file's name: the raffle's id keeps two raffles' statements apart in a downloads folder. */
export const statementFilename = (raffleId: string, ext: "csv" | "xlsx", excel = false) =>
  `${RAFFLE_STATEMENT_FILENAME}_${raffleId.slice(0, 8)}${excel ? "_excel" : ""}.${ext}`;

type Row = CsvValue[];

/** A figure in each currency, one row per currency (each in its own: never added to the other). */
const perCurrency = (section: string, concept: string, pair: { usd: number; ves: number }): Row[] =>
  CURRENCIES.map((currency) => [
    section,
    concept,
    currency,
    currency === "USD" ? pair.usd : pair.ves,
    null,
    null,
  ]);

function prizeRows(statement: RaffleStatement): Row[] {
  return statement.prizes.items.map((prize) => [
    "Premios",
    `${winnerPlaceLabel(prize.level)} · ${prize.description} · boleto ${prize.ticketNumber} · ${prize.winnerName} · ${prize.statusText}`,
    // A prize in kind has no amount: its money cells stay empty.
    prize.paid?.currency ?? null,
    prize.paid?.amount ?? null,
    prize.paid?.rate ?? null,
    prize.deliveredOn,
  ]);
}

/** Every line item, in the page's order. */
export function statementRows(statement: RaffleStatement): Row[] {
  const { tickets, refunds, commissions } = statement;
  const own = statement.raffle.currency;
  const commission = (concept: string, pair: { usd: number; ves: number }): Row => [
    "Comisiones",
    concept,
    own,
    own === "USD" ? pair.usd : pair.ves,
    null,
    null,
  ];
  return [
    ["Rifa", statement.raffle.title, own, null, null, statement.generatedAt.slice(0, 10)],
    [
      "Boletos",
      `${countText(tickets.sold, "boleto vendido", "boletos vendidos")} de ${formatEsNumber(tickets.total, 0)}; ${countText(tickets.refunded, "reembolsado", "reembolsados")}`,
      null,
      null,
      null,
      null,
    ],
    ...perCurrency("Ventas", "Cobrado (comprobantes aprobados)", statement.collected),
    ...perCurrency("Reembolsos", "Reembolsos pagados", refunds.paid),
    ...perCurrency("Reembolsos", "Reembolsos por pagar", refunds.pending),
    commission("Comisiones ganadas", commissions.earned),
    commission("Comisiones pagadas", commissions.paid),
    commission("Comisiones por pagar", commissions.owed),
    ...prizeRows(statement),
    ...perCurrency("Premios", "Premios en dinero pagados", statement.prizes.paid),
    ...perCurrency(
      "Resultado",
      "Cobrado − reembolsos pagados − comisiones pagadas − premios pagados",
      statement.result,
    ),
  ];
}
