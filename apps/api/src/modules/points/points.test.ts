import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, type TestApp } from "../../../test/helpers";
import { users } from "../../db/schema";
import * as repo from "./repository";
import { applyPointsChange } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function profile(id: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe("libro de RifaPuntos", () => {
  it("acredita y revierte en una transacción y recalcula el nivel con los puntos ganados", async () => {
    const user = await createUser(t.app);
    const credit = await t.app.ctx.db.transaction((tx) =>
      applyPointsChange(tx, { userId: user.id, change: 1500, reason: "Pago aprobado" }),
    );
    expect(credit).toMatchObject({
      points: 1500,
      earned: 1500,
      level: "Oro",
      previousLevel: "Bronce",
      levelChanged: true,
    });
    // A reversal (a deleted proof's award taken back) lowers what was earned, and so the level.
    const reversal = await t.app.ctx.db.transaction((tx) =>
      applyPointsChange(tx, { userId: user.id, change: -1100, reason: "Reverso por comprobante eliminado" }),
    );
    expect(reversal).toMatchObject({ points: 400, earned: 400, level: "Bronce", levelChanged: true });
    expect(await profile(user.id)).toMatchObject({
      rifazoPoints: 400,
      pointsEarned: 400,
      rifazoLevel: "Bronce",
    });
    expect(await repo.ledgerSum(t.app.ctx.db, user.id)).toBe(400);
  });

  it("una transacción que falla no deja ni el movimiento ni el saldo", async () => {
    const user = await createUser(t.app);
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await applyPointsChange(tx, { userId: user.id, change: 700, reason: "Pago aprobado" });
        throw new Error("fallo después de acreditar");
      }),
    ).rejects.toThrow("fallo después de acreditar");
    expect((await profile(user.id))?.rifazoPoints).toBe(0);
    expect(await repo.ledgerSum(t.app.ctx.db, user.id)).toBe(0);
  });

  it("créditos concurrentes: el saldo siempre igual a la suma del libro", async () => {
    const user = await createUser(t.app);
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.app.ctx.db.transaction((tx) =>
          applyPointsChange(tx, { userId: user.id, change: 100 + i, reason: `Pago ${i}` }),
        ),
      ),
    );
    const expected = Array.from({ length: 25 }, (_, i) => 100 + i).reduce((a, b) => a + b, 0);
    expect((await profile(user.id))?.rifazoPoints).toBe(expected);
    expect(await repo.ledgerSum(t.app.ctx.db, user.id)).toBe(expected);
    expect((await profile(user.id))?.rifazoLevel).toBe("Oro");
  });

  it("rechaza un cambio de cero o no entero", async () => {
    const user = await createUser(t.app);
    await expect(
      t.app.ctx.db.transaction((tx) => applyPointsChange(tx, { userId: user.id, change: 0, reason: "x" })),
    ).rejects.toThrow(/distinto de cero/);
  });
});
