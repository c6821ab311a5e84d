// Every public payload that shows a draw carries its trust level (packages/shared/src/domain/
// draw-trust.ts), so each page can say it without a click: drand on the League of Entropy, drand on a
// chain that is not (its operator can predict the rounds), an official lottery, or the organiser's word.
import { randomBytes } from "node:crypto";
import { QUICKNET } from "@rifazo/shared/domain/drand";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestChain } from "../../../test/drand-relay";
import { closedRaffleWithSales, freezeAt } from "../../../test/draw-fixtures";
import { createTestApp, nextIp, signedInUser, type TestApp } from "../../../test/helpers";
import { paymentProofs, raffles } from "../../db/schema";
import { performDraw } from "./record-service";

const chain = createTestChain();
let t: TestApp;
let buyer: { id: string };
let admin: { cookie: string };

beforeAll(async () => {
  // The server's own chain is quicknet (the default); one raffle below is frozen on a test chain.
  t = await createTestApp();
  buyer = await signedInUser(t.app, { fullName: "Ana Pérez" });
  admin = await signedInUser(t.app, { role: "admin", fullName: "Olga Organizadora" });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: nextIp() });
const sale = () => [{ userId: buyer.id, numbers: [1, 2, 3] }];

async function trustEverywhere(raffleId: string) {
  const detail = (await get(`/api/raffles/${raffleId}`)).json();
  const list = (await get("/api/raffles?status=all"))
    .json()
    .items.find((r: { id: string }) => r.id === raffleId);
  return { detail, list };
}

describe("nivel de confianza de cada sorteo en las respuestas públicas", () => {
  it("drand: the server's quicknet before the freeze", async () => {
    expect(t.config.drandChainInfo.hash).toBe(QUICKNET.info.hash);
    const raffle = await closedRaffleWithSales(t.app.ctx, { title: "Antes de congelar" }, sale());
    const { detail, list } = await trustEverywhere(raffle.id);
    expect(detail.drawTrust).toBe("drand");
    expect(list.drawTrust).toBe("drand");
  });

  it("drand-unknown-chain: frozen and drawn on a chain that is not the League of Entropy's, everywhere", async () => {
    const raffle = await closedRaffleWithSales(t.app.ctx, { title: "Cadena propia" }, sale());
    await freezeAt(t.app.ctx, raffle.id, new Date(Date.now() - 10 * 60_000), {
      chain: chain.info,
      delayMinutes: 2,
    });
    expect((await trustEverywhere(raffle.id)).detail.drawTrust).toBe("drand-unknown-chain");
    const round = ((await get(`/api/raffles/${raffle.id}`)).json().lifecycle.drawRound ?? 0) as number;
    await performDraw(t.app.ctx, raffle.id, chain.beacon(round), "relay");

    const { detail, list } = await trustEverywhere(raffle.id);
    expect(detail.drawTrust).toBe("drand-unknown-chain");
    expect(list.drawTrust).toBe("drand-unknown-chain");
    const history = (await get("/api/winners")).json().items;
    expect(history.find((e: { raffle: { id: string } }) => e.raffle.id === raffle.id).raffle.drawTrust).toBe(
      "drand-unknown-chain",
    );
    const draws = (await get("/api/draws")).json();
    expect(draws.find((d: { raffleId: string }) => d.raffleId === raffle.id).drawTrust).toBe(
      "drand-unknown-chain",
    );
    // The buyer's receipt says it too.
    const token = randomBytes(32).toString("base64url");
    await t.app.ctx.db
      .update(paymentProofs)
      .set({ receiptToken: token })
      .where(eq(paymentProofs.id, raffle.proofIds[0] as string));
    const receipt = (await get(`/api/receipts/${token}`)).json();
    expect(receipt.draw.trust).toBe("drand-unknown-chain");
  });

  it("lottery: an external raffle bound to an official lottery before the sale", async () => {
    const raffle = await closedRaffleWithSales(
      t.app.ctx,
      {
        title: "Con lotería",
        external: { lottery: "Triple Gordo", drawAt: new Date(Date.now() + 3_600_000), digits: 2 },
      },
      sale(),
    );
    await freezeAt(t.app.ctx, raffle.id, new Date());
    const { detail } = await trustEverywhere(raffle.id);
    expect(detail.drawTrust).toBe("lottery");
    expect(detail.lifecycle.recordAvailable).toBe(true);
  });

  it("announced: winners typed by the organiser, no record, and never 'Lista congelada'", async () => {
    const raffle = await closedRaffleWithSales(t.app.ctx, { title: "Anunciada en vivo" }, sale());
    await t.app.ctx.db
      .update(raffles)
      .set({ announcementType: "external", externalAnnouncementPlatform: "Instagram Live" })
      .where(eq(raffles.id, raffle.id));
    await freezeAt(t.app.ctx, raffle.id, new Date());
    const frozen = (await get(`/api/raffles/${raffle.id}`)).json();
    expect(frozen.drawTrust).toBe("announced");
    expect(frozen.lifecycle.state).toBe("frozen");
    expect(frozen.lifecycle.label).toBe("Ventas cerradas: esperando el anuncio del organizador");
    expect(frozen.lifecycle.label).not.toMatch(/congelada/i);
    expect(frozen.lifecycle.recordAvailable).toBe(false);
    expect((await get(`/api/raffles/${raffle.id}/record`)).statusCode).toBe(404);

    // The organiser types the winners (the admin's external winners): finished, still "announced".
    const typed = await t.app.inject({
      method: "POST",
      url: `/api/admin/raffles/${raffle.id}/external-winners`,
      remoteAddress: nextIp(),
      headers: { cookie: admin.cookie },
      // 50 tickets: numbers have 2 digits (ticketDigits).
      payload: { winners: [{ level: 1, ticketNumber: "02", winnerName: "Ana Pérez" }] },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const finished = (await get(`/api/raffles/${raffle.id}`)).json();
    expect(finished.drawTrust).toBe("announced");
    expect(finished.lifecycle.label).toBe("Ganadores anunciados por el organizador");
    const history = (await get("/api/winners")).json().items;
    expect(history.find((e: { raffle: { id: string } }) => e.raffle.id === raffle.id).raffle.drawTrust).toBe(
      "announced",
    );
    // Not among the draws with a record to verify.
    expect((await get("/api/draws")).json().some((d: { raffleId: string }) => d.raffleId === raffle.id)).toBe(
      false,
    );
  });
});
