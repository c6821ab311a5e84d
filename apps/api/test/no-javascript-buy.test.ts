// Reserving and paying with the browser's own forms, before or without JavaScript
// (docs/decisions/0029-reserve-and-pay-before-javascript.md): the same routes as the JSON callers answer a
// native submission with a 303 to the next page, or the page rendered again with the message (role alert)
// and what was sent; the payment page renders for its buyer alone, never cached; cross-site posts are refused.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RESERVATION_MESSAGES } from "@rifazo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRaffleWithTickets, putSetting } from "./fixtures";
import { createTestApp, nextIp, signedInUser, type TestApp } from "./helpers";
import { multipartBody, tinyPng } from "./multipart";
import { NAVIGATION, reserveForm as nativeReserveForm, ORIGIN, root, tags } from "./native-form-pages";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");
let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let buyer: SignedIn;
let png: Buffer;

beforeAll(async () => {
  if (!existsSync(path.join(webDist, "server", "entry-server.js"))) {
    throw new Error("Falta apps/web/dist/server: ejecuta `npm run build` antes de estas pruebas.");
  }
  t = await createTestApp({ webDist, pageCacheSeconds: 0 });
  buyer = await signedInUser(t.app);
  png = await tinyPng();
  await putSetting(t.app.ctx.db, "exchange_rate", { rate: 79.6373, date: "2026-11-25", source: "BCV" });
  await putSetting(t.app.ctx.db, "payment_accounts", {
    pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
    zelle: { email: "pagos@rifazo.com", name: "Rifazo LLC" },
    binance: null,
    transfer: null,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function chosenRaffle() {
  return insertRaffleWithTickets(t.app.ctx.db, { numberMode: "chosen" });
}

/** A native url-encoded POST of the raffle page's form. */
function reserveForm(raffleId: string, body: string, headers: Record<string, string> = {}) {
  return nativeReserveForm(t.app, raffleId, body, headers);
}

/** Reserves 0007 and 0042 through the form and follows the 303; the reservation's payment page address. */
async function reserveSeven(cookie: string) {
  const raffle = await chosenRaffle();
  const response = await reserveForm(raffle.id, "numeros=7&numeros=42", { cookie });
  expect(response.statusCode, response.body).toBe(303);
  const location = String(response.headers.location);
  const match = /^\/perfil\/subir-comprobante\/([0-9a-f-]+)\?reserva=([0-9a-f-]+)$/.exec(location);
  expect(match, location).not.toBeNull();
  return { raffle, location, reservationId: match?.[2] as string };
}

/** A boolean attribute, written bare (`checked`) or empty (`checked=""`): HTML reads both alike. */
function flag(name: string): RegExp {
  return new RegExp(`\\s${name}(?:="")?(?=[\\s/>])`);
}

/** The checkbox of number `n` in the grid rendered before the code runs. */
function checkbox(html: string, n: number): string {
  return tags(html, "input", `value="${n}"`).find((tag) => tag.includes('name="numeros"')) ?? "";
}

function page(url: string, cookie?: string) {
  return t.app.inject({
    method: "GET",
    url,
    headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    remoteAddress: nextIp(),
  });
}

describe("reservar con el formulario de la página (sin JavaScript)", () => {
  it("números marcados: 303 a la página de pago de la reserva nueva, con los números apartados", async () => {
    const { raffle, location, reservationId } = await reserveSeven(buyer.cookie);
    expect(location.startsWith(`/perfil/subir-comprobante/${raffle.id}?reserva=`)).toBe(true);
    const json = await t.app.inject({
      method: "GET",
      url: `/api/reservations/${reservationId}`,
      headers: { cookie: buyer.cookie },
    });
    expect(json.json()).toMatchObject({ numbers: ["07", "42"], status: "active", quantity: 2 });
  });

  it("la cantidad de una rifa al azar: 303 a la página de pago", async () => {
    const raffle = await insertRaffleWithTickets(t.app.ctx.db, { numberMode: "random" });
    const response = await reserveForm(raffle.id, "cantidad=3", { cookie: buyer.cookie });
    expect(response.statusCode, response.body).toBe(303);
    expect(String(response.headers.location)).toMatch(/\?reserva=/);
  });

  it("un número ya tomado: la rifa otra vez con el mensaje (role=alert), 409, y lo elegido marcado", async () => {
    const raffle = await chosenRaffle();
    const other = await signedInUser(t.app);
    expect((await reserveForm(raffle.id, "numeros=5&numeros=6", { cookie: other.cookie })).statusCode).toBe(
      303,
    );

    const response = await reserveForm(raffle.id, "numeros=6&numeros=8", { cookie: buyer.cookie });
    expect(response.statusCode).toBe(409);
    expect(response.headers["content-type"]).toMatch(/text\/html/);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const html = root(response.body);
    expect(html).toMatch(/role="alert"/);
    expect(html).toContain(RESERVATION_MESSAGES.numbersTaken(["06"]));
    // The free number stays ticked; the taken one is shown taken (disabled), not ticked.
    expect(checkbox(html, 8)).toMatch(flag("checked"));
    expect(checkbox(html, 6)).toMatch(flag("disabled"));
    expect(checkbox(html, 6)).not.toMatch(flag("checked"));
    expect(checkbox(html, 9)).not.toMatch(flag("checked"));
  });

  it("menos de dos números, o ninguno: 400 con el mensaje y lo elegido", async () => {
    const raffle = await chosenRaffle();
    const one = await reserveForm(raffle.id, "numeros=9", { cookie: buyer.cookie });
    expect(one.statusCode).toBe(400);
    expect(root(one.body)).toMatch(/role="alert"/);
    expect(checkbox(root(one.body), 9)).toMatch(flag("checked"));
    const none = await reserveForm(raffle.id, "", { cookie: buyer.cookie });
    expect(none.statusCode).toBe(400);
    expect(root(none.body)).toContain("Indica los números o la cantidad de boletos.");
  });

  it("una cantidad rechazada vuelve escrita en el campo", async () => {
    const raffle = await insertRaffleWithTickets(t.app.ctx.db, {
      numberMode: "random",
      maxTicketsPerBuyer: 5,
    });
    const response = await reserveForm(raffle.id, "cantidad=40", { cookie: buyer.cookie });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const html = root(response.body);
    expect(html).toMatch(/role="alert"/);
    expect(tags(html, "input", 'name="cantidad"')[0]).toContain('value="40"');
  });

  it("un visitante va a iniciar sesión con regreso a la rifa, sin reservar nada", async () => {
    const raffle = await chosenRaffle();
    const response = await reserveForm(raffle.id, "numeros=1&numeros=2");
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/login?volver=${encodeURIComponent(`/rifas/${raffle.id}`)}`);
    const numbers = await t.app.inject({ method: "GET", url: `/api/raffles/${raffle.id}/numbers` });
    expect(numbers.json().taken).toBe(0);
  });

  it("un administrador no compra: la rifa con el mensaje, 403", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const raffle = await chosenRaffle();
    const response = await reserveForm(raffle.id, "numeros=1&numeros=2", { cookie: admin.cookie });
    expect(response.statusCode).toBe(403);
    expect(root(response.body)).toMatch(/role="alert"/);
  });

  it("los llamadores JSON no cambian: 201 con la reserva", async () => {
    const raffle = await chosenRaffle();
    const response = await t.app.inject({
      method: "POST",
      url: `/api/raffles/${raffle.id}/reservations`,
      headers: { cookie: buyer.cookie, origin: ORIGIN },
      payload: { numbers: [3, 4] },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ numbers: ["03", "04"] });
  });
});

describe("CSRF: un formulario de otro sitio no reserva ni paga", () => {
  it.each([
    ["Origin de otro sitio", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site cross-site", { origin: ORIGIN, "sec-fetch-site": "cross-site" }],
  ])("%s: 403 en la reserva y en el comprobante", async (_name, headers) => {
    const raffle = await chosenRaffle();
    const reserve = await reserveForm(raffle.id, "numeros=1&numeros=2", { cookie: buyer.cookie, ...headers });
    expect(reserve.statusCode).toBe(403);
    const numbers = await t.app.inject({ method: "GET", url: `/api/raffles/${raffle.id}/numbers` });
    expect(numbers.json().taken).toBe(0);

    const body = multipartBody(
      {
        raffleId: raffle.id,
        paymentMethod: "zelle",
        transactionRef: "123456",
        amount: "10",
        currency: "USD",
      },
      { name: "pago.png", type: "image/png", data: png },
    );
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/proofs",
      headers: { ...NAVIGATION, ...body.headers, cookie: buyer.cookie, ...headers },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(403);
  });
});

describe("la página de pago, renderizada para su comprador", () => {
  it("muestra la reserva, los métodos y un formulario multipart real; privada y sin caché", async () => {
    const { location, reservationId } = await reserveSeven(buyer.cookie);
    const response = await page(location, buyer.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    // Under no-referrer the browser would post the proof form with "Origin: null", which CSRF refuses.
    expect(response.headers["referrer-policy"]).toBe("same-origin");
    const html = root(response.body);
    expect(html).toContain("07");
    expect(html).toContain("42");
    expect(html).toContain("Pago Móvil");
    expect(html).toContain("Zelle");
    // «la 1:00» from 1:00 to 1:59, «las» otherwise (Caracas time).
    expect(html).toMatch(/Apartado hasta las? \d{1,2}:\d{2}/);
    const [form] = tags(html, "form", 'action="/api/proofs"');
    expect(form).toContain('method="post"');
    expect(form).toMatch(/enctype="multipart\/form-data"/i);
    for (const name of [
      "raffleId",
      "reservationId",
      "paymentMethod",
      "transactionRef",
      "amount",
      "currency",
    ]) {
      expect(html, name).toContain(`name="${name}"`);
    }
    expect(html).toContain(`name="reservationId" value="${reservationId}"`);
    expect(tags(html, "input", 'name="idempotencyKey"')[0]).toMatch(
      /type="hidden"[^>]*value="[0-9a-f-]{36}"/,
    );
    expect(tags(html, "input", 'name="file"')[0]).toContain('type="file"');
  });

  it("otro usuario no ve la reserva ajena; un visitante recibe la página vacía", async () => {
    const { location } = await reserveSeven(buyer.cookie);
    const other = await signedInUser(t.app);
    const theirs = root((await page(location, other.cookie)).body);
    expect(theirs).not.toContain('name="reservationId"');
    expect(theirs).not.toContain("0042");
    const visitor = await page(location);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('name="reservationId"');
    const admin = await signedInUser(t.app, { role: "admin" });
    expect(root((await page(location, admin.cookie)).body)).not.toContain('name="reservationId"');
  });
});

describe("subir el comprobante con el formulario de la página (sin JavaScript)", () => {
  async function uploadForm(cookie: string | undefined, fields: Record<string, string>) {
    const body = multipartBody(fields, { name: "pago.png", type: "image/png", data: png });
    return t.app.inject({
      method: "POST",
      url: "/api/proofs",
      headers: { ...NAVIGATION, ...body.headers, ...(cookie ? { cookie } : {}) },
      payload: body.payload,
      remoteAddress: nextIp(),
    });
  }

  it("con el monto exacto: 303 a la página de la reserva, que dice «Comprobante en revisión»", async () => {
    const { raffle, location, reservationId } = await reserveSeven(buyer.cookie);
    const response = await uploadForm(buyer.cookie, {
      raffleId: raffle.id,
      reservationId,
      paymentMethod: "zelle",
      transactionRef: "ZL-778899",
      amount: "10",
      currency: "USD",
      quantity: "2",
      idempotencyKey: "0b5c0e5e-8d4e-4a3b-9a37-7a1f2f6c1d01",
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(location);
    const after = root((await page(location, buyer.cookie)).body);
    expect(after).toContain("Comprobante en revisión");
  });

  it("un monto que no cuadra: la página de pago con el mensaje, 4xx, y lo escrito", async () => {
    const { raffle, reservationId } = await reserveSeven(buyer.cookie);
    const response = await uploadForm(buyer.cookie, {
      raffleId: raffle.id,
      reservationId,
      paymentMethod: "zelle",
      transactionRef: "ZL-112233",
      amount: "9",
      currency: "USD",
      userNotes: "Pagué desde la cuenta de mi hermana",
      idempotencyKey: "0b5c0e5e-8d4e-4a3b-9a37-7a1f2f6c1d02",
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const html = root(response.body);
    expect(html).toMatch(/role="alert"/);
    expect(html).toContain('value="ZL-112233"');
    expect(html).toContain('value="9"');
    expect(html).toContain("Pagué desde la cuenta de mi hermana");
    expect(html).toContain('name="idempotencyKey" value="0b5c0e5e-8d4e-4a3b-9a37-7a1f2f6c1d02"');
  });

  it("sin sesión: 303 a iniciar sesión, sin comprobante", async () => {
    const response = await uploadForm(undefined, { raffleId: "general", paymentMethod: "zelle" });
    expect(response.statusCode).toBe(303);
    expect(String(response.headers.location)).toMatch(/^\/login\?volver=/);
  });

  it("el envío de la página con JavaScript (XHR) sigue respondiendo JSON", async () => {
    const { raffle, reservationId } = await reserveSeven(buyer.cookie);
    const body = multipartBody(
      {
        raffleId: raffle.id,
        reservationId,
        paymentMethod: "zelle",
        transactionRef: "X1",
        amount: "9",
        currency: "USD",
      },
      { name: "pago.png", type: "image/png", data: png },
    );
    const response = await t.app.inject({
      method: "POST",
      url: "/api/proofs",
      headers: {
        ...body.headers,
        cookie: buyer.cookie,
        origin: ORIGIN,
        "sec-fetch-mode": "cors",
        accept: "*/*",
      },
      payload: body.payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().error.code).toBeTruthy();
  });
});
