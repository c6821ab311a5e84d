import { formatDateTime } from "@rifazo/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, type TestApp } from "../../../test/helpers";
import { events, mailOutbox, notifications } from "../../db/schema";
import { notify } from "./notify";
import { NOTICES } from "./templates";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const refund = { raffleTitle: "Moto 0 km", amount: "10,00 US$", reference: "R-1" };

async function written(userId: string, to: string) {
  const db = t.app.ctx.db;
  const [rows, mails, published] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, userId)),
    db.select().from(mailOutbox).where(eq(mailOutbox.to, to)),
    db
      .select()
      .from(events)
      .where(inArray(events.userId, [userId])),
  ]);
  return { rows, mails, published };
}

describe("notify", () => {
  it("escribe la notificación, su evento y el correo en la transacción de quien llama", async () => {
    const user = await createUser(t.app);
    const told = await t.app.ctx.db.transaction((tx) =>
      notify(tx, t.app.ctx, { userId: user.id, email: user.email, name: "Ana" }, "refundPaid", refund),
    );
    expect(told.mails).toBe(1);
    const { rows, mails, published } = await written(user.id, user.email);
    const notice = NOTICES.refundPaid(refund);
    expect(rows).toMatchObject([
      { type: "other", title: "Reembolso realizado", message: notice.message, linkTo: "/perfil/pagos" },
    ]);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Te devolvimos tu pago");
    expect(mails[0]?.text).toContain(notice.message);
    expect(mails[0]?.text).toContain(`${t.app.ctx.config.publicUrl}/perfil/pagos`);
    expect(published).toMatchObject([
      { topic: "notification", payload: { type: "notification.created", id: rows[0]?.id } },
    ]);
  });

  it("no deja nada si la transacción se deshace", async () => {
    const user = await createUser(t.app);
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await notify(tx, t.app.ctx, { userId: user.id, email: user.email }, "refundPaid", refund);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const { rows, mails, published } = await written(user.id, user.email);
    expect(rows).toHaveLength(0);
    expect(mails).toHaveLength(0);
    expect(published).toHaveLength(0);
  });

  it("sin dirección, o con un aviso solo de la app, no encola correo", async () => {
    const user = await createUser(t.app);
    const told = await t.app.ctx.db.transaction(async (tx) => [
      await notify(tx, t.app.ctx, { userId: user.id }, "refundPaid", refund),
      await notify(tx, t.app.ctx, { userId: user.id, email: user.email }, "reservationReleased", {
        raffleTitle: "Moto 0 km",
      }),
    ]);
    expect(told.map((r) => r.mails)).toEqual([0, 0]);
    const { rows, mails } = await written(user.id, user.email);
    expect(rows).toHaveLength(2);
    expect(mails).toHaveLength(0);
  });

  it("datos por destinatario: cada uno recibe su propio aviso, en el orden dado", async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const told = await t.app.ctx.db.transaction((tx) =>
      notify(
        tx,
        t.app.ctx,
        [
          { userId: a.id, email: a.email, ticket: "001" },
          { userId: b.id, email: b.email, ticket: "002" },
        ],
        "raffleWon",
        (r) => ({
          raffleId: "r1",
          raffleTitle: "Moto",
          ticket: r.ticket,
          prize: "Moto",
          winnerId: `w${r.ticket}`,
          claimDeadline: "2026-12-05T16:00:00.000Z",
          organiserWhatsapp: null,
        }),
      ),
    );
    expect(told.mails).toBe(2);
    const claim = `Reclama tu premio en Rifazo antes del ${formatDateTime("2026-12-05T16:00:00.000Z")}.`;
    expect(told.notifications.map((n) => [n.userId, n.message, n.linkTo])).toEqual([
      [a.id, `Tu boleto 001 ganó "Moto" en la rifa "Moto". ${claim}`, "/perfil/premios/w001"],
      [b.id, `Tu boleto 002 ganó "Moto" en la rifa "Moto". ${claim}`, "/perfil/premios/w002"],
    ]);
  });
});
