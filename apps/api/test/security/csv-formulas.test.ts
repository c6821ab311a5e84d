// Formula injection through the CSV exports. A spreadsheet may split a file on the comma or on the semicolon
// whatever the file meant (Excel in Spanish splits a plain CSV on ";"; "Texto en columnas" splits on what it
// is told and ignores quotes), so text must be inert however the file is cut: every text cell is quoted, and
// a formula character gets a leading apostrophe at the start of the cell and after every character the file
// could be split on. Numbers and dates are ours (typed columns), written bare so spreadsheets read them as
// numbers and dates.
import { raffleStatementPaths } from "@rifazo/shared";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ColumnType,
  CSV_DIALECTS,
  type CsvValue,
  csvCell,
  csvLine,
} from "../../src/modules/admin/exports/csv";
import { USERS_EXPORT } from "../../src/modules/admin/exports/service";
import { insertPrizeLevel, insertRaffle, insertWinner } from "../fixtures";
import { createTestApp, createUser, signedInUser, type TestApp } from "../helpers";

/** Names someone could give themselves at sign-up, each a formula in some way of splitting the file. */
const HOSTILE_TEXTS = [
  "Ana;=2+5;x",
  "a,=1+1",
  "=cmd|' /C calc'!A0",
  "+1",
  "-1",
  "@SUMA(1+1)",
  "\t=1+1",
  "\r=1+1",
  "Pérez; -2+3",
  'a;"=1+1"',
  "x\n=1+1",
  " =1+1",
];

/** Where a spreadsheet could start a cell: a formula there is run. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number or a date the export itself wrote, in either variant (2.5, -5, 1194,56, 2026-03-01 14:05). */
const OURS = /^(-?\d+([.,]\d+)?|\d{4}-\d{2}-\d{2} \d{2}:\d{2}|\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})$/;

