import type { StatementMapping } from "@rifazo/shared";
import { describe, expect, it } from "vitest";
import {
  BANK_LAYOUTS,
  type BankLayout,
  bankStatement,
  expectedStatement,
  MERCANTIL_XLSX_COLUMNS,
  payrollCsv,
  randomMovements,
  statementCsv,
  statementXlsx,
} from "../../../../test/statement-fixtures";
import { balanceReadAsAmount, detectMapping, KNOWN_BANKS, parseMovements, readStatementFile } from ".";
import { isRunningBalance } from "./balance";
import { isSequence, movementType } from "./detect";

// Every bank the importer knows (banks.ts), in each of its exports (apps/api/test/statement-fixtures.ts):
// the bank and layout are read from the file, the columns proposed are the right ones, and reading with
// them gives back exactly the credits the file was made from.

const movements = randomMovements(120, 21);

const stripped = (list: { date: string; reference: string; description: string; amount: number }[]) =>
  list.map(({ date, reference, description, amount }) => ({ date, reference, description, amount }));

interface Case {
  code: string;
  layout: string;
  read: () => Promise<{ file: Buffer; filename: string }>;
  /** Columns the proposal must have (what a wrong guess would get wrong). */
  columns: Partial<StatementMapping>;
  /** The credits as expectedStatement gives them, with the references as this layout writes them. */
  reference?: (reference: string) => string;
}

const bank = (layout: BankLayout) => () => bankStatement(layout, movements);

const CASES: Case[] = [
  {
    code: "0102",
    layout: "venezuela-csv",
    read: async () => ({ file: statementCsv("venezuela", movements), filename: "bdv.csv" }),
    columns: { headerRow: 2, date: 0, reference: 1, description: 2, amount: 3, type: null },
  },
  {
    code: "0105",
    layout: "mercantil-xlsx",
    read: async () => ({ file: await statementXlsx("mercantil", movements), filename: "mercantil.xlsx" }),
    // Date and number cells: read as ISO dates and "1194.56".
    columns: { ...MERCANTIL_XLSX_COLUMNS, dateOrder: "YMD", decimal: "." },
  },
  {
    code: "0105",
    layout: "mercantil-posicional",
    read: bank("mercantil-posicional"),
    columns: { headerRow: 0, hasHeader: false, date: 1, reference: 2, description: 3, type: 4, amount: 5 },
    reference: (r) => r.padStart(12, "0"),
  },
  {
    code: "0108",
    layout: "provincial-csv",
    read: async () => ({ file: statementCsv("provincial", movements), filename: "provincial.csv" }),
    columns: { headerRow: 3, date: 0, reference: 2, description: 3, amount: 4 },
  },
  {
    code: "0114",
    layout: "bancaribe-csv",
    read: bank("bancaribe"),
    columns: { headerRow: 2, date: 0, reference: 2, description: 1, credit: 4, debit: 3 },
  },
  {
    code: "0134",
    layout: "banesco-csv",
    read: async () => ({ file: statementCsv("banesco", movements), filename: "banesco.csv" }),
    columns: { headerRow: 5, date: 0, reference: 1, description: 2, credit: 4, debit: 3 },
  },
  {
    code: "0134",
    layout: "banesco-online-xlsx",
    read: bank("banesco-online"),
    columns: { headerRow: 4, date: 0, reference: 2, description: 3, type: 4, amount: 5 },
  },
  {
    code: "0138",
    layout: "plaza-csv",
    read: bank("plaza"),
    columns: { headerRow: 3, date: 0, reference: 1, description: 2, type: 3, amount: 4 },
  },
  {
    code: "0172",
    layout: "bancamiga-xlsx",
    read: bank("bancamiga"),
    // Column 0 is "Nro.", the row counter: the reference is "Referencia" (column 2).
    columns: { headerRow: 4, date: 1, reference: 2, description: 3, credit: 5, debit: 4 },
  },
  {
    code: "0191",
    layout: "bnc-csv",
    read: bank("bnc"),
    columns: { headerRow: 4, date: 0, reference: 2, description: 3, type: 1, amount: 4 },
  },
];

