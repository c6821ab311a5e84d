import { inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import { raffles, users } from "../../../db/schema";
import { type ColumnType, CSV_DIALECTS, type CsvValue, csvCell, csvLine } from "./csv";
import { openExport, RAFFLES_EXPORT } from "./service";

const ctx = useAdminTest();

const db = () => ctx.t.app.ctx.db;
const adminGet = (url: string) => call(ctx.t, "GET", url, ctx.admin.cookie);
const BOM_BYTES = Buffer.from([0xef, 0xbb, 0xbf]);

/** Minimal RFC 4180 reader for the assertions (comma, or the semicolon of the Excel variant). */
function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

const excel = CSV_DIALECTS["excel-csv"];
const excelCsvCell = (value: CsvValue, type?: ColumnType) => csvCell(value, excel, type);

describe("csv", () => {
  it("comillas RFC 4180 en todo texto y fórmulas neutralizadas", () => {
    expect(csvCell('Pérez, "Tito"')).toBe('"Pérez, ""Tito"""');
    expect(csvCell("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvCell("Ana")).toBe('"Ana"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ["+", "-", "@", "\t", "\r"])
      expect(csvCell(`${start}1`).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe('"Sí"');
    expect(csvCell(new Date("2026-03-01T18:05:00Z"))).toBe("2026-03-01 14:05");
    expect(csvLine(["a", 1, null])).toBe('"a",1,\r\n');
  });
});

describe("csv para Excel en español", () => {
  it("punto y coma, coma decimal sin miles, fechas dd/mm/aaaa hh:mm, comillas y fórmulas neutralizadas", () => {
    expect(excelCsvCell(1194.56, "money")).toBe("1194,56");
    expect(excelCsvCell(1234567.5, "money")).toBe("1234567,50");
    expect(excelCsvCell(2.5)).toBe("2,5");
    expect(excelCsvCell(36.1234, "rate")).toBe("36,1234");
    expect(excelCsvCell(-5, "int")).toBe("-5");
    expect(excelCsvCell(new Date("2026-03-01T18:05:00Z"))).toBe("01/03/2026 14:05");
    expect(excelCsvCell(false)).toBe('"No"');
    expect(excelCsvCell("a;b")).toBe('"a;b"');
    expect(excelCsvCell("a,b")).toBe('"a,b"');
    expect(excelCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    for (const start of ["+", "-", "@", "\t", "\r"])
      expect(excelCsvCell(`${start}1`).replace(/^"/, "")).toMatch(/^'/);
    expect(csvLine(["a", 1.5, null], excel, ["text", "money"])).toBe('"a";1,50;\r\n');
  });
});

describe("exportaciones", () => {
  it("401 y 403 en las tres y en cada formato", async () => {
    for (const file of ["users", "raffles", "proofs"]) {
      await expectAdminOnly(ctx, "GET", `/api/admin/exports/${file}.csv`);
      await expectAdminOnly(ctx, "GET", `/api/admin/exports/${file}.csv?variant=excel`);
      await expectAdminOnly(ctx, "GET", `/api/admin/exports/${file}.xlsx`);
    }
  });

  it("una variante desconocida es un 400", async () => {
    const response = await adminGet("/api/admin/exports/users.csv?variant=libre");
    expect(response.statusCode).toBe(400);
  });

  it("sin datos responde 404 EMPTY_EXPORT", async () => {
    for (const file of ["raffles.csv", "proofs.csv", "raffles.csv?variant=excel", "proofs.xlsx"]) {
      const response = await adminGet(`/api/admin/exports/${file}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: "EMPTY_EXPORT", message: "No hay datos para exportar." });
    }
  });

  it("usuarios: BOM, adjunto con su nombre, comillas y fórmulas neutralizadas", async () => {
    const tricky = await createUser(ctx.t.app, { fullName: '=HYPERLINK("http://evil","Pérez, Tito")' });
    const response = await adminGet("/api/admin/exports/users.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      "attachment; filename=\"listado_usuarios_rifazo.csv\"; filename*=UTF-8''listado_usuarios_rifazo.csv",
    );
    expect(response.rawPayload.subarray(0, 3).equals(BOM_BYTES)).toBe(true);
    const rows = parseCsv(response.rawPayload.subarray(3).toString("utf8"));
    expect(rows[0]?.[0]).toBe("ID");
    expect(rows[0]).toContain("Boletos Comprados");
    const row = rows.find((r) => r[0] === tricky.id);
    expect(row?.[1]).toBe('\'=HYPERLINK("http://evil","Pérez, Tito")');
    expect(rows).toHaveLength(1 + 3);
  });

  it("rifas y comprobantes con los nombres del spec", async () => {
    const { id: raffleId } = await createRaffle(ctx, {
      title: "+Rifa, con coma",
      totalTickets: 10,
      price: 2.5,
    });
    const proof = await insertProof(db(), {
      userId: ctx.user.id,
      raffleId,
      // A bank reference's key is its number (decision 0022): apart from the other test's "-REF-1".
      transactionRef: "@REF-901",
      userNotes: "Pagué\nayer",
      quantityOfTickets: 2,
      amount: 5,
    });
    await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);

    const raffleCsv = await adminGet("/api/admin/exports/raffles.csv");
    expect(raffleCsv.headers["content-disposition"]).toContain('filename="listado_rifas.csv"');
    const raffleRows = parseCsv(raffleCsv.rawPayload.subarray(3).toString("utf8"));
    expect(raffleRows[1]?.slice(1, 9)).toEqual([
      "'+Rifa, con coma",
      "En venta",
      "2.5",
      "USD",
      "10",
      "2",
      "0",
      "5",
    ]);

    const proofCsv = await adminGet("/api/admin/exports/proofs.csv");
    expect(proofCsv.headers["content-disposition"]).toContain('filename="comprobantes_pago_rifazo.csv"');
    expect(proofCsv.rawPayload.subarray(0, 3).equals(BOM_BYTES)).toBe(true);
    const proofRows = parseCsv(proofCsv.rawPayload.subarray(3).toString("utf8"));
    const row = proofRows[1] as string[];
    expect(row[0]).toBe(proof.id);
    expect(row[4]).toBe("'+Rifa, con coma");
    expect(row[9]).toBe("'@REF-901");
    expect(row[11]).toBe("Aprobado");
    expect(row[12]?.split(" ")).toHaveLength(2);
    expect(row[13]).toBe("Pagué\nayer");
  });

  it("recorre todo por lotes (keyset) sin repetir ni saltar filas, también con fechas empatadas", async () => {
    const created: string[] = [];
    for (let i = 0; i < 7; i++)
      created.push((await createRaffle(ctx, { title: `Lote ${i}`, totalTickets: 1 })).id);
    // Three rows share the same created_at: the id breaks the tie.
    await db()
      .update(raffles)
      .set({ createdAt: new Date("2031-01-01T00:00:00.123456Z") })
      .where(inArray(raffles.id, created.slice(0, 3)));
    const stream = await openExport(db(), ctx.t.app.log, RAFFLES_EXPORT, 2);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const rows = parseCsv(Buffer.concat(chunks).subarray(3).toString("utf8")).slice(1);
    const ids = rows.map((r) => r[0]);
    expect(new Set(ids).size).toBe(ids.length);
    const all = await db().select({ id: raffles.id }).from(raffles);
    expect(ids.sort()).toEqual(all.map((r) => r.id).sort());
    expect(chunks.length).toBeGreaterThan(4);
  });

  it("los usuarios también se exportan por lotes", async () => {
    const extra = await Promise.all(Array.from({ length: 5 }, () => createUser(ctx.t.app)));
    const { USERS_EXPORT } = await import("./service");
    const stream = await openExport(db(), ctx.t.app.log, USERS_EXPORT, 2);
    let text = "";
    for await (const chunk of stream) text += (chunk as Buffer).toString("utf8");
    const ids = parseCsv(text.slice(1))
      .slice(1)
      .map((r) => r[0]);
    const all = await db().select({ id: users.id }).from(users);
    expect(ids.sort()).toEqual(all.map((u) => u.id).sort());
    expect(ids).toEqual(expect.arrayContaining(extra.map((u) => u.id)));
  });
});

describe("formatos para hojas de cálculo", () => {
  let calls = 0;
  async function tricky() {
    calls++;
    const { id: raffleId } = await createRaffle(ctx, {
      title: "=Rifa; con punto y coma",
      totalTickets: 10,
      price: 1194.56,
      currency: "VES",
    });
    const proof = await insertProof(db(), {
      userId: ctx.user.id,
      raffleId,
      transactionRef: `-REF-${calls}`,
      amount: 2389.12,
      currency: "VES",
      exchangeRate: 36.4567,
      quantityOfTickets: 2,
      createdAt: new Date("2026-03-01T18:05:00Z"),
    });
    return { raffleId, proof };
  }

  it("CSV para Excel: BOM, CRLF, punto y coma, coma decimal, fechas dd/mm/aaaa y fórmulas neutralizadas", async () => {
    const { raffleId, proof } = await tricky();
    const raffleCsv = await adminGet("/api/admin/exports/raffles.csv?variant=excel");
    expect(raffleCsv.statusCode).toBe(200);
    expect(raffleCsv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(raffleCsv.headers["content-disposition"]).toContain('filename="listado_rifas_excel.csv"');
    expect(raffleCsv.rawPayload.subarray(0, 3).equals(BOM_BYTES)).toBe(true);
    const text = raffleCsv.rawPayload.subarray(3).toString("utf8");
    expect(text.startsWith(`"ID";"Título";"Estado";"Precio";`)).toBe(true);
    expect(text.split("\r\n").length).toBeGreaterThan(2);
    expect(text.replaceAll("\r\n", "")).not.toContain("\n");
    const row = parseCsv(text, ";").find((r) => r[0] === raffleId) as string[];
    expect(row.slice(1, 9)).toEqual([
      "'=Rifa; con punto y coma",
      "En venta",
      "1194,56",
      "VES",
      "10",
      "0",
      "2",
      "0,00",
    ]);
    expect(row[16]).toBe("01/06/2030 16:00");
    expect(text).toContain('"\'=Rifa; con punto y coma"');

    const proofCsv = await adminGet("/api/admin/exports/proofs.csv?variant=excel");
    expect(proofCsv.headers["content-disposition"]).toContain(
      'filename="comprobantes_pago_rifazo_excel.csv"',
    );
    const proofRow = parseCsv(proofCsv.rawPayload.subarray(3).toString("utf8"), ";").find(
      (r) => r[0] === proof.id,
    ) as string[];
    expect(proofRow.slice(1, 10)).toEqual([
      "01/03/2026 14:05",
      "Usuario Normal",
      ctx.user.email,
      "'=Rifa; con punto y coma",
      "2389,12",
      "VES",
      "36,4567",
      "Pago Móvil",
      "'-REF-1",
    ]);
  });

  it("XLSX: celdas con tipo, encabezado en negrita y fijo, texto neutralizado", async () => {
    const { raffleId, proof } = await tricky();
    const response = await adminGet("/api/admin/exports/proofs.xlsx");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers["content-disposition"]).toContain('filename="comprobantes_pago_rifazo.xlsx"');
    expect(response.rawPayload.subarray(0, 2).toString("latin1")).toBe("PK");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Comprobantes");
    if (!sheet) throw new Error("sin hoja Comprobantes");
    expect(sheet.getRow(1).getCell(1).value).toBe("ID");
    expect(sheet.getRow(1).getCell(6).value).toBe("Monto");
    expect(sheet.getRow(1).font?.bold ?? sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === proof.id) found = row;
    });
    if (!found) throw new Error("fila del comprobante no encontrada");
    const date = found.getCell(2);
    expect(date.value).toBeInstanceOf(Date);
    // Venezuelan wall-clock time (14:05 at UTC−4), as the CSV writes it.
    expect((date.value as Date).toISOString()).toBe("2026-03-01T14:05:00.000Z");
    expect(date.numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(found.getCell(5).value).toBe("'=Rifa; con punto y coma");
    expect(found.getCell(6).value).toBe(2389.12);
    expect(found.getCell(6).numFmt).toBe("#,##0.00");
    expect(found.getCell(8).value).toBe(36.4567);
    expect(found.getCell(10).value).toBe("'-REF-2");
    expect(found.getCell(11).value).toBe(2);
    expect(typeof found.getCell(11).value).toBe("number");

    const raffles = await adminGet("/api/admin/exports/raffles.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(raffles.rawPayload as unknown as ArrayBuffer);
    const raffleSheet = book.getWorksheet("Rifas");
    let raffleRow: ExcelJS.Row | undefined;
    raffleSheet?.eachRow((row) => {
      if (row.getCell(1).value === raffleId) raffleRow = row;
    });
    if (!raffleRow) throw new Error("fila de la rifa no encontrada");
    expect(raffleRow.getCell(4).value).toBe(1194.56);
    expect(raffleRow.getCell(6).value).toBe(10);
    expect(raffleRow.getCell(18).value).toBe("No");
    expect((raffleRow.getCell(17).value as Date).toISOString()).toBe("2030-06-01T16:00:00.000Z");
  });

  it("XLSX por lotes: todas las filas, sin repetir", async () => {
    const { USERS_EXPORT } = await import("./service");
    const stream = await openExport(db(), ctx.t.app.log, USERS_EXPORT, 2, "xlsx");
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ids: string[] = [];
    workbook.getWorksheet("Usuarios")?.eachRow((row, n) => {
      if (n > 1) ids.push(String(row.getCell(1).value));
    });
    const all = await db().select({ id: users.id }).from(users);
    expect(ids.sort()).toEqual(all.map((u) => u.id).sort());
  });
});
