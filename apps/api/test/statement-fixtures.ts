import type { StatementMapping } from "@rifazo/shared";
import ExcelJS from "exceljs";
import { seededRandom } from "./seeded-random";

// Bank statement files as Venezuelan banks export them, generated from known movements: the parser's
// tests round-trip them, and the reconciliation tests, the bench and the browser test upload them.
// Layouts (what each one exercises):
// - banesco: CSV, ";", Windows-1252, account lines above the header, separate Débito/Crédito columns,
//   totals and final balance lines after the movements, dd/mm/yyyy.
// - mercantil: XLSX, a cover sheet and an empty one before the movements, a merged title, date cells (with the time when there is one),
//   references and amounts as number cells, separate Cargo/Abono columns, a totals row of formulas.
// - provincial: CSV, tab, UTF-8 without BOM, one signed "Importe" column written "Bs. 1.234,56",
//   "-Bs. 1.234,56" or "Bs. 1.234,56-", dates dd-mm-yy with the time.
// - venezuela: CSV, ",", UTF-8 with BOM, every cell quoted, one signed "Monto" column ("-1.234,56"),
//   dates d/m/yyyy.
// - bnc, bancamiga, bancaribe, plaza, mercantil-posicional, banesco-online: see BANK_LAYOUTS below.
// - us-resave: the banesco file opened and saved by a spreadsheet in US English: ",", Windows-1252,
//   m/d/yyyy, "1,234.56", numeric references without their leading zeros and those of 12 digits or more
//   in scientific notation ("3.46E+10"), which the reader must flag as damaged.

export type StatementLayout = "banesco" | "mercantil" | "provincial" | "venezuela" | "us-resave" | BankLayout;
export const CSV_LAYOUTS = ["banesco", "provincial", "venezuela", "us-resave"] as const;
export type CsvStatementLayout = (typeof CSV_LAYOUTS)[number];

/** A movement as the bank recorded it: amount > 0 a credit (money received), < 0 a debit. */
export interface StatementMovement {
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM, when the bank writes the time. */
  time?: string;
  reference: string;
  description: string;
  amount: number;
}

/** What the parser should give for a file: the credits (in file order) and which of them are damaged. */
export interface ExpectedStatement {
  credits: { date: string; reference: string; description: string; amount: number }[];
  /**
   * Credits whose reference a spreadsheet destroyed (us-resave, "3.46E+10"): among the credits with the
   * reference as written, flagged damaged.
   */
  damaged: { reference: string; written: string }[];
  debits: number;
}

const OPENING_BALANCE = 15_000;

const CREDIT_DESCRIPTIONS = [
  "PAGO MÓVIL RECIBIDO DE JOSÉ PÉREZ",
  "TRANSFERENCIA RECIBIDA DE MARÍA NÚÑEZ",
  "PAGO MOVIL INTERBANCARIO 0102",
  'ABONO "RIFA MOTO"; TICKET 15',
  "TOTAL PAGO RIFA, CUOTA 2",
  "Crédito inmediato de Ángel Gómez",
  "SALDO A FAVOR CLIENTE",
];
const DEBIT_DESCRIPTIONS = [
  "COMISIÓN PAGO MÓVIL",
  "TRANSFERENCIA A TERCEROS",
  "CARGO POR MANTENIMIENTO",
  "PAGO DE SERVICIO",
];

/**
 * Deterministic movements: dates from 2024-02-01 on, a few per day, references of 8 to 12 digits (some
 * with leading zeros), about a third debits, amounts from 0,50 to 2.500.000,00 Bs with cents.
 */
export function randomMovements(n: number, seed = 1): StatementMovement[] {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const movements: StatementMovement[] = [];
  let day = Date.UTC(2024, 1, 1);
  for (let i = 0; i < n; i++) {
    if (random() < 0.2) day += 86_400_000;
    const credit = random() >= 0.33;
    const digits = int(8, 12);
    let reference = String(int(1, 9));
    while (reference.length < digits) reference += String(int(0, 9));
    if (random() < 0.1) reference = `00${reference.slice(2)}`;
    const magnitude = [1, 100, 10_000, 1_000_000][int(0, 3)] ?? 1;
    const cents = int(50, Math.round(2.5 * magnitude * 100));
    const amount = (credit ? 1 : -1) * (cents / 100);
    const descriptions = credit ? CREDIT_DESCRIPTIONS : DEBIT_DESCRIPTIONS;
    const movement: StatementMovement = {
      date: new Date(day).toISOString().slice(0, 10),
      reference,
      description: descriptions[int(0, descriptions.length - 1)] ?? "",
      amount,
    };
    if (random() < 0.5)
      movement.time = `${String(int(0, 23)).padStart(2, "0")}:${String(int(0, 59)).padStart(2, "0")}`;
    movements.push(movement);
  }
  return movements;
}

