// A prize's delivery (docs/decisions/0035-prizes-on-the-record.md): only after an accepted claim, with its
// proof (private; the record keeps its SHA-256), a cash prize checked against the BCV rate of the payment's
// day (refused below it or without it, with the figures), corrections as new rows, and the append-only
// table refusing UPDATE and DELETE on both databases.
import { createHash } from "node:crypto";
import {
  checkCashPayment,
  dayText,
  ERROR_MESSAGES,
  type MyPrize,
  PRIZE_MESSAGES,
  todayInVenezuela,
} from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectVerified, recordOf, useDrawTestApp } from "../../../test/draw-fixtures";
import {
  cedulaPng,
  claimedAndAccepted,
  drawnRaffle,
  proofPdf,
  sendClaim,
  sendDelivery,
  sendJson,
} from "../../../test/prize-fixtures";
import { notifications, prizeDeliveries } from "../../db/schema";

const env = useDrawTestApp();
const DAY = 86_400_000;
/** A calendar day in Venezuela, `days` before today. */
const dayBefore = (days: number) => todayInVenezuela(new Date(Date.now() - days * DAY));
const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

async function deliveryEntries(raffleId: string) {
  return (await recordOf(env.t, raffleId)).entries.filter((e) => e.type === "prize_delivered");
}

