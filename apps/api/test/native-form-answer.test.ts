// A reservation form sent by a page whose inline script has run carries its key (`clave`): the server answers it
// with the payment page itself instead of a 303 to it, one round trip sooner on a slow link, and the page
// names its own address for the address bar (docs/decisions/0029-reserve-and-pay-before-javascript.md).
// Sending it again (a reload of that answer) repeats the key and gets the same reservation, never a second.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRaffleWithTickets, putSetting } from "./fixtures";
import { createTestApp, signedInUser, type TestApp } from "./helpers";
import { reserveForm, root, serverState } from "./native-form-pages";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

let t: TestApp;

beforeAll(async () => {
  if (!existsSync(path.join(webDist, "server", "entry-server.js"))) {
    throw new Error("Falta apps/web/dist/server: ejecuta `npm run build` antes de estas pruebas.");
  }
  t = await createTestApp({ webDist, pageCacheSeconds: 0 });
  await putSetting(t.app.ctx.db, "exchange_rate", { rate: 79.6373, date: "2026-11-25", source: "BCV" });
  await putSetting(t.app.ctx.db, "payment_accounts", {
    pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
    zelle: null,
    binance: null,
    transfer: null,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const PAYMENT_URL = /^\/perfil\/subir-comprobante\/([0-9a-f-]{36})\?reserva=([0-9a-f-]{36})$/;

/** The buyer's reservations of one raffle, as the API lists them. */
async function reservationsOf(app: TestApp["app"], cookie: string, raffleId: string) {
  const response = await app.inject({ method: "GET", url: "/api/reservations", headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const { items } = response.json() as {
    items: { id: string; raffleId: string; quantity: number; numbers: string[] | null }[];
  };
  return items.filter((r) => r.raffleId === raffleId);
}

/** The answer is the payment page of one reservation: its id, from the address the page names. */
function paymentPageOf(response: Awaited<ReturnType<typeof reserveForm>>, raffleId: string): string {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/html/);
  const url = serverState(response.body).url ?? "";
  const match = PAYMENT_URL.exec(url);
  expect(match, url).not.toBeNull();
  expect(match?.[1]).toBe(raffleId);
  return match?.[2] as string;
}

describe("el formulario con su clave: la página de pago en la misma respuesta", () => {
  it("números marcados: 200 con la página de pago de la reserva, privada, y la dirección de la página", async () => {
    const buyer = await signedInUser(t.app);
    const raffle = await insertRaffleWithTickets(t.app.ctx.db, { numberMode: "chosen" });
    const response = await reserveForm(t.app, raffle.id, "numeros=7&numeros=42&clave=c1a2b3c4d5e6f708", {
      cookie: buyer.cookie,
    });
    const reservationId = paymentPageOf(response, raffle.id);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(response.headers["referrer-policy"]).toBe("same-origin");
    const html = root(response.body);
    expect(html).toContain("Pago Móvil");
    // «la 1:00» from 1:00 to 1:59, «las» otherwise (Caracas time).
    expect(html).toMatch(/Apartado hasta las? \d{1,2}:\d{2}/);
    expect(html).toContain(`name="reservationId" value="${reservationId}"`);
    const [reservation] = await reservationsOf(t.app, buyer.cookie, raffle.id);
    expect(reservation).toMatchObject({ id: reservationId, numbers: ["07", "42"] });
  });

  it("enviado otra vez con la misma clave (recargar): la misma reserva, ninguna segunda", async () => {
    const buyer = await signedInUser(t.app);
    const raffle = await insertRaffleWithTickets(t.app.ctx.db, { numberMode: "random" });
    const send = () =>
      reserveForm(t.app, raffle.id, "cantidad=3&clave=recarga-0001", { cookie: buyer.cookie });
    const first = paymentPageOf(await send(), raffle.id);
    const again = paymentPageOf(await send(), raffle.id);
    expect(again).toBe(first);
    const held = await reservationsOf(t.app, buyer.cookie, raffle.id);
    expect(held.map((r) => [r.id, r.quantity])).toEqual([[first, 3]]);
  });

  it("la clave es de cada comprador: otro con la misma clave tiene su propia reserva", async () => {
    const [ana, luis] = [await signedInUser(t.app), await signedInUser(t.app)];
    const raffle = await insertRaffleWithTickets(t.app.ctx.db, { numberMode: "random" });
    const body = "cantidad=2&clave=misma-clave-01";
    const forAna = paymentPageOf(
      await reserveForm(t.app, raffle.id, body, { cookie: ana.cookie }),
      raffle.id,
    );
    const forLuis = paymentPageOf(
      await reserveForm(t.app, raffle.id, body, { cookie: luis.cookie }),
      raffle.id,
    );
    expect(forLuis).not.toBe(forAna);
    expect(await reservationsOf(t.app, luis.cookie, raffle.id)).toHaveLength(1);
  });

  it("una clave mal formada: la rifa con el mensaje, 400, sin reservar", async () => {
    const buyer = await signedInUser(t.app);
    const raffle = await insertRaffleWithTickets(t.app.ctx.db, { numberMode: "chosen" });
    const response = await reserveForm(t.app, raffle.id, "numeros=7&numeros=8&clave=%3Cx%3E", {
      cookie: buyer.cookie,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(root(response.body)).toMatch(/role="alert"/);
    expect(await reservationsOf(t.app, buyer.cookie, raffle.id)).toEqual([]);
  });

  it("sin clave (JavaScript apagado): el 303 de siempre", async () => {
    const buyer = await signedInUser(t.app);
    const raffle = await insertRaffleWithTickets(t.app.ctx.db, { numberMode: "random" });
    const plain = await reserveForm(t.app, raffle.id, "cantidad=2", { cookie: buyer.cookie });
    expect(plain.statusCode, plain.body).toBe(303);
    expect(String(plain.headers.location)).toMatch(PAYMENT_URL);
  });
});
