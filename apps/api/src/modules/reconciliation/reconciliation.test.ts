import { ADMIN_MESSAGES, TOLERANCE_MESSAGE } from "@rifazo/shared";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../test/admin-fixtures";
import { insertProof } from "../../../test/fixtures";
import { createUser } from "../../../test/helpers";
import { SIGNED_AMOUNT_MAPPING } from "../../../test/statement-fixtures";
import { auditLog, bankMovements, bankStatements, paymentProofs } from "../../db/schema";
import * as repo from "./repository";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;

const MAPPING = SIGNED_AMOUNT_MAPPING;

let statementCounter = 0;
/** Movements as an import would leave them: a bank, a statement and its rows. */
async function insertMovements(
  rows: { date: string; reference: string; amount: number }[],
  bank = "Banco de Venezuela",
): Promise<string[]> {
  statementCounter += 1;
  const layout = { header: ["Fecha", "Referencia", "Descripción", "Monto"], width: 4, mapping: MAPPING };
  const bankId = await repo.upsertBankMapping(db(), bank, MAPPING, layout, ctx.admin.id);
  const statement = await repo.insertStatement(db(), {
    filename: `movimientos-${statementCounter}.csv`,
    storageKey: `statements/prueba-${statementCounter}`,
    contentType: "text/csv",
    size: 100,
    sha256: "0".repeat(64),
    uploadedBy: ctx.admin.id,
    bankMappingId: bankId,
  });
  const inserted = await db()
    .insert(bankMovements)
    .values(
      rows.map((row, i) => ({
        statementId: statement.id,
        bankMappingId: bankId,
        postedOn: row.date,
        reference: row.reference,
        referenceRaw: row.reference,
        amount: row.amount,
        sourceRow: i + 1,
        fingerprint: `${statement.id}:${i}`,
      })),
    )
    .returning({ id: bankMovements.id });
  return inserted.map((row) => row.id);
}

/** Today in Caracas, as the bank writes it. */
const today = () => new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);

async function pagoMovil(raffleId: string, ref: string, amount: number, userId?: string) {
  const buyer = userId ?? (await createUser(ctx.t.app)).id;
  return insertProof(db(), {
    userId: buyer,
    raffleId,
    paymentMethod: "pago_movil",
    currency: "VES",
    exchangeRate: 40,
    amount,
    transactionRef: ref,
  });
}

const reconcile = async (query = "") => {
  const response = await call(ctx.t, "GET", `/api/admin/reconciliation${query}`, ctx.admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    rows: {
      proofId: string;
      status: string;
      movement: { id: string } | null;
      usedByProofId: string | null;
      note?: string | null;
    }[];
    counts: Record<string, number>;
  };
};
const rowOf = (body: Awaited<ReturnType<typeof reconcile>>, proofId: string) =>
  body.rows.find((row) => row.proofId === proofId);
const bulk = (proofIds: string[], tolerance = 0, cookie = ctx.admin.cookie) =>
  call(ctx.t, "POST", "/api/admin/reconciliation/approve", cookie, { proofIds, tolerance });

