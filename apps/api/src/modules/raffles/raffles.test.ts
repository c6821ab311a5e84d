import { type PublicRaffle, RAFFLE_MESSAGES, raffleCardState } from "@rifazo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRaffle, insertWinner } from "../../../test/fixtures";
import { createTestApp, type TestApp } from "../../../test/helpers";

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.ctx.db;
  const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
  const rows = [
    {
      key: "moto",
      title: "Moto Bera 2025",
      description: "Una moto nueva",
      status: "active",
      createdAt: day(5),
    },
    {
      key: "phone",
      title: "iPhone 16 Pro",
      description: "Teléfono de ÚLTIMA generación, color azul",
      status: "active",
      createdAt: day(10),
    },
    { key: "truck", title: "Camión de juguete", description: "", status: "upcoming", createdAt: day(12) },
    {
      key: "trip",
      title: "Viaje a Margarita",
      description: "Para dos",
      status: "upcoming",
      createdAt: day(1),
    },
    { key: "tv", title: "Televisor 65", description: "Smart TV", status: "finished", createdAt: day(15) },
    {
      key: "cash",
      title: "Efectivo 500 USD",
      description: "Premio 100% en efectivo",
      status: "closed",
      createdAt: day(3),
    },
  ] as const;
  for (const { key, ...values } of rows) {
    ids[key] = (await insertRaffle(db, { ...values, status: values.status })).id;
  }
  await insertWinner(db, { raffleId: ids.tv as string, ticketNumber: 42, winnerName: "Ana Pérez" });
});
afterAll(async () => {
  await t?.close();
});

async function list(query = "") {
  const response = await t.app.inject({ method: "GET", url: `/api/raffles${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: PublicRaffle[] }).items;
}
const keysOf = (items: PublicRaffle[]) =>
  items.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0]);

describe("GET /api/raffles", () => {
  it("por defecto muestra activas y próximas: primero activas, luego la más nueva", async () => {
    expect(keysOf(await list())).toEqual(["phone", "moto", "truck", "trip"]);
    expect(keysOf(await list("?status=active_upcoming"))).toEqual(["phone", "moto", "truck", "trip"]);
  });

  it("filtra por cada estado", async () => {
    expect(keysOf(await list("?status=active"))).toEqual(["phone", "moto"]);
    expect(keysOf(await list("?status=upcoming"))).toEqual(["truck", "trip"]);
    expect(keysOf(await list("?status=finished"))).toEqual(["tv"]);
    expect(keysOf(await list("?status=closed"))).toEqual(["cash"]);
  });

  it("'all' ordena por estado (activas, próximas, cerradas, finalizadas) y luego por fecha", async () => {
    expect(keysOf(await list("?status=all"))).toEqual(["phone", "moto", "truck", "trip", "cash", "tv"]);
  });

  it("rechaza un filtro desconocido en español", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/raffles?status=borrador" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "VALIDATION",
      message: RAFFLE_MESSAGES.invalidFilter,
    });
  });

  it("busca en título y descripción sin distinguir mayúsculas ni acentos", async () => {
    expect(keysOf(await list("?q=MOTO"))).toEqual(["moto"]);
    expect(keysOf(await list(`?q=${encodeURIComponent("camion")}`))).toEqual(["truck"]);
    expect(keysOf(await list(`?q=${encodeURIComponent("telefono ultima")}`))).toEqual(["phone"]);
    expect(keysOf(await list(`?q=${encodeURIComponent("Teléfono AZUL")}`))).toEqual(["phone"]);
    // Description only, combined with a status filter.
    expect(keysOf(await list(`?status=all&q=${encodeURIComponent("smart")}`))).toEqual(["tv"]);
    expect(await list("?q=nada-parecido")).toEqual([]);
  });

  it("trata % y _ de la búsqueda como texto", async () => {
    expect(keysOf(await list(`?status=all&q=${encodeURIComponent("100%")}`))).toEqual(["cash"]);
    expect(keysOf(await list(`?status=all&q=${encodeURIComponent("%")}`))).toEqual(["cash"]);
    expect(await list(`?status=all&q=${encodeURIComponent("_")}`)).toEqual([]);
  });

  it("rechaza búsquedas demasiado largas", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/raffles?q=${"a".repeat(101)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(RAFFLE_MESSAGES.searchTooLong);
  });

  it("devuelve en camelCase lo que necesita la tarjeta, sin la semilla del sorteo", async () => {
    const [tv] = await list("?status=finished");
    expect(tv).toMatchObject({
      id: ids.tv,
      title: "Televisor 65",
      price: 5,
      currency: "USD",
      status: "finished",
      activationType: "date",
      announcementType: "internal",
      totalTickets: 10_000,
      soldTickets: 0,
      paymentMethods: ["Pago Móvil", "Zelle", "Binance Pay"],
      daysUntilActivationTeaser: 10,
      hasWinners: true,
      winners: [{ ticketNumber: "0042", winnerName: "Ana P.", prizeLevel: 1, source: "internal" }],
    });
    expect(tv).not.toHaveProperty("drawSeed");
    const state = raffleCardState({ ...(tv as PublicRaffle), state: (tv as PublicRaffle).lifecycle.state });
    expect(state.phase).toBe("finished");
    expect(state.primaryAction.kind).toBe("view_winner");
    const [phone] = await list("?status=active");
    const phoneRaffle = phone as PublicRaffle;
    expect(raffleCardState({ ...phoneRaffle, state: phoneRaffle.lifecycle.state }).primaryAction.kind).toBe(
      "participate",
    );
  });

  it("responde con ETag y 304 cuando el navegador ya tiene la misma versión", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api/raffles" });
    expect(first.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({
      method: "GET",
      url: "/api/raffles",
      headers: { "if-none-match": etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    const other = await t.app.inject({
      method: "GET",
      url: "/api/raffles?status=all",
      headers: { "if-none-match": etag },
    });
    expect(other.statusCode).toBe(200);
  });

  it("aparece en el documento OpenAPI", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/raffles",
        "/api/raffles/featured",
        "/api/raffles/upcoming",
        "/api/raffles/{id}",
        "/api/raffles/{id}/subscription",
        "/api/raffles/subscriptions",
        "/api/winners",
      ]),
    );
  });
});
