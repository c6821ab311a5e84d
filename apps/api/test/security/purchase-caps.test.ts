// One pending proof must not hold every remaining ticket (decision 0008): a per-raffle cap per buyer over
// pending plus approved tickets, set by the organiser and shown publicly, and a per-account limit on proofs
// under review. Both enforced by the upload's transaction, also against parallel requests.
import {
  capMessage,
  defaultTicketCap,
  MAX_PENDING_PROOFS_PER_ACCOUNT,
  PURCHASE_LIMIT_MESSAGES,
  type PurchaseAllowance,
} from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { paymentProofs } from "../../src/db/schema";
import { waitForTicketPools } from "../../src/modules/admin/raffles/ticket-pool";
import { nextIp, signedInUser, type TestApp } from "../helpers";
import { useTestApp } from "./lifecycle";
import { expectSpanishError, multipartBody, smallPng, uniqueId, uniqueReference } from "./support";

let t: TestApp;
let admin: { id: string; cookie: string };
let png: Buffer;

useTestApp(async (app) => {
  t = app;
  admin = await signedInUser(t.app, { role: "admin" });
  png = await smallPng();
});

type Buyer = Awaited<ReturnType<typeof signedInUser>>;
const buyer = (): Promise<Buyer> => signedInUser(t.app);

/** A raffle priced 5 USD made through the admin API (so its ticket pool exists for approvals). */
async function createRaffle(extra: Record<string, unknown> = {}): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/raffles",
    headers: { cookie: admin.cookie },
    payload: {
      title: `Rifa con tope ${uniqueId()}`,
      price: 5,
      currency: "USD",
      totalTickets: 100,
      status: "active",
      activationType: "date",
      endDate: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
      prizeLevels: [{ description: "Premio mayor", winnerCount: 1 }],
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  await waitForTicketPools(t.app.ctx);
  return (response.json() as { id: string }).id;
}

function upload(who: Buyer, raffleId: string, quantity: number, amount = quantity * 5) {
  const body = multipartBody(
    {
      raffleId,
      paymentMethod: "pago_movil",
      transactionRef: `REF-${uniqueReference()}`,
      amount: amount.toFixed(2),
      currency: "USD",
      quantity,
    },
    { name: "comprobante.png", type: "image/png", data: png },
  );
  return t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie },
    remoteAddress: nextIp(),
  });
}

function expectRefused(response: LightMyRequestResponse, code: string, message: string) {
  expect(response.statusCode, response.body).toBe(409);
  expectSpanishError(response, code);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message).toBe(message);
}

async function proofsOf(userId: string, raffleId?: string) {
  return t.app.ctx.db
    .select()
    .from(paymentProofs)
    .where(
      raffleId
        ? and(eq(paymentProofs.userId, userId), eq(paymentProofs.raffleId, raffleId))
        : eq(paymentProofs.userId, userId),
    );
}

async function publicRaffle(id: string) {
  const response = await t.app.inject({ method: "GET", url: `/api/raffles/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { maxTicketsPerBuyer: number; remaining: number; pendingTickets: number };
}

async function allowance(who: Buyer | null, raffleId: string) {
  return t.app.inject({
    method: "GET",
    url: `/api/proofs/allowance?raffleId=${raffleId}`,
    headers: who ? { cookie: who.cookie } : {},
  });
}

function adminPatch(id: string, payload: Record<string, unknown>, cookie = admin.cookie) {
  return t.app.inject({ method: "PATCH", url: `/api/admin/raffles/${id}`, headers: { cookie }, payload });
}

function review(id: string, action: "approve" | "reject") {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/proofs/${id}/${action}`,
    headers: { cookie: admin.cookie },
    payload: {},
  });
}