describe("guardia", () => {
  it("401 visitante y 403 usuario en cada endpoint; los extractos nunca son públicos", async () => {
    const [movementId] = await insertMovements([{ date: today(), reference: "11112222", amount: 1 }]);
    const [movement] = await db()
      .select()
      .from(bankMovements)
      .where(eq(bankMovements.id, movementId ?? ""));
    const statementId = movement?.statementId ?? "";
    await expectAdminOnly(ctx, "GET", "/api/admin/reconciliation");
    await expectAdminOnly(ctx, "POST", "/api/admin/reconciliation/approve", {
      proofIds: ["00000000-0000-4000-8000-000000000000"],
      tolerance: 0,
    });
    await expectAdminOnly(ctx, "GET", "/api/admin/statements");
    await expectAdminOnly(ctx, "GET", "/api/admin/bank-mappings");
    await expectAdminOnly(ctx, "GET", `/api/admin/statements/${statementId}/file`);
    const missing = await call(ctx.t, "GET", `/api/admin/statements/no-es-uuid/file`, ctx.admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("STATEMENT_NOT_FOUND");
  });
});

describe("conciliar y aprobar en lote", () => {
  it("coincide, monto distinto, sin movimiento y dos comprobantes por un movimiento; aprueba solo lo limpio", async () => {
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Conciliada", totalTickets: 100 });
    const clean = await pagoMovil(raffleId, "0102345678", 400);
    const usd = await insertProof(db(), {
      userId: (await createUser(ctx.t.app)).id,
      raffleId,
      paymentMethod: "transferencia",
      currency: "USD",
      exchangeRate: 40.5,
      amount: 10,
      transactionRef: "7777000011",
    });
    const off = await pagoMovil(raffleId, "0199998888", 400);
    const none = await pagoMovil(raffleId, "5555444433", 400);
    const rivalA = await pagoMovil(raffleId, "0412223333", 400);
    const rivalB = await pagoMovil(raffleId, "3333", 400);
    const [mClean, mUsd, mOff, mRival] = await insertMovements([
      { date: today(), reference: "0102345678", amount: 400 },
      { date: today(), reference: "7777000011", amount: 405 },
      { date: today(), reference: "8888", amount: 380 },
      { date: today(), reference: "0412223333", amount: 400 },
    ]);

    const body = await reconcile(`?raffleId=${raffleId}`);
    expect(rowOf(body, clean.id)).toMatchObject({ status: "matched", movement: { id: mClean } });
    expect(rowOf(body, usd.id)).toMatchObject({ status: "matched", movement: { id: mUsd }, amountVes: 405 });
    expect(rowOf(body, off.id)).toMatchObject({ status: "amount_differs", movement: { id: mOff } });
    expect(rowOf(body, none.id)).toMatchObject({ status: "no_movement", movement: null });
    expect(rowOf(body, rivalA.id)).toMatchObject({
      status: "movement_used",
      movement: { id: mRival },
      usedByProofId: rivalB.id,
    });
    expect(rowOf(body, rivalB.id)).toMatchObject({ status: "movement_used", usedByProofId: rivalA.id });
    expect(body.counts).toEqual({ matched: 2, amount_differs: 1, no_movement: 1, movement_used: 2 });
    // With a tolerance of 20 Bs the amount that differed by 20 matches.
    expect(rowOf(await reconcile(`?raffleId=${raffleId}&tolerance=20`), off.id)?.status).toBe("matched");

    const all = [clean.id, usd.id, off.id, none.id, rivalA.id, rivalB.id];
    const response = await bulk(all);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.approved.map((a: { proofId: string }) => a.proofId).sort()).toEqual(
      [clean.id, usd.id].sort(),
    );
    expect(result.approved.find((a: { proofId: string }) => a.proofId === clean.id)).toMatchObject({
      movementId: mClean,
    });
    expect(result.approved[0].tickets).toHaveLength(2);
    expect(result.skipped).toHaveLength(4);
    const reasons = Object.fromEntries(
      result.skipped.map((s: { proofId: string; reason: string }) => [s.proofId, s.reason]),
    );
    expect(reasons[off.id]).toBe("El monto del movimiento no coincide con el del comprobante.");
    expect(reasons[none.id]).toBe("No hay un movimiento del banco para este comprobante.");
    expect(reasons[rivalA.id]).toContain("revísalos a mano");

    const [cleanRow] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, clean.id));
    expect(cleanRow?.status).toBe("approved");
    // The bulk approval runs the single approval path: the purchase keeps the record's checkpoint too
    // (decision 0023; the raffle went on sale with its rules, the record's one entry so far).
    const record = (await call(ctx.t, "GET", `/api/raffles/${raffleId}/record`)).json();
    expect(cleanRow).toMatchObject({ checkpointLength: 1, checkpointHash: record.entries[0].hash });
    const [movementRow] = await db()
      .select()
      .from(bankMovements)
      .where(eq(bankMovements.id, mClean ?? ""));
    expect(movementRow).toMatchObject({ matchedProofId: clean.id, matchedBy: ctx.admin.id });
    expect(movementRow?.matchedAt).toBeInstanceOf(Date);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "proof.approve"), eq(auditLog.entityId, clean.id)));
    expect(audits).toHaveLength(1);
    expect((await db().select().from(paymentProofs).where(eq(paymentProofs.id, off.id)))[0]?.status).toBe(
      "pending",
    );

    // Again: nothing changes.
    const again = (await bulk(all)).json();
    expect(again.approved).toEqual([]);
    expect(again.skipped.find((s: { proofId: string }) => s.proofId === clean.id)?.reason).toBe(
      "Ya no está pendiente, o no es un pago en bolívares.",
    );
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "proof.approve"), eq(auditLog.entityId, clean.id))),
    ).toHaveLength(1);

    // The payment record stays: a reconciled proof cannot be deleted.
    const removed = await call(ctx.t, "DELETE", `/api/admin/proofs/${clean.id}`, ctx.admin.cookie);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error.message).toBe(ADMIN_MESSAGES.proofReconciled);

    // A new proof with the same last digits finds the movement used by the approved one.
    const copy = await pagoMovil(raffleId, "45678", 400);
    expect(rowOf(await reconcile(), copy.id)).toMatchObject({
      status: "movement_used",
      movement: { id: mClean },
      usedByProofId: clean.id,
    });
    expect((await bulk([copy.id])).json().approved).toEqual([]);
  });

  it("un comprobante aprobado a mano en la bandeja: su movimiento no paga otro pendiente", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 50 });
    const byHand = await pagoMovil(raffleId, "0134999911", 200);
    await insertMovements([{ date: today(), reference: "0134999911", amount: 200 }]);
    expect(
      (await call(ctx.t, "POST", `/api/admin/proofs/${byHand.id}/approve`, ctx.admin.cookie)).statusCode,
    ).toBe(200);
    const copy = await pagoMovil(raffleId, "9911", 200);
    const body = await reconcile();
    expect(rowOf(body, byHand.id)).toBeUndefined();
    expect(rowOf(body, copy.id)).toMatchObject({ status: "movement_used", usedByProofId: byHand.id });
    const result = (await bulk([byHand.id, copy.id])).json();
    expect(result.approved).toEqual([]);
    expect(result.skipped).toHaveLength(2);
  });

  it("dos aprobaciones en lote a la vez: cada comprobante se aprueba una sola vez", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 50 });
    const proofs = [
      await pagoMovil(raffleId, "0177000001", 100),
      await pagoMovil(raffleId, "0177000002", 100),
      await pagoMovil(raffleId, "0177000003", 100),
    ];
    await insertMovements(proofs.map((p) => ({ date: today(), reference: p.transactionRef, amount: 100 })));
    const ids = proofs.map((p) => p.id);
    const [a, b] = await Promise.all([bulk(ids), bulk([...ids].reverse())]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const approved = [...a.json().approved, ...b.json().approved].map((x: { proofId: string }) => x.proofId);
    expect(approved.sort()).toEqual([...ids].sort());
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "proof.approve"), inArray(auditLog.entityId, ids)));
    expect(audits).toHaveLength(3);
  });

  it("la base de datos nunca deja que un movimiento pague dos comprobantes", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 50 });
    const a = await pagoMovil(raffleId, "0166000001", 100);
    const b = await pagoMovil(raffleId, "0166000002", 100);
    const [m1, m2] = await insertMovements([
      { date: today(), reference: "0166000001", amount: 100 },
      { date: today(), reference: "0166000002", amount: 100 },
    ]);
    expect(await repo.setMovementMatched(db(), m1 ?? "", a.id, ctx.admin.id, new Date())).toBe(true);
    // The repository refuses a paid movement; the trigger refuses even a direct UPDATE.
    expect(await repo.setMovementMatched(db(), m1 ?? "", b.id, ctx.admin.id, new Date())).toBe(false);
    await expect(
      db()
        .update(bankMovements)
        .set({ matchedProofId: b.id })
        .where(eq(bankMovements.id, m1 ?? "")),
    ).rejects.toThrow();
    await expect(
      db()
        .update(bankMovements)
        .set({ matchedProofId: null })
        .where(eq(bankMovements.id, m1 ?? "")),
    ).rejects.toThrow();
    // One proof, one movement: the unique index.
    await expect(
      db()
        .update(bankMovements)
        .set({ matchedProofId: a.id })
        .where(eq(bankMovements.id, m2 ?? "")),
    ).rejects.toThrow();
    const [row] = await db()
      .select()
      .from(bankMovements)
      .where(eq(bankMovements.id, m1 ?? ""));
    expect(row?.matchedProofId).toBe(a.id);
  });

  it("valida la entrada: ids y tolerancia", async () => {
    const bad = await call(ctx.t, "POST", "/api/admin/reconciliation/approve", ctx.admin.cookie, {
      proofIds: ["x"],
      tolerance: -1,
    });
    expect(bad.statusCode).toBe(400);
    const badQuery = await call(ctx.t, "GET", "/api/admin/reconciliation?tolerance=-2", ctx.admin.cookie);
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error.message).toContain("tolerancia");
    // "1.000,50" is a tolerance written es-VE: accepted (reconcile expects 200).
    await reconcile("?tolerance=1.000,50");
    const words = await call(ctx.t, "GET", "/api/admin/reconciliation?tolerance=mucho", ctx.admin.cookie);
    expect(words.statusCode).toBe(400);
    expect(words.json().error.message).toBe(TOLERANCE_MESSAGE);
    expect(await db().select().from(bankStatements)).not.toHaveLength(0);
  });
});
