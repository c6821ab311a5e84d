// The buyer's own numbers at every step of a chosen-numbers purchase: held while the proof waits (Mis
// pagos, the admin inbox), sold after approval, and on the grid through a private request that never
// shows another buyer's numbers. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { randomBytes } from "node:crypto";
import type { AdminProof, MyNumbers, PaymentProof, Reservation } from "@rifazo/shared";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type insertRaffle, insertRaffleWithTickets, putSetting } from "../../../test/fixtures";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import { multipartBody } from "../../../test/multipart";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let admin: SignedIn;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, { role: "admin" });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 4, g: 5, b: 6 } } })
    .png()
    .toBuffer();
  const accounts = {
    pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
    zelle: { email: "pagos@rifazo.com", name: "Rifazo LLC" },
    binance: null,
    transfer: null,
  };
  await putSetting(t.app.ctx.db, "payment_accounts", accounts);
});
afterAll(async () => {
  await t?.close();
});

function raffleWithTickets(values: Parameters<typeof insertRaffle>[1] = {}) {
  return insertRaffleWithTickets(t.app.ctx.db, values);
}

function get(url: string, cookie?: string) {
  return t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

async function reserve(cookie: string, raffleId: string, body: object): Promise<Reservation> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/raffles/${raffleId}/reservations`,
    headers: { cookie },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Reservation;
}

async function pay(cookie: string, fields: Record<string, string>): Promise<PaymentProof> {
  const body = multipartBody(
    { transactionRef: `REF-${randomBytes(5).readUIntBE(0, 5)}`, ...fields },
    { name: "pago.png", type: "image/png", data: png },
  );
  const res = await t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentProof;
}

async function mine(cookie: string, id: string): Promise<PaymentProof | undefined> {
  const res = await get("/api/proofs/mine", cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as PaymentProof[]).find((proof) => proof.id === id);
}

async function inbox(id: string): Promise<AdminProof | undefined> {
  const res = await get(`/api/admin/proofs?proofId=${id}`, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as AdminProof[]).find((proof) => proof.id === id);
}

const decide = (id: string, action: "approve" | "reject") =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/proofs/${id}/${action}`,
    headers: { cookie: admin.cookie },
    ...(action === "reject" ? { payload: { adminNotes: "La referencia no aparece en el banco." } } : {}),
  });

describe("números apartados en Mis pagos y en la bandeja de pagos", () => {
  it("un comprobante pendiente muestra los números elegidos al dueño y al administrador, no a otro usuario", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen" });
    const buyer = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const reservation = await reserve(buyer.cookie, raffle.id, { numbers: [99, 7, 42] });
    const proof = await pay(buyer.cookie, {
      raffleId: raffle.id,
      reservationId: reservation.id,
      paymentMethod: "zelle",
      currency: "USD",
      amount: "15",
    });

    // Owner: held (apartados), not assigned yet; in the raffle's two digits.
    expect(await mine(buyer.cookie, proof.id)).toMatchObject({
      status: "pending",
      heldNumbers: ["07", "42", "99"],
      ticketNumbers: [],
    });
    const detail = await get(`/api/proofs/${proof.id}`, buyer.cookie);
    expect(detail.json()).toMatchObject({ heldNumbers: ["07", "42", "99"] });
    // Another user: neither in their list nor by id.
    expect(await mine(other.cookie, proof.id)).toBeUndefined();
    expect((await get(`/api/proofs/${proof.id}`, other.cookie)).statusCode).toBe(404);
    // Admin inbox and the admin's view of the proof.
    expect(await inbox(proof.id)).toMatchObject({ heldNumbers: ["07", "42", "99"], tickets: [] });
    expect((await get(`/api/proofs/${proof.id}`, admin.cookie)).json()).toMatchObject({
      heldNumbers: ["07", "42", "99"],
    });

    // Rejected and waiting for a new proof: the numbers are still held for the buyer.
    expect((await decide(proof.id, "reject")).statusCode).toBe(200);
    expect(await mine(buyer.cookie, proof.id)).toMatchObject({
      status: "rejected",
      heldNumbers: ["07", "42", "99"],
    });
    expect(await inbox(proof.id)).toMatchObject({ heldNumbers: ["07", "42", "99"] });

    // A new proof for the same reservation: the old rejected one no longer claims them.
    const retry = await pay(buyer.cookie, {
      raffleId: raffle.id,
      reservationId: reservation.id,
      paymentMethod: "zelle",
      currency: "USD",
      amount: "15",
    });
    expect((await mine(buyer.cookie, proof.id))?.heldNumbers).toEqual([]);
    expect((await mine(buyer.cookie, retry.id))?.heldNumbers).toEqual(["07", "42", "99"]);

    // Approved: assigned, no longer "held".
    expect((await decide(retry.id, "approve")).statusCode).toBe(200);
    expect(await mine(buyer.cookie, retry.id)).toMatchObject({
      heldNumbers: [],
      ticketNumbers: ["07", "42", "99"],
    });
    expect(await inbox(retry.id)).toMatchObject({ heldNumbers: [], tickets: ["07", "42", "99"] });
  });

  it("al azar no hay números apartados: se asignan al aprobar", async () => {
    const raffle = await raffleWithTickets({ numberMode: "random" });
    const buyer = await signedInUser(t.app);
    const proof = await pay(buyer.cookie, {
      raffleId: raffle.id,
      paymentMethod: "zelle",
      currency: "USD",
      amount: "10",
      quantity: "2",
    });
    expect(await mine(buyer.cookie, proof.id)).toMatchObject({ heldNumbers: [], quantityOfTickets: 2 });
    expect(await inbox(proof.id)).toMatchObject({ heldNumbers: [] });
  });
});

describe("GET /api/raffles/:id/numbers/mine", () => {
  it("devuelve solo los números propios (apartados y comprados), privados; el mapa público no cambia", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen" });
    const buyer = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const first = await reserve(buyer.cookie, raffle.id, { numbers: [5, 6] });
    const bought = await pay(buyer.cookie, {
      raffleId: raffle.id,
      reservationId: first.id,
      paymentMethod: "zelle",
      currency: "USD",
      amount: "10",
    });
    expect((await decide(bought.id, "approve")).statusCode).toBe(200);
    await reserve(buyer.cookie, raffle.id, { numbers: [42, 12] });
    await reserve(other.cookie, raffle.id, { numbers: [70, 71] });

    const url = `/api/raffles/${raffle.id}/numbers/mine`;
    const own = await get(url, buyer.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(own.json() as MyNumbers).toEqual({ raffleId: raffle.id, held: [12, 42], owned: [5, 6] });
    // The other buyer sees only theirs; a visitor gets 401; an unknown raffle 404.
    expect((await get(url, other.cookie)).json()).toEqual({ raffleId: raffle.id, held: [70, 71], owned: [] });
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, admin.cookie)).json()).toEqual({ raffleId: raffle.id, held: [], owned: [] });
    expect((await get(`/api/raffles/${crypto.randomUUID()}/numbers/mine`, buyer.cookie)).statusCode).toBe(
      404,
    );

    // The public bitmap stays public and shared: same answer for everyone, no owner in it.
    const publicMap = await get(`/api/raffles/${raffle.id}/numbers`);
    expect(publicMap.headers["cache-control"]).toBe("public, max-age=3");
    expect(Object.keys(publicMap.json()).sort()).toEqual(["bitmap", "raffleId", "taken", "totalTickets"]);
    expect(publicMap.json().taken).toBe(6);
  });
});
