import { describe, expect, it } from "vitest";
import {
  CSV_LAYOUTS,
  type CsvStatementLayout,
  expectedStatement,
  MERCANTIL_XLSX_COLUMNS,
  randomMovements,
  type StatementMovement,
  statementCsv,
  statementXlsx,
} from "../../../../test/statement-fixtures";
import {
  detectMapping,
  movementFingerprints,
  parseMovements,
  readStatementFile,
  type StatementGrid,
} from ".";

// Statements in the layouts of Venezuelan banks (apps/api/test/statement-fixtures.ts), read with the
// mapping detection proposes, give back exactly the credits they were made from.

function readWithDetectedMapping(grid: StatementGrid) {
  const { mapping, questions } = detectMapping(grid);
  if (!mapping) throw new Error(`Sin mapeo: ${questions.join(" ")}`);
  return { mapping, questions, ...parseMovements(grid, mapping) };
}

function stripped(movements: { date: string; reference: string; description: string; amount: number }[]) {
  return movements.map(({ date, reference, description, amount }) => ({
    date,
    reference,
    description,
    amount,
  }));
}

const FILE_FORMAT: Record<CsvStatementLayout, { encoding: string; delimiter: string }> = {
  banesco: { encoding: "windows-1252", delimiter: ";" },
  provincial: { encoding: "utf-8", delimiter: "\t" },
  venezuela: { encoding: "utf-8", delimiter: "," },
  "us-resave": { encoding: "windows-1252", delimiter: "," },
};

describe("statement layouts round-trip", () => {
  // 200 movements run past the 12th of the month, so day-first and month-first dates can be told apart.
  const movements = randomMovements(200, 11);

  it.each(CSV_LAYOUTS)("%s: detects the format and reads every credit", async (layout) => {
    const grid = await readStatementFile(statementCsv(layout, movements), `${layout}.csv`);
    expect(grid).toMatchObject({ kind: "csv", ...FILE_FORMAT[layout] });
    const result = readWithDetectedMapping(grid);
    const expected = expectedStatement(layout, movements);

    expect(result.questions).toEqual([]);
    expect(result.mapping.dateOrder).toBe(layout === "us-resave" ? "MDY" : "DMY");
    expect(result.mapping.decimal).toBe(layout === "us-resave" ? "." : ",");
    expect(result.mapping.description).not.toBeNull();
    expect(stripped(result.movements)).toEqual(expected.credits);
    // Rows are the grid's: each movement's row holds its reference as written.
    for (const movement of result.movements) {
      expect(grid.rows[movement.row]?.[result.mapping.reference]).toBe(movement.referenceRaw);
    }
    expect(result.problems).toEqual([]);
    // References a spreadsheet turned into "3.46E+10": read, and flagged damaged.
    expect(result.movements.filter((m) => m.referenceDamaged).map((m) => m.referenceRaw)).toEqual(
      expected.damaged.map((u) => u.written),
    );
    // Debits, the blank line and the totals/balance lines under the movements.
    const trailer = { banesco: 4, "us-resave": 4, provincial: 2, venezuela: 0 }[layout];
    expect(result.skipped).toBe(expected.debits + trailer);
  });

  it("us-resave: a spreadsheet's scientific references are read flagged damaged, not refused", async () => {
    const grid = await readStatementFile(statementCsv("us-resave", movements), "movimientos.csv");
    const { movements: read, problems } = readWithDetectedMapping(grid);
    expect(problems).toEqual([]);
    const damaged = read.filter((m) => m.referenceDamaged);
    expect(damaged.length).toBeGreaterThan(0);
    for (const m of damaged) expect(m.referenceRaw).toMatch(/^\d\.\d+E\+\d+$/);
    // The other references are whole and not flagged.
    expect(read.filter((m) => !m.referenceDamaged).every((m) => !/E\+/.test(m.reference))).toBe(true);
  });

  it("mercantil (XLSX): date cells, number cells, rich text and formulas read as text", async () => {
    const file = await statementXlsx("mercantil", movements);
    const grid = await readStatementFile(file, "movimientos.xlsx");
    expect(grid).toMatchObject({ kind: "xlsx", encoding: null, delimiter: null });
    // The movements' sheet, not the cover sheet before it; the merged title is in its first cell only.
    expect(grid.rows[0]).toEqual(["Mercantil Banco Universal"]);
    const result = readWithDetectedMapping(grid);
    expect(result.mapping).toMatchObject(MERCANTIL_XLSX_COLUMNS);
    expect(result.questions).toEqual([]);
    const expected = expectedStatement("mercantil", movements);
    expect(stripped(result.movements)).toEqual(expected.credits);
    expect(result.problems).toEqual([]);
    // Debits and the totals row of formulas.
    expect(result.skipped).toBe(expected.debits + 1);
    const timed = movements.findIndex((m) => m.time);
    expect(grid.rows[4 + timed]?.[0]).toBe(`${movements[timed]?.date} ${movements[timed]?.time}:00`);
  });

  it("a statement of 5,000 movements is read whole", async () => {
    const many = randomMovements(5_000, 5);
    const grid = await readStatementFile(statementCsv("banesco", many), "grande.csv");
    expect(grid.rows.length).toBe(6 + 5_000 + 4);
    const result = readWithDetectedMapping(grid);
    const expected = expectedStatement("banesco", many);
    expect(result.movements.length).toBe(expected.credits.length);
    expect(result.movements.length).toBeGreaterThan(3_000);
    expect(stripped(result.movements)).toEqual(expected.credits);
    expect(result.problems).toEqual([]);
    expect(result.skipped).toBe(expected.debits + 4);
    const total = result.movements.reduce((sum, m) => sum + Math.round(m.amount * 100), 0);
    expect(total).toBe(expected.credits.reduce((sum, m) => sum + Math.round(m.amount * 100), 0));
  });

  it("a 5,000-movement XLSX is read whole", async () => {
    const many = randomMovements(5_000, 6);
    const grid = await readStatementFile(await statementXlsx("mercantil", many), "grande.xlsx");
    const result = readWithDetectedMapping(grid);
    expect(stripped(result.movements)).toEqual(expectedStatement("mercantil", many).credits);
  });
});

