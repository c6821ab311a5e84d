// Reconciling against the bank (docs/decisions/0015-the-organisers-day.md): 1 000 pending Pago Móvil proofs
// and a bank export of 5 000 credits, through the admin API (app.inject: guards, validation, serialization).
// Timed: upload + mapping detection, import (one transaction), the reconciliation itself, and the bulk
// approval of every clean match (one transaction). Then the invariants: no movement paid two proofs, every
// approved proof has its movement, sold_tickets = tickets sold.
import { randomInt } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { bankMovements, paymentProofs, raffles, tickets, users } from "../../apps/api/src/db/schema";
import { waitForTicketPools } from "../../apps/api/src/modules/admin/raffles/ticket-pool";
import { BANK_EXPORT_MAPPING, bankExportCsv } from "../../apps/api/test/statement-fixtures";
import { createRaffle, type Harness } from "./harness";

export interface ReconciliationResult {
  movements: number;
  proofs: number;
  uploadMs: number;
  importMs: number;
  imported: number;
  reconcileMs: number;
  reconcileAgainMs: number;
  counts: Record<string, number>;
  approveMs: number;
  approved: number;
  skipped: number;
  approveAgainMs: number;
  approvedAgain: number;
  invariants: Array<{ name: string; ok: boolean; detail: string }>;
}

const QUANTITY = 2;

/** "1.194,56" as Venezuelan banks write amounts. */
const esAmount = (n: number) =>
  n.toLocaleString("es-VE", { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });
