// The winner's claim (docs/decisions/0035-prizes-on-the-record.md): their prizes with the deadline, the
// claim with the cédula (private file, record entry once), a rejected claim sent again, the refusals,
// a raffle without a record, and "unclaimed" disqualification refused after a claim.
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { claimDeadline, ERROR_MESSAGES, formatDateTime, type MyPrize, PRIZE_MESSAGES } from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectVerified, recordOf, useDrawTestApp } from "../../../test/draw-fixtures";
import { signedInUser } from "../../../test/helpers";
import { cedulaPng, drawnRaffle, sendClaim, sendJson } from "../../../test/prize-fixtures";
import { auditLog, mailOutbox, notifications, prizeClaims, raffles, users, winners } from "../../db/schema";

const env = useDrawTestApp();
const DAY = 86_400_000;

/** Every stored file under the app's DATA_DIR/files/prizes, as relative keys. */
function storedPrizeFiles(): string[] {
  const root = path.join(env.t.dataDir, "files");
  if (!existsSync(path.join(root, "prizes"))) return [];
  return readdirSync(path.join(root, "prizes"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const prizeEntries = async (raffleId: string, type = "prize_claimed") =>
  (await recordOf(env.t, raffleId)).entries.filter((e) => e.type === type);

describe("reclamo del premio", () => {
  it("el ganador ve su premio con su plazo, lo reclama con su cédula y el acta lo registra una vez", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, { levels: [{ description: "Moto", count: 1 }] });
    const winner = raffle.winners[0];
    if (!winner) throw new Error("sin ganador");
    const record = await recordOf(env.t, raffle.id);
    const named = record.entries.find((e) => e.type === "winners");

    const list = await sendJson(env, "GET", "/api/prizes", env.ana.cookie);
    expect(list.statusCode, list.body).toBe(200);
    const mine = (list.json() as { items: MyPrize[] }).items.find((p) => p.winnerId === winner.id);
    expect(mine).toMatchObject({
      raffleId: raffle.id,
      level: 1,
      prizeDescription: "Moto",
      cash: null,
      awardedAt: named?.at,
      claimDeadline: claimDeadline(named?.at as string, 7),
      canClaim: true,
      claim: null,
      deliveries: [],
      dispute: null,
      status: { status: "unclaimed", statusText: "Por reclamar" },
    });
    // Nobody else's list has it.
    const theirs = await sendJson(env, "GET", "/api/prizes", env.beto.cookie);
    expect((theirs.json() as { items: MyPrize[] }).items.map((p) => p.winnerId)).not.toContain(winner.id);

    // The "¡Ganaste!" notice opens the prize's page and names the deadline.
    const [won] = await env.t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, env.ana.id), eq(notifications.linkTo, `/perfil/premios/${winner.id}`)),
      );
    expect(won?.message).toContain(
      `Reclama tu premio en Rifazo antes del ${formatDateTime(mine?.claimDeadline ?? "")}`,
    );

    // Without the cédula, or with a file that is not one, nothing is written nor stored.
    const bare = await sendClaim(env, winner.id, env.ana.cookie, { contactPhone: "0414-5550123" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(PRIZE_MESSAGES.evidenceRequired);
    const fake = await sendClaim(
      env,
      winner.id,
      env.ana.cookie,
      {},
      {
        name: "cedula.png",
        type: "image/png",
        data: Buffer.from("<html><script>alert(1)</script></html>"),
      },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.code).toBe("UNSUPPORTED_FILE_TYPE");
    expect(storedPrizeFiles()).toEqual([]);
    expect(await prizeEntries(raffle.id)).toHaveLength(0);

    const claimed = await sendClaim(
      env,
      winner.id,
      env.ana.cookie,
      { contactPhone: "0414-5550123", note: "Puedo retirarlo el sábado." },
      await cedulaPng(),
    );
    expect(claimed.statusCode, claimed.body).toBe(201);
    const prize = claimed.json() as MyPrize;
    expect(prize).toMatchObject({
      canClaim: false,
      claim: {
        reviewStatus: "pending",
        contactPhone: "0414-5550123",
        payoutDetails: null,
        note: "Puedo retirarlo el sábado.",
      },
      status: { status: "claimed", statusText: "Reclamado" },
    });
    const files = storedPrizeFiles();
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^prizes\/claims\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);

    const entries = await prizeEntries(raffle.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.data).toEqual({ level: 1, index: 0, ticketNumber: winner.ticketNumber });
    expect(entries[0]?.at).toBe(prize.claim?.claimedAt);
    await expectVerified(await recordOf(env.t, raffle.id));

    const again = await sendClaim(env, winner.id, env.ana.cookie, {}, await cedulaPng());
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "PRIZE_ALREADY_CLAIMED",
      message: ERROR_MESSAGES.PRIZE_ALREADY_CLAIMED,
    });
    const [audit] = await env.t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "prize.claim"), eq(auditLog.entityId, winner.id)));
    expect(audit?.actorId).toBe(env.ana.id);
  });

  it("otro usuario recibe 403, un visitante 401, un premio que no existe 404", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, { levels: [{ description: "Moto", count: 1 }] });
    const winnerId = raffle.winners[0]?.id as string;
    expect((await sendJson(env, "GET", "/api/prizes")).statusCode).toBe(401);
    expect((await sendJson(env, "GET", `/api/prizes/${winnerId}`)).statusCode).toBe(401);
    expect((await sendClaim(env, winnerId, undefined, {}, await cedulaPng())).statusCode).toBe(401);

    for (const response of [
      await sendJson(env, "GET", `/api/prizes/${winnerId}`, env.beto.cookie),
      await sendClaim(env, winnerId, env.beto.cookie, {}, await cedulaPng()),
      await sendJson(env, "POST", `/api/prizes/${winnerId}/confirmation`, env.beto.cookie, {
        outcome: "received",
      }),
      // An administrator is not the winner either: theirs is the admin's route.
      await sendJson(env, "GET", `/api/prizes/${winnerId}`, env.admin.cookie),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe("PRIZE_NOT_YOURS");
    }
    for (const id of ["00000000-0000-4000-8000-000000000000", "no-es-un-uuid"]) {
      const missing = await sendJson(env, "GET", `/api/prizes/${id}`, env.ana.cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.code).toBe("PRIZE_NOT_FOUND");
    }
    expect(
      await env.t.app.ctx.db.select().from(prizeClaims).where(eq(prizeClaims.winnerId, winnerId)),
    ).toEqual([]);

    // A winner whose email is not confirmed yet confirms it first.
    const unconfirmed = await signedInUser(env.t.app);
    // The session reads the profile on each request: the address stops being confirmed (changed email).
    await env.t.app.ctx.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    const theirs = await drawnRaffle(env, unconfirmed.id, { levels: [{ description: "Bono", count: 1 }] });
    const refused = await sendClaim(
      env,
      theirs.winners[0]?.id as string,
      unconfirmed.cookie,
      {},
      await cedulaPng(),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(PRIZE_MESSAGES.emailUnverified);
  });

  it("un reclamo rechazado se envía de nuevo: reemplaza la cédula, vuelve a revisión y el acta conserva el primero", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, { levels: [{ description: "Moto", count: 1 }] });
    const winnerId = raffle.winners[0]?.id as string;
    const first = await sendClaim(env, winnerId, env.ana.cookie, {}, await cedulaPng());
    expect(first.statusCode, first.body).toBe(201);
    const [before] = await env.t.app.ctx.db
      .select()
      .from(prizeClaims)
      .where(eq(prizeClaims.winnerId, winnerId));

    const review = (payload: unknown) =>
      sendJson(env, "POST", `/api/admin/prizes/${winnerId}/review`, env.admin.cookie, payload);
    const noNote = await review({ decision: "rejected" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toBe(PRIZE_MESSAGES.review);
    const rejected = await review({ decision: "rejected", note: "La foto de la cédula no se lee." });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      canClaim: true,
      claim: { reviewStatus: "rejected", reviewNote: "La foto de la cédula no se lee." },
    });
    expect((await review({ decision: "accepted" })).statusCode).toBe(409);
    const told = await env.t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, env.ana.id), eq(notifications.title, "Reclamo rechazado")));
    expect(told.map((n) => n.message).join(" ")).toContain("La foto de la cédula no se lee.");
    const mails = await env.t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, env.ana.email));
    expect(mails.some((m) => m.text.includes("La foto de la cédula no se lee."))).toBe(true);

    const second = await sendClaim(
      env,
      winnerId,
      env.ana.cookie,
      { note: "Otra foto, con más luz." },
      await cedulaPng(),
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      claim: {
        reviewStatus: "pending",
        reviewNote: null,
        note: "Otra foto, con más luz.",
        claimedAt: before?.claimedAt.toISOString(),
      },
    });
    const [after] = await env.t.app.ctx.db
      .select()
      .from(prizeClaims)
      .where(eq(prizeClaims.winnerId, winnerId));
    expect(after?.evidencePath).not.toBe(before?.evidencePath);
    // The replaced photo is gone; only the new one is kept.
    expect(await env.t.app.ctx.storage.exists(before?.evidencePath as string)).toBe(false);
    expect(await env.t.app.ctx.storage.exists(after?.evidencePath as string)).toBe(true);
    expect(await prizeEntries(raffle.id)).toHaveLength(1);
    await expectVerified(await recordOf(env.t, raffle.id));
  });

  it("un premio en dinero pide dónde pagarlo; las reglas publican su monto", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, {
      levels: [{ description: "USD 1.000 en efectivo", count: 1, cash: { currency: "USD", amount: 1000 } }],
    });
    const winnerId = raffle.winners[0]?.id as string;
    const rules = (await recordOf(env.t, raffle.id)).entries.find((e) => e.type === "rules_published");
    if (rules?.type !== "rules_published") throw new Error("sin reglas");
    expect(rules.data.prizeLevels).toEqual([
      {
        level: 1,
        count: 1,
        description: "USD 1.000 en efectivo",
        cash: { currency: "USD", amount: "1000.00" },
      },
    ]);

    const missing = await sendClaim(env, winnerId, env.ana.cookie, {}, await cedulaPng());
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(PRIZE_MESSAGES.payoutRequired);
    const claimed = await sendClaim(
      env,
      winnerId,
      env.ana.cookie,
      { payoutDetails: "Pago Móvil 0102, V-12345678, 0414-5550123" },
      await cedulaPng(),
    );
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({
      cash: { currency: "USD", amount: 1000 },
      claim: { payoutDetails: "Pago Móvil 0102, V-12345678, 0414-5550123" },
    });
  });

  it("sin acta: el plazo corre desde el anuncio (7 días); vencido, 409; a tiempo, solo la fila", async () => {
    const db = env.t.app.ctx.db;
    const [raffle] = await db
      .insert(raffles)
      .values({
        title: "Rifa sin acta",
        price: 1,
        totalTickets: 100,
        status: "finished",
        drawnAt: new Date(),
      })
      .returning();
    if (!raffle) throw new Error("sin rifa");
    const row = (ticketNumber: number, announcedAt: Date) => ({
      raffleId: raffle.id,
      ticketNumber,
      // The ticket row is gone: the winner row's account is the owner.
      ticketId: null,
      userId: env.ana.id,
      winnerName: "Ana Pérez",
      prizeDescription: "Licuadora",
      source: "external",
      announcedAt,
    });
    const [late, onTime] = await db
      .insert(winners)
      .values([row(7, new Date(Date.now() - 8 * DAY)), row(9, new Date())])
      .returning();
    if (!late || !onTime) throw new Error("sin ganadores");
    const lateView = await sendJson(env, "GET", `/api/prizes/${late.id}`, env.ana.cookie);
    expect(lateView.statusCode, lateView.body).toBe(200);
    expect(lateView.json()).toMatchObject({
      claimDeadline: claimDeadline(late.announcedAt.toISOString(), 7),
      canClaim: false,
    });
    const closed = await sendClaim(env, late.id, env.ana.cookie, {}, await cedulaPng());
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toEqual({
      code: "PRIZE_CLAIM_CLOSED",
      message: ERROR_MESSAGES.PRIZE_CLAIM_CLOSED,
    });
    const claimed = await sendClaim(env, onTime.id, env.ana.cookie, {}, await cedulaPng());
    expect(claimed.statusCode, claimed.body).toBe(201);
    const record = await sendJson(env, "GET", `/api/raffles/${raffle.id}/record`);
    expect(record.statusCode).toBe(404);
  });

  it("con el reclamo en el acta no se descalifica por no reclamar; sin reclamo, el plazo sigue mandando", async () => {
    const raffle = await drawnRaffle(env, env.ana.id, { levels: [{ description: "Moto", count: 2 }] });
    const [first, second] = raffle.winners;
    const claimed = await sendClaim(env, first?.id as string, env.ana.cookie, {}, await cedulaPng());
    expect(claimed.statusCode, claimed.body).toBe(201);
    const disqualify = (index: number) =>
      sendJson(env, "POST", `/api/admin/raffles/${raffle.id}/disqualify`, env.admin.cookie, {
        level: 1,
        index,
        reason: "unclaimed",
      });
    const refused = await disqualify(first?.prizeIndex as number);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      "Este ganador reclamó su premio a tiempo: no se puede descalificar por no reclamarlo.",
    );
    // The other winner has not claimed: the claim period (still open) is what refuses it.
    const open = await disqualify(second?.prizeIndex as number);
    expect(open.statusCode).toBe(409);
    expect(open.json().error.message).toContain("para reclamar su premio según las reglas");
    expect((await recordOf(env.t, raffle.id)).entries.some((e) => e.type === "disqualification")).toBe(false);
  });

  it("con el WhatsApp del organizador publicado, el aviso por correo y la página del premio lo enlazan", async () => {
    const saved = await sendJson(env, "PUT", "/api/admin/settings/support-contact", env.admin.cookie, {
      whatsapp: "0424-5550199",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const raffle = await drawnRaffle(env, env.beto.id, {
        title: "Rifa con WhatsApp",
        levels: [{ description: "Nevera", count: 1 }],
      });
      const winnerId = raffle.winners[0]?.id as string;
      const prize = (
        await sendJson(env, "GET", `/api/prizes/${winnerId}`, env.beto.cookie)
      ).json() as MyPrize;
      expect(prize.organiserWhatsapp).toMatch(/^https:\/\/wa\.me\/584245550199\?text=/);
      expect(decodeURIComponent(prize.organiserWhatsapp ?? "")).toContain('gané "Nevera" con el boleto');
      const mails = await env.t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, env.beto.email));
      const won = mails.find(
        (m) => m.subject === "¡Ganaste en Rifazo!" && m.text.includes("Rifa con WhatsApp"),
      );
      expect(won?.text).toContain("https://wa.me/584245550199?text=");
      expect(won?.text).toContain(`/perfil/premios/${winnerId}`);
      expect(won?.text).toContain("envía una foto de tu cédula de identidad");
    } finally {
      await sendJson(env, "PUT", "/api/admin/settings/support-contact", env.admin.cookie, { whatsapp: null });
    }
  });
});
