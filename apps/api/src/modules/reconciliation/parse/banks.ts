import type { DetectedBank, StatementMapping } from "@rifazo/shared";
import type { StatementGrid } from "./grid";
import { foldText } from "./values";

// Which Venezuelan bank a statement comes from, read from the file itself: the account number's first four
// digits (the bank's code in every Venezuelan account, 0134-…), the bank's name in the lines above the
// movements, and the column titles of the bank's known exports. Only the lines above the movements (and a
// column holding the same account on every row, as positional exports have) are read: a movement's
// description names other banks all the time ("PAGO MOVIL INTERBANCARIO 0102").

/** A bank's known export: its column titles (folded, in order), or the columns of a positional export. */
export interface KnownLayout {
  id: string;
  /** The header row's cells, folded (foldText); null for an export without a header row. */
  header: string[] | null;
  /** Positional export: how many columns each movement has and which hold what. */
  positional?: Omit<
    StatementMapping,
    "headerRow" | "hasHeader" | "encoding" | "delimiter" | "dateOrder" | "decimal"
  >;
}

export interface KnownBank {
  code: string;
  name: string;
  /** Folded phrases that name the bank in a statement's preamble. */
  names: string[];
  layouts: KnownLayout[];
}

const header = (...cells: string[]) => cells.map(foldText);

/** The banks whose exports the importer has been tried with (apps/api/test/statement-fixtures.ts). */
export const KNOWN_BANKS: KnownBank[] = [
  {
    code: "0102",
    name: "Banco de Venezuela",
    names: ["banco de venezuela", "bdv en linea"],
    layouts: [
      { id: "venezuela-csv", header: header("Fecha", "Número de Referencia", "Concepto", "Monto", "Saldo") },
    ],
  },
  {
    code: "0105",
    name: "Mercantil",
    names: ["mercantil"],
    layouts: [
      {
        id: "mercantil-xlsx",
        header: header("Fecha", "Nro. Ref.", "Descripción", "Cargo", "Abono", "Saldo"),
      },
      {
        // Cuenta, Fecha, Referencia, Descripción, Tipo (NC/ND), Monto, Saldo: no header row.
        id: "mercantil-posicional",
        header: null,
        positional: { date: 1, reference: 2, description: 3, type: 4, amount: 5, credit: null, debit: null },
      },
    ],
  },
  {
    code: "0108",
    name: "BBVA Provincial",
    names: ["bbva provincial", "banco provincial", "provincial", "bbva"],
    layouts: [
      {
        id: "provincial-csv",
        header: header("Fecha Operación", "Fecha Valor", "Referencia", "Concepto", "Importe", "Saldo"),
      },
    ],
  },
  {
    code: "0114",
    name: "Bancaribe",
    names: ["bancaribe", "banco del caribe"],
    layouts: [
      {
        id: "bancaribe-csv",
        header: header("Fecha", "Descripción", "Referencia", "Cargos", "Abonos", "Saldo"),
      },
    ],
  },
  {
    code: "0134",
    name: "Banesco",
    names: ["banesco"],
    layouts: [
      {
        id: "banesco-csv",
        header: header("Fecha", "Referencia", "Descripción", "Débito", "Crédito", "Saldo"),
      },
      {
        id: "banesco-online-xlsx",
        header: header("Fecha", "Hora", "Referencia", "Descripción", "Tipo", "Monto", "Saldo"),
      },
    ],
  },
  {
    code: "0138",
    name: "Banco Plaza",
    names: ["banco plaza"],
    layouts: [
      {
        id: "plaza-csv",
        header: header("Fecha Valor", "Nº Documento", "Concepto", "Tipo", "Monto Bs.", "Saldo Bs."),
      },
    ],
  },
  {
    code: "0172",
    name: "Bancamiga",
    names: ["bancamiga"],
    layouts: [
      {
        id: "bancamiga-xlsx",
        header: header("Nro.", "Fecha", "Referencia", "Descripción", "Débito", "Crédito", "Saldo"),
      },
    ],
  },
  {
    code: "0191",
    name: "BNC",
    names: ["banco nacional de credito", "bnc"],
    layouts: [
      { id: "bnc-csv", header: header("Fecha", "Tipo", "Referencia", "Descripción", "Monto", "Saldo") },
    ],
  },
];

/** Other banks of the national system, known by code and name only (no export of theirs tried yet). */
const OTHER_BANKS: [string, string, string[]][] = [
  ["0104", "Venezolano de Crédito", ["venezolano de credito"]],
  ["0115", "Banco Exterior", ["banco exterior"]],
  ["0128", "Banco Caroní", ["banco caroni"]],
  ["0137", "Sofitasa", ["sofitasa"]],
  ["0151", "BFC Banco Fondo Común", ["fondo comun"]],
  ["0156", "100% Banco", ["100 banco"]],
  ["0157", "DelSur", ["delsur"]],
  ["0163", "Banco del Tesoro", ["banco del tesoro"]],
  ["0166", "Banco Agrícola de Venezuela", ["banco agricola"]],
  ["0168", "Bancrecer", ["bancrecer"]],
  ["0169", "Mi Banco", ["mi banco"]],
  ["0171", "Banco Activo", ["banco activo"]],
  ["0174", "Banplus", ["banplus"]],
  ["0175", "Banco Bicentenario", ["bicentenario"]],
  ["0177", "Banfanb", ["banfanb"]],
];