const ddmmyyyy = (date: Date) => {
  const d = new Date(date.getTime() - 4 * 3_600_000);
  return `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
};

function multipart(filename: string, content: Buffer) {
  const boundary = `----rifazo${randomInt(1e9)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function benchReconciliation(
  h: Harness,
  options: { movements: number; proofs: number },
): Promise<ReconciliationResult> {
  const { db } = h.app.ctx;
  const raffleId = await createRaffle(h, {
    title: "Conciliación con el banco",
    totalTickets: Math.max(10_000, options.proofs * QUANTITY * 2),
    maxTicketsPerBuyer: 100,
  });
  await waitForTicketPools(h.app.ctx);

  // Buyers and their pending proofs: 80 % typed the full reference, 20 % its last 6 digits; 3 % of the
  // amounts are off by 10 Bs and 2 % of the proofs have no movement at all.
  const now = Date.now();
  const buyerIds = Array.from({ length: options.proofs }, (_, i) => `bench_rec_${i}_${randomInt(1e9)}`);
  for (let i = 0; i < buyerIds.length; i += 500) {
    await db.insert(users).values(
      buyerIds.slice(i, i + 500).map((id, j) => ({
        id,
        name: `Comprador ${i + j}`,
        email: `conciliacion${i + j}.${id}@rifazo.bench`,
        emailVerified: true,
      })),
    );
  }
  const movementRefs = Array.from({ length: options.movements }, (_, i) =>
    String(10_000_000_000 + i * 7_919 + randomInt(7_000)).padStart(12, "0"),
  );
  const movementAmounts = movementRefs.map(() => (randomInt(200, 5_000) * 100 + randomInt(100)) / 100);
  const movementDates = movementRefs.map(() => new Date(now - randomInt(0, 5) * 86_400_000));
  const proofRows = buyerIds.map((userId, i) => {
    const m = i * Math.floor(options.movements / options.proofs);
    const ref = movementRefs[m] as string;
    const missing = i % 50 === 49;
    const off = i % 33 === 32;
    return {
      userId,
      raffleId,
      amount: (movementAmounts[m] as number) + (off ? 10 : 0),
      currency: "VES",
      exchangeRate: 40,
      paymentMethod: "pago_movil",
      transactionRef: missing ? `5${String(i).padStart(9, "0")}1` : i % 5 === 0 ? ref.slice(-6) : ref,
      proofImagePath: `proofs/bench/${i}.png`,
      proofContentType: "image/png",
      proofSize: 1_000,
      quantityOfTickets: QUANTITY,
      createdAt: new Date((movementDates[m] as Date).getTime() + 3_600_000),
    };
  });
  for (let i = 0; i < proofRows.length; i += 500)
    await db.insert(paymentProofs).values(proofRows.slice(i, i + 500));

  // The export as a Venezuelan bank gives it: account lines, a header, signed amounts, a totals line.
  const file = bankExportCsv(
    movementRefs.map((ref, i) => [
      ddmmyyyy(movementDates[i] as Date),
      ref,
      `PAGO MOVIL RECIBIDO ${i}`,
      esAmount(movementAmounts[i] as number),
      esAmount(1_000_000 + i),
    ]),
    { period: "01/11/2026 al 30/11/2026", total: esAmount(movementAmounts.reduce((a, b) => a + b, 0)) },
  );

  let t0 = performance.now();
  const body = multipart("movimientos.csv", file);
  const upload = await h.app.inject({
    method: "POST",
    url: "/api/admin/statements",
    headers: { cookie: h.adminCookie, "content-type": body.contentType },
    payload: body.payload,
  });
  const uploadMs = performance.now() - t0;
  if (upload.statusCode !== 201) throw new Error(`subir extracto: ${upload.statusCode} ${upload.body}`);
  const uploaded = upload.json() as { statementId: string; proposed: unknown };
  const mapping = uploaded.proposed ?? BANK_EXPORT_MAPPING;

  t0 = performance.now();
  const imported = await h.call("POST", `/api/admin/statements/${uploaded.statementId}/import`, {
    bankName: "Banco de Venezuela",
    mapping,
    skipUnreadable: true,
  });
  const importMs = performance.now() - t0;
  if (imported.statusCode !== 200) throw new Error(`importar: ${imported.statusCode} ${imported.body}`);

  t0 = performance.now();
  const reconciled = await h.call("GET", `/api/admin/reconciliation?raffleId=${raffleId}`);
  const reconcileMs = performance.now() - t0;
  if (reconciled.statusCode !== 200)
    throw new Error(`conciliar: ${reconciled.statusCode} ${reconciled.body}`);
  const rec = reconciled.json() as {
    rows: { proofId: string; status: string }[];
    counts: Record<string, number>;
  };
  t0 = performance.now();
  await h.call("GET", `/api/admin/reconciliation?raffleId=${raffleId}`);
  const reconcileAgainMs = performance.now() - t0;

  const matched = rec.rows.filter((row) => row.status === "matched").map((row) => row.proofId);
  t0 = performance.now();
  const approve = await h.call("POST", "/api/admin/reconciliation/approve", {
    proofIds: matched,
    tolerance: 0,
  });
  const approveMs = performance.now() - t0;
  if (approve.statusCode !== 200) throw new Error(`aprobar: ${approve.statusCode} ${approve.body}`);
  const result = approve.json() as { approved: unknown[]; skipped: unknown[] };
  t0 = performance.now();
  const again = await h.call("POST", "/api/admin/reconciliation/approve", {
    proofIds: matched,
    tolerance: 0,
  });
  const approveAgainMs = performance.now() - t0;
  const approvedAgain = (again.json() as { approved: unknown[] }).approved.length;

  const linked = await db
    .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(DISTINCT matched_proof_id)::int` })
    .from(bankMovements)
    .where(isNotNull(bankMovements.matchedProofId));
  const approvedRows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentProofs)
    .where(and(eq(paymentProofs.raffleId, raffleId), eq(paymentProofs.status, "approved")));
  const [raffle] = await db
    .select({ sold: raffles.soldTickets })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  const soldRows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")));
  const links = Number(linked[0]?.n ?? 0);
  const distinct = Number(linked[0]?.distinct ?? 0);
  const approvedCount = Number(approvedRows[0]?.n ?? 0);
  const sold = Number(soldRows[0]?.n ?? 0);
  return {
    movements: options.movements,
    proofs: options.proofs,
    uploadMs,
    importMs,
    imported: (imported.json() as { imported: number }).imported,
    reconcileMs,
    reconcileAgainMs,
    counts: rec.counts,
    approveMs,
    approved: result.approved.length,
    skipped: result.skipped.length,
    approveAgainMs,
    approvedAgain,
    invariants: [
      {
        name: "Ningún movimiento paga dos comprobantes (ni un comprobante dos movimientos)",
        ok: links === distinct && links === approvedCount,
        detail: `${links} movimientos enlazados a ${distinct} comprobantes; ${approvedCount} aprobados`,
      },
      {
        name: "Aprobar de nuevo no cambia nada",
        ok: approvedAgain === 0,
        detail: `${approvedAgain} aprobados en la segunda corrida`,
      },
      {
        name: "sold_tickets = boletos vendidos = 2 × aprobados",
        ok: raffle?.sold === sold && sold === QUANTITY * approvedCount,
        detail: `sold_tickets ${raffle?.sold}, filas vendidas ${sold}, aprobados ${approvedCount}`,
      },
    ],
  };
}