/** "1.234,56" (Venezuelan) or "1,234.56" (US), two decimals, no sign. */
export function formatAmount(value: number, decimal: "," | "."): string {
  const [whole = "0", cents = "00"] = Math.abs(value).toFixed(2).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, decimal === "," ? "." : ",");
  return `${grouped}${decimal}${cents}`;
}

function dateParts(date: string): { y: string; m: string; d: string } {
  const [y = "", m = "", d = ""] = date.split("-");
  return { y, m, d };
}

/** What a US spreadsheet makes of a numeric reference: no leading zeros; 12+ digits as "1.23457E+11". */
export function usResavedReference(reference: string): string {
  if (!/^\d+$/.test(reference)) return reference;
  const plain = String(Number(reference));
  if (plain.length < 12) return plain;
  const [mantissa = "", exponent = ""] = Number(reference).toExponential(5).split("e");
  const trimmed = mantissa.replace(/0+$/, "").replace(/\.$/, "");
  return `${trimmed}E+${exponent.replace("+", "").padStart(2, "0")}`;
}

function withBalances(movements: StatementMovement[]): { movement: StatementMovement; balance: number }[] {
  let balance = OPENING_BALANCE;
  return movements.map((movement) => {
    balance = Math.round((balance + movement.amount) * 100) / 100;
    return { movement, balance };
  });
}

function totals(movements: StatementMovement[]): { credits: number; debits: number; balance: number } {
  let credits = 0;
  let debits = 0;
  for (const m of movements) {
    if (m.amount > 0) credits += m.amount;
    else debits -= m.amount;
  }
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    credits: round(credits),
    debits: round(debits),
    balance: round(OPENING_BALANCE + credits - debits),
  };
}

function csvLine(cells: string[], delimiter: string, quoteAll: boolean): string {
  return cells
    .map((cell) =>
      quoteAll || cell.includes(delimiter) || cell.includes('"') || /[\r\n]/.test(cell)
        ? `"${cell.replace(/"/g, '""')}"`
        : cell,
    )
    .join(delimiter);
}

const WINDOWS_1252_HIGH: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  ƒ: 0x83,
  "„": 0x84,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
};

export function encodeWindows1252(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    bytes.push(code <= 0xff ? code : (WINDOWS_1252_HIGH[char] ?? 0x3f));
  }
  return Buffer.from(bytes);
}

interface CsvShape {
  delimiter: string;
  encoding: "utf-8" | "windows-1252";
  bom: boolean;
  quoteAll: boolean;
  eol: string;
  lines: string[][];
}

function banescoLines(movements: StatementMovement[], us: boolean): string[][] {
  const decimal = us ? "." : ",";
  const date = (iso: string) => {
    const { y, m, d } = dateParts(iso);
    return us ? `${Number(m)}/${Number(d)}/${y}` : `${d}/${m}/${y}`;
  };
  const sum = totals(movements);
  return [
    ["Banesco Banco Universal"],
    ["Cuenta: 0134-0000-00-0000000000"],
    ["Titular: Inversiones Rifazo, C.A."],
    [
      `Período: ${date(movements[0]?.date ?? "2024-02-01")} al ${date(movements.at(-1)?.date ?? "2024-02-01")}`,
    ],
    [],
    ["Fecha", "Referencia", "Descripción", "Débito", "Crédito", "Saldo"],
    ...withBalances(movements).map(({ movement, balance }) => [
      date(movement.date),
      us ? usResavedReference(movement.reference) : movement.reference,
      movement.description,
      movement.amount < 0 ? formatAmount(movement.amount, decimal) : "",
      movement.amount > 0 ? formatAmount(movement.amount, decimal) : "",
      formatAmount(balance, decimal),
    ]),
    [],
    ["Total Débitos", "", "", formatAmount(sum.debits, decimal), "", ""],
    ["Total Créditos", "", "", "", formatAmount(sum.credits, decimal), ""],
    ["Saldo Final", "", "", "", "", formatAmount(sum.balance, decimal)],
  ];
}

