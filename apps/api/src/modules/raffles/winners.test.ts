import { RAFFLE_MESSAGES, type WinnersList, winnersYears } from "@rifazo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRaffle, insertWinner } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
const ids: Record<string, string> = {};
const [thisYear, lastYear, twoYearsAgo] = winnersYears() as [number, number, number];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.ctx.db;
  // March 15, noon in Caracas.
  const march = await insertRaffle(db, {
    title: "Moto Yamaha",
    status: "finished",
    drawnAt: new Date(Date.UTC(thisYear, 2, 15, 16)),
  });
  ids.march = march.id;
  await insertWinner(db, { raffleId: march.id, ticketNumber: 7, winnerName: "José Martínez", prizeLevel: 1 });
  await insertWinner(db, {
    raffleId: march.id,
    ticketNumber: 815,
    winnerName: "Ana Rivas",
    prizeLevel: 2,
    prizeDescription: "Casco",
  });
  // 02:00 UTC on May 1 is still April 30 in Caracas (UTC−4): it belongs to April.
  const april = await insertRaffle(db, {
    title: "Televisor Samsung",
    status: "finished",
    drawnAt: new Date(Date.UTC(lastYear, 4, 1, 2)),
  });
  ids.april = april.id;
  await insertWinner(db, { raffleId: april.id, ticketNumber: 9999, winnerName: "Pedro Gómez" });
  // No drawn_at: the end date is the draw date.
  const ended = await insertRaffle(db, {
    title: "Efectivo",
    status: "finished",
    endDate: new Date(Date.UTC(twoYearsAgo, 10, 20, 16)),
  });
  ids.ended = ended.id;
  await insertWinner(db, {
    raffleId: ended.id,
    ticketNumber: 0,
    winnerName: "María Núñez",
    source: "external",
  });
  const old = await insertRaffle(db, {
    title: "Rifa antigua",
    status: "finished",
    drawnAt: new Date(Date.UTC(thisYear - 5, 0, 10, 16)),
  });
  ids.old = old.id;
  // Not finished: never in the history.
  const active = await insertRaffle(db, { title: "Moto activa", status: "active" });
  await insertWinner(db, { raffleId: active.id, ticketNumber: 1, winnerName: "Nadie" });
});
afterAll(async () => {
  await t?.close();
});

async function history(query = "") {
  const response = await t.app.inject({ method: "GET", url: `/api/winners${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as WinnersList;
}
const keysOf = (list: WinnersList) =>
  list.items.map((item) => Object.entries(ids).find(([, id]) => id === item.raffle.id)?.[0]);

describe("GET /api/winners", () => {
  it("lista las rifas finalizadas con sus ganadores, la más reciente primero", async () => {
    const list = await history();
    expect(keysOf(list)).toEqual(["march", "april", "ended", "old"]);
    expect(list.years).toEqual([thisYear, lastYear, twoYearsAgo]);
    const [march] = list.items;
    expect(march?.raffle).toMatchObject({ title: "Moto Yamaha", announcementType: "internal" });
    expect(march?.drawDate).toBe(new Date(Date.UTC(thisYear, 2, 15, 16)).toISOString());
    expect(march?.winners).toEqual([
      expect.objectContaining({ ticketNumber: "0007", winnerName: "José M.", prizeLevel: 1 }),
      expect.objectContaining({ ticketNumber: "0815", winnerName: "Ana R.", prizeDescription: "Casco" }),
    ]);
    const ended = list.items.find((item) => item.raffle.id === ids.ended);
    expect(ended?.winners[0]).toMatchObject({ ticketNumber: "0000", source: "external" });
    expect(ended?.drawDate).toBe(new Date(Date.UTC(twoYearsAgo, 10, 20, 16)).toISOString());
  });

  it("busca por título o por nombre del ganador, sin acentos ni mayúsculas", async () => {
    expect(keysOf(await history("?q=yamaha"))).toEqual(["march"]);
    expect(keysOf(await history(`?q=${encodeURIComponent("nunez")}`))).toEqual(["ended"]);
    expect(keysOf(await history(`?q=${encodeURIComponent("JOSÉ")}`))).toEqual(["march"]);
    expect(keysOf(await history("?q=moto"))).toEqual(["march"]);
  });

  it("filtra por año y por mes en hora de Venezuela", async () => {
    expect(keysOf(await history(`?year=${thisYear}`))).toEqual(["march"]);
    expect(keysOf(await history(`?year=${lastYear}&month=4`))).toEqual(["april"]);
    expect(keysOf(await history(`?year=${lastYear}&month=5`))).toEqual([]);
    expect(keysOf(await history("?month=11"))).toEqual(["ended"]);
    expect(keysOf(await history("?month=&year="))).toEqual(["march", "april", "ended", "old"]);
  });

  it("solo acepta el año actual y los dos anteriores, y meses de 1 a 12", async () => {
    const oldYear = await t.app.inject({ method: "GET", url: `/api/winners?year=${thisYear - 5}` });
    expect(oldYear.statusCode).toBe(400);
    expect(oldYear.json().error.message).toBe(RAFFLE_MESSAGES.invalidYear);
    const badMonth = await t.app.inject({ method: "GET", url: "/api/winners?month=13" });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().error.message).toBe(RAFFLE_MESSAGES.invalidMonth);
    const text = await t.app.inject({ method: "GET", url: "/api/winners?month=marzo" });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(RAFFLE_MESSAGES.invalidMonth);
  });
});