describe("per-raffle cap per buyer", () => {
  it("the attack: one account, one proof for every unsold ticket, is refused and nothing is held", async () => {
    const raffleId = await createRaffle();
    const attacker = await buyer();
    const before = await publicRaffle(raffleId);
    expect(before.remaining).toBe(100);

    const response = await upload(attacker, raffleId, 100);
    expectRefused(response, "TICKET_CAP_REACHED", PURCHASE_LIMIT_MESSAGES.capLeft(10));
    expect(response.json().error.message).toBe("Puedes comprar como máximo 10 boletos más en esta rifa.");

    expect(await proofsOf(attacker.id)).toEqual([]);
    const after = await publicRaffle(raffleId);
    expect(after.remaining).toBe(100);
    expect(after.pendingTickets).toBe(0);
  });

  it("counts every proof of the buyer in the raffle: several proofs cannot pass the cap together", async () => {
    const raffleId = await createRaffle({ maxTicketsPerBuyer: 6 });
    const ana = await buyer();
    expect((await upload(ana, raffleId, 4)).statusCode).toBe(201);
    expectRefused(await upload(ana, raffleId, 4), "TICKET_CAP_REACHED", PURCHASE_LIMIT_MESSAGES.capLeft(2));
    expect((await upload(ana, raffleId, 2)).statusCode).toBe(201);
    expectRefused(
      await upload(ana, raffleId, 2),
      "TICKET_CAP_REACHED",
      PURCHASE_LIMIT_MESSAGES.capReached(6),
    );
    const held = (await proofsOf(ana.id, raffleId)).reduce((sum, p) => sum + p.quantityOfTickets, 0);
    expect(held).toBe(6);
  });

  it("pending plus approved count; a rejected proof frees its share; approval does not raise the total", async () => {
    const raffleId = await createRaffle({ maxTicketsPerBuyer: 8 });
    const ana = await buyer();
    const first = await upload(ana, raffleId, 4);
    expect(first.statusCode, first.body).toBe(201);
    const approved = await review(first.json().id, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as { tickets: string[] }).tickets).toHaveLength(4);

    const second = await upload(ana, raffleId, 4);
    expect(second.statusCode, second.body).toBe(201);
    // 4 approved + 4 pending = the cap of 8.
    expectRefused(await upload(ana, raffleId, 2), "TICKET_CAP_REACHED", capMessage(8, 0));
    const mine = (await allowance(ana, raffleId)).json() as PurchaseAllowance;
    expect(mine).toMatchObject({
      maxTicketsPerBuyer: 8,
      ticketsHeld: 8,
      ticketsAllowed: 0,
      pendingProofs: 1,
    });

    // Approving the pending proof moves its tickets from pending to sold: the buyer's total stays 8.
    expect((await review(second.json().id, "approve")).statusCode).toBe(200);
    expectRefused(await upload(ana, raffleId, 2), "TICKET_CAP_REACHED", capMessage(8, 0));

    // A rejected proof holds nothing.
    const other = await createRaffle({ maxTicketsPerBuyer: 4 });
    const pending = await upload(ana, other, 4);
    expect(pending.statusCode).toBe(201);
    expect((await review(pending.json().id, "reject")).statusCode).toBe(200);
    expect((await upload(ana, other, 4)).statusCode).toBe(201);
  });

  it("another buyer is not affected by someone else reaching the cap", async () => {
    const raffleId = await createRaffle({ maxTicketsPerBuyer: 4 });
    const [ana, luis] = await Promise.all([buyer(), buyer()]);
    expect((await upload(ana, raffleId, 4)).statusCode).toBe(201);
    expectRefused(await upload(ana, raffleId, 2), "TICKET_CAP_REACHED", capMessage(4, 0));
    const luisUpload = await upload(luis, raffleId, 4);
    expect(luisUpload.statusCode, luisUpload.body).toBe(201);
    expect(((await allowance(luis, raffleId)).json() as PurchaseAllowance).ticketsHeld).toBe(4);
  });

  it("parallel uploads of one buyer take turns: only what fits under the cap is accepted", async () => {
    const raffleId = await createRaffle({ maxTicketsPerBuyer: 6 });
    const ana = await buyer();
    const responses = await Promise.all(Array.from({ length: 3 }, () => upload(ana, raffleId, 4)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join("\n")).toEqual([201, 409, 409]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.code).toBe("TICKET_CAP_REACHED");
    }
    const held = (await proofsOf(ana.id, raffleId)).reduce((sum, p) => sum + p.quantityOfTickets, 0);
    expect(held).toBe(4);
  });

  it("an organiser lowering the cap keeps what buyers hold but stops new purchases over it", async () => {
    const raffleId = await createRaffle({ maxTicketsPerBuyer: 10 });
    const ana = await buyer();
    const sent = await upload(ana, raffleId, 6);
    expect(sent.statusCode).toBe(201);
    expect((await adminPatch(raffleId, { maxTicketsPerBuyer: 4 })).statusCode).toBe(200);
    expectRefused(await upload(ana, raffleId, 2), "TICKET_CAP_REACHED", capMessage(4, 0));
    // The proof accepted under the earlier cap can still be approved: the buyer's total does not grow.
    expect((await review(sent.json().id, "approve")).statusCode).toBe(200);
  });
});