function provincialAmount(value: number, index: number): string {
  const text = formatAmount(value, ",");
  if (value >= 0) return `Bs. ${text}`;
  return index % 2 === 0 ? `-Bs. ${text}` : `Bs. ${text}-`;
}

function provincialLines(movements: StatementMovement[]): string[][] {
  const date = (m: StatementMovement) => {
    const { y, m: month, d } = dateParts(m.date);
    return `${d}-${month}-${y.slice(2)} ${m.time ?? "00:00"}`;
  };
  return [
    ["BBVA Provincial"],
    ["Consulta de movimientos", "Cuenta 0108-0000-00-0000000000"],
    [],
    ["Fecha Operación", "Fecha Valor", "Referencia", "Concepto", "Importe", "Saldo"],
    ...withBalances(movements).map(({ movement, balance }, index) => [
      date(movement),
      date(movement),
      movement.reference,
      movement.description,
      provincialAmount(movement.amount, index),
      provincialAmount(balance, 0),
    ]),
    [],
    ["Saldo final", "", "", "", "", provincialAmount(totals(movements).balance, 0)],
  ];
}

function venezuelaLines(movements: StatementMovement[]): string[][] {
  const signed = (v: number) => `${v < 0 ? "-" : ""}${formatAmount(v, ",")}`;
  return [
    ["Banco de Venezuela"],
    ["Estado de cuenta", "Cuenta corriente 0102-0000-00-0000000000"],
    ["Fecha", "Número de Referencia", "Concepto", "Monto", "Saldo"],
    ...withBalances(movements).map(({ movement, balance }) => {
      const { y, m, d } = dateParts(movement.date);
      return [
        `${Number(d)}/${Number(m)}/${y}`,
        movement.reference,
        movement.description,
        signed(movement.amount),
        signed(balance),
      ];
    }),
  ];
}

function csvShape(layout: CsvStatementLayout, movements: StatementMovement[]): CsvShape {
  switch (layout) {
    case "banesco":
      return {
        delimiter: ";",
        encoding: "windows-1252",
        bom: false,
        quoteAll: false,
        eol: "\r\n",
        lines: banescoLines(movements, false),
      };
    case "us-resave":
      return {
        delimiter: ",",
        encoding: "windows-1252",
        bom: false,
        quoteAll: false,
        eol: "\r\n",
        lines: banescoLines(movements, true),
      };
    case "provincial":
      return {
        delimiter: "\t",
        encoding: "utf-8",
        bom: false,
        quoteAll: false,
        eol: "\n",
        lines: provincialLines(movements),
      };
    case "venezuela":
      return {
        delimiter: ",",
        encoding: "utf-8",
        bom: true,
        quoteAll: true,
        eol: "\r\n",
        lines: venezuelaLines(movements),
      };
  }
}

/**
 * One signed amount column: Fecha, Referencia, Descripción, Monto from the first line, day first, decimal
 * comma, encoding and delimiter left to detection.
 */
export const SIGNED_AMOUNT_MAPPING = {
  headerRow: 0,
  hasHeader: true,
  date: 0,
  reference: 1,
  description: 2,
  amount: 3,
  credit: null,
  debit: null,
  type: null,
  dateOrder: "DMY",
  decimal: ",",
  encoding: null,
  delimiter: null,
} as const satisfies StatementMapping;

/** The mapping of bankExportCsv: the header under the account and period lines, ";" between cells. */
export const BANK_EXPORT_MAPPING = {
  ...SIGNED_AMOUNT_MAPPING,
  headerRow: 2,
  delimiter: ";",
} as const satisfies StatementMapping;

/**
 * A Venezuelan bank's CSV export: account and period lines, the header, one line of cells per movement
 * (date, reference, description, signed amount, balance), a totals line; UTF-8 with BOM, CRLF.
 */
