import { DEFAULT_REJECT_TEMPLATES, type ProofOcr, quotePurchase } from "@rifazo/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  adminEventsAbout,
  call,
  createRaffle,
  expectAdminOnly,
  useAdminTest,
} from "../../../../test/admin-fixtures";
import { insertProof } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import { auditLog, events, reservations, users } from "../../../db/schema";
import { isVisibleTo } from "../../events/service";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
const day = (d: number) => new Date(Date.UTC(2026, 1, d, 12));

async function insertReservation(raffleId: string, userId: string, rate: number | null) {
  const [row] = await db()
    .insert(reservations)
    .values({
      raffleId,
      userId,
      status: "submitted",
      quantity: 2,
      expiresAt: new Date(Date.now() + 3_600_000),
      unitPrice: 7.5,
      currency: "USD",
      pricing: quotePurchase({ quantity: 2, unitPrice: 7.5, currency: "USD" }),
      exchangeRate: rate,
    })
    .returning();
  if (!row) throw new Error("no reservation");
  return row;
}

function ocrOf(fields: Partial<ProofOcr["fields"]>): ProofOcr {
  return {
    fields: { reference: null, amount: null, currency: null, date: null, bank: null, ...fields },
    confidence: 80,
    text: "Pago Móvil exitoso",
    engine: "tesseract",
    ms: 900,
  };
}

type Item = { id: string; flags: string[] };
const ids = (body: { items: Item[] }) => body.items.map((p) => p.id);
const list = async (query: string) => {
  const response = await call(ctx.t, "GET", `/api/admin/proofs?${query}`, ctx.admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: (Item & Record<string, unknown>)[]; total: number };
};

/** One raffle with four proofs that each show one thing (the buyer's name is the file's search key). */
let scenarios = 0;

async function inboxScenario(name: string) {
  const buyer = await createUser(ctx.t.app, { fullName: name });
  await db().update(users).set({ phone: "0414-1234567" }).where(eq(users.id, buyer.id));
  const { id: raffleId } = await createRaffle(ctx, { totalTickets: 50 });
  const rate = 79.64;
  // A bank reference's key is its number (decision 0022): each scenario numbers its references apart.
  const series = String(++scenarios).padStart(3, "0");
  /** A proof of the buyer's, reference `<name>-<series><n>`, paying a reservation of its own at the frozen rate. */
  const reservedProof = async (
    n: string,
    values: Omit<Parameters<typeof insertProof>[1], "userId" | "raffleId">,
  ) =>
    insertProof(db(), {
      userId: buyer.id,
      raffleId,
      transactionRef: `${name}-${series}${n}`,
      reservationId: (await insertReservation(raffleId, buyer.id, rate)).id,
      ...values,
    });
  // 2 × 7,50 $ = 15 $ → 1.194,60 Bs at the frozen rate.
  const exact = await reservedProof("0001", {
    amount: 1194.6,
    currency: "VES",
    exchangeRate: rate,
    paymentMethod: "pago_movil",
    createdAt: day(2),
    analysisStatus: "done",
    ocr: ocrOf({ reference: `${name}-${series}0001`, amount: 1194.6, currency: "VES", bank: "Banesco" }),
  });
  const short = await reservedProof("0002", {
    amount: 1000,
    currency: "VES",
    exchangeRate: rate,
    paymentMethod: "transferencia",
    createdAt: day(1),
  });
  const misread = await reservedProof("0003", {
    amount: 15,
    currency: "USD",
    paymentMethod: "zelle",
    createdAt: day(3),
    analysisStatus: "done",
    ocr: ocrOf({ reference: "99998888", amount: 15, date: "2026-02-03" }),
  });
  const copy = await insertProof(db(), {
    userId: buyer.id,
    raffleId,
    amount: 10,
    currency: "USD",
    paymentMethod: "zelle",
    transactionRef: `${name}-${series}0004`,
    createdAt: day(4),
    nearDuplicateOf: exact.id,
    analysisStatus: "done",
  });
  return { buyer, raffleId, exact, short, misread, copy };
}

