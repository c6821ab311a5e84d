import { ADMIN_MESSAGES, formatTicketNumber } from "@rifazo/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof, raffleRow, soldNumbers } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import {
  auditLog,
  mailOutbox,
  notifications,
  paymentProofs,
  pointsHistory,
  raffles,
  settings,
  tickets,
  users,
} from "../../../db/schema";
import { listForUser } from "../../notifications/repository";
import { ledgerSum } from "../../points/repository";
import { approveInTransaction } from "./service";

const ctx = useAdminTest();

const db = () => ctx.t.app.ctx.db;
const approve = (id: string, cookie = ctx.admin.cookie) =>
  call(ctx.t, "POST", `/api/admin/proofs/${id}/approve`, cookie);

async function balanceOf(userId: string) {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  return { points: row?.rifazoPoints ?? 0, level: row?.rifazoLevel, ledger: await ledgerSum(db(), userId) };
}

describe("guardia de comprobantes", () => {
  it("401 y 403 en cada endpoint", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10 });
    const proof = await insertProof(db(), { userId: ctx.user.id, raffleId });
    await expectAdminOnly(ctx, "GET", "/api/admin/proofs");
    await expectAdminOnly(ctx, "POST", `/api/admin/proofs/${proof.id}/approve`);
    await expectAdminOnly(ctx, "POST", `/api/admin/proofs/${proof.id}/reject`, { adminNotes: "x" });
    await expectAdminOnly(ctx, "DELETE", `/api/admin/proofs/${proof.id}`);
    const [row] = await db().select().from(tickets).where(eq(tickets.paymentId, proof.id));
    expect(row).toBeUndefined();
  });
});

describe("lista de comprobantes", () => {
  it("del más nuevo al más antiguo, con rifa, comprador, boletos y referencia duplicada", async () => {
    const buyer = await createUser(ctx.t.app, { fullName: "Lucía Fernández" });
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Lista", totalTickets: 20 });
    const day = (d: number) => new Date(Date.UTC(2026, 1, d, 12));
    const old = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      // Stored as the upload schema normalises it; the other differs in case only.
      transactionRef: "ABC123",
      paymentMethod: "zelle",
      createdAt: day(1),
    });
    // One key for both (decision 0022): the later one is live only as a copy the start-up step marked.
    const newer = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      transactionRef: "abc123",
      paymentMethod: "zelle",
      duplicateReferenceOf: old.id,
      createdAt: day(3),
    });
    const general = await insertProof(db(), {
      userId: buyer.id,
      raffleId: null,
      transactionRef: "ZZ-94009",
      createdAt: day(2),
    });
    expect((await approve(newer.id)).statusCode).toBe(200);

    const response = await call(ctx.t, "GET", `/api/admin/proofs?q=lucia`, ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(body.items.map((p: { id: string }) => p.id)).toEqual([newer.id, general.id, old.id]);
    expect(body.items[0]).toMatchObject({
      raffleTitle: "Rifa Lista",
      buyerName: "Lucía Fernández",
      buyerEmail: buyer.email,
      status: "approved",
      duplicateReference: true,
      file: { url: `/api/proofs/${newer.id}/file`, contentType: "image/png" },
    });
    expect(body.items[0].tickets).toHaveLength(2);
    // 20 tickets: 2 digits (ticketDigits).
    expect(body.items[0].tickets[0]).toMatch(/^\d{2}$/);
    expect(body.items[1]).toMatchObject({ raffleTitle: null, duplicateReference: false, tickets: [] });
    expect(body.items[2].duplicateReference).toBe(true);
    expect(body.items[2].duplicateOf).toBe(newer.id);
    expect(body.items[1].duplicateOf).toBeNull();

    const pending = await call(
      ctx.t,
      "GET",
      `/api/admin/proofs?status=pending&raffleId=${raffleId}`,
      ctx.admin.cookie,
    );
    expect(pending.json().items.map((p: { id: string }) => p.id)).toEqual([old.id]);
    const generalOnly = await call(
      ctx.t,
      "GET",
      "/api/admin/proofs?raffleId=general&q=zz-9",
      ctx.admin.cookie,
    );
    expect(generalOnly.json().items.map((p: { id: string }) => p.id)).toEqual([general.id]);
    const bad = await call(ctx.t, "GET", "/api/admin/proofs?page=0", ctx.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(ADMIN_MESSAGES.pageInvalid);
  });

  it("el enlace del archivo de la lista sirve al administrador el comprobante de cualquier usuario", async () => {
    const proof = await insertProof(db(), {
      userId: ctx.user.id,
      raffleId: null,
      transactionRef: "ARCHIVO-19001",
      proofImageFilename: "pago.png",
    });
    await ctx.t.app.ctx.storage.put(proof.proofImagePath as string, Buffer.from("png-bytes"), "image/png");
    const list = await call(ctx.t, "GET", "/api/admin/proofs?q=archivo-1", ctx.admin.cookie);
    const [item] = list.json().items;
    expect(item.file.url).toBe(`/api/proofs/${proof.id}/file`);

    const response = await call(ctx.t, "GET", item.file.url, ctx.admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toContain("inline");
    expect(response.body).toBe("png-bytes");
    // The owner reads it through the same URL; the removed admin-only duplicate is gone.
    expect((await call(ctx.t, "GET", item.file.url, ctx.user.cookie)).body).toBe("png-bytes");
    const duplicate = await call(ctx.t, "GET", `/api/admin/proofs/${proof.id}/file`, ctx.admin.cookie);
    expect(duplicate.statusCode).toBe(404);
  });
});