describe("movementFingerprints", () => {
  const bank = "0b6f3c1e-8f2d-4c55-9d8e-2f1a7c3b9e10";

  /** Movements of whole days: [from, to) by day index from the first. */
  function days(all: StatementMovement[], from: number, to: number): StatementMovement[] {
    const dates = [...new Set(all.map((m) => m.date))];
    const wanted = new Set(dates.slice(from, to));
    return all.filter((m) => wanted.has(m.date));
  }

  it("gives overlapping exports of the same days the same fingerprints", async () => {
    const all = randomMovements(300, 3);
    // The same buyer paying the same amount twice with one reference on one day: two movements.
    const twin = all.find((m) => m.amount > 0 && m.date === days(all, 10, 11)[0]?.date) as StatementMovement;
    all.splice(all.indexOf(twin) + 1, 0, { ...twin });
    const first = days(all, 0, 15);
    const second = days(all, 10, 30);

    const read = async (movements: StatementMovement[], layout: CsvStatementLayout) => {
      const grid = await readStatementFile(statementCsv(layout, movements), "m.csv");
      return readWithDetectedMapping(grid).movements;
    };
    const a = await read(first, "banesco");
    // The second export comes from the same bank in another layout: only the values matter.
    const b = await read(second, "venezuela");
    const fa = movementFingerprints(bank, a);
    const fb = movementFingerprints(bank, b);
    expect(new Set(fa).size).toBe(fa.length);
    expect(new Set(fb).size).toBe(fb.length);
    const overlap = expectedStatement("banesco", days(all, 10, 15)).credits.length;
    const shared = fb.filter((f) => fa.includes(f));
    expect(shared.length).toBe(overlap);
    // The twins are both in the overlap, each matched once.
    const twins = b.filter((m) => m.reference === twin.reference && m.date === twin.date);
    expect(twins.length).toBe(2);
    // Same movements, same order: the same list; another bank: none shared.
    expect(movementFingerprints(bank, a)).toEqual(fa);
    const other = movementFingerprints("8a1e2b3c-0000-4000-8000-000000000000", a);
    expect(other.filter((f) => fa.includes(f))).toEqual([]);
    for (const f of fa) expect(f).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ignores the case of the reference and the cents noise of the amount", () => {
    const m = {
      row: 1,
      date: "2024-02-01",
      reference: "AB12",
      referenceRaw: "AB12",
      description: "",
      amount: 10.1,
      referenceDamaged: false,
    };
    const [upper] = movementFingerprints(bank, [m]);
    const [lower] = movementFingerprints(bank, [
      { ...m, reference: "ab12", amount: 10.100000000000001, row: 9 },
    ]);
    expect(upper).toBe(lower);
  });
});