/** The cell as a spreadsheet would start reading it: spaces and stray quotes do not make it text. */
const cellStart = (cell: string) => cell.replace(/^[ "]+/, "");

/**
 * The file cut every way a spreadsheet might: a CSV reader on its own separator, on the other one (a
 * quoted cell swallowing the rest, as spreadsheets do with a stray quote), and a split that ignores quotes.
 */
function everySplit(text: string): Array<{ how: string; cells: string[] }> {
  const body = text.replace(/^\uFEFF/, "");
  const splits: Array<{ how: string; cells: string[] }> = [];
  for (const delimiter of [",", ";"]) {
    for (const [how, options] of [
      ["csv", { relax_quotes: true, relax_column_count: true }],
      ["sin comillas", { quote: false, relax_column_count: true }],
    ] as const) {
      const rows = parse(body, {
        delimiter,
        record_delimiter: ["\r\n", "\n", "\r"],
        ...options,
      }) as string[][];
      splits.push({ how: `${how} con "${delimiter}"`, cells: rows.flat() });
    }
  }
  return splits;
}

/** RFC 4180 fields of each record, with whether each was written quoted. */
function quotedFields(text: string, delimiter: string): Array<Array<{ value: string; quoted: boolean }>> {
  const body = text.replace(/^\uFEFF/, "");
  const records: Array<Array<{ value: string; quoted: boolean }>> = [];
  let record: Array<{ value: string; quoted: boolean }> = [];
  let value = "";
  let quoted = false;
  let inQuotes = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (inQuotes) {
      if (c === '"' && body[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else value += c;
    } else if (c === '"' && value === "" && !quoted) {
      inQuotes = true;
      quoted = true;
    } else if (c === delimiter || (c === "\r" && body[i + 1] === "\n")) {
      record.push({ value, quoted });
      value = "";
      quoted = false;
      if (c === "\r") {
        records.push(record);
        record = [];
        i++;
      }
    } else value += c;
  }
  return records;
}

function expectInert(text: string, label: string): void {
  for (const { how, cells } of everySplit(text)) {
    for (const cell of cells) {
      if (OURS.test(cell)) continue;
      expect(cellStart(cell), `${label}, ${how}: celda ${JSON.stringify(cell)}`).not.toMatch(FORMULA_START);
    }
  }
}

describe.each([
  ["CSV", CSV_DIALECTS.csv],
  ["CSV para Excel", CSV_DIALECTS["excel-csv"]],
] as const)("the writer, %s", (_label, dialect) => {
  const values: CsvValue[] = [...HOSTILE_TEXTS, -1194.5, 3, new Date("2026-03-01T18:05:00Z"), true, null];
  const types: ColumnType[] = [
    ...HOSTILE_TEXTS.map(() => "text" as const),
    "money",
    "int",
    "date",
    "bool",
    "text",
  ];

  it("no cell starts a formula, on either separator, with or without quotes", () => {
    expectInert(csvLine(values, dialect, types), dialect.separator);
  });

  it("every text cell is quoted; numbers and dates are bare, readable as numbers and dates", () => {
    const [fields = []] = quotedFields(csvLine(values, dialect, types), dialect.separator);
    expect(fields.map((f) => f.quoted)).toEqual([
      ...HOSTILE_TEXTS.map(() => true),
      false,
      false,
      false,
      true,
      false,
    ]);
    expect(fields.slice(HOSTILE_TEXTS.length).map((f) => f.value)).toEqual(
      dialect.separator === ","
        ? ["-1194.5", "3", "2026-03-01 14:05", "Sí", ""]
        : ["-1194,50", "3", "01/03/2026 14:05", "Sí", ""],
    );
    expect(csvCell("Ana;=2+5;x", dialect)).toBe(`"Ana;'=2+5;x"`);
    expect(csvCell("a,=1+1", dialect)).toBe(`"a,'=1+1"`);
    expect(csvCell('=HYPERLINK("x")', dialect)).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe("CSV exports: formulas inert however the file is split", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, { role: "admin", fullName: "Admin Rifazo" });
    // Inserted directly: the name rule is not the defence under test, the export is.
    for (const fullName of HOSTILE_TEXTS) ids.push((await createUser(t.app, { fullName })).id);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ["CSV", "/api/admin/exports/users.csv", ","],
    ["CSV para Excel", "/api/admin/exports/users.csv?variant=excel", ";"],
  ])("%s: every name is quoted, inert, and reads back whole", async (label, url, delimiter) => {
    const response = await t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    const text = response.rawPayload.toString("utf8");
    expectInert(text, label);
    // Read on its own separator, each name comes back whole but for the apostrophes added before formulas.
    const rows = parse(text.replace(/^\uFEFF/, ""), { delimiter, record_delimiter: "\r\n" }) as string[][];
    for (const [i, id] of ids.entries()) {
      const row = rows.find((r) => r[0] === id);
      expect(row, id).toBeDefined();
      expect(row?.[1]?.replace(/'(?=[=+\-@\t\r])/g, "")).toBe(HOSTILE_TEXTS[i]);
      expect(row?.[1], "empieza neutralizada").not.toMatch(FORMULA_START);
    }
    // Every text cell is quoted; numbers and dates are bare, so a spreadsheet reads them as such.
    for (const fields of quotedFields(text, delimiter).slice(1)) {
      expect(fields).toHaveLength(USERS_EXPORT.types.length);
      for (const [i, field] of fields.entries()) {
        const type = USERS_EXPORT.types[i] ?? "text";
        if (field.value === "") continue;
        const textual = type === "text" || type === "bool";
        expect(field.quoted, `${USERS_EXPORT.header[i]}: ${JSON.stringify(field.value)}`).toBe(textual);
        if (!textual) expect(field.value).toMatch(OURS);
      }
    }
  });
});

describe("the raffle's statement CSV (decision 0035): a hostile title and prize description stay inert", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  const title = '=HYPERLINK("http://x";"Rifa")';
  const prize = "Moto;=2+5;+1,@SUMA(1)";
  let raffleId = "";

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInUser(t.app, { role: "admin", fullName: "Admin Rifazo" });
    const raffle = await insertRaffle(t.app.ctx.db, { title, totalTickets: 100 });
    raffleId = raffle.id;
    await insertPrizeLevel(t.app.ctx.db, { raffleId, level: 1, description: prize, winnerCount: 1 });
    await insertWinner(t.app.ctx.db, { raffleId, ticketNumber: 7, prizeLevel: 1, prizeDescription: prize });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ["CSV", "", ","],
    ["CSV para Excel", "?variant=excel", ";"],
  ])(
    "%s: no cell starts a formula; the title and the prize read back whole",
    async (label, query, delimiter) => {
      const url = `${raffleStatementPaths(raffleId).csv}${query}`;
      const response = await t.app.inject({ method: "GET", url, headers: { cookie: admin.cookie } });
      expect(response.statusCode, response.body).toBe(200);
      const text = response.rawPayload.toString("utf8");
      expectInert(text, label);
      const rows = parse(text.replace(/^\uFEFF/, ""), { delimiter, record_delimiter: "\r\n" }) as string[][];
      const written = (cell: string | undefined) => cell?.replace(/'(?=[=+\-@\t\r])/g, "");
      expect(written(rows.find((r) => r[0] === "Rifa")?.[1])).toBe(title);
      expect(written(rows.find((r) => r[0] === "Premios" && r[1]?.startsWith("Nivel 1"))?.[1])).toContain(
        prize,
      );
    },
  );
});
