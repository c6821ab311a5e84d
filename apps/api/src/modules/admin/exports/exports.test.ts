import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import { raffles, users } from "../../../db/schema";
import { csvCell, csvLine } from "./csv";
import { openExport, RAFFLES_EXPORT } from "./service";

const ctx = useAdminTest();

const db = () => ctx.t.app.ctx.db;
const BOM_BYTES = Buffer.from([0xef, 0xbb, 0xbf]);

/** Minimal RFC 4180 reader for the assertions. */
function parseCsv(text: string): string[][] {
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
    else if (c === ",") {
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

describe("csv", () => {
  it("comillas RFC 4180 y fórmulas neutralizadas", () => {
    expect(csvCell('Pérez, "Tito"')).toBe('"Pérez, ""Tito"""');
    expect(csvCell("línea 1\nlínea 2")).toBe('"línea 1\nlínea 2"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const start of ["+", "-", "@", "\t", "\r"])
      expect(csvCell(`${start}1`).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("Sí");
    expect(csvCell(new Date("2026-03-01T18:05:00Z"))).toBe("2026-03-01 14:05");
    expect(csvLine(["a", 1, null])).toBe("a,1,\r\n");
  });
});

describe("exportaciones", () => {
  it("401 y 403 en las tres", async () => {
    for (const file of ["users", "raffles", "proofs"])
      await expectAdminOnly(ctx, "GET", `/api/admin/exports/${file}.csv`);
  });

  it("sin datos responde 404 EMPTY_EXPORT", async () => {
    for (const file of ["raffles", "proofs"]) {
      const response = await call(ctx.t, "GET", `/api/admin/exports/${file}.csv`, ctx.admin.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: "EMPTY_EXPORT", message: "No hay datos para exportar." });
    }
  });

  it("usuarios: BOM, adjunto con su nombre, comillas y fórmulas neutralizadas", async () => {
    const tricky = await createUser(ctx.t.app, { fullName: '=HYPERLINK("http://evil","Pérez, Tito")' });
    const response = await call(ctx.t, "GET", "/api/admin/exports/users.csv", ctx.admin.cookie);
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
      transactionRef: "@REF-1",
      userNotes: "Pagué\nayer",
      quantityOfTickets: 2,
      amount: 5,
    });
    await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);

    const raffleCsv = await call(ctx.t, "GET", "/api/admin/exports/raffles.csv", ctx.admin.cookie);
    expect(raffleCsv.headers["content-disposition"]).toContain('filename="listado_rifas.csv"');
    const raffleRows = parseCsv(raffleCsv.rawPayload.subarray(3).toString("utf8"));
    expect(raffleRows[1]?.slice(1, 9)).toEqual([
      "'+Rifa, con coma",
      "Activa",
      "2.5",
      "USD",
      "10",
      "2",
      "0",
      "5",
    ]);

    const proofCsv = await call(ctx.t, "GET", "/api/admin/exports/proofs.csv", ctx.admin.cookie);
    expect(proofCsv.headers["content-disposition"]).toContain('filename="comprobantes_pago_rifazo.csv"');
    expect(proofCsv.rawPayload.subarray(0, 3).equals(BOM_BYTES)).toBe(true);
    const proofRows = parseCsv(proofCsv.rawPayload.subarray(3).toString("utf8"));
    const row = proofRows[1] as string[];
    expect(row[0]).toBe(proof.id);
    expect(row[4]).toBe("'+Rifa, con coma");
    expect(row[9]).toBe("'@REF-1");
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