describe("bank detection and the proposed columns, bank by bank", () => {
  it("covers every bank and layout the importer claims to know", () => {
    const claimed = KNOWN_BANKS.flatMap((b) => b.layouts.map((l) => `${b.code} ${l.id}`)).sort();
    expect(CASES.map((c) => `${c.code} ${c.layout}`).sort()).toEqual(claimed);
    expect(BANK_LAYOUTS.length).toBeGreaterThan(0);
  });

  it.each(CASES.map((c) => [`${c.code} ${c.layout}`, c] as const))("%s", async (_name, c) => {
    const { file, filename } = await c.read();
    const grid = await readStatementFile(file, filename);
    const detection = detectMapping(grid);
    expect(detection.notStatement).toBe(false);
    expect(detection.bank).toMatchObject({ code: c.code, layout: c.layout });
    expect(detection.bank?.evidence.join(" ")).toMatch(/cuenta|nombre|títulos/);
    expect(detection.questions).toEqual([]);
    expect(detection.mapping).toMatchObject({ dateOrder: "DMY", decimal: ",", ...c.columns });
    const mapping = detection.mapping as StatementMapping;
    const read = parseMovements(grid, mapping);
    const expected = expectedStatement("banesco", movements).credits.map((m) => ({
      ...m,
      reference: c.reference ? c.reference(m.reference) : m.reference,
    }));
    expect(read.problems).toEqual([]);
    expect(stripped(read.movements)).toEqual(expected);
    expect(read.movements.every((m) => !m.referenceDamaged)).toBe(true);
    expect(balanceReadAsAmount(grid.rows, mapping)).toBeNull();
  });

  it("keys on the account prefix first, then the bank's name, then its column titles", async () => {
    const grid = (rows: string[][]) => ({ kind: "csv" as const, encoding: null, delimiter: null, rows });
    const header = ["Fecha", "Referencia", "Descripción", "Débito", "Crédito", "Saldo"];
    const data = ["01/02/2024", "00123456", "PAGO", "", "10,00", "10,00"];
    // A Banesco-titled file with a BNC account and name: the account decides.
    expect(
      detectMapping(grid([["Banesco"], ["Cuenta 0191-1234-56-1234567890"], header, data])).bank,
    ).toMatchObject({
      code: "0191",
      layout: null,
    });
    expect(detectMapping(grid([["BANESCO BANCO UNIVERSAL"], header, data])).bank).toMatchObject({
      code: "0134",
      layout: "banesco-csv",
      evidence: ["nombre «BANESCO BANCO UNIVERSAL»"],
    });
    expect(detectMapping(grid([header, data])).bank).toMatchObject({
      code: "0134",
      evidence: ["títulos de columnas"],
    });
    // Another bank named in a movement's description is not the statement's bank.
    const described = [
      "01/02/2024",
      "00123456",
      "PAGO MOVIL BANCAMIGA 0172-0000-00-0000000000",
      "",
      "1,00",
      "1,00",
    ];
    expect(detectMapping(grid([["Fecha", "Referencia", "Concepto", "Monto"], described])).bank).toBeNull();
  });
});

describe("the reference is never a row counter", () => {
  it("isSequence: 1, 2, 3… (either way) but not references or two rows", () => {
    expect(isSequence(["1", "2", "3", "4"])).toBe(true);
    expect(isSequence(["9", "8", "7"])).toBe(true);
    expect(isSequence(["1", "2"])).toBe(false);
    expect(isSequence(["00123456", "00123457", "00123458"])).toBe(false);
    expect(isSequence(["5012", "7311", "1002"])).toBe(false);
  });

  it("a lone «Nro.» counting the rows is not proposed: the organiser is asked", async () => {
    const text =
      "Nro.;Fecha;Descripción;Monto\n1;01/02/2024;PAGO;10,00\n2;01/02/2024;PAGO;5,00\n3;02/02/2024;PAGO;7,00\n";
    const detection = detectMapping(await readStatementFile(Buffer.from(text), "a.csv"));
    expect(detection.mapping).toBeNull();
    expect(detection.questions).toEqual([expect.stringMatching(/solo cuenta las filas/)]);
  });
});

