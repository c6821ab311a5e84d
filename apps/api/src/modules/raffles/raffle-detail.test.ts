import { ERROR_MESSAGES, type PublicRaffle, type RaffleDetail } from "@rifazo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPrizeLevel, insertProof, insertRaffle, insertWinner } from "../../../test/fixtures";
import { createTestApp, createUser, type TestApp } from "../../../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SEED = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const COMMITMENT = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd";

async function detail(id: string) {
  return t.app.inject({ method: "GET", url: `/api/raffles/${id}` });
}

describe("GET /api/raffles/:id", () => {
  it("devuelve los campos públicos, los niveles en orden y restantes = total − vendidos − en revisión", async () => {
    const db = t.app.ctx.db;
    const raffle = await insertRaffle(db, {
      title: "Moto Empire Horse",
      totalTickets: 100,
      soldTickets: 30,
      drawSeed: SEED,
      drawSeedCommitment: COMMITMENT,
      activationType: "percentage",
      activationPercentage: 80,
      endDate: new Date("2026-12-01T20:00:00Z"),
    });
    const other = await insertRaffle(db, { totalTickets: 100 });
    await insertPrizeLevel(db, { raffleId: raffle.id, level: 2, description: "Teléfono", winnerCount: 2 });
    await insertPrizeLevel(db, { raffleId: raffle.id, level: 1, description: "Moto", prizeValue: 1500 });
    const user = await createUser(t.app);
    await insertProof(db, { userId: user.id, raffleId: raffle.id, quantityOfTickets: 3 });
    await insertProof(db, { userId: user.id, raffleId: raffle.id, quantityOfTickets: 2 });
    // Neither approved, rejected nor another raffle's pending proofs hold tickets of this raffle.
    await insertProof(db, { userId: user.id, raffleId: raffle.id, quantityOfTickets: 7, status: "approved" });
    await insertProof(db, { userId: user.id, raffleId: raffle.id, quantityOfTickets: 9, status: "rejected" });
    await insertProof(db, { userId: user.id, raffleId: other.id, quantityOfTickets: 4 });
    await insertProof(db, { userId: user.id, raffleId: null, quantityOfTickets: 4 });

    const response = await detail(raffle.id);
    expect(response.statusCode).toBe(200);
    const body = response.json() as RaffleDetail;
    expect(body).toMatchObject({
      id: raffle.id,
      title: "Moto Empire Horse",
      totalTickets: 100,
      soldTickets: 30,
      pendingTickets: 5,
      remaining: 65,
      activationType: "percentage",
      activationPercentage: 80,
      endDate: "2026-12-01T20:00:00.000Z",
      drawSeedCommitment: COMMITMENT,
      drawSeed: null,
      drawnAt: null,
      hasWinners: false,
      winners: [],
      prizeLevels: [
        { level: 1, description: "Moto", winnerCount: 1, prizeValue: 1500 },
        { level: 2, description: "Teléfono", winnerCount: 2, prizeValue: null },
      ],
    });
    // The secret must not appear anywhere in the answer before the draw.
    expect(response.body).not.toContain(SEED);
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(response.headers.etag).toBeDefined();

    const otherBody = (await detail(other.id)).json() as RaffleDetail;
    expect(otherBody.remaining).toBe(96);
  });

  it("nunca baja de cero aunque las retenciones superen lo disponible", async () => {
    const db = t.app.ctx.db;
    const raffle = await insertRaffle(db, { totalTickets: 10, soldTickets: 8 });
    const user = await createUser(t.app);
    await insertProof(db, { userId: user.id, raffleId: raffle.id, quantityOfTickets: 5 });
    const body = (await detail(raffle.id)).json() as RaffleDetail;
    expect(body.pendingTickets).toBe(5);
    expect(body.remaining).toBe(0);
  });

  it("publica la semilla y los ganadores solo después del sorteo", async () => {
    const db = t.app.ctx.db;
    const raffle = await insertRaffle(db, {
      status: "finished",
      drawSeed: SEED,
      drawSeedCommitment: COMMITMENT,
      drawAlgorithm: "rifazo-draw-v1",
      drawTicketListHash: "abc",
      drawnAt: new Date("2026-02-01T23:00:00Z"),
    });
    await insertWinner(db, { raffleId: raffle.id, ticketNumber: 7, winnerName: "Luis", prizeLevel: 2 });
    await insertWinner(db, { raffleId: raffle.id, ticketNumber: 1234, winnerName: "Carla", prizeLevel: 1 });
    const body = (await detail(raffle.id)).json() as RaffleDetail;
    expect(body).toMatchObject({
      drawSeed: SEED,
      drawSeedCommitment: COMMITMENT,
      drawAlgorithm: "rifazo-draw-v1",
      drawTicketListHash: "abc",
      drawnAt: "2026-02-01T23:00:00.000Z",
      hasWinners: true,
    });
    expect(body.winners.map((w) => [w.prizeLevel, w.ticketNumber, w.winnerName])).toEqual([
      [1, "1234", "Carla"],
      [2, "0007", "Luis"],
    ]);
  });

  it("responde 404 'Rifa no encontrada.' para ids desconocidos o mal formados", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "no-es-un-uuid", "1", "%27%20OR%201=1"]) {
      const response = await detail(id);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        error: { code: "RAFFLE_NOT_FOUND", message: ERROR_MESSAGES.RAFFLE_NOT_FOUND },
      });
    }
    expect(ERROR_MESSAGES.RAFFLE_NOT_FOUND).toBe("Rifa no encontrada.");
  });
});

