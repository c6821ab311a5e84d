import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, type TestApp } from "../../../test/helpers";
import { pointsHistory, rewardRedemptions, rewards, users } from "../../db/schema";

// The migration that added users.points_earned fills it from the ledger for existing accounts. Its UPDATE
// statements are run here again on accounts whose ledger is written by hand, as the app and the demo seed
// wrote it before the column existed.

const drizzleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../drizzle");
const migration = readdirSync(drizzleDir).find((name) => name.endsWith("_points_earned.sql"));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function runBackfill() {
  const text = readFileSync(path.join(drizzleDir, migration ?? ""), "utf8");
  const updates = text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => /^(--.*\n)*UPDATE/.test(statement));
  expect(updates).toHaveLength(2);
  for (const statement of updates) await t.app.ctx.db.execute(sql.raw(statement));
}

describe("migración points_earned", () => {
  it("suma pagos menos reversos, sin contar canjes, y fija el nivel con eso", async () => {
    const [reward] = await t.app.ctx.db
      .insert(rewards)
      .values({ title: "Boleto Gratis", pointsRequired: 1000 })
      .returning();
    const maria = await createUser(t.app);
    const luis = await createUser(t.app);
    const nuevo = await createUser(t.app);
    const [redemption] = await t.app.ctx.db
      .insert(rewardRedemptions)
      .values({
        userId: maria.id,
        rewardId: reward?.id ?? "",
        rewardTitle: "Boleto Gratis",
        pointsSpent: 1000,
      })
      .returning();
    await t.app.ctx.db.insert(pointsHistory).values([
      // María: 2 000 from payments, one 1 000 redemption with its id, one whose redemption row is gone
      // (ON DELETE SET NULL) and a demo-seed redemption: earned 2 000, balance 0 → Oro, not Bronce.
      { userId: maria.id, pointsChange: 1200, reason: "Pago aprobado: Moto (12 boletos)" },
      { userId: maria.id, pointsChange: 800, reason: "Pago general aprobado ($8,00)" },
      {
        userId: maria.id,
        pointsChange: -1000,
        reason: "Canje: Boleto Gratis",
        rewardRedemptionId: redemption?.id,
      },
      { userId: maria.id, pointsChange: -500, reason: "Canje: Camiseta" },
      { userId: maria.id, pointsChange: -500, reason: "Canje de recompensa: Gorra" },
      // Luis: 1 600 earned, 1 000 reversed by a deleted proof → 600, Plata.
      { userId: luis.id, pointsChange: 1600, reason: "Pago aprobado: TV (16 boletos)" },
      { userId: luis.id, pointsChange: -1000, reason: "Reverso por comprobante eliminado (referencia 123)" },
    ]);
    await t.app.ctx.db
      .update(users)
      .set({ rifazoPoints: 0, pointsEarned: 0, rifazoLevel: "Bronce" })
      .where(eq(users.id, maria.id));
    await t.app.ctx.db
      .update(users)
      .set({ rifazoPoints: 600, pointsEarned: 0, rifazoLevel: "Diamante" })
      .where(eq(users.id, luis.id));

    await runBackfill();

    const rows = await t.app.ctx.db
      .select({
        id: users.id,
        points: users.rifazoPoints,
        earned: users.pointsEarned,
        level: users.rifazoLevel,
      })
      .from(users)
      .where(inArray(users.id, [maria.id, luis.id, nuevo.id]));
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId[maria.id]).toMatchObject({ points: 0, earned: 2000, level: "Oro" });
    expect(byId[luis.id]).toMatchObject({ points: 600, earned: 600, level: "Plata" });
    expect(byId[nuevo.id]).toMatchObject({ points: 0, earned: 0, level: "Bronce" });
  });
});
