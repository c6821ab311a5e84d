import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../test/admin-fixtures";
import { insertProof } from "../../../test/fixtures";
import { createUser } from "../../../test/helpers";
import {
  BANK_EXPORT_MAPPING,
  bankExportCsv,
  CSV_LAYOUTS,
  expectedStatement,
  statementCsv as layoutCsv,
  randomMovements,
  statementXlsx,
} from "../../../test/statement-fixtures";
import { auditLog, bankMappings, bankMovements, bankStatements } from "../../db/schema";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;

const MAPPING = BANK_EXPORT_MAPPING;

/** Today and the days before it, in Caracas, as DD/MM/YYYY. */
function day(offset = 0): string {
  const d = new Date(Date.now() - 4 * 3_600_000 - offset * 86_400_000);
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
}

type Line = [date: string, reference: string, description: string, amount: string];

/** The bank's CSV export holding the lines, for the last week, every balance 1.000.000,00. */
function statementCsv(lines: Line[]): Buffer {
  return bankExportCsv(
    lines.map((line) => [...line, "1.000.000,00"]),
    { period: `${day(7)} al ${day(0)}`, total: "9.999,99" },
  );
}

function upload(file: Buffer, filename: string, cookie = ctx.admin.cookie, bankId?: string) {
  const boundary = `----rifazo${randomInt(1e9)}`;
  const parts: Buffer[] = [];
  if (bankId) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="bankId"\r\n\r\n${bankId}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return ctx.t.app.inject({
    method: "POST",
    url: "/api/admin/statements",
    headers: { ...(cookie ? { cookie } : {}), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

const preview = (id: string, mapping: unknown = MAPPING, bankName?: string) =>
  call(ctx.t, "POST", `/api/admin/statements/${id}/preview`, ctx.admin.cookie, { mapping, bankName });
const importIt = (
  id: string,
  bankName = "Banco de Venezuela",
  skipUnreadable = false,
  mapping: unknown = MAPPING,
) =>
  call(ctx.t, "POST", `/api/admin/statements/${id}/import`, ctx.admin.cookie, {
    bankName,
    mapping,
    skipUnreadable,
  });

async function counts() {
  const [statements] = await db().select({ n: sql<number>`count(*)::int` }).from(bankStatements);
  const [movements] = await db().select({ n: sql<number>`count(*)::int` }).from(bankMovements);
  const [mappings] = await db().select({ n: sql<number>`count(*)::int` }).from(bankMappings);
  return { statements: statements?.n, movements: movements?.n, mappings: mappings?.n };
}

async function uploaded(file: Buffer, filename = "movimientos.csv") {
  const response = await upload(file, filename);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { statementId: string; proposed: unknown; rows: string[][]; totalRows: number };
}

describe("guardia de extractos", () => {
  it("401 visitante y 403 usuario al subir, previsualizar, importar y descargar; nada se guarda", async () => {
    const before = await counts();
    const file = statementCsv([[day(), "0102000111", "PAGO MOVIL", "100,00"]]);
    const visitor = await upload(file, "a.csv", "");
    expect(visitor.statusCode).toBe(401);
    const user = await upload(file, "a.csv", ctx.user.cookie);
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe("ADMIN_ONLY");
    expect(await counts()).toEqual(before);
    const { statementId } = await uploaded(file);
    await expectAdminOnly(ctx, "POST", `/api/admin/statements/${statementId}/preview`, { mapping: MAPPING });
    await expectAdminOnly(ctx, "POST", `/api/admin/statements/${statementId}/import`, {
      bankName: "X",
      mapping: MAPPING,
    });
    await expectAdminOnly(ctx, "GET", `/api/admin/statements/${statementId}/file`);
    const download = await call(ctx.t, "GET", `/api/admin/statements/${statementId}/file`, ctx.admin.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers["cache-control"]).toBe("private, no-store");
    expect(download.headers["content-disposition"]).toContain("attachment");
    expect(download.rawPayload.equals(file)).toBe(true);
  });
});

describe("subir, previsualizar, importar, conciliar y aprobar", () => {
  it("de punta a punta con un CSV pequeño; el mismo extracto dos veces no agrega nada", async () => {
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa del Extracto", totalTickets: 100 });
    const buyer = await createUser(ctx.t.app, { fullName: "María Pérez" });
    const proof = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      paymentMethod: "pago_movil",
      currency: "VES",
      exchangeRate: 40,
      amount: 1194.56,
      transactionRef: "345678",
    });
    const file = statementCsv([
      [day(1), "0102345678", "PAGO MOVIL DE MARIA", "1.194,56"],
      [day(1), "0102999000", "PAGO MOVIL", "250,00"],
      [day(2), "0102999001", "COMISION", "-5,00"],
    ]);
    const up = await uploaded(file);
    expect(up.totalRows).toBeGreaterThanOrEqual(6);
    expect(up.rows[2]?.[0]).toBe("Fecha");

    const p = await preview(up.statementId);
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().counts).toMatchObject({ movements: 2, problems: 0, alreadyImported: 0 });
    expect(p.json().movements[0]).toMatchObject({ reference: "0102345678", amount: 1194.56 });

    const imported = await importIt(up.statementId);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({
      statementId: up.statementId,
      imported: 2,
      duplicates: 0,
      problems: 0,
    });
    // Importing the same statement again answers the same and writes nothing.
    expect((await importIt(up.statementId)).json()).toMatchObject({ imported: 2, duplicates: 0 });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, up.statementId));
    expect(audit).toMatchObject({ action: "statement.import", actorId: ctx.admin.id });

    const list = await call(ctx.t, "GET", "/api/admin/statements", ctx.admin.cookie);
    expect(list.json()[0]).toMatchObject({
      id: up.statementId,
      bankName: "Banco de Venezuela",
      status: "imported",
      importedCount: 2,
      uploadedBy: { id: ctx.admin.id, name: "Admin Rifazo" },
      fileUrl: `/api/admin/statements/${up.statementId}/file`,
    });
    const banks = (await call(ctx.t, "GET", "/api/admin/bank-mappings", ctx.admin.cookie)).json();
    const bank = banks.find((b: { name: string }) => b.name === "Banco de Venezuela");
    expect(bank.mapping).toMatchObject({ headerRow: 2, reference: 1, decimal: "," });

    // The same file uploaded again, with the bank chosen: its remembered mapping, 0 new movements.
    const again = await upload(file, "otra-vez.csv", ctx.admin.cookie, bank.id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().proposed).toEqual(bank.mapping);
    const secondId = again.json().statementId;
    expect((await preview(secondId)).json().counts.alreadyImported).toBe(2);
    expect((await importIt(secondId, "banco de venezuela")).json()).toMatchObject({
      imported: 0,
      duplicates: 2,
    });
    expect(
      (await db().select().from(bankMappings)).filter((m) => m.name.toLowerCase() === "banco de venezuela"),
    ).toHaveLength(1);

    const rec = await call(ctx.t, "GET", `/api/admin/reconciliation?raffleId=${raffleId}`, ctx.admin.cookie);
    const row = rec.json().rows.find((r: { proofId: string }) => r.proofId === proof.id);
    expect(row).toMatchObject({
      status: "matched",
      amountVes: 1194.56,
      movement: { reference: "0102345678", amount: 1194.56, bankName: "Banco de Venezuela" },
    });
    const approved = await call(ctx.t, "POST", "/api/admin/reconciliation/approve", ctx.admin.cookie, {
      proofIds: [proof.id],
      tolerance: 0,
    });
    expect(approved.json().approved).toHaveLength(1);
    expect(approved.json().approved[0].movementId).toBe(row.movement.id);
  });

  it("exportaciones que se solapan: solo entran los movimientos nuevos", async () => {
    const first = statementCsv([
      [day(3), "0105000001", "A", "10,00"],
      [day(2), "0105000002", "B", "20,00"],
      [day(1), "0105000003", "C", "30,00"],
    ]);
    const second = statementCsv([
      [day(2), "0105000002", "B", "20,00"],
      [day(1), "0105000003", "C", "30,00"],
      [day(0), "0105000004", "D", "40,00"],
    ]);
    const a = await uploaded(first);
    expect((await importIt(a.statementId, "Mercantil")).json()).toMatchObject({ imported: 3 });
    const b = await uploaded(second);
    expect((await preview(b.statementId, MAPPING, "MERCANTIL")).json().counts.alreadyImported).toBe(2);
    expect((await importIt(b.statementId, "Mercantil")).json()).toMatchObject({ imported: 1, duplicates: 2 });
  });

  it("archivo equivocado y archivo vacío: error claro en español y nada guardado", async () => {
    const before = await counts();
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 1, 2, 3,
    ]);
    const wrong = await upload(png, "foto.png");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("STATEMENT_UNREADABLE");
    expect(wrong.json().error.message).toMatch(/^[A-ZÁÉÍÓÚ¡]/);
    const empty = await upload(Buffer.alloc(0), "vacio.csv");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("STATEMENT_EMPTY");
    // Past the proofs' 5 MB the statement's own limits apply: too many rows (the parser), then 10 MB.
    const line = `${day(1)};0102345678;PAGO MOVIL RECIBIDO DE UN CLIENTE;1.194,56;1.000.000,00\r\n`;
    const rows = Math.ceil((6 * 1024 * 1024) / line.length);
    const tooManyRows = await upload(Buffer.from(line.repeat(rows)), "grande.csv");
    expect(tooManyRows.statusCode, tooManyRows.body).toBe(413);
    expect(tooManyRows.json().error.code).toBe("STATEMENT_TOO_LARGE");
    const tooBig = await upload(Buffer.alloc(11 * 1024 * 1024, 0x41), "enorme.csv");
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(tooBig.json().error.message).toContain("10 MB");
    const noFile = await call(ctx.t, "POST", "/api/admin/statements", ctx.admin.cookie, {});
    expect(noFile.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("filas ilegibles: 422 con cuántas, nada escrito; con skipUnreadable entra el resto", async () => {
    const file = statementCsv([
      [day(1), "0108000001", "BIEN", "10,00"],
      ["32/13/2026", "0108000002", "FECHA MALA", "20,00"],
      [day(1), "0108000003", "MONTO MALO", "veinte"],
      [day(0), "0108000004", "BIEN", "40,00"],
    ]);
    const up = await uploaded(file);
    const p = (await preview(up.statementId)).json();
    expect(p.counts).toMatchObject({ movements: 2, problems: 2 });
    expect(p.problems.map((problem: { cells: string[] }) => problem.cells[1])).toEqual([
      "0108000002",
      "0108000003",
    ]);
    const before = await counts();
    const refused = await importIt(up.statementId, "Banesco");
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({ code: "STATEMENT_UNREADABLE_ROWS" });
    expect(refused.json().error.message).toContain("2 filas");
    expect(await counts()).toEqual(before);
    const [draft] = await db().select().from(bankStatements).where(eq(bankStatements.id, up.statementId));
    expect(draft?.status).toBe("draft");
    const done = await importIt(up.statementId, "Banesco", true);
    expect(done.json()).toMatchObject({ imported: 2, problems: 2 });
  });

  it("una asignación sin abonos no importa nada", async () => {
    const up = await uploaded(statementCsv([[day(1), "0109000001", "CARGO", "-10,00"]]));
    const before = await counts();
    const response = await importIt(up.statementId, "Provincial");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("STATEMENT_EMPTY");
    expect(await counts()).toEqual(before);
  });

  it("cada diseño de banco (CSV y XLSX) se sube, se detecta y se importa por la API; miles de filas", async () => {
    const files: [string, string, Buffer, ReturnType<typeof expectedStatement>][] = [];
    CSV_LAYOUTS.forEach((layout, i) => {
      const movements = randomMovements(layout === "venezuela" ? 3000 : 200, 100 + i);
      files.push([
        layout,
        `${layout}.csv`,
        layoutCsv(layout, movements),
        expectedStatement(layout, movements),
      ]);
    });
    const xlsxMovements = randomMovements(200, 200);
    files.push([
      "mercantil",
      "mercantil.xlsx",
      await statementXlsx("mercantil", xlsxMovements),
      expectedStatement("mercantil", xlsxMovements),
    ]);
    for (const [layout, filename, file, expected] of files) {
      const up = await uploaded(file, filename);
      expect(up.proposed, `${layout}: asignación propuesta`).not.toBeNull();
      const p = await preview(up.statementId, up.proposed);
      expect(p.statusCode, p.body).toBe(200);
      expect(p.json().counts, layout).toMatchObject({
        movements: expected.credits.length,
        problems: expected.unreadable.length,
      });
      const done = await importIt(
        up.statementId,
        `Banco ${layout}`,
        expected.unreadable.length > 0,
        up.proposed,
      );
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().imported + done.json().duplicates, layout).toBe(expected.credits.length);
    }
  }, 120_000);
});
