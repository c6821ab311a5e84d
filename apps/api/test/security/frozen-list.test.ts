// Attack: an operator with database access who wants a friend to win edits the frozen list by hand. The
// lifecycle guards of migration 0007 refuse it in the database itself, whatever the service does (decision 0012).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProofs, prizeLevels, raffles, tickets } from "../../src/db/schema";
import { insertPrizeLevel, insertProof, insertRaffle, setRaffleState } from "../fixtures";
import { createTestApp, createUser, type TestApp } from "../helpers";

let t: TestApp;
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The SQLSTATE a refused statement raised (drizzle wraps the driver's error). */
async function sqlState(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    let current: unknown = error;
    while (current) {
      const code = (current as { code?: unknown }).code;
      if (typeof code === "string") return code;
      current = (current as { cause?: unknown }).cause;
    }
    throw error;
  }
}

/** A raffle sold while active (one approved proof owning tickets 0 and 1), a prize level, then moved on. */
async function soldRaffle(state: "frozen" | "finished") {
  const buyer = await createUser(t.app);
  const friend = await createUser(t.app);
  const raffle = await insertRaffle(db(), { totalTickets: 10, soldTickets: 2, ticketsGenerated: true });
  await insertPrizeLevel(db(), { raffleId: raffle.id, level: 1, description: "Moto", winnerCount: 1 });
  await db().execute(
    sql`INSERT INTO tickets (raffle_id, ticket_number) SELECT ${raffle.id}::uuid, g FROM generate_series(0, 9) g`,
  );
  const proof = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, status: "approved" });
  await db()
    .update(tickets)
    .set({ status: "sold", userId: buyer.id, paymentId: proof.id, soldAt: new Date() })
    .where(and(eq(tickets.raffleId, raffle.id), sql`${tickets.ticketNumber} < 2`));
  const rejected = await insertProof(db(), { userId: friend.id, raffleId: raffle.id, status: "rejected" });
  await setRaffleState(db(), raffle.id, state);
  return { raffle, buyer, friend, proof, rejected };
}

describe.each(["frozen", "finished"] as const)(
  "rifa %s: la base de datos rechaza los cambios hechos a mano",
  (state) => {
    it("un boleto: reasignarlo, venderlo, liberarlo, añadirlo o borrarlo", async () => {
      const { raffle, friend, rejected } = await soldRaffle(state);
      expect(
        await sqlState(
          db()
            .update(tickets)
            .set({ userId: friend.id })
            .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.ticketNumber, 0))),
        ),
      ).toBe("RZ001");
      expect(
        await sqlState(
          db()
            .update(tickets)
            .set({ status: "sold", userId: friend.id, paymentId: rejected.id, soldAt: new Date() })
            .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.ticketNumber, 5))),
        ),
      ).toBe("RZ001");
      expect(
        await sqlState(
          db().execute(sql`UPDATE tickets SET status = 'available', user_id = NULL, payment_id = NULL, sold_at = NULL
          WHERE raffle_id = ${raffle.id} AND ticket_number = 1`),
        ),
      ).toBe("RZ001");
      expect(await sqlState(db().execute(sql`DELETE FROM tickets WHERE raffle_id = ${raffle.id}`))).toBe(
        "RZ001",
      );
      // Extra numbers cannot be slipped in either.
      expect(await sqlState(db().insert(tickets).values({ raffleId: raffle.id, ticketNumber: 9999 }))).toBe(
        "RZ001",
      );
      const owners = await db()
        .select({ n: tickets.ticketNumber, user: tickets.userId })
        .from(tickets)
        .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.status, "sold")));
      expect(owners.map((o) => o.n).sort()).toEqual([0, 1]);
    });

    it("un comprobante: aprobar, rechazar, mover a otra rifa o añadir uno nuevo", async () => {
      const { raffle, friend, proof, rejected } = await soldRaffle(state);
      expect(
        await sqlState(
          db().update(paymentProofs).set({ status: "approved" }).where(eq(paymentProofs.id, rejected.id)),
        ),
      ).toBe("RZ001");
      expect(
        await sqlState(
          db().update(paymentProofs).set({ status: "rejected" }).where(eq(paymentProofs.id, proof.id)),
        ),
      ).toBe("RZ001");
      const open = await insertRaffle(db());
      expect(
        await sqlState(
          db().update(paymentProofs).set({ raffleId: open.id }).where(eq(paymentProofs.id, proof.id)),
        ),
      ).toBe("RZ001");
      expect(await sqlState(insertProof(db(), { userId: friend.id, raffleId: raffle.id }))).toBe("RZ002");
      // What is not part of the list stays editable (a note on a proof).
      await db().update(paymentProofs).set({ adminNotes: "Revisado." }).where(eq(paymentProofs.id, proof.id));
    });

    it("los premios y las reglas vendidas: niveles, cantidades, precio, fechas, total, ventana de revisión", async () => {
      const { raffle } = await soldRaffle(state);
      expect(
        await sqlState(
          db().update(prizeLevels).set({ winnerCount: 3 }).where(eq(prizeLevels.raffleId, raffle.id)),
        ),
      ).toBe("RZ001");
      expect(
        await sqlState(
          db()
            .insert(prizeLevels)
            .values({ raffleId: raffle.id, level: 2, description: "Extra", winnerCount: 1 }),
        ),
      ).toBe("RZ001");
      expect(await sqlState(db().delete(prizeLevels).where(eq(prizeLevels.raffleId, raffle.id)))).toBe(
        "RZ001",
      );
      for (const change of [
        { price: 1 },
        { currency: "VES" },
        { totalTickets: 9 },
        { soldTickets: 1 },
        { endDate: new Date("2031-01-01T00:00:00Z") },
        { activationType: "percentage" },
        { reviewWindowHours: 720 },
        { maxTicketsPerBuyer: 3 },
        { announcementType: "external" },
      ]) {
        expect(
          await sqlState(db().update(raffles).set(change).where(eq(raffles.id, raffle.id))),
          JSON.stringify(change),
        ).toBe("RZ001");
      }
      // Going back is refused too: a frozen list cannot be reopened, a finished raffle is final.
      expect(
        await sqlState(db().update(raffles).set({ status: "active" }).where(eq(raffles.id, raffle.id))),
      ).toBe("RZ001");
      // The details that are not rules (title, description) may still be corrected.
      await db().update(raffles).set({ description: "Texto corregido" }).where(eq(raffles.id, raffle.id));
    });
  },
);

describe("el sorteo sigue pudiendo terminar una lista congelada", () => {
  it("frozen → finished con los datos del sorteo, y una rifa cancelada nunca vuelve", async () => {
    const { raffle } = await soldRaffle("frozen");
    await db()
      .update(raffles)
      .set({ status: "finished", drawnAt: new Date(), winningTicketNumber: 1, winnerName: "Ana" })
      .where(eq(raffles.id, raffle.id));
    const cancelled = await insertRaffle(db(), { status: "cancelled" });
    expect(
      await sqlState(db().update(raffles).set({ status: "active" }).where(eq(raffles.id, cancelled.id))),
    ).toBe("RZ001");
  });

  it("una subida de comprobante para una rifa que no está a la venta la rechaza la base (RZ002)", async () => {
    const buyer = await createUser(t.app);
    for (const status of ["upcoming", "closed"] as const) {
      const raffle = await insertRaffle(db(), { status });
      expect(await sqlState(insertProof(db(), { userId: buyer.id, raffleId: raffle.id }))).toBe("RZ002");
    }
    // A general payment (no raffle) is not a sale of any raffle.
    await insertProof(db(), { userId: buyer.id, raffleId: null });
  });
});
