import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../test/admin-fixtures";
import { insertProof } from "../../../test/fixtures";
import { createUser } from "../../../test/helpers";
import { multipartBody } from "../../../test/multipart";
import {
  BANK_EXPORT_MAPPING,
  BANK_LAYOUTS,
  bankExportCsv,
  bankStatement,
  CSV_LAYOUTS,
  expectedStatement,
  statementCsv as layoutCsv,
  payrollCsv,
  randomMovements,
  statementXlsx,
} from "../../../test/statement-fixtures";
import { auditLog, bankMappings, bankMovements, bankStatements } from "../../db/schema";
import { sweepDraftStatements } from "./drafts";

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
  const body = multipartBody({ bankId }, { name: filename, type: "text/csv", data: file });
  return ctx.t.app.inject({
    method: "POST",
    url: "/api/admin/statements",
    headers: { ...(cookie ? { cookie } : {}), ...body.headers },
    payload: body.payload,
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

/** A Pago Móvil proof of the buyer in bolívares at 40 Bs. per dollar, as a statement line would match it. */
function pagoMovilProof(userId: string, raffleId: string, amount: number, transactionRef: string) {
  return insertProof(db(), {
    userId,
    raffleId,
    paymentMethod: "pago_movil",
    currency: "VES",
    exchangeRate: 40,
    amount,
    transactionRef,
  });
}

async function uploaded(file: Buffer, filename = "movimientos.csv") {
  const response = await upload(file, filename);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    statementId: string;
    proposed: Record<string, unknown> | null;
    remembered: { id: string; name: string } | null;
    detectedBank: { code: string; name: string; layout: string | null; evidence: string[] } | null;
    questions: string[];
    rows: string[][];
    totalRows: number;
  };
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
    const proof = await pagoMovilProof(buyer.id, raffleId, 1194.56, "345678");
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
    expect(again.json().proposed).toEqual({ ...bank.mapping, encoding: "utf-8", delimiter: ";" });
    expect(again.json().remembered).toEqual({ id: bank.id, name: "Banco de Venezuela" });
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

  it("un extracto sin abonos, o solo con los títulos, se importa con cero movimientos", async () => {
    // Before: 400 STATEMENT_EMPTY. A quiet period is a real statement: it is recorded, with nothing in it.
    const up = await uploaded(statementCsv([[day(1), "0109000001", "CARGO", "-10,00"]]));
    const before = await counts();
    const response = await importIt(up.statementId, "Provincial");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ imported: 0, duplicates: 0, problems: 0 });
    expect((await counts()).movements).toBe(before.movements);

    const { file, filename } = await bankStatement("bnc", []);
    const headerOnly = await uploaded(file, filename);
    expect(headerOnly.detectedBank).toMatchObject({ code: "0191", layout: "bnc-csv" });
    expect(headerOnly.proposed).toMatchObject({ headerRow: 4, reference: 2, amount: 4, type: 1 });
    const p = await preview(headerOnly.statementId, headerOnly.proposed);
    expect(p.json().counts).toMatchObject({ movements: 0, problems: 0 });
    const done = await importIt(headerOnly.statementId, "BNC", false, headerOnly.proposed);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ imported: 0 });
    const [row] = await db()
      .select()
      .from(bankStatements)
      .where(eq(bankStatements.id, headerOnly.statementId));
    expect(row).toMatchObject({ status: "imported", importedCount: 0 });
  });

  it("un archivo que no es un estado de cuenta (una nómina) se rechaza claro y no se guarda", async () => {
    const before = await counts();
    const response = await upload(payrollCsv(), "nomina.csv");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("STATEMENT_NOT_A_STATEMENT");
    expect(response.json().error.message).toMatch(/^Esto no parece un estado de cuenta/);
    expect(await counts()).toEqual(before);
  });

  it("referencias dañadas por una hoja de cálculo: entran marcadas, sin bloquear, y nunca se concilian solas", async () => {
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Dañada", totalTickets: 100 });
    const buyer = await createUser(ctx.t.app);
    const proof = await pagoMovilProof(buyer.id, raffleId, 321.45, "8.53E+10");
    const file = statementCsv([
      [day(1), "8.53E+10", "PAGO MOVIL", "321,45"],
      [day(1), "0102777001", "PAGO MOVIL", "50,00"],
    ]);
    const up = await uploaded(file);
    const p = (await preview(up.statementId)).json();
    expect(p.counts).toMatchObject({ movements: 2, problems: 0, damaged: 1 });
    expect(p.movements[0]).toMatchObject({ referenceRaw: "8.53E+10", referenceDamaged: true });
    // Before: the row was unreadable and blocked the import (422) unless it was dropped.
    const done = await importIt(up.statementId, "Banco Dañado");
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ imported: 2, problems: 0 });
    const stored = await db()
      .select()
      .from(bankMovements)
      .where(eq(bankMovements.statementId, up.statementId));
    expect(stored.map((m) => [m.referenceRaw, m.referenceDamaged]).sort()).toEqual([
      ["0102777001", false],
      ["8.53E+10", true],
    ]);
    const rec = await call(ctx.t, "GET", `/api/admin/reconciliation?raffleId=${raffleId}`, ctx.admin.cookie);
    expect(rec.json().rows.find((r: { proofId: string }) => r.proofId === proof.id)).toMatchObject({
      status: "no_movement",
      movement: null,
    });
  });

  it("Bancamiga: se detecta el banco y la referencia propuesta no es el contador «Nro.»", async () => {
    const movements = randomMovements(40, 72);
    const { file, filename } = await bankStatement("bancamiga", movements);
    const up = await uploaded(file, filename);
    expect(up.detectedBank).toMatchObject({ code: "0172", name: "Bancamiga", layout: "bancamiga-xlsx" });
    expect(up.detectedBank?.evidence).toContain("cuenta 0172…");
    expect(up.proposed).toMatchObject({ headerRow: 4, date: 1, reference: 2, credit: 5, debit: 4 });
    const p = (await preview(up.statementId, up.proposed)).json();
    const expected = expectedStatement("bancamiga", movements).credits;
    expect(p.counts.movements).toBe(expected.length);
    expect(p.movements[0].reference).toBe(expected[0]?.reference);
  });

  it("Mercantil sin fila de títulos (posicional, NC/ND): se propone y se importa", async () => {
    // 200 movements run past the 12th: the dates prove day first, no question.
    const movements = randomMovements(200, 73);
    const { file, filename } = await bankStatement("mercantil-posicional", movements);
    const up = await uploaded(file, filename);
    expect(up.detectedBank).toMatchObject({ code: "0105", layout: "mercantil-posicional" });
    expect(up.proposed).toMatchObject({
      hasHeader: false,
      headerRow: 0,
      date: 1,
      reference: 2,
      type: 4,
      amount: 5,
    });
    expect(up.questions).toEqual([]);
    const expected = expectedStatement("mercantil-posicional", movements).credits;
    const done = await importIt(up.statementId, "Mercantil TXT", false, up.proposed);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().imported).toBe(expected.length);
    // The same export again: its layout (no header, the same width) is remembered for the bank.
    const again = await uploaded((await bankStatement("mercantil-posicional", movements)).file, filename);
    expect(again.remembered?.name).toBe("Mercantil TXT");
    expect(again.proposed).toMatchObject({ hasHeader: false, type: 4, amount: 5 });
  });

  it("una asignación recordada se reutiliza solo si la fila de títulos es idéntica; un saldo como monto se marca y se rechaza", async () => {
    const movements = randomMovements(300, 74);
    const standard = layoutCsv("banesco", movements);
    const online = await bankStatement("banesco-online", movements);
    // Both Banesco layouts imported before under the same bank.
    const a = await uploaded(standard, "banesco.csv");
    expect(a.detectedBank).toMatchObject({ code: "0134", layout: "banesco-csv" });
    expect((await importIt(a.statementId, "Banesco", false, a.proposed)).statusCode).toBe(200);
    const b = await uploaded(online.file, online.filename);
    expect(b.detectedBank).toMatchObject({ code: "0134", layout: "banesco-online-xlsx" });
    expect(b.proposed).toMatchObject({ headerRow: 4, amount: 5, type: 4 });
    expect((await importIt(b.statementId, "Banesco", false, b.proposed)).statusCode).toBe(200);
    const banesco = (await call(ctx.t, "GET", "/api/admin/bank-mappings", ctx.admin.cookie))
      .json()
      .find((m: { name: string }) => m.name === "Banesco");

    // The standard export again, with the bank chosen: its own layout, not the last one imported.
    const again = await upload(standard, "banesco-2.csv", ctx.admin.cookie, banesco.id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().remembered).toEqual({ id: banesco.id, name: "Banesco" });
    expect(again.json().proposed).toMatchObject({ headerRow: 5, credit: 4, debit: 3, amount: null });
    expect(again.json().questions).toEqual([]);
    // Without choosing the bank: the remembered layout with exactly these titles.
    const guessed = await uploaded(standard, "banesco-3.csv");
    expect(guessed.remembered?.name).toBe("Banesco");
    expect(guessed.proposed).toMatchObject({ headerRow: 5, credit: 4 });

    // A bank that only knows the other layout: its mapping is not proposed, the organiser is asked.
    const c = await uploaded(online.file, online.filename);
    expect((await importIt(c.statementId, "Banesco Online", false, c.proposed)).statusCode).toBe(200);
    const onlineBank = (await call(ctx.t, "GET", "/api/admin/bank-mappings", ctx.admin.cookie))
      .json()
      .find((m: { name: string }) => m.name === "Banesco Online");
    const asked = await upload(standard, "banesco-4.csv", ctx.admin.cookie, onlineBank.id);
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().remembered).toBeNull();
    expect(asked.json().questions).toEqual([
      expect.stringMatching(/no tiene los mismos títulos.*«Banesco Online»/),
    ]);
    expect(asked.json().proposed).toMatchObject({ headerRow: 5, credit: 4, debit: 3 });

    // Read with the other layout's columns anyway (amount = column F, the balance): flagged, and refused.
    const wrong = onlineBank.mapping;
    const flagged = (await preview(asked.json().statementId, wrong)).json();
    expect(flagged.warnings).toEqual([expect.stringMatching(/columna F parecen un saldo acumulado/)]);
    const before = await counts();
    const refused = await importIt(asked.json().statementId, "Banesco Online", true, wrong);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("STATEMENT_BALANCE_AS_AMOUNT");
    expect(await counts()).toEqual(before);
    // The right columns: no warning, and the credits of the file.
    const right = (await preview(asked.json().statementId, asked.json().proposed)).json();
    expect(right.warnings).toEqual([]);
    expect(right.counts.movements).toBe(expectedStatement("banesco", movements).credits.length);
  }, 60_000);

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
    for (const [i, layout] of BANK_LAYOUTS.entries()) {
      const movements = randomMovements(200, 300 + i);
      const { file, filename } = await bankStatement(layout, movements);
      files.push([layout, filename, file, expectedStatement(layout, movements)]);
    }
    for (const [layout, filename, file, expected] of files) {
      const up = await uploaded(file, filename);
      expect(up.proposed, `${layout}: asignación propuesta`).not.toBeNull();
      expect(up.detectedBank, `${layout}: banco detectado`).not.toBeNull();
      const p = await preview(up.statementId, up.proposed);
      expect(p.statusCode, p.body).toBe(200);
      expect(p.json().counts, layout).toMatchObject({
        movements: expected.credits.length,
        problems: 0,
        damaged: expected.damaged.length,
      });
      expect(p.json().warnings, layout).toEqual([]);
      const done = await importIt(up.statementId, `Banco ${layout}`, false, up.proposed);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().imported + done.json().duplicates, layout).toBe(expected.credits.length);
      // The same export again, no bank chosen: a remembered layout with exactly its titles (or, without
      // titles, its width) is proposed with the same columns, and reads the same credits.
      const again = await uploaded(file, filename);
      expect(again.remembered, `${layout}: recordada`).not.toBeNull();
      const columns = ["headerRow", "hasHeader", "date", "reference", "amount", "credit", "debit", "type"];
      const pick = (m: Record<string, unknown> | null) =>
        Object.fromEntries(columns.map((key) => [key, m?.[key]]));
      expect(pick(again.proposed), layout).toEqual(pick(up.proposed));
      expect((await preview(again.statementId, again.proposed)).json().counts.movements, layout).toBe(
        expected.credits.length,
      );
    }
  }, 180_000);
});