describe("bandeja de comprobantes: campos y marcas", () => {
  it("teléfono, monto esperado a la tasa congelada, análisis y marcas de cada comprobante", async () => {
    const s = await inboxScenario("Campos");
    const body = await list(`raffleId=${s.raffleId}&status=pending`);
    const byId = new Map(body.items.map((p) => [p.id, p]));

    expect(byId.get(s.exact.id)).toMatchObject({
      buyerPhone: "0414-1234567",
      expected: { amount: 1194.6, currency: "VES", exchangeRate: 79.64 },
      analysis: { status: "done", mismatches: [], nearDuplicateOf: null },
      flags: [],
    });
    expect(byId.get(s.exact.id)).toMatchObject({ analysis: { ocr: { fields: { bank: "Banesco" } } } });
    expect(byId.get(s.short.id)).toMatchObject({
      expected: { amount: 1194.6, currency: "VES" },
      analysis: { status: "pending", ocr: null, mismatches: [] },
      flags: ["amount_mismatch"],
    });
    expect(byId.get(s.misread.id)).toMatchObject({
      expected: { amount: 15, currency: "USD" },
      analysis: { mismatches: ["reference"] },
      flags: ["ocr_mismatch"],
    });
    // No reservation: nothing frozen to compare with.
    expect(byId.get(s.copy.id)).toMatchObject({
      expected: null,
      analysis: { nearDuplicateOf: s.exact.id },
      flags: ["near_duplicate"],
    });
  });

  it("una referencia repetida se marca duplicate_reference", async () => {
    const buyer = await createUser(ctx.t.app, { fullName: "Repetido" });
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 20 });
    const first = await insertProof(db(), { userId: buyer.id, raffleId, transactionRef: "REPE-77" });
    // One key (decision 0022): the second is live only as the copy the start-up step marked.
    const second = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      transactionRef: "repe-077",
      paymentMethod: "transferencia",
      duplicateReferenceOf: first.id,
    });
    const body = await list(`raffleId=${raffleId}&flag=duplicate_reference`);
    expect(ids(body).sort()).toEqual([first.id, second.id].sort());
    for (const item of body.items) expect(item.flags).toEqual(["duplicate_reference"]);
  });
  it("el filtro de referencia repetida marca lo mismo que cada fila: escrita dos veces, leída en otro recibo, no la propia", async () => {
    const buyer = await createUser(ctx.t.app, { fullName: "Repetida Lectura" });
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 20 });
    const proof = (transactionRef: string, extra: { status?: string; ocrReferenceKey?: null } = {}) =>
      insertProof(db(), { userId: buyer.id, raffleId, transactionRef, ...extra });
    // OCR read the proof's own typed reference: alone, it repeats nothing.
    const own = await proof("55510001", { ocrReferenceKey: null });
    await db().execute(sql`UPDATE payment_proofs SET ocr_reference_key = reference_key WHERE id = ${own.id}`);
    // The receipt of `reads` shows the reference `shown` typed: both are flagged.
    const shown = await proof("55520002");
    const reads = await proof("55530003");
    await db().execute(
      sql`UPDATE payment_proofs SET ocr_reference_key = ${shown.referenceKey} WHERE id = ${reads.id}`,
    );
    // Typed on two proofs (the second rejected: history counts too).
    const typed = await proof("55540004");
    const again = await proof("55540004", { status: "rejected" });
    const clean = await proof("55550005");
    const flagged = [shown.id, reads.id, typed.id, again.id].sort();

    const all = await list(`raffleId=${raffleId}`);
    expect(all.total).toBe(6);
    const byRow = all.items
      .filter((item) => item.flags.includes("duplicate_reference"))
      .map((item) => item.id);
    expect(byRow.sort()).toEqual(flagged);
    const filtered = await list(`raffleId=${raffleId}&flag=duplicate_reference`);
    expect(ids(filtered).sort()).toEqual(flagged);
    expect(filtered.total).toBe(4);
    expect(ids(filtered)).not.toContain(own.id);
    expect(ids(filtered)).not.toContain(clean.id);
  });
});