export function bankExportCsv(movements: string[][], options: { period: string; total: string }): Buffer {
  const lines = [
    "Banco de Venezuela;Cuenta 0102-0000-00-0000000000",
    `Período;${options.period}`,
    "Fecha;Referencia;Descripción;Monto;Saldo",
    ...movements.map((cells) => cells.join(";")),
    `;;Total abonos;${options.total};`,
  ];
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

export interface StatementCsvOptions {
  /** Override the layout's encoding (e.g. a Banesco file in UTF-8). */
  encoding?: "utf-8" | "windows-1252";
  bom?: boolean;
  /** Extra blank lines at the end, as some exports have. */
  trailingBlankLines?: number;
}

/** A CSV statement of the layout holding the movements (see the layouts above). */
export function statementCsv(
  layout: CsvStatementLayout,
  movements: StatementMovement[],
  options: StatementCsvOptions = {},
): Buffer {
  const shape = csvShape(layout, movements);
  const encoding = options.encoding ?? shape.encoding;
  const bom = options.bom ?? shape.bom;
  const text =
    shape.lines
      .map((cells) => csvLine(cells, shape.delimiter, shape.quoteAll && cells.length > 0))
      .join(shape.eol) +
    shape.eol +
    shape.eol.repeat(options.trailingBlankLines ?? 0);
  const body = encoding === "utf-8" ? Buffer.from(text, "utf8") : encodeWindows1252(text);
  return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

function excelDate(movement: StatementMovement): Date {
  const { y, m, d } = dateParts(movement.date);
  const [hours = 0, minutes = 0] = (movement.time ?? "00:00").split(":").map(Number);
  // Spreadsheet dates are wall times without zone; exceljs writes a Date's UTC parts.
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), hours, minutes));
}

/** The Mercantil-like XLSX statement holding the movements. */
export async function statementXlsx(layout: "mercantil", movements: StatementMovement[]): Promise<Buffer> {
  if (layout !== "mercantil") throw new Error(`Sin diseño XLSX ${layout}`);
  const workbook = new ExcelJS.Workbook();
  const cover = workbook.addWorksheet("Portada");
  cover.addRow(["Mercantil en Línea Empresas"]);
  cover.addRow(["Consulta de movimientos", new Date(Date.UTC(2024, 2, 1))]);
  workbook.addWorksheet("Vacía");
  const sheet = workbook.addWorksheet("Movimientos");
  sheet.addRow(["Mercantil Banco Universal"]);
  sheet.mergeCells("A1:F1");
  sheet.addRow(["Movimientos de la cuenta", "0105-0000-00-0000000000"]);
  sheet.addRow([]);
  sheet.addRow(["Fecha", "Nro. Ref.", "Descripción", "Cargo", "Abono", "Saldo"]);
  const first = sheet.rowCount + 1;
  for (const { movement, balance } of withBalances(movements)) {
    const numeric =
      /^[1-9]\d*$/.test(movement.reference) && Number(movement.reference) <= Number.MAX_SAFE_INTEGER;
    const row = sheet.addRow([
      excelDate(movement),
      numeric ? Number(movement.reference) : movement.reference,
      {
        richText: [
          { text: movement.description.slice(0, 5), font: { bold: true } },
          { text: movement.description.slice(5) },
        ],
      },
      movement.amount < 0 ? -movement.amount : null,
      movement.amount > 0 ? movement.amount : null,
      balance,
    ]);
    row.getCell(1).numFmt = movement.time ? "dd/mm/yyyy hh:mm" : "dd/mm/yyyy";
    for (const c of [4, 5, 6]) row.getCell(c).numFmt = "#,##0.00";
  }
  const last = sheet.rowCount;
  const sum = totals(movements);
  sheet.addRow([
    "Totales",
    null,
    null,
    { formula: `SUM(D${first}:D${last})`, result: sum.debits },
    { formula: `SUM(E${first}:E${last})`, result: sum.credits },
    null,
  ]);
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}

/** The credits the parser must return for this layout, and those whose reference it must flag damaged. */
export function expectedStatement(
  layout: StatementLayout,
  movements: StatementMovement[],
): ExpectedStatement {
  const expected: ExpectedStatement = { credits: [], damaged: [], debits: 0 };
  for (const movement of movements) {
    if (movement.amount < 0) {
      expected.debits++;
      continue;
    }
    const reference = layout === "us-resave" ? usResavedReference(movement.reference) : movement.reference;
    if (/E\+/.test(reference)) expected.damaged.push({ reference: movement.reference, written: reference });
    expected.credits.push({
      date: movement.date,
      reference,
      description: movement.description,
      amount: movement.amount,
    });
  }
  return expected;
}

