// The public ticket verifier covers every drawn raffle, however old: a winner stays a winner, and a
// number held by many raffles is paged, with the raffle asked about (a receipt's) first.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProof, insertRaffle, insertWinner } from "../../../test/fixtures";
import { createTestApp, createUser, nextIp, type TestApp } from "../../../test/helpers";
import { raffles, tickets } from "../../db/schema";
import { VERIFY_PAGE_SIZE } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NUMBER = 8765;
const DAY = 86_400_000;

interface Match {
  raffleId: string;
  isWinner: boolean;
  sold: boolean;
}

/** A finished raffle drawn `daysAgo` days ago in which `ownerId` bought NUMBER. */
async function drawnRaffle(ownerId: string, daysAgo: number, title: string) {
  const at = new Date(Date.now() - daysAgo * DAY);
  const raffle = await insertRaffle(t.app.ctx.db, { title, totalTickets: 10_000, endDate: at });
  const proof = await insertProof(t.app.ctx.db, { userId: ownerId, raffleId: raffle.id, status: "approved" });
  await t.app.ctx.db.insert(tickets).values({
    raffleId: raffle.id,
    ticketNumber: NUMBER,
    status: "sold",
    userId: ownerId,
    paymentId: proof.id,
    soldAt: at,
  });
  await t.app.ctx.db
    .update(raffles)
    .set({ status: "finished", closedAt: at, closeReason: "end_date", frozenAt: at, drawnAt: at })
    .where(eq(raffles.id, raffle.id));
  return raffle;
}

const verify = (query = "") =>
  t.app.inject({ method: "GET", url: `/api/tickets/verify/${NUMBER}${query}`, remoteAddress: nextIp() });

describe("verificador público: todas las rifas sorteadas, por páginas", () => {
  it("sigue mostrando como ganador un boleto de un sorteo de hace casi dos años, y pagina el resto", async () => {
    const owner = await createUser(t.app, { fullName: "Carmen Rojas" });
    const drawn = [];
    for (let i = 0; i < VERIFY_PAGE_SIZE + 5; i++)
      drawn.push(await drawnRaffle(owner.id, 10 + i * 28, `Rifa ${i}`));
    const old = drawn[drawn.length - 2];
    if (!old) throw new Error("no raffle");
    await insertWinner(t.app.ctx.db, {
      raffleId: old.id,
      ticketNumber: NUMBER,
      userId: owner.id,
      winnerName: "Carmen Rojas",
      prizeDescription: "Moto",
    });

    const first = await verify();
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as { result: string; total: number; page: number; matches: Match[] };
    // Before, only raffles finished in the last 90 days were looked at: this number "no resultó ganador".
    expect(page1.result).toBe("winner");
    expect(page1.total).toBe(VERIFY_PAGE_SIZE + 5);
    expect(page1.matches).toHaveLength(VERIFY_PAGE_SIZE);
    expect(page1.matches[0]).toMatchObject({
      raffleId: old.id,
      isWinner: true,
      prize: "Moto",
      ownerName: "Carmen R.",
    });

    const second = (await verify("?page=2")).json() as typeof page1;
    expect(second).toMatchObject({ result: "winner", total: VERIFY_PAGE_SIZE + 5, page: 2 });
    expect(second.matches).toHaveLength(5);
    const all = [...page1.matches, ...second.matches].map((m) => m.raffleId);
    expect(new Set(all).size).toBe(VERIFY_PAGE_SIZE + 5);
    expect(new Set(all)).toEqual(new Set(drawn.map((r) => r.id)));

    // Opened from a receipt: that raffle first, even the oldest.
    const oldest = drawn[drawn.length - 1];
    if (!oldest) throw new Error("no raffle");
    const asked = (await verify(`?raffleId=${oldest.id}`)).json() as typeof page1;
    expect(asked.matches[0]?.raffleId).toBe(oldest.id);
    expect(asked.result).toBe("winner");

    // A page past the end still counts the raffles; a bad page is a Spanish 400, a bad raffle id is ignored.
    const beyond = (await verify("?page=9")).json() as typeof page1;
    expect(beyond).toMatchObject({ total: VERIFY_PAGE_SIZE + 5, matches: [], result: "winner" });
    expect((await verify("?page=0")).statusCode).toBe(400);
    expect((await verify("?raffleId=nope")).json().matches[0].raffleId).toBe(old.id);
  });
});