describe("aprobar", () => {
  it("asigna números únicos al azar, acredita 100 puntos por unidad, sube de nivel y avisa", async () => {
    const buyer = await createUser(ctx.t.app, { fullName: "Pedro Pérez" });
    const { id: raffleId } = await createRaffle(ctx, {
      title: "Rifa Grande",
      totalTickets: 10_000,
      price: 1.25,
    });
    const proof = await insertProof(db(), { userId: buyer.id, raffleId, amount: 6.25, quantityOfTickets: 5 });

    const response = await approve(proof.id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      proofId: proof.id,
      status: "approved",
      alreadyApproved: false,
      pointsAwarded: 625,
    });
    expect(result.tickets).toHaveLength(5);
    expect(new Set(result.tickets).size).toBe(5);
    for (const n of result.tickets) expect(n).toMatch(/^\d{4}$/);
    // Random, not the first free numbers.
    expect(result.tickets).not.toEqual(["0000", "0001", "0002", "0003", "0004"]);

    const sold = await soldNumbers(db(), raffleId);
    expect(sold.map((n) => formatTicketNumber(n, 10_000))).toEqual(result.tickets);
    const owned = await db().select().from(tickets).where(eq(tickets.paymentId, proof.id));
    expect(owned.every((t) => t.userId === buyer.id && t.status === "sold" && t.soldAt !== null)).toBe(true);
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(5);

    expect(await balanceOf(buyer.id)).toEqual({ points: 625, level: "Plata", ledger: 625 });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, buyer.id));
    const approved = notes.find((n) => n.type === "payment_approved");
    expect(approved?.message).toContain(result.tickets.join(", "));
    expect(notes.find((n) => n.type === "level_up")?.title).toBe("¡Subiste a Nivel Plata!");
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(result.tickets[0]);

    const [proofRow] = await db().select().from(auditLog).where(eq(auditLog.entityId, proof.id));
    expect(proofRow).toMatchObject({ action: "proof.approve", actorId: ctx.admin.id });

    // Approving again is harmless: same numbers, nothing credited twice.
    const again = await approve(proof.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...result, alreadyApproved: true, pointsAwarded: 0 });
    expect(await balanceOf(buyer.id)).toEqual({ points: 625, level: "Plata", ledger: 625 });
    expect((await db().select().from(notifications).where(eq(notifications.userId, buyer.id))).length).toBe(
      2,
    );
  });

  it("avisos de nivel: el último escrito va primero y un lote que cruza dos niveles avisa solo el alcanzado", async () => {
    const titles = async (userId: string) =>
      (await listForUser(db(), userId, 50)).map((n) => `${n.type}: ${n.title}`);
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 1_000, price: 1 });
    const actor = { id: ctx.admin.id, ip: null };

    // One approval crossing two levels at once (Bronce → Oro): one notice, above its approval.
    const leap = await createUser(ctx.t.app);
    const big = await insertProof(db(), { userId: leap.id, raffleId, amount: 16, quantityOfTickets: 16 });
    expect((await approve(big.id)).statusCode).toBe(200);
    expect(await titles(leap.id)).toEqual([
      "level_up: ¡Subiste a Nivel Oro!",
      "payment_approved: ¡Pago Aprobado!",
    ]);

    // Two approvals in one transaction (a reconciliation batch): Plata, then Oro. Everything written in it
    // shares created_at; the list still reads newest first, with a single notice naming Oro.
    const buyers = await Promise.all([1, 2, 3].map(() => createUser(ctx.t.app)));
    for (const buyer of buyers) {
      const first = await insertProof(db(), { userId: buyer.id, raffleId, amount: 6, quantityOfTickets: 6 });
      const second = await insertProof(db(), {
        userId: buyer.id,
        raffleId,
        amount: 10,
        quantityOfTickets: 10,
      });
      await db().transaction(async (tx) => {
        await approveInTransaction(ctx.t.app.ctx, tx, actor, first.id);
        await approveInTransaction(ctx.t.app.ctx, tx, actor, second.id);
      });
      expect(await balanceOf(buyer.id)).toMatchObject({ points: 1_600, level: "Oro" });
      expect(await titles(buyer.id)).toEqual([
        "level_up: ¡Subiste a Nivel Oro!",
        "payment_approved: ¡Pago Aprobado!",
        "payment_approved: ¡Pago Aprobado!",
      ]);
    }
  });

  it("pagos en VES se convierten a dólares con la tasa del comprobante; los generales solo dan puntos", async () => {
    const buyer = await createUser(ctx.t.app);
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10, currency: "VES", price: 365 });
    const ves = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      amount: 730,
      currency: "VES",
      exchangeRate: 36.5,
      quantityOfTickets: 2,
    });
    expect((await approve(ves.id)).json().pointsAwarded).toBe(2000);
    const general = await insertProof(db(), { userId: buyer.id, raffleId: null, amount: 19.99 });
    const response = await approve(general.id);
    expect(response.json()).toMatchObject({ tickets: [], pointsAwarded: 1999 });
    expect(await balanceOf(buyer.id)).toMatchObject({ points: 3999, ledger: 3999, level: "Oro" });

    // Without a rate on the proof, today's published rate is used.
    await db()
      .insert(settings)
      .values({ key: "exchange_rate", value: { rate: 40, date: "2026-01-01", source: "BCV" } });
    const noRate = await insertProof(db(), {
      userId: buyer.id,
      raffleId: null,
      amount: 400,
      currency: "VES",
    });
    expect((await approve(noRate.id)).json().pointsAwarded).toBe(1000);
  });

  it("marca el inicio de la cuenta regresiva al alcanzar el porcentaje", async () => {
    const { id: raffleId } = await createRaffle(ctx, {
      totalTickets: 10,
      activationType: "percentage",
      activationPercentage: 50,
    });
    const first = await insertProof(db(), { userId: ctx.user.id, raffleId, quantityOfTickets: 4 });
    await approve(first.id);
    expect((await raffleRow(db(), raffleId)).percentageDrawActivatedAt).toBeNull();
    const second = await insertProof(db(), { userId: ctx.user.id, raffleId, quantityOfTickets: 1 });
    const reached = await approve(second.id);
    expect(reached.statusCode, reached.body).toBe(200);
    const row = await raffleRow(db(), raffleId);
    expect(row.soldTickets).toBe(5);
    expect(row.percentageDrawActivatedAt).toBeInstanceOf(Date);
    // The audit says which approval started the countdown, and when.
    const started = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, raffleId), eq(auditLog.action, "raffle.countdown_started")));
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ entity: "raffle", actorId: ctx.admin.id });
    expect(started[0]?.after).toEqual({
      percentageDrawActivatedAt: row.percentageDrawActivatedAt?.toISOString(),
      soldTickets: 5,
      proofId: second.id,
    });
    const approvals = await db().select().from(auditLog).where(eq(auditLog.entityId, second.id));
    expect(approvals.map((entry) => entry.action)).toEqual(["proof.approve"]);
  });

  it("409 para rechazados y cuando no quedan boletos; 404 desconocido", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 3 });
    const rejected = await insertProof(db(), { userId: ctx.user.id, raffleId, status: "rejected" });
    const response = await approve(rejected.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(ADMIN_MESSAGES.proofRejectedCannotApprove);
    const big = await insertProof(db(), { userId: ctx.user.id, raffleId, quantityOfTickets: 4 });
    const tooMany = await approve(big.id);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toEqual({
      code: "NOT_ENOUGH_TICKETS",
      message: "No hay suficientes boletos disponibles.",
    });
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(0);
    expect((await approve("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("doble clic, reintento y dos administradores a la vez asignan los boletos una sola vez", async () => {
    const other = await createUser(ctx.t.app, { role: "admin" });
    const otherCookie = (await import("../../../../test/helpers")).signIn(
      ctx.t.app,
      other.email,
      other.password,
    );
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 50 });
    const buyer = await createUser(ctx.t.app);
    const proof = await insertProof(db(), { userId: buyer.id, raffleId, amount: 10, quantityOfTickets: 3 });
    const cookie2 = await otherCookie;
    const responses = await Promise.all([
      approve(proof.id),
      approve(proof.id),
      approve(proof.id, cookie2),
      approve(proof.id, cookie2),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const numbers = responses.map((r) => JSON.stringify(r.json().tickets));
    expect(new Set(numbers).size).toBe(1);
    expect(responses.filter((r) => !r.json().alreadyApproved)).toHaveLength(1);
    expect(await soldNumbers(db(), raffleId)).toHaveLength(3);
    expect(await balanceOf(buyer.id)).toMatchObject({ points: 1000, ledger: 1000 });
  });

  // The issue's figure (200 at once over raffles near capacity) on PostgreSQL; PGlite has one connection,
  // so the same race runs smaller there.
  const PARALLEL = process.env.TEST_DATABASE_URL ? 200 : 50;
  it(`${PARALLEL} aprobaciones en paralelo sobre rifas cerca del límite: sin números repetidos ni sobreventa`, async () => {
    const raffleCount = PARALLEL / 50;
    const raffleIds: string[] = [];
    for (let r = 0; r < raffleCount; r++) {
      raffleIds.push((await createRaffle(ctx, { totalTickets: 100, price: 1 })).id);
    }
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.t.app)));
    const proofs = [];
    for (let i = 0; i < PARALLEL; i++) {
      const quantity = 2 + (i % 2); // 2 or 3 tickets: 125 asked for per raffle, 100 exist
      proofs.push(
        await insertProof(db(), {
          userId: (buyers[i % buyers.length] as { id: string }).id,
          raffleId: raffleIds[i % raffleCount] as string,
          amount: quantity,
          quantityOfTickets: quantity,
          transactionRef: `PAR-${92000 + i}`,
        }),
      );
    }
    // An approval that waited longer than the pool allows for a connection is answered 503 with
    // retry-after, before its transaction began; on a slow machine a few of the 200 are, and ask again.
    const answered = async (id: string) => {
      for (let attempt = 1; ; attempt++) {
        const response = await approve(id);
        if (response.statusCode !== 503 || attempt === 5) return response;
      }
    };
    const responses = await Promise.all(proofs.map((proof) => answered(proof.id)));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    for (const r of refused) expect(r.json().error.code, r.body).toBe("NOT_ENOUGH_TICKETS");
    const assigned = ok.flatMap((r) => r.json().tickets as string[]);

    let soldTotal = 0;
    for (const raffleId of raffleIds) {
      const sold = await soldNumbers(db(), raffleId);
      expect(new Set(sold).size).toBe(sold.length);
      expect(sold.length).toBeLessThanOrEqual(100);
      expect(sold.length).toBeGreaterThanOrEqual(98);
      const row = await raffleRow(db(), raffleId);
      expect(row.soldTickets).toBe(sold.length);
      const [count] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")));
      expect(count?.n).toBe(row.soldTickets);
      soldTotal += sold.length;
    }
    expect(assigned.length).toBe(soldTotal);
    for (const buyer of buyers) {
      const { points, ledger } = await balanceOf(buyer.id);
      expect(points).toBe(ledger);
    }
    const totalPoints = ok.reduce((sum, r) => sum + (r.json().pointsAwarded as number), 0);
    expect(totalPoints).toBe(soldTotal * 100);
  });
});