const ALL_BANKS: KnownBank[] = [
  ...KNOWN_BANKS,
  ...OTHER_BANKS.map(([code, name, names]) => ({ code, name, names, layouts: [] })),
];

/** A Venezuelan account number, 20 digits as 4-4-2-10, with or without separators, some digits masked. */
const ACCOUNT = /(?<![\d*])(01\d{2})[\s-]?[\d*xX]{4}[\s-]?[\d*xX]{2}[\s-]?[\d*xX]{10}(?![\d*])/;

function bankByCode(code: string): KnownBank | undefined {
  return ALL_BANKS.find((bank) => bank.code === code);
}

/** The bank an account number in the text belongs to. */
export function bankOfAccount(text: string): KnownBank | undefined {
  const match = ACCOUNT.exec(text);
  return match?.[1] ? bankByCode(match[1]) : undefined;
}

/** The bank the text names, by whole words ("bnc" is not in "bncx"). */
export function bankNamed(text: string): KnownBank | undefined {
  const folded = ` ${foldText(text)} `;
  return ALL_BANKS.find((bank) => bank.names.some((name) => folded.includes(` ${name} `)));
}

/** Trailing empty cells are not part of a header (one export pads its rows, another does not). */
export function headerCells(row: string[] | undefined): string[] {
  const cells = (row ?? []).map((cell) => cell.trim());
  while (cells.length > 0 && cells.at(-1) === "") cells.pop();
  return cells;
}

/** The known layout whose header is exactly this row (folded), and its bank. */
export function layoutOfHeader(row: string[]): { bank: KnownBank; layout: KnownLayout } | null {
  const folded = headerCells(row).map(foldText);
  for (const bank of KNOWN_BANKS) {
    for (const layout of bank.layouts) {
      if (
        layout.header &&
        layout.header.length === folded.length &&
        layout.header.every((c, i) => c === folded[i])
      ) {
        return { bank, layout };
      }
    }
  }
  return null;
}

/**
 * The bank of the statement and the known layout it has. `firstDataRow` is where the movements start (the
 * lines before it are the preamble read for names and accounts); `header` the header row, if any.
 */
export function detectBank(
  grid: StatementGrid,
  where: { header: number | null; firstDataRow: number; width: number },
): DetectedBank | null {
  const preamble = grid.rows.slice(0, where.header ?? where.firstDataRow);
  const evidence: string[] = [];
  let byAccount: KnownBank | undefined;
  let byName: KnownBank | undefined;
  for (const row of preamble) {
    for (const cell of row) {
      if (!cell) continue;
      const account = bankOfAccount(cell);
      if (account && !byAccount) {
        byAccount = account;
        evidence.push(`cuenta ${account.code}…`);
      }
      const named = bankNamed(cell);
      if (named && !byName) {
        byName = named;
        evidence.push(`nombre «${cell.trim().slice(0, 60)}»`);
      }
    }
  }
  // A positional export repeats the account on every movement (its first column, usually).
  if (!byAccount && where.header === null) {
    const sample = grid.rows.slice(where.firstDataRow, where.firstDataRow + 20).filter((r) => r.length > 1);
    for (let column = 0; column < where.width && !byAccount; column++) {
      const values = new Set(sample.map((row) => row[column] ?? ""));
      const [only] = values;
      if (values.size === 1 && only) {
        const account = bankOfAccount(only);
        if (account) {
          byAccount = account;
          evidence.push(`cuenta ${account.code}… en cada movimiento`);
        }
      }
    }
  }
  const headerLayout = where.header === null ? null : layoutOfHeader(grid.rows[where.header] ?? []);
  const bank = byAccount ?? byName ?? headerLayout?.bank;
  if (!bank) return null;
  if (!byAccount && !byName && headerLayout) evidence.push("títulos de columnas");
  let layout: KnownLayout | undefined;
  if (headerLayout && headerLayout.bank.code === bank.code) layout = headerLayout.layout;
  if (!layout && where.header === null) {
    layout = bank.layouts.find((l) => l.header === null && positionalFits(l, where.width));
  }
  return { code: bank.code, name: bank.name, layout: layout?.id ?? null, evidence };
}

function positionalFits(layout: KnownLayout, width: number): boolean {
  const p = layout.positional;
  if (!p) return false;
  const columns = [p.date, p.reference, p.description, p.type, p.amount, p.credit, p.debit];
  return columns.every((c) => c === null || c < width);
}

export function knownLayout(id: string | null): KnownLayout | undefined {
  if (!id) return undefined;
  return KNOWN_BANKS.flatMap((bank) => bank.layouts).find((layout) => layout.id === id);
}