describe("GET /api/raffles/featured y /upcoming", () => {
  it("destacadas: solo activas y marcadas, hasta 6, la más nueva primero", async () => {
    const db = t.app.ctx.db;
    const featured: string[] = [];
    for (let i = 1; i <= 8; i++) {
      const row = await insertRaffle(db, {
        title: `Destacada ${i}`,
        isFeatured: true,
        createdAt: new Date(Date.UTC(2026, 2, i)),
      });
      featured.push(row.id);
    }
    await insertRaffle(db, {
      isFeatured: true,
      status: "upcoming",
      createdAt: new Date(Date.UTC(2026, 3, 1)),
    });
    await insertRaffle(db, {
      isFeatured: true,
      status: "finished",
      createdAt: new Date(Date.UTC(2026, 3, 2)),
    });
    await insertRaffle(db, { isFeatured: false, createdAt: new Date(Date.UTC(2026, 3, 3)) });
    const response = await t.app.inject({ method: "GET", url: "/api/raffles/featured" });
    expect(response.statusCode).toBe(200);
    const items = (response.json() as { items: PublicRaffle[] }).items;
    expect(items.map((item) => item.id)).toEqual(featured.slice(2).reverse());
  });

  it("próximas: solo 'upcoming', por fecha de inicio ascendente (sin fecha al final)", async () => {
    const db = t.app.ctx.db;
    const late = await insertRaffle(db, { status: "upcoming", startDate: new Date("2027-03-01T12:00:00Z") });
    const soon = await insertRaffle(db, { status: "upcoming", startDate: new Date("2027-01-01T12:00:00Z") });
    const undated = await insertRaffle(db, { status: "upcoming" });
    await insertRaffle(db, { status: "active", startDate: new Date("2026-01-01T12:00:00Z") });
    const response = await t.app.inject({ method: "GET", url: "/api/raffles/upcoming" });
    const items = (response.json() as { items: PublicRaffle[] }).items;
    expect(items.map((item) => item.id)).toEqual(expect.arrayContaining([soon.id, late.id, undated.id]));
    expect(items.every((item) => item.status === "upcoming")).toBe(true);
    const order = items.map((item) => item.id).filter((id) => [soon.id, late.id, undated.id].includes(id));
    expect(order).toEqual([soon.id, late.id, undated.id]);
  });
});
