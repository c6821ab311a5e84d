// After a delivery (docs/decisions/0035-prizes-on-the-record.md): the winner's «Recibí mi premio» or a
// dispute (on the organiser's Hoy until resolved), all on the record; the public winners carry the status
// and never the private facts; the organiser's list filters by raffle and status.
import {
  type AdminPrize,
  type AdminToday,
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
import { notifications, raffles, winners } from "../../db/schema";

const env = useDrawTestApp();
const yesterday = () => todayInVenezuela(new Date(Date.now() - 86_400_000));

const confirm = (winnerId: string, payload: unknown, cookie = env.ana.cookie) =>
  sendJson(env, "POST", `/api/prizes/${winnerId}/confirmation`, cookie, payload);
const resolve = (winnerId: string, payload: unknown) =>
  sendJson(env, "POST", `/api/admin/prizes/${winnerId}/dispute/resolve`, env.admin.cookie, payload);
const todayPrizes = async () => {
  const response = await sendJson(env, "GET", "/api/admin/today", env.admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as AdminToday).prizes;
};

/** A drawn raffle whose one prize is claimed, accepted and delivered to Ana. */
async function deliveredPrize(title: string) {
  const raffle = await drawnRaffle(env, env.ana.id, { title, levels: [{ description: "Moto", count: 1 }] });
  const winnerId = raffle.winners[0]?.id as string;
  await claimedAndAccepted(env, winnerId, env.ana.cookie, env.admin.cookie, {
    contactPhone: "0414-5550123",
    note: "Nota privada del ganador",
  });
  const before = await confirm(winnerId, { outcome: "received" });
  expect(before.statusCode).toBe(409);
  expect(before.json().error).toEqual({
    code: "PRIZE_NOT_DELIVERED",
    message: ERROR_MESSAGES.PRIZE_NOT_DELIVERED,
  });
  const delivered = await sendDelivery(
    env,
    winnerId,
    env.admin.cookie,
    { method: "in_person", deliveredOn: yesterday() },
    proofPdf(title),
  );
  expect(delivered.statusCode, delivered.body).toBe(201);
  return { raffle, winnerId };
}

describe("confirmación y disputa del ganador", () => {
  it("una disputa queda en Hoy hasta que se resuelve; luego el ganador confirma una sola vez; todo en el acta", async () => {
    const { raffle, winnerId } = await deliveredPrize("Rifa en disputa");
    expect((await todayPrizes()).openDisputes.map((d) => d.winnerId)).not.toContain(winnerId);

    const short = await confirm(winnerId, { outcome: "disputed", message: "No" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe(PRIZE_MESSAGES.message);
    expect(
      (await confirm(winnerId, { outcome: "disputed", message: "No me llegó nada." }, env.beto.cookie))
        .statusCode,
    ).toBe(403);
    const message = "La moto llegó sin los papeles de propiedad.";
    const disputed = await confirm(winnerId, { outcome: "disputed", message });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toMatchObject({
      dispute: { message, resolution: null, resolvedAt: null },
      status: { status: "disputed", statusText: "En disputa", disputeOpen: true },
    });
    for (const payload of [{ outcome: "disputed", message: "Otra disputa más." }, { outcome: "received" }]) {
      const refused = await confirm(winnerId, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe("PRIZE_DISPUTE_OPEN");
    }
    const listed = (await todayPrizes()).openDisputes.find((d) => d.winnerId === winnerId);
    expect(listed).toMatchObject({ raffleId: raffle.id, raffleTitle: "Rifa en disputa", message });
    expect(listed?.ticketNumber).toMatch(/^\d{2}$/);

    expect((await resolve(winnerId, { resolution: "corto" })).statusCode).toBe(400);
    const resolution = "Se entregaron los papeles en la oficina el lunes.";
    const resolved = await resolve(winnerId, { resolution });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({
      dispute: { message, resolution },
      status: { disputeOpen: false },
    });
    expect((await todayPrizes()).openDisputes.map((d) => d.winnerId)).not.toContain(winnerId);
    const again = await resolve(winnerId, { resolution });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("PRIZE_NO_DISPUTE");
    const told = await env.t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, env.ana.id), eq(notifications.title, "Disputa resuelta")));
    expect(told.map((n) => n.message).join(" ")).toContain(resolution);

    const received = await confirm(winnerId, { outcome: "received" });
    expect(received.statusCode, received.body).toBe(200);
    const prize = received.json() as MyPrize;
    expect(prize.status).toMatchObject({ status: "confirmed", disputeOpen: false });
    expect(prize.status.statusText).toMatch(/^Entregado el \d{2}\/\d{2}\/\d{4} y confirmado por el ganador$/);
    const twice = await confirm(winnerId, { outcome: "received" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("PRIZE_ALREADY_CONFIRMED");

    const record = await recordOf(env.t, raffle.id);
    const outcomes = record.entries.flatMap((e) => (e.type === "prize_confirmation" ? [e.data.outcome] : []));
    expect(outcomes).toEqual(["disputed", "resolved", "received"]);
    // The dispute's message and the resolution stay private: the record only says what happened.
    expect(JSON.stringify(record)).not.toContain(message);
    expect(JSON.stringify(record)).not.toContain(resolution);
    await expectVerified(record);
  });

  it("los ganadores públicos llevan el estado del premio y nunca los datos privados", async () => {
    const { raffle, winnerId } = await deliveredPrize("Rifa pública");
    await confirm(winnerId, { outcome: "disputed", message: "Mensaje privado de la disputa." });
    const texts: string[] = [];
    for (const url of [`/api/raffles/${raffle.id}`, "/api/winners", "/api/raffles?status=finished"]) {
      const response = await sendJson(env, "GET", url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      texts.push(response.body);
    }
    const detail = JSON.parse(texts[0] as string) as { winners: Array<{ prize: unknown }> };
    expect(detail.winners[0]?.prize).toMatchObject({
      status: "disputed",
      statusText: "En disputa",
      method: "in_person",
      deliveredOn: yesterday(),
      disputeOpen: true,
      paid: null,
    });
    const history = JSON.parse(texts[1] as string) as {
      items: Array<{ raffle: { id: string }; winners: Array<{ prize: { status: string } | null }> }>;
    };
    expect(history.items.find((i) => i.raffle.id === raffle.id)?.winners[0]?.prize?.status).toBe("disputed");
    for (const text of texts) {
      for (const secret of [
        "0414-5550123",
        "Nota privada del ganador",
        "Mensaje privado de la disputa.",
        "prizes/claims/",
        "prizes/deliveries/",
        "evidence",
        env.ana.email,
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it("la lista del organizador filtra por rifa y por estado; Hoy cuenta los reclamos por revisar", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, {
      title: "Rifa filtrada",
      levels: [{ description: "Bono", count: 2 }],
    });
    const [first, second] = raffle.winners.map((w) => w.id as string);
    const list = async (query: string) => {
      const response = await sendJson(
        env,
        "GET",
        `/api/admin/prizes?raffleId=${raffle.id}${query}`,
        env.admin.cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: AdminPrize[] }).items;
    };
    const all = await list("");
    expect(all.map((p) => p.winnerId).sort()).toEqual([first, second].sort());
    expect(all[0]).toMatchObject({
      raffleTitle: "Rifa filtrada",
      userId: env.ana.id,
      userEmail: env.ana.email,
      hasEvidence: false,
      claimId: null,
      disqualified: false,
    });
    expect(all[0]?.claimDeadline).toBeTruthy();

    const pendingBefore = (await todayPrizes()).pendingReview;
    const claimed = await sendClaim(env, first as string, env.ana.cookie, {}, await cedulaPng());
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect((await list("&status=review")).map((p) => p.winnerId)).toEqual([first]);
    expect((await todayPrizes()).pendingReview).toBe(pendingBefore + 1);
    const accepted = await sendJson(env, "POST", `/api/admin/prizes/${first}/review`, env.admin.cookie, {
      decision: "accepted",
      note: "Cédula legible.",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await list("&status=claimed")).map((p) => p.winnerId)).toEqual([first]);
    expect((await list("&status=unclaimed")).map((p) => p.winnerId)).toEqual([second]);
    expect(await list("&status=review")).toEqual([]);
    expect((await todayPrizes()).pendingReview).toBe(pendingBefore);
    expect((await list("&status=claimed"))[0]).toMatchObject({
      hasEvidence: true,
      claim: { reviewStatus: "accepted" },
    });

    const bad = await sendJson(env, "GET", "/api/admin/prizes?status=perdido", env.admin.cookie);
    expect(bad.statusCode).toBe(400);
    const none = await sendJson(env, "GET", "/api/admin/prizes?raffleId=no-es-uuid", env.admin.cookie);
    expect(none.json()).toEqual({ items: [] });
    expect((await sendJson(env, "GET", "/api/admin/prizes", env.ana.cookie)).statusCode).toBe(403);
    expect(
      (await sendJson(env, "GET", `/api/admin/prizes/${second}/evidence`, env.admin.cookie)).statusCode,
    ).toBe(404);
  });

  it("Hoy cuenta los premios sin reclamar cuyo plazo vence en 48 horas", async () => {
    const db = env.t.app.ctx.db;
    const before = (await todayPrizes()).claimsDueSoon;
    const [raffle] = await db
      .insert(raffles)
      .values({
        title: "Rifa por vencer",
        price: 1,
        totalTickets: 100,
        status: "finished",
        drawnAt: new Date(),
      })
      .returning();
    const row = (ticketNumber: number, daysAgo: number) => ({
      raffleId: raffle?.id as string,
      ticketNumber,
      userId: env.ana.id,
      winnerName: "Ana Pérez",
      prizeDescription: "Licuadora",
      source: "external",
      announcedAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    // 7 days from the announcement: due in one day (counted), in a week, and already past.
    const [soon] = await db
      .insert(winners)
      .values([row(1, 6), row(2, 0), row(3, 8)])
      .returning();
    expect((await todayPrizes()).claimsDueSoon).toBe(before + 1);
    const claimed = await sendClaim(env, soon?.id as string, env.ana.cookie, {}, await cedulaPng());
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect((await todayPrizes()).claimsDueSoon).toBe(before);
  });
});