// More banks (bankStatement): each as its online banking exports it, with an account line (or the account
// on every row) and a running balance column.
// - bnc: Banco Nacional de Crédito, CSV ";", Windows-1252, "Tipo" NC/ND beside an unsigned "Monto".
// - bancamiga: XLSX, the row counter "Nro." (1, 2, 3… as number cells) before "Referencia", separate
//   Débito/Crédito text cells "1.194,56".
// - bancaribe: CSV ",", UTF-8 with BOM, amounts quoted ("1.194,56" holds the delimiter), Cargos/Abonos.
// - plaza: Banco Plaza, XLSX, a masked account (0138-****-**-******1234), "Nº Documento", "Tipo" C/D.
// - mercantil-posicional: Mercantil's positional TXT export: no header row, no preamble, ";", each row
//   account; date; reference (12 digits); description; NC/ND; unsigned amount; balance.
// - banesco-online: Banesco's other export, XLSX: header on row 5, Fecha, Hora, Referencia,
//   Descripción, Tipo (NC/ND), Monto, Saldo.

export const BANK_LAYOUTS = [
  "bnc",
  "bancamiga",
  "bancaribe",
  "plaza",
  "mercantil-posicional",
  "banesco-online",
] as const;
export type BankLayout = (typeof BANK_LAYOUTS)[number];

const ddmmyyyy = (iso: string) => {
  const { y, m, d } = dateParts(iso);
  return `${d}/${m}/${y}`;
};
const es = (value: number) => formatAmount(value, ",");

type Cell = string | number | null;

interface BankFile {
  kind: "csv" | "xlsx";
  filename: string;
  delimiter?: string;
  encoding?: "utf-8" | "windows-1252";
  bom?: boolean;
  lines: Cell[][];
}

function bankFileShape(layout: BankLayout, movements: StatementMovement[]): BankFile {
  const rows = withBalances(movements);
  const first = ddmmyyyy(movements[0]?.date ?? "2024-02-01");
  const last = ddmmyyyy(movements.at(-1)?.date ?? "2024-02-01");
  const type = (m: StatementMovement, credit: string, debit: string) => (m.amount > 0 ? credit : debit);
  switch (layout) {
    case "bnc":
      return {
        kind: "csv",
        filename: "bnc-movimientos.csv",
        delimiter: ";",
        encoding: "windows-1252",
        lines: [
          ["Banco Nacional de Crédito"],
          ["Cuenta Nro.: 0191-0000-00-0000000000"],
          [`Movimientos del ${first} al ${last}`],
          [],
          ["Fecha", "Tipo", "Referencia", "Descripción", "Monto", "Saldo"],
          ...rows.map(({ movement: m, balance }) => [
            ddmmyyyy(m.date),
            type(m, "NC", "ND"),
            m.reference,
            m.description,
            es(m.amount),
            es(balance),
          ]),
        ],
      };
    case "bancamiga":
      return {
        kind: "xlsx",
        filename: "bancamiga.xlsx",
        lines: [
          ["BANCAMIGA BANCO UNIVERSAL, C.A."],
          ["Número de cuenta:", "0172-0000-00-0000000000"],
          ["Desde:", first, "Hasta:", last],
          [],
          ["Nro.", "Fecha", "Referencia", "Descripción", "Débito", "Crédito", "Saldo"],
          ...rows.map(({ movement: m, balance }, i) => [
            i + 1,
            ddmmyyyy(m.date),
            m.reference,
            m.description,
            m.amount < 0 ? es(m.amount) : "",
            m.amount > 0 ? es(m.amount) : "",
            es(balance),
          ]),
        ],
      };
    case "bancaribe":
      return {
        kind: "csv",
        filename: "bancaribe.csv",
        delimiter: ",",
        encoding: "utf-8",
        bom: true,
        lines: [
          ["Bancaribe"],
          ["Estado de cuenta corriente Nro. 0114-0000-00-0000000000"],
          ["Fecha", "Descripción", "Referencia", "Cargos", "Abonos", "Saldo"],
          ...rows.map(({ movement: m, balance }) => [
            ddmmyyyy(m.date),
            m.description,
            m.reference,
            m.amount < 0 ? es(m.amount) : "",
            m.amount > 0 ? es(m.amount) : "",
            es(balance),
          ]),
        ],
      };
    case "plaza":
      return {
        kind: "xlsx",
        filename: "plaza.xlsx",
        lines: [
          ["BANCO PLAZA, BANCO UNIVERSAL"],
          ["Cuenta: 0138-****-**-******1234", null, `Período: ${first} - ${last}`],
          [],
          ["Fecha Valor", "Nº Documento", "Concepto", "Tipo", "Monto Bs.", "Saldo Bs."],
          ...rows.map(({ movement: m, balance }) => [
            ddmmyyyy(m.date),
            m.reference,
            m.description,
            type(m, "C", "D"),
            es(m.amount),
            es(balance),
          ]),
        ],
      };
    case "mercantil-posicional":
      return {
        kind: "csv",
        filename: "MOVIMIENTOS.TXT",
        delimiter: ";",
        encoding: "windows-1252",
        lines: rows.map(({ movement: m, balance }) => [
          "01050000000000000000",
          ddmmyyyy(m.date),
          m.reference.padStart(12, "0"),
          m.description,
          type(m, "NC", "ND"),
          es(m.amount),
          es(balance),
        ]),
      };
    case "banesco-online":
      return {
        kind: "xlsx",
        filename: "banesco-online.xlsx",
        lines: [
          ["Banesco Banco Universal"],
          ["Cuenta: 0134-0000-00-0000000000"],
          [`Movimientos del ${first} al ${last}`],
          [],
          ["Fecha", "Hora", "Referencia", "Descripción", "Tipo", "Monto", "Saldo"],
          ...rows.map(({ movement: m, balance }) => [
            ddmmyyyy(m.date),
            m.time ?? "",
            m.reference,
            m.description,
            type(m, "NC", "ND"),
            es(m.amount),
            es(balance),
          ]),
        ],
      };
  }
}