describe("bandeja de comprobantes: filtros y orden", () => {
  it("pendientes del más antiguo al más nuevo; el historial al revés; sort lo cambia", async () => {
    const s = await inboxScenario("Orden");
    const oldest = [s.short.id, s.exact.id, s.misread.id, s.copy.id];
    expect(ids(await list(`raffleId=${s.raffleId}&status=pending`))).toEqual(oldest);
    expect(ids(await list(`raffleId=${s.raffleId}`))).toEqual([...oldest].reverse());
    expect(ids(await list(`raffleId=${s.raffleId}&status=pending&sort=newest`))).toEqual(
      [...oldest].reverse(),
    );
    expect(ids(await list(`raffleId=${s.raffleId}&sort=oldest`))).toEqual(oldest);
  });

  it("los pendientes de una rifa cerrada (plazo de revisión) siguen primero", async () => {
    const buyer = await createUser(ctx.t.app, { fullName: "Cerrada Primero" });
    const { id: open } = await createRaffle(ctx, { totalTickets: 20 });
    const { id: closed } = await createRaffle(ctx, { totalTickets: 20 });
    const older = await insertProof(db(), { userId: buyer.id, raffleId: open, createdAt: day(1) });
    const late = await insertProof(db(), { userId: buyer.id, raffleId: closed, createdAt: day(5) });
    await db().execute(sql`UPDATE raffles SET status = 'closed', closed_at = now() WHERE id = ${closed}`);
    expect(ids(await list("status=pending&q=cerrada primero"))).toEqual([late.id, older.id]);
  });

  it("la búsqueda encuentra por comprador (nombre o correo, sin acentos), título de la rifa y referencia; cada palabra en cualquiera", async () => {
    const tag = `q${Date.now().toString(36)}`;
    const ana = await createUser(ctx.t.app, { fullName: `Ana Pérez ${tag}` });
    const luis = await createUser(ctx.t.app, { fullName: "Luis Ortega", email: `luis.${tag}@correo.test` });
    const { id: moto } = await createRaffle(ctx, { title: `Moto Bera ${tag} Ñandú`, totalTickets: 20 });
    const { id: other } = await createRaffle(ctx, { title: "Televisor", totalTickets: 20 });
    const byAna = await insertProof(db(), { userId: ana.id, raffleId: other });
    const byLuis = await insertProof(db(), { userId: luis.id, raffleId: other });
    const inMoto = await insertProof(db(), { userId: ana.id, raffleId: moto });
    const byRef = await insertProof(db(), {
      userId: luis.id,
      raffleId: null,
      transactionRef: `${tag}-REF-9`,
    });
    const found = async (q: string) => ids(await list(`q=${encodeURIComponent(q)}`)).sort();

    expect(await found(tag)).toEqual([byAna.id, byLuis.id, inMoto.id, byRef.id].sort());
    expect(await found(`perez ${tag}`)).toEqual([byAna.id, inMoto.id].sort());
    expect(await found(`${tag} nandu`)).toEqual([inMoto.id]);
    expect(await found(`luis.${tag}@correo`)).toEqual([byLuis.id, byRef.id].sort());
    expect(await found(`${tag}-ref`)).toEqual([byRef.id]);
    expect(await found(`televisor ${tag}`)).toEqual([byAna.id, byLuis.id].sort());
    expect((await list(`q=${tag}&status=pending`)).total).toBe(4);
  });

  it("filtra por método y por cada marca", async () => {
    const s = await inboxScenario("Filtros");
    const base = `raffleId=${s.raffleId}`;
    expect(ids(await list(`${base}&method=zelle`)).sort()).toEqual([s.misread.id, s.copy.id].sort());
    expect(ids(await list(`${base}&method=pago_movil`))).toEqual([s.exact.id]);
    expect(ids(await list(`${base}&flag=amount_mismatch`))).toEqual([s.short.id]);
    expect(ids(await list(`${base}&flag=near_duplicate`))).toEqual([s.copy.id]);
    const ocr = await list(`${base}&flag=ocr_mismatch`);
    expect(ids(ocr)).toEqual([s.misread.id]);
    expect(ocr.total).toBe(1);
    expect(ids(await list(`${base}&flag=duplicate_reference`))).toEqual([]);
    expect(ids(await list(`${base}&method=zelle&flag=near_duplicate&q=filtros`))).toEqual([s.copy.id]);
    // The link from a flag to the other proof.
    expect(ids(await list(`proofId=${s.exact.id}`))).toEqual([s.exact.id]);
  });

  it("un método o una marca desconocidos son un 400 en español", async () => {
    const method = await call(ctx.t, "GET", "/api/admin/proofs?method=paypal", ctx.admin.cookie);
    expect(method.statusCode).toBe(400);
    const flag = await call(ctx.t, "GET", "/api/admin/proofs?flag=raro", ctx.admin.cookie);
    expect(flag.statusCode).toBe(400);
    const proofId = await call(ctx.t, "GET", "/api/admin/proofs?proofId=123", ctx.admin.cookie);
    expect(proofId.statusCode).toBe(400);
    const sort = await call(ctx.t, "GET", "/api/admin/proofs?sort=azar", ctx.admin.cookie);
    expect(sort.statusCode).toBe(400);
    expect(typeof sort.json().error.message).toBe("string");
  });
});