describe("aprobar cuando quedan pocos boletos", () => {
  const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A 10 000-ticket raffle whose first `soldCount` numbers were sold (consistently) to one proof. */
  async function nearlySoldOut(soldCount: number) {
    const buyer = await createUser(ctx.t.app);
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10_000, price: 1 });
    const bulk = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      amount: soldCount,
      quantityOfTickets: soldCount,
      status: "approved",
    });
    await db()
      .update(tickets)
      .set({ status: "sold", userId: buyer.id, paymentId: bulk.id, soldAt: new Date() })
      .where(and(eq(tickets.raffleId, raffleId), sql`${tickets.ticketNumber} < ${soldCount}`));
    await db().update(raffles).set({ soldTickets: soldCount }).where(eq(raffles.id, raffleId));
    return { raffleId, buyer };
  }

  /** Waits until some statement of this database waits on a lock (another transaction holds it). */
  async function untilWaitingOnLock(pattern: string): Promise<void> {
    for (let tries = 0; tries < 500; tries++) {
      const result = (await db().execute(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ${pattern}
      `)) as unknown as { rows: Array<{ n: number }> };
      if (Number(result.rows[0]?.n) > 0) return;
      await sleep(10);
    }
    throw new Error(`ninguna sentencia esperó un bloqueo (${pattern})`);
  }

  it("vende exactamente los últimos 300 números, sin repetir, y luego responde 409", async () => {
    const { raffleId, buyer } = await nearlySoldOut(9_700);
    const proofs = [];
    for (let i = 0; i < 30; i++) {
      proofs.push(await insertProof(db(), { userId: buyer.id, raffleId, amount: 10, quantityOfTickets: 10 }));
    }
    // Side by side on PostgreSQL: demand equals what is left, so every approval must get its 10.
    const responses = await Promise.all(proofs.map((proof) => approve(proof.id)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const assigned = responses.flatMap((r) => r.json().tickets as string[]).map(Number);
    expect(assigned).toHaveLength(300);
    expect(new Set(assigned).size).toBe(300);
    expect([...assigned].sort((a, b) => a - b)).toEqual(Array.from({ length: 300 }, (_, i) => 9_700 + i));
    const row = await raffleRow(db(), raffleId);
    expect(row.soldTickets).toBe(10_000);
    expect((await soldNumbers(db(), raffleId)).length).toBe(10_000);

    // Sold out: sales closed, and with nothing left under review the list froze in the same transaction.
    expect(row.status).toBe("frozen");
    expect(row.closeReason).toBe("sold_out");
    // A late proof cannot even be written (the database refuses a proof for a raffle not on sale).
    await expect(
      insertProof(db(), { userId: buyer.id, raffleId, amount: 1, quantityOfTickets: 1 }),
    ).rejects.toMatchObject({ cause: { code: "RZ002" } });
  });

  it("con 3 boletos libres, una compra de 3 se lleva justo esos y una de 2 después no", async () => {
    const { raffleId, buyer } = await nearlySoldOut(9_997);
    const three = await insertProof(db(), { userId: buyer.id, raffleId, amount: 3, quantityOfTickets: 3 });
    const two = await insertProof(db(), { userId: buyer.id, raffleId, amount: 2, quantityOfTickets: 2 });
    const first = await approve(three.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().tickets).toEqual(["9997", "9998", "9999"]);
    const second = await approve(two.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe("NOT_ENOUGH_TICKETS");
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(10_000);
  });

  // Two transactions at once need a second connection: PostgreSQL only (PGlite has one).
  it.skipIf(!ON_POSTGRES)(
    "no responde 409 mientras queden boletos: espera a la transacción que los retiene y los toma si los suelta",
    async () => {
      const { raffleId, buyer } = await nearlySoldOut(9_995);
      const proof = await insertProof(db(), { userId: buyer.id, raffleId, amount: 5, quantityOfTickets: 5 });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const lockedNow = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Another transaction holds every free ticket and then rolls back (an approval that failed late).
      const blocker = db()
        .transaction(async (tx) => {
          await tx
            .select({ id: tickets.id })
            .from(tickets)
            .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "available")))
            .for("update");
          locked();
          await held;
          throw new Error("rollback");
        })
        .catch(() => {});
      await lockedNow;
      const pending = approve(proof.id);
      await untilWaitingOnLock("%WITH picked%");
      release();
      await blocker;
      const response = await pending;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().tickets).toEqual(["9995", "9996", "9997", "9998", "9999"]);
      expect((await raffleRow(db(), raffleId)).soldTickets).toBe(10_000);
    },
  );

  // A draw holding the raffle row while an approval waits on it needs two connections: PostgreSQL only.
  it.skipIf(!ON_POSTGRES)(
    "una aprobación que eligió sus boletos antes de que se sorteara la rifa no vende nada",
    async () => {
      const buyer = await createUser(ctx.t.app);
      const { id: raffleId } = await createRaffle(ctx, { totalTickets: 100, price: 1 });
      const proof = await insertProof(db(), { userId: buyer.id, raffleId, amount: 2, quantityOfTickets: 2 });
      let finish = () => {};
      const drawDone = new Promise<void>((resolve) => {
        finish = resolve;
      });
      let locked = () => {};
      const lockedNow = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // A draw in progress: it holds the raffle row and commits drawn_at while the approval waits.
      const draw = db().transaction(async (tx) => {
        await tx.select({ id: raffles.id }).from(raffles).where(eq(raffles.id, raffleId)).for("update");
        locked();
        await drawDone;
        await tx
          .update(raffles)
          .set({ drawnAt: new Date(), status: "finished" })
          .where(eq(raffles.id, raffleId));
      });
      await lockedNow;
      const pending = approve(proof.id);
      // The approval picked its tickets without waiting and queues only to add them to sold_tickets.
      await untilWaitingOnLock('update "raffles"%');
      finish();
      await draw;
      const response = await pending;
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.code).toBe("RAFFLE_DRAWN");
      expect(await soldNumbers(db(), raffleId)).toEqual([]);
      expect((await raffleRow(db(), raffleId)).soldTickets).toBe(0);
      const [after] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, proof.id));
      expect(after?.status).toBe("pending");
    },
  );
});

describe("rechazar", () => {
  it("solo pendientes, con la nota en la notificación", async () => {
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa R", totalTickets: 10 });
    const proof = await insertProof(db(), { userId: ctx.user.id, raffleId, transactionRef: "RECHAZO-93001" });
    const response = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/reject`, ctx.admin.cookie, {
      adminNotes: "  El monto no coincide.  ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ proofId: proof.id, status: "rejected" });
    const [row] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.type, "payment_rejected")));
    expect(row?.message).toContain("Motivo: El monto no coincide.");
    const again = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/reject`, ctx.admin.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MESSAGES.proofAlreadyReviewed);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, proof.id));
    expect(audit.map((a) => a.action)).toEqual(["proof.reject"]);
    expect(audit[0]?.after).toEqual({ status: "rejected", adminNotes: "El monto no coincide." });
  });
});

describe("eliminar", () => {
  it("un comprobante aprobado libera sus boletos, baja los vendidos y revierte los puntos", async () => {
    const buyer = await createUser(ctx.t.app);
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 20, price: 3 });
    const keep = await insertProof(db(), { userId: buyer.id, raffleId, amount: 3, quantityOfTickets: 1 });
    const proof = await insertProof(db(), { userId: buyer.id, raffleId, amount: 6, quantityOfTickets: 2 });
    await ctx.t.app.ctx.storage.put(proof.proofImagePath as string, Buffer.from("x"), "image/png");
    await approve(keep.id);
    const approved = (await approve(proof.id)).json();
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(3);
    expect(await balanceOf(buyer.id)).toMatchObject({ points: 900, ledger: 900 });

    const response = await call(ctx.t, "DELETE", `/api/admin/proofs/${proof.id}`, ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(1);
    const released = await db()
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.raffleId, raffleId),
          sql`${tickets.ticketNumber} IN (${sql.join(
            (approved.tickets as string[]).map((n) => sql`${Number(n)}`),
            sql`, `,
          )})`,
        ),
      );
    expect(released.every((t) => t.status === "available" && t.userId === null && t.paymentId === null)).toBe(
      true,
    );
    expect(await balanceOf(buyer.id)).toMatchObject({ points: 300, ledger: 300 });
    const reversal = await db()
      .select()
      .from(pointsHistory)
      .where(and(eq(pointsHistory.userId, buyer.id), eq(pointsHistory.pointsChange, -600)));
    expect(reversal).toHaveLength(1);
    expect(await ctx.t.app.ctx.storage.exists(proof.proofImagePath as string)).toBe(false);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, proof.id), eq(auditLog.action, "proof.delete")));
    expect(audit?.after).toEqual({ ticketsReleased: 2, pointsReversed: 600 });
    expect((await call(ctx.t, "DELETE", `/api/admin/proofs/${proof.id}`, ctx.admin.cookie)).statusCode).toBe(
      404,
    );
  });

  it("un comprobante pendiente se elimina sin tocar boletos; una rifa sorteada no libera boletos", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10 });
    const pending = await insertProof(db(), { userId: ctx.user.id, raffleId });
    expect(
      (await call(ctx.t, "DELETE", `/api/admin/proofs/${pending.id}`, ctx.admin.cookie)).statusCode,
    ).toBe(200);
    const sold = await insertProof(db(), { userId: ctx.user.id, raffleId, quantityOfTickets: 1 });
    await approve(sold.id);
    await db().update(raffles).set({ drawnAt: new Date() }).where(eq(raffles.id, raffleId));
    const refused = await call(ctx.t, "DELETE", `/api/admin/proofs/${sold.id}`, ctx.admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADMIN_MESSAGES.raffleAlreadyDrawn);
  });
});