async function xlsxOf(lines: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Movimientos");
  for (const line of lines) sheet.addRow(line);
  return Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
}

function csvOf(shape: BankFile): Buffer {
  const delimiter = shape.delimiter ?? ";";
  const text = `${shape.lines
    .map((cells) =>
      csvLine(
        cells.map((c) => (c === null ? "" : String(c))),
        delimiter,
        false,
      ),
    )
    .join("\r\n")}\r\n`;
  const body = shape.encoding === "utf-8" ? Buffer.from(text, "utf8") : encodeWindows1252(text);
  return shape.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/** A statement of one of BANK_LAYOUTS holding the movements, with the name the bank gives the file. */
export async function bankStatement(
  layout: BankLayout,
  movements: StatementMovement[],
): Promise<{ file: Buffer; filename: string; kind: "csv" | "xlsx" }> {
  const shape = bankFileShape(layout, movements);
  const file = shape.kind === "xlsx" ? await xlsxOf(shape.lines) : csvOf(shape);
  return { file, filename: shape.filename, kind: shape.kind };
}

/**
 * Not a statement: a payroll list (a title, then Nro, Cédula, names, job, hire date, salary and payroll
 * account), hire dates in no order.
 */
export function payrollCsv(people = 25, seed = 9): Buffer {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const names = ["PÉREZ, JOSÉ", "NÚÑEZ, MARÍA", "GÓMEZ, ÁNGEL", "RODRÍGUEZ, ANA", "SILVA, LUIS"];
  const jobs = ["VENDEDOR", "CAJERA", "CHOFER", "ADMINISTRADORA", "VIGILANTE"];
  const lines = [
    ["NÓMINA QUINCENAL - INVERSIONES RIFAZO, C.A."],
    ["Nro", "Cédula", "Apellidos y Nombres", "Cargo", "Fecha de Ingreso", "Salario Mensual", "Cuenta Nómina"],
  ];
  for (let i = 0; i < people; i++) {
    const hired = `${String(int(1, 28)).padStart(2, "0")}/${String(int(1, 12)).padStart(2, "0")}/${int(2008, 2024)}`;
    lines.push([
      String(i + 1),
      `V-${int(5_000_000, 30_000_000)}`,
      names[i % names.length] ?? "",
      jobs[i % jobs.length] ?? "",
      hired,
      es(int(130_000, 900_000) / 100),
      `0134-0000-00-${String(int(0, 9_999_999_999)).padStart(10, "0")}`,
    ]);
  }
  return encodeWindows1252(`${lines.map((l) => csvLine(l, ";", false)).join("\r\n")}\r\n`);
}

/** Where statementXlsx("mercantil") puts things: the title rows, then the header, and debit before credit. */
export const MERCANTIL_XLSX_COLUMNS = {
  headerRow: 3,
  date: 0,
  reference: 1,
  description: 2,
  credit: 4,
  debit: 3,
} as const;