async function publishRate(rate: number, date: string) {
  const saved = await sendJson(env, "PUT", "/api/admin/settings/exchange-rate", env.admin.cookie, {
    rate,
    date,
    source: "BCV",
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe("entrega de un premio", () => {
  it("en especie: solo con el reclamo aceptado y su prueba; el acta guarda el hash y el ganador lo sabe", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, { levels: [{ description: "Moto", count: 1 }] });
    const winner = raffle.winners[0];
    const winnerId = winner?.id as string;
    const fields = { method: "in_person", deliveredOn: dayBefore(1), note: "Entregada en la tienda." };

    const unclaimed = await sendDelivery(env, winnerId, env.admin.cookie, fields, proofPdf());
    expect(unclaimed.statusCode).toBe(409);
    expect(unclaimed.json().error.code).toBe("PRIZE_CLAIM_NOT_ACCEPTED");
    const claimed = await sendClaim(env, winnerId, env.ana.cookie, {}, await cedulaPng());
    expect(claimed.statusCode, claimed.body).toBe(201);
    const pending = await sendDelivery(env, winnerId, env.admin.cookie, fields, proofPdf());
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toEqual({
      code: "PRIZE_CLAIM_NOT_ACCEPTED",
      message: ERROR_MESSAGES.PRIZE_CLAIM_NOT_ACCEPTED,
    });
    const accepted = await sendJson(env, "POST", `/api/admin/prizes/${winnerId}/review`, env.admin.cookie, {
      decision: "accepted",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const told = await env.t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, env.ana.id), eq(notifications.title, "Reclamo aceptado")));
    expect(told).toHaveLength(1);

    const noProof = await sendDelivery(env, winnerId, env.admin.cookie, fields);
    expect(noProof.statusCode).toBe(400);
    expect(noProof.json().error.message).toBe(PRIZE_MESSAGES.proofRequired);
    const future = await sendDelivery(
      env,
      winnerId,
      env.admin.cookie,
      { ...fields, deliveredOn: dayBefore(-2) },
      proofPdf(),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().error.message).toBe(PRIZE_MESSAGES.day);
    const notCash = await sendDelivery(
      env,
      winnerId,
      env.admin.cookie,
      { ...fields, paidCurrency: "USD", paidAmount: "10,00" },
      proofPdf(),
    );
    expect(notCash.statusCode).toBe(400);
    expect(notCash.json().error.message).toBe(PRIZE_MESSAGES.notCash);
    // A user is not the organiser.
    expect((await sendDelivery(env, winnerId, env.ana.cookie, fields, proofPdf())).statusCode).toBe(403);
    expect(await deliveryEntries(raffle.id)).toHaveLength(0);

    const proof = proofPdf("moto");
    const delivered = await sendDelivery(env, winnerId, env.admin.cookie, fields, proof);
    expect(delivered.statusCode, delivered.body).toBe(201);
    expect(delivered.json()).toMatchObject({
      status: {
        status: "delivered",
        statusText: `Entregado el ${dayText(fields.deliveredOn)}`,
        method: "in_person",
        proofHash: sha256(proof.data),
        paid: null,
      },
      deliveries: [
        {
          method: "in_person",
          deliveredOn: fields.deliveredOn,
          note: "Entregada en la tienda.",
          corrects: null,
        },
      ],
    });
    const [entry] = await deliveryEntries(raffle.id);
    expect(entry?.data).toEqual({
      level: 1,
      index: 0,
      ticketNumber: winner?.ticketNumber,
      method: "in_person",
      deliveredOn: fields.deliveredOn,
      proofHash: sha256(proof.data),
    });
    const [row] = await env.t.app.ctx.db
      .select()
      .from(prizeDeliveries)
      .where(eq(prizeDeliveries.winnerId, winnerId));
    expect(row?.recordSeq).toBe(entry?.seq);
    await expectVerified(await recordOf(env.t, raffle.id));

    const notice = await env.t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, env.ana.id), eq(notifications.title, "Premio entregado")));
    expect(notice[0]?.message).toContain("Registramos la entrega de tu premio: confírmala en Rifazo");
    expect(notice[0]?.linkTo).toBe(`/perfil/premios/${winnerId}`);

    // The proof is private: the organiser opens it with the private-file headers, nobody else.
    const url = `/api/admin/prize-deliveries/${row?.id}/proof`;
    const served = await sendJson(env, "GET", url, env.admin.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(served.headers["content-security-policy"])).toMatch(/\bsandbox\b/);
    expect(served.rawPayload.equals(proof.data)).toBe(true);
    expect((await sendJson(env, "GET", url, env.ana.cookie)).statusCode).toBe(403);
    expect((await sendJson(env, "GET", url)).statusCode).toBe(401);
    const evidence = await sendJson(env, "GET", `/api/admin/prizes/${winnerId}/evidence`, env.admin.cookie);
    expect(evidence.statusCode).toBe(200);
    expect(evidence.headers["content-type"]).toBe("image/png");
    expect(evidence.rawPayload.equals((await cedulaPng()).data)).toBe(true);
  });

  it("en dólares pagado en bolívares: sin tasa del día o por debajo se rechaza con las cifras; a la tasa, se registra", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, {
      levels: [{ description: "USD 1.000", count: 1, cash: { currency: "USD", amount: 1000 } }],
    });
    const winnerId = raffle.winners[0]?.id as string;
    await claimedAndAccepted(env, winnerId, env.ana.cookie, env.admin.cookie, {
      payoutDetails: "Pago Móvil 0102, V-12345678, 0414-5550123",
    });
    const day = dayBefore(3);
    const fields = { method: "pago_movil", deliveredOn: day, paidCurrency: "VES", paidAmount: "36.500,00" };

    const noCash = await sendDelivery(
      env,
      winnerId,
      env.admin.cookie,
      { method: "pago_movil", deliveredOn: day },
      proofPdf(),
    );
    expect(noCash.statusCode).toBe(400);
    expect(noCash.json().error.message).toBe(PRIZE_MESSAGES.cashRequired);
    const noRate = await sendDelivery(env, winnerId, env.admin.cookie, fields, proofPdf());
    expect(noRate.statusCode).toBe(409);
    expect(noRate.json().error.code).toBe("PRIZE_NO_RATE");
    expect(noRate.json().error.message).toBe(
      `No hay tasa BCV publicada para el ${dayText(day)}: publica la tasa de ese día en Ajustes antes de registrar un pago en otra moneda que la del premio.`,
    );

    await publishRate(36.5, day);
    // Today's rate is another one: the payment's own day decides.
    await publishRate(40, todayInVenezuela());
    const below = await sendDelivery(
      env,
      winnerId,
      env.admin.cookie,
      { ...fields, paidAmount: "35.500,00" },
      proofPdf(),
    );
    expect(below.statusCode).toBe(400);
    expect(below.json().error.code).toBe("PRIZE_BELOW_RATE");
    const expected = checkCashPayment(
      { currency: "USD", amount: 1000 },
      { currency: "VES", amount: 35_500, rate: 36.5, rateDate: day },
    );
    expect(expected.ok).toBe(false);
    expect(below.json().error.message).toBe(expected.ok ? "" : expected.message);
    expect(below.json().error.message).toBe(
      `El monto pagado (Bs. 35.500,00) es menor que el premio al cambio BCV del ${dayText(day)}: $1.000,00 × 36,5000 = Bs. 36.500,00.`,
    );
    expect(await deliveryEntries(raffle.id)).toHaveLength(0);

    const proof = proofPdf("pago movil");
    const paid = await sendDelivery(env, winnerId, env.admin.cookie, fields, proof);
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json() as MyPrize).status.paid).toEqual({
      currency: "VES",
      amount: 36_500,
      rate: 36.5,
      rateDate: day,
    });
    const [entry] = await deliveryEntries(raffle.id);
    expect(entry?.data).toMatchObject({
      method: "pago_movil",
      deliveredOn: day,
      proofHash: sha256(proof.data),
      cash: {
        prizeCurrency: "USD",
        prizeValue: "1000.00",
        paidCurrency: "VES",
        paidAmount: "36500.00",
        rate: "36.5000",
        rateDate: day,
      },
    });
    await expectVerified(await recordOf(env.t, raffle.id));
  });

  it("en la misma moneda no hace falta tasa: por debajo del premio se rechaza, igual o más se registra", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, {
      levels: [{ description: "Bs. 20.000", count: 1, cash: { currency: "VES", amount: 20_000 } }],
    });
    const winnerId = raffle.winners[0]?.id as string;
    await claimedAndAccepted(env, winnerId, env.ana.cookie, env.admin.cookie, {
      payoutDetails: "Cuenta 0102-...",
    });
    const day = dayBefore(20);
    const fields = { method: "transfer", deliveredOn: day, paidCurrency: "VES" };
    const below = await sendDelivery(
      env,
      winnerId,
      env.admin.cookie,
      { ...fields, paidAmount: "19.999,99" },
      proofPdf(),
    );
    expect(below.statusCode).toBe(400);
    expect(below.json().error.message).toBe(
      "El monto pagado (Bs. 19.999,99) es menor que el premio (Bs. 20.000,00).",
    );
    const paid = await sendDelivery(
      env,
      winnerId,
      env.admin.cookie,
      { ...fields, paidAmount: "20.000,00" },
      proofPdf(),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect((paid.json() as MyPrize).deliveries[0]).toMatchObject({
      paidCurrency: "VES",
      paidAmount: 20_000,
      rate: null,
      rateDate: null,
    });
    const [entry] = await deliveryEntries(raffle.id);
    expect(entry?.type === "prize_delivered" && entry.data.cash).toEqual({
      prizeCurrency: "VES",
      prizeValue: "20000.00",
      paidCurrency: "VES",
      paidAmount: "20000.00",
      rate: null,
      rateDate: null,
    });
    await expectVerified(await recordOf(env.t, raffle.id));
  });

  it("una corrección es una entrega nueva que nombra la anterior; la tabla no admite cambios ni borrados", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, { levels: [{ description: "Moto", count: 2 }] });
    const [first, second] = raffle.winners.map((w) => w.id);
    await claimedAndAccepted(env, first as string, env.ana.cookie, env.admin.cookie);
    await claimedAndAccepted(env, second as string, env.ana.cookie, env.admin.cookie);
    const original = await sendDelivery(
      env,
      first as string,
      env.admin.cookie,
      { method: "shipping", deliveredOn: dayBefore(5) },
      proofPdf("envío"),
    );
    expect(original.statusCode, original.body).toBe(201);
    const originalId = (original.json() as MyPrize).deliveries[0]?.id as string;
    const other = await sendDelivery(
      env,
      second as string,
      env.admin.cookie,
      { method: "in_person", deliveredOn: dayBefore(5) },
      proofPdf("otro"),
    );
    const otherId = (other.json() as MyPrize).deliveries[0]?.id as string;

    // Only an earlier delivery of the same prize may be corrected.
    for (const corrects of [otherId, "00000000-0000-4000-8000-000000000000"]) {
      const wrong = await sendDelivery(
        env,
        first as string,
        env.admin.cookie,
        { method: "in_person", deliveredOn: dayBefore(4), corrects },
        proofPdf("mal"),
      );
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe(PRIZE_MESSAGES.corrects);
    }
    const fixed = await sendDelivery(
      env,
      first as string,
      env.admin.cookie,
      {
        method: "in_person",
        deliveredOn: dayBefore(4),
        corrects: originalId,
        note: "Se entregó en persona, no por envío.",
      },
      proofPdf("corrección"),
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
    const prize = fixed.json() as MyPrize;
    expect(prize.deliveries.map((d) => [d.method, d.corrects])).toEqual([
      ["shipping", null],
      ["in_person", originalId],
    ]);
    expect(prize.status).toMatchObject({ method: "in_person", deliveredOn: dayBefore(4) });
    const entries = (await deliveryEntries(raffle.id)).filter(
      (e) => e.type === "prize_delivered" && e.data.index === raffle.winners[0]?.prizeIndex,
    );
    expect(entries).toHaveLength(2);
    expect(entries[1]?.type === "prize_delivered" && entries[1].data.corrects).toBe(entries[0]?.seq);
    await expectVerified(await recordOf(env.t, raffle.id));

    // Append-only in the database itself (trigger of migration 0035), whatever the code does.
    const db = env.t.app.ctx.db;
    await expect(
      db
        .update(prizeDeliveries)
        .set({ deliveredOn: dayBefore(1) })
        .where(eq(prizeDeliveries.id, originalId)),
    ).rejects.toThrow();
    await expect(db.delete(prizeDeliveries).where(eq(prizeDeliveries.id, originalId))).rejects.toThrow();
    const [kept] = await db.select().from(prizeDeliveries).where(eq(prizeDeliveries.id, originalId));
    expect(kept?.deliveredOn).toBe(dayBefore(5));
  });
});