describe("the organiser sets the cap; everybody sees it", () => {
  it("defaults to a tenth of the tickets (never below the minimum purchase) and is public", async () => {
    expect(defaultTicketCap(10_000)).toBe(1000);
    expect(defaultTicketCap(100)).toBe(10);
    expect(defaultTicketCap(15)).toBe(2);
    expect(defaultTicketCap(1)).toBe(1);
    const raffleId = await createRaffle({ totalTickets: 250 });
    expect((await publicRaffle(raffleId)).maxTicketsPerBuyer).toBe(25);
    const list = await t.app.inject({ method: "GET", url: "/api/raffles?status=all" });
    const card = (list.json() as { items: Array<{ id: string; maxTicketsPerBuyer: number }> }).items.find(
      (item) => item.id === raffleId,
    );
    expect(card?.maxTicketsPerBuyer).toBe(25);
  });

  it("an administrator sets and changes it, validated with a Spanish message; nobody else can", async () => {
    const raffleId = await createRaffle({ maxTicketsPerBuyer: 12 });
    expect((await publicRaffle(raffleId)).maxTicketsPerBuyer).toBe(12);

    for (const value of [1, 0, -3, 101, 2.5, "muchos"]) {
      const refused = await adminPatch(raffleId, { maxTicketsPerBuyer: value });
      expect(refused.statusCode, `${value}: ${refused.body}`).toBe(400);
      const body = refused.json() as { error: { message: string; fields: Record<string, string> } };
      expect(body.error.fields.maxTicketsPerBuyer).toMatch(/^El máximo de boletos por persona debe ser/);
      expect(body.error.message).toContain("Máximo de Boletos por Persona");
    }
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/raffles",
      headers: { cookie: admin.cookie },
      payload: {
        title: "Rifa con tope inválido",
        price: 5,
        totalTickets: 50,
        endDate: "2031-01-01T00:00:00.000Z",
        prizeLevels: [{ description: "Premio", winnerCount: 1 }],
        maxTicketsPerBuyer: 51,
      },
    });
    expect(created.statusCode, created.body).toBe(400);

    const changed = await adminPatch(raffleId, { maxTicketsPerBuyer: 30 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ maxTicketsPerBuyer: 30, maxTicketsPerBuyerSetting: 30 });
    expect((await publicRaffle(raffleId)).maxTicketsPerBuyer).toBe(30);

    // Cleared: back to the default.
    const cleared = await adminPatch(raffleId, { maxTicketsPerBuyer: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ maxTicketsPerBuyer: 10, maxTicketsPerBuyerSetting: null });

    const user = await buyer();
    const forbidden = await adminPatch(raffleId, { maxTicketsPerBuyer: 100 }, user.cookie);
    expect(forbidden.statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/raffles/${raffleId}`,
      payload: { maxTicketsPerBuyer: 100 },
    });
    expect(visitor.statusCode).toBe(401);
    expect((await publicRaffle(raffleId)).maxTicketsPerBuyer).toBe(10);
  });

  it("the allowance is private: a visitor gets 401, each buyer sees only their own standing", async () => {
    const raffleId = await createRaffle({ maxTicketsPerBuyer: 8 });
    const [ana, luis] = await Promise.all([buyer(), buyer()]);
    expect((await allowance(null, raffleId)).statusCode).toBe(401);
    expect((await upload(ana, raffleId, 6)).statusCode).toBe(201);
    expect((await allowance(ana, raffleId)).json()).toEqual({
      raffleId,
      maxTicketsPerBuyer: 8,
      ticketsHeld: 6,
      ticketsAllowed: 2,
      pendingProofs: 1,
      maxPendingProofs: MAX_PENDING_PROOFS_PER_ACCOUNT,
    });
    expect((await allowance(luis, raffleId)).json()).toMatchObject({ ticketsHeld: 0, ticketsAllowed: 8 });
    expect((await allowance(ana, "general")).json()).toMatchObject({
      raffleId: null,
      maxTicketsPerBuyer: null,
      ticketsAllowed: null,
      pendingProofs: 1,
    });
    expect((await allowance(ana, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await allowance(ana, "no-es-un-id")).statusCode).toBe(404);
  });
});

describe("per-account limit on proofs under review", () => {
  it(`a ${MAX_PENDING_PROOFS_PER_ACCOUNT + 1}th pending proof is refused across raffles and general payments`, async () => {
    const [r1, r2] = await Promise.all([createRaffle(), createRaffle()]);
    const ana = await buyer();
    const luis = await buyer();
    const accepted = [
      await upload(ana, r1, 2),
      await upload(ana, r2, 2),
      await upload(ana, "general", 1, 20),
    ];
    for (const response of accepted) expect(response.statusCode, response.body).toBe(201);
    expectRefused(await upload(ana, r1, 2), "TOO_MANY_PENDING_PROOFS", PURCHASE_LIMIT_MESSAGES.pendingLimit);
    expectRefused(
      await upload(ana, "general", 1, 20),
      "TOO_MANY_PENDING_PROOFS",
      PURCHASE_LIMIT_MESSAGES.pendingLimit,
    );
    expect(await proofsOf(ana.id)).toHaveLength(MAX_PENDING_PROOFS_PER_ACCOUNT);

    // Somebody else is not held back by Ana's proofs.
    expect((await upload(luis, r1, 2)).statusCode).toBe(201);

    // Once one is reviewed (approved or rejected), Ana may send another.
    const [firstId] = accepted.map((r) => (r.json() as { id: string }).id);
    expect((await review(firstId as string, "approve")).statusCode).toBe(200);
    expect((await upload(ana, r1, 2)).statusCode).toBe(201);
  });

  it("parallel uploads to different raffles cannot slip past the limit together", async () => {
    const raffles = await Promise.all(Array.from({ length: 6 }, () => createRaffle()));
    const ana = await buyer();
    const responses = await Promise.all(raffles.map((id) => upload(ana, id, 2)));
    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(created, responses.map((r) => r.body).join("\n")).toHaveLength(MAX_PENDING_PROOFS_PER_ACCOUNT);
    expect(refused).toHaveLength(raffles.length - MAX_PENDING_PROOFS_PER_ACCOUNT);
    for (const response of refused) expect(response.json().error.code).toBe("TOO_MANY_PENDING_PROOFS");
    const pending = (await proofsOf(ana.id)).filter((p) => p.status === "pending");
    expect(pending).toHaveLength(MAX_PENDING_PROOFS_PER_ACCOUNT);
  });
});
