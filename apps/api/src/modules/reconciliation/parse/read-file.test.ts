import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { encodeWindows1252, randomMovements, statementCsv } from "../../../../test/statement-fixtures";
import { MAX_STATEMENT_ROWS, readStatementFile, StatementFileError } from ".";

// Files that are not statements, or not readable ones, are refused as a whole with a Spanish message the
// organiser can act on; text files are decoded and split the way they were written.

async function refusal(file: Buffer, filename = "movimientos.csv"): Promise<StatementFileError> {
  const error = await readStatementFile(file, filename).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StatementFileError);
  return error as StatementFileError;
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

describe("readStatementFile refuses what is not a statement", () => {
  it.each([
    ["an empty file", Buffer.alloc(0)],
    ["only blank lines", Buffer.from("\r\n\r\n   \n\t\n")],
    ["only a BOM and line breaks", Buffer.from([0xef, 0xbb, 0xbf, 0x0d, 0x0a])],
    ["only empty cells", Buffer.from(";;;;\r\n;;;;\r\n")],
  ])("%s: STATEMENT_EMPTY", async (_, file) => {
    const error = await refusal(file);
    expect(error.code).toBe("STATEMENT_EMPTY");
    expect(error.message).toBe("El archivo está vacío.");
  });

  it("an XLSX without any cell: STATEMENT_EMPTY", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Hoja1");
    const file = Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const error = await refusal(file, "vacio.xlsx");
    expect(error.code).toBe("STATEMENT_EMPTY");
  });

  it.each([
    ["a PNG renamed .csv", PNG, /imagen/],
    ["a JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), /imagen/],
    ["a PDF statement", Buffer.from("%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), /PDF/],
    ["an old .xls", Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), /\.xls/],
    ["a UTF-16 text", Buffer.from([0xff, 0xfe, 0x46, 0, 0x65, 0]), /UTF-16/],
    [
      "binary data",
      Buffer.from([0x00, 0x01, 0x02, 0x03, 0x46, 0x65, 0x63, 0x00, 0x9a, 0xff]),
      /no es una hoja/,
    ],
    [
      "an HTML page named .xls",
      Buffer.from("<html><body><table><tr><td>Fecha</td></tr></table></body></html>"),
      /HTML/,
    ],
    [
      "a ZIP that is not a workbook",
      Buffer.from("504b0304140000000000", "hex"),
      /no es una hoja de cálculo \.xlsx/,
    ],
  ])("%s: STATEMENT_UNREADABLE", async (_, file, message) => {
    const error = await refusal(file, "movimientos.xls");
    expect(error.code).toBe("STATEMENT_UNREADABLE");
    expect(error.message).toMatch(message);
  });

  it("an XLSX that would inflate past 100 MB (a ZIP bomb): STATEMENT_TOO_LARGE before inflating it", async () => {
    // One stored entry whose central directory claims 300 MB: only the directory is read.
    const name = Buffer.from("xl/worksheets/sheet1.xml");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt32LE(300 * 1024 * 1024, 24);
    entry.writeUInt16LE(name.length, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(entry.length + name.length, 12);
    end.writeUInt32LE(local.length + name.length, 16);
    const error = await refusal(Buffer.concat([local, name, entry, name, end]), "bomba.xlsx");
    expect(error.code).toBe("STATEMENT_TOO_LARGE");
    expect(error.message).toMatch(/demasiado grande/);
  });

  it("a CSV with an unclosed quote: STATEMENT_UNREADABLE", async () => {
    const error = await refusal(Buffer.from('Fecha;Referencia;Monto\n01/02/2024;"123;10,00\n'));
    expect(error.code).toBe("STATEMENT_UNREADABLE");
    expect(error.message).toBe(
      "El archivo no se puede leer como CSV (línea 2): descárgalo de nuevo del banco.",
    );
  });

  it(`more than ${MAX_STATEMENT_ROWS} rows: STATEMENT_TOO_LARGE; exactly that many is fine`, async () => {
    const header = "Fecha;Referencia;Monto\n";
    const line = "01/02/2024;123456;10,00\n";
    const error = await refusal(Buffer.from(header + line.repeat(MAX_STATEMENT_ROWS)));
    expect(error.code).toBe("STATEMENT_TOO_LARGE");
    expect(error.message).toMatch(/más de 50\.000 filas/);
    const grid = await readStatementFile(
      Buffer.from(`${header}${line.repeat(MAX_STATEMENT_ROWS - 1)}\n\n\n`),
      "m.csv",
    );
    expect(grid.rows.length).toBe(MAX_STATEMENT_ROWS);
  });
});

describe("readStatementFile decodes and splits text", () => {
  it("decodes Windows-1252, including the characters of bytes 0x80–0x9F", async () => {
    const file = encodeWindows1252("Fecha;Descripción;Monto\n01/02/2024;“PAGO” – Ñandú €;1,00\n");
    const grid = await readStatementFile(file, "m.csv");
    expect(grid.encoding).toBe("windows-1252");
    expect(grid.rows).toEqual([
      ["Fecha", "Descripción", "Monto"],
      ["01/02/2024", "“PAGO” – Ñandú €", "1,00"],
    ]);
  });

  it("decodes UTF-8 with and without BOM, the BOM not being part of the first cell", async () => {
    for (const bom of [true, false]) {
      const file = statementCsv("venezuela", randomMovements(3, 1), { bom });
      const grid = await readStatementFile(file, "m.csv");
      expect(grid.encoding).toBe("utf-8");
      expect(grid.rows[0]).toEqual(["Banco de Venezuela"]);
      expect(grid.rows[2]?.[1]).toBe("Número de Referencia");
    }
  });

  it("honours the encoding and delimiter the organiser chose", async () => {
    const file = Buffer.from("Fecha|Descripción|Monto\n01/02/2024|Pago; móvil|1,00\n");
    expect((await readStatementFile(file, "m.txt")).delimiter).toBe("|");
    const forced = await readStatementFile(file, "m.txt", { encoding: "windows-1252", delimiter: ";" });
    expect(forced).toMatchObject({ encoding: "windows-1252", delimiter: ";" });
    expect(forced.rows[1]).toEqual(["01/02/2024|Pago", "mÃ³vil|1,00"]);
  });

  it.each([
    [
      ";",
      "Fecha;Referencia;Descripción;Monto\n01/02/2024;123;Pago, rifa;1.234,56\n02/02/2024;124;Otro;2,00\n",
    ],
    [",", 'Fecha,Referencia,Monto\n01/02/2024,123,"1.234,56"\n02/02/2024,124,"2,00"\n'],
    ["\t", "Cuenta 0102\nFecha\tReferencia\tMonto\n01/02/2024\t123\t1.234,56\n02/02/2024\t124\t2,00\n"],
    ["|", "Fecha|Referencia|Monto\n01/02/2024|123|1.234,56\n02/02/2024|124|2,00\n"],
  ])("detects the %j delimiter", async (delimiter, text) => {
    const grid = await readStatementFile(Buffer.from(text), "m.csv");
    expect(grid.delimiter).toBe(delimiter);
    expect(grid.rows.at(-1)).toEqual([
      "02/02/2024",
      "124",
      ...(text.includes("Otro") ? ["Otro"] : []),
      "2,00",
    ]);
  });

  it("follows Excel's sep= line", async () => {
    const grid = await readStatementFile(
      Buffer.from("sep=|\r\nFecha|Ref|Monto\r\n01/02/2024|1,2,3;4|5,00\r\n"),
      "m.csv",
    );
    expect(grid.delimiter).toBe("|");
    expect(grid.rows).toEqual([
      ["sep=", ""],
      ["Fecha", "Ref", "Monto"],
      ["01/02/2024", "1,2,3;4", "5,00"],
    ]);
  });

  it("keeps blank lines as rows so indexes are the file's rows, and trims cells", async () => {
    const grid = await readStatementFile(
      Buffer.from("Banco\n\nFecha ; Monto \n\n01/02/2024; 1,00\n\n\n"),
      "m.csv",
    );
    expect(grid.rows).toEqual([["Banco"], [""], ["Fecha", "Monto"], [""], ["01/02/2024", "1,00"]]);
  });

  it("reads an XLSX by its content whatever its name", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Hoja1");
    sheet.addRow(["Fecha", "Referencia", "Monto"]);
    sheet.addRow([new Date(Date.UTC(2024, 1, 29)), 34_600_000_123, 1234.5]);
    sheet.addRow([{ formula: "A2+1", result: new Date(Date.UTC(2024, 2, 1)) }, 2 ** 60, 0.1 + 0.2]);
    sheet.addRow([{ text: "2024-03-02", hyperlink: "https://example.com" }, { error: "#N/A" }, true]);
    const grid = await readStatementFile(
      Buffer.from((await workbook.xlsx.writeBuffer()) as ArrayBuffer),
      "m.csv",
    );
    expect(grid.kind).toBe("xlsx");
    expect(grid.rows).toEqual([
      ["Fecha", "Referencia", "Monto"],
      ["2024-02-29", "34600000123", "1234.5"],
      // Beyond 2^53 the digits are not the bank's any more: written so that the reference is refused.
      ["2024-03-01", "1.152921504606847E+18", "0.3"],
      ["2024-03-02", "#N/A", "VERDADERO"],
    ]);
  });
});