describe("contador de pendientes y eventos para administradores", () => {
  it("solo administradores; cuenta los pendientes y anuncia cada cambio", async () => {
    await expectAdminOnly(ctx, "GET", "/api/admin/proofs/pending-count");
    const count = async () => {
      const response = await call(ctx.t, "GET", "/api/admin/proofs/pending-count", ctx.admin.cookie);
      expect(response.statusCode).toBe(200);
      return response.json().pending as number;
    };
    const before = await count();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 20 });
    const a = await insertProof(db(), { userId: ctx.user.id, raffleId });
    const b = await insertProof(db(), { userId: ctx.user.id, raffleId });
    const c = await insertProof(db(), { userId: ctx.user.id, raffleId });
    expect(await count()).toBe(before + 3);

    const adminEvents = (proofId: string) => adminEventsAbout(ctx, proofId);

    expect(
      (await call(ctx.t, "POST", `/api/admin/proofs/${a.id}/approve`, ctx.admin.cookie)).statusCode,
    ).toBe(200);
    const rejected = await call(ctx.t, "POST", `/api/admin/proofs/${b.id}/reject`, ctx.admin.cookie, {
      adminNotes: DEFAULT_REJECT_TEMPLATES.templates[0]?.text,
    });
    expect(rejected.statusCode).toBe(200);
    expect((await call(ctx.t, "DELETE", `/api/admin/proofs/${c.id}`, ctx.admin.cookie)).statusCode).toBe(200);
    expect(await count()).toBe(before);
    expect(await adminEvents(a.id)).toEqual([{ type: "proofs.changed", proofId: a.id, change: "approved" }]);
    expect(await adminEvents(b.id)).toEqual([{ type: "proofs.changed", proofId: b.id, change: "rejected" }]);
    expect(await adminEvents(c.id)).toEqual([{ type: "proofs.changed", proofId: c.id, change: "deleted" }]);
    // A repeated approval changes nothing and announces nothing.
    await call(ctx.t, "POST", `/api/admin/proofs/${a.id}/approve`, ctx.admin.cookie);
    expect(await adminEvents(a.id)).toHaveLength(1);
  });

  it("los eventos admin llegan solo a administradores, también al repetir los perdidos", async () => {
    const event = { topic: "admin" as const, userId: null };
    expect(isVisibleTo(event, null)).toBe(false);
    expect(isVisibleTo(event, ctx.user.id, false)).toBe(false);
    expect(isVisibleTo(event, ctx.admin.id, true)).toBe(true);
    const bus = ctx.t.app.ctx.events;
    const [last] = await db()
      .select({ max: sql<number>`coalesce(max(${events.id}), 0)::int` })
      .from(events);
    await bus.publish(db(), { topic: "admin", payload: { type: "proofs.changed", proofId: "x" } });
    const since = Number(last?.max ?? 0);
    expect((await bus.replaySince(since, ctx.user.id)).filter((e) => e.topic === "admin")).toEqual([]);
    expect((await bus.replaySince(since, null)).filter((e) => e.topic === "admin")).toEqual([]);
    const forAdmin = (await bus.replaySince(since, ctx.admin.id, true)).filter((e) => e.topic === "admin");
    expect(forAdmin.map((e) => e.payload)).toEqual([{ type: "proofs.changed", proofId: "x" }]);
  });
});