describe("files without a header row and type columns", () => {
  it("a positional export of an unknown bank: columns from the values, the balance left out", async () => {
    const text = [
      "02/02/2024;PAGO MOVIL RECIBIDO;77001234;1.194,56;NC;16.194,56",
      "02/02/2024;COMISION;77001235;5,00;ND;16.189,56",
      "03/02/2024;TRANSFERENCIA RECIBIDA;77001299;250,00;NC;16.439,56",
      "04/02/2024;PAGO DE SERVICIO;77001300;1.000,00;ND;15.439,56",
    ].join("\r\n");
    const grid = await readStatementFile(Buffer.from(text), "x.txt");
    const { mapping, bank } = detectMapping(grid);
    expect(bank).toBeNull();
    expect(mapping).toMatchObject({
      headerRow: 0,
      hasHeader: false,
      date: 0,
      description: 1,
      reference: 2,
      amount: 3,
      type: 4,
    });
    const read = parseMovements(grid, mapping as StatementMapping);
    expect(read.movements.map((m) => [m.reference, m.amount])).toEqual([
      ["77001234", 1194.56],
      ["77001299", 250],
    ]);
    expect(read.skipped).toBe(2);
  });

  it("movementType reads NC/ND, C/D, CR/DB, Crédito/Débito, Abono/Cargo and +/-", () => {
    for (const v of ["NC", "n/c", "C", "CR", "Crédito", "ABONO", "+"])
      expect(movementType(v), v).toBe("credit");
    for (const v of ["ND", "N/D", "d", "DB", "DÉBITO", "Cargo", "-"])
      expect(movementType(v), v).toBe("debit");
    for (const v of ["", "X", "Transferencia"]) expect(movementType(v), v).toBeNull();
  });

  it("a type column that says neither: not proposed, and the row is a problem, never a credit", async () => {
    const text = "Fecha;Tipo;Referencia;Monto\n01/02/2024;NC;1001;10,00\n01/02/2024;XX;1002;5,00\n";
    const grid = await readStatementFile(Buffer.from(text), "a.csv");
    expect(detectMapping(grid)).toMatchObject({
      mapping: null,
      questions: [expect.stringMatching(/no dice NC\/ND/)],
    });
    const known = detectMapping(await readStatementFile(Buffer.from(text.replace("XX", "ND")), "a.csv"));
    expect(known.mapping).toMatchObject({ type: 1, amount: 3 });
    const mapping = known.mapping as StatementMapping;
    const read = parseMovements(grid, mapping);
    expect(read.movements.map((m) => m.reference)).toEqual(["1001"]);
    expect(read.problems).toEqual([
      { row: 2, cells: expect.any(Array), message: expect.stringMatching(/«XX» no dice si es crédito/) },
    ]);
  });
});

describe("a running balance read as the amount", () => {
  it("isRunningBalance: each value is the previous ± another column's, oldest or newest first", () => {
    const amounts = [100, -30, 50, -20, 10];
    const balances = [1100, 1070, 1120, 1100, 1110];
    expect(isRunningBalance(balances, [amounts])).toBe(true);
    expect(isRunningBalance([...balances].reverse(), [[...amounts].reverse()])).toBe(true);
    // The amounts themselves are not a balance of the balance column.
    expect(isRunningBalance(amounts, [balances])).toBe(false);
    // Split debit and credit columns.
    const credits = [100, null, 50, null, 10];
    const debits = [null, 30, null, 20, null];
    expect(isRunningBalance(balances, [credits, debits])).toBe(true);
    expect(isRunningBalance([1100, 1070], [amounts])).toBe(false);
  });

  it("the Banesco file read with the other Banesco layout's columns is flagged", async () => {
    const grid = await readStatementFile(statementCsv("banesco", randomMovements(60, 4)), "banesco.csv");
    const online = detectMapping(
      await readStatementFile((await bankStatement("banesco-online", movements)).file, "b.xlsx"),
    ).mapping as StatementMapping;
    // Header on row 5, amount column F: the standard file's Saldo.
    expect(online).toMatchObject({ headerRow: 4, amount: 5 });
    expect(balanceReadAsAmount(grid.rows, online)).toBe(5);
    expect(balanceReadAsAmount(grid.rows, detectMapping(grid).mapping as StatementMapping)).toBeNull();
  });
});

describe("what is not a statement", () => {
  it("a payroll list: not a statement", async () => {
    const detection = detectMapping(await readStatementFile(payrollCsv(), "nomina.csv"));
    expect(detection.notStatement).toBe(true);
    expect(detection.mapping).toBeNull();
  });

  it("a statement with its header only: a mapping, no movements", async () => {
    const { file, filename } = await bankStatement("bnc", []);
    const grid = await readStatementFile(file, filename);
    const detection = detectMapping(grid);
    expect(detection.notStatement).toBe(false);
    expect(detection.bank?.code).toBe("0191");
    const read = parseMovements(grid, detection.mapping as StatementMapping);
    expect(read).toEqual({ movements: [], problems: [], skipped: 0 });
  });
});