describe("extractos sin importar", () => {
  it("el organizador descarta uno sin importar (fila, archivo y auditoría); uno importado queda", async () => {
    const file = statementCsv([[day(), "0102000999", "PAGO MOVIL", "55,00"]]);
    const { statementId: draft } = await uploaded(file, "equivocado.csv");
    await expectAdminOnly(ctx, "DELETE", `/api/admin/statements/${draft}`);
    const [row] = await db().select().from(bankStatements).where(eq(bankStatements.id, draft));
    expect(await ctx.t.app.ctx.storage.get(row?.storageKey as string)).not.toBeNull();

    const discarded = await call(ctx.t, "DELETE", `/api/admin/statements/${draft}`, ctx.admin.cookie);
    expect(discarded.statusCode, discarded.body).toBe(204);
    expect(await db().select().from(bankStatements).where(eq(bankStatements.id, draft))).toEqual([]);
    expect(await ctx.t.app.ctx.storage.get(row?.storageKey as string)).toBeNull();
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, draft));
    expect(audit).toMatchObject({ action: "statement.discard", actorId: ctx.admin.id });

    const again = await call(ctx.t, "DELETE", `/api/admin/statements/${draft}`, ctx.admin.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe("STATEMENT_NOT_FOUND");
    expect((await call(ctx.t, "DELETE", "/api/admin/statements/nope", ctx.admin.cookie)).statusCode).toBe(
      404,
    );

    const { statementId: kept } = await uploaded(
      statementCsv([[day(), "0102000998", "PAGO MOVIL", "56,00"]]),
    );
    expect((await importIt(kept)).statusCode).toBe(200);
    const refused = await call(ctx.t, "DELETE", `/api/admin/statements/${kept}`, ctx.admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "STATEMENT_IMPORTED",
      message: "Un extracto importado queda como registro de la conciliación: no se puede descartar.",
    });
    expect(await db().select().from(bankStatements).where(eq(bankStatements.id, kept))).toHaveLength(1);
  });

  it("los que siguen sin importar a los 7 días se descartan solos; los recientes y los importados no", async () => {
    const { statementId: old } = await uploaded(statementCsv([[day(), "0102000997", "PAGO MOVIL", "57,00"]]));
    const { statementId: recent } = await uploaded(
      statementCsv([[day(), "0102000996", "PAGO MOVIL", "58,00"]]),
    );
    const { statementId: imported } = await uploaded(
      statementCsv([[day(), "0102000995", "PAGO MOVIL", "59,00"]]),
    );
    expect((await importIt(imported)).statusCode).toBe(200);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await db()
      .update(bankStatements)
      .set({ createdAt: eightDaysAgo })
      .where(sql`${bankStatements.id} IN (${old}, ${imported})`);
    const [oldRow] = await db().select().from(bankStatements).where(eq(bankStatements.id, old));

    expect(await sweepDraftStatements(ctx.t.app.ctx)).toBe(1);
    const left = (await db().select({ id: bankStatements.id }).from(bankStatements)).map((r) => r.id);
    expect(left).not.toContain(old);
    expect(left).toEqual(expect.arrayContaining([recent, imported]));
    expect(await ctx.t.app.ctx.storage.get(oldRow?.storageKey as string)).toBeNull();
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, old));
    expect(audit).toMatchObject({ action: "statement.discard", actorId: null });
    expect(await sweepDraftStatements(ctx.t.app.ctx)).toBe(0);
  });
});