describe("plantillas de rechazo", () => {
  const url = "/api/admin/settings/reject-templates";

  it("solo administradores, en lectura y en escritura", async () => {
    await expectAdminOnly(ctx, "GET", url);
    await expectAdminOnly(ctx, "PUT", url, { templates: [] });
  });

  it("las predeterminadas en español hasta que se editan; guardar queda auditado", async () => {
    const first = await call(ctx.t, "GET", url, ctx.admin.cookie);
    expect(first.statusCode).toBe(200);
    const titles = first.json().templates.map((t: { title: string }) => t.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        "Monto incorrecto",
        "Referencia no encontrada",
        "Comprobante ilegible",
        "Comprobante repetido",
      ]),
    );
    const templates = [{ title: "  Pago incompleto ", text: "Faltan 5 $ para completar tu compra." }];
    const saved = await call(ctx.t, "PUT", url, ctx.admin.cookie, { templates });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      templates: [{ title: "Pago incompleto", text: "Faltan 5 $ para completar tu compra." }],
    });
    expect((await call(ctx.t, "GET", url, ctx.admin.cookie)).json()).toEqual(saved.json());
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.update"), eq(auditLog.entityId, "reject_templates")));
    expect(audit).toMatchObject({ actorId: ctx.admin.id, after: saved.json() });
    // None left: the organiser may keep an empty list.
    const empty = await call(ctx.t, "PUT", url, ctx.admin.cookie, { templates: [] });
    expect(empty.json()).toEqual({ templates: [] });
  });

  it("errores de validación en español, y nada se guarda", async () => {
    const before = (await call(ctx.t, "GET", url, ctx.admin.cookie)).json();
    const blank = await call(ctx.t, "PUT", url, ctx.admin.cookie, {
      templates: [{ title: " ", text: "Algo" }],
    });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json().error)).toContain("Escribe un título.");
    const long = await call(ctx.t, "PUT", url, ctx.admin.cookie, {
      templates: [{ title: "Largo", text: "x".repeat(501) }],
    });
    expect(long.statusCode).toBe(400);
    expect(JSON.stringify(long.json().error)).toContain("Máximo 500 caracteres.");
    const many = await call(ctx.t, "PUT", url, ctx.admin.cookie, {
      templates: Array.from({ length: 21 }, (_, i) => ({ title: `T${i}`, text: "Texto" })),
    });
    expect(many.statusCode).toBe(400);
    expect(JSON.stringify(many.json().error)).toContain("Máximo 20 plantillas.");
    expect((await call(ctx.t, "GET", url, ctx.admin.cookie)).json()).toEqual(before);
  });

  it("el texto elegido llega al comprador como motivo del rechazo", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 20 });
    const proof = await insertProof(db(), { userId: ctx.user.id, raffleId, transactionRef: "MOTIVO-95001" });
    const reason = "No se puede leer el comprobante. Envía una captura completa.";
    const response = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/reject`, ctx.admin.cookie, {
      adminNotes: reason,
    });
    expect(response.statusCode).toBe(200);
    const mine = await call(ctx.t, "GET", "/api/notifications", ctx.user.cookie);
    expect(mine.body).toContain(`Motivo: ${reason}`);
  });
});
