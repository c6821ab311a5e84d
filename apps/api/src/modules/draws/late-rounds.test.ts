// A late randomness round (draw-round-late.ts): the named drand round is out but no relay answers. The
// draw page's state comes from the raffle payload (lifecycle.drawRoundAt); the organiser's "Hoy" lists
// the raffle, one email goes to the organiser through the outbox, and /api/health tells which relays
// answered last, without calling any relay itself.
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DrandRelay } from "../../../test/drand-relay";
import {
  closedRaffleWithSales,
  freezeAt,
  startDrawTestApp,
  stopDrawTestApp,
} from "../../../test/draw-fixtures";
import { nextIp, signedInUser, type TestApp } from "../../../test/helpers";
import { mailOutbox, raffles } from "../../db/schema";
import { noteRelayFailed, probeRelays } from "./drand-relays";
import { alertLateDraws } from "./late-rounds";
import { drawDueRaffles } from "./record-service";

const MINUTE = 60_000;
// Nothing listens on port 1: every fetch fails at once, as with no network.
const DEAD_RELAY = "http://127.0.0.1:1";

let t: TestApp;
let relay: DrandRelay;
let admin: { id: string; cookie: string; email: string };
let buyer: { id: string };

beforeAll(async () => {
  ({ t, relay } = await startDrawTestApp((relay) => [DEAD_RELAY, relay.url]));
  admin = await signedInUser(t.app, { role: "admin", fullName: "Olga Organizadora" });
  buyer = await signedInUser(t.app, { fullName: "Ana Pérez" });
});
afterAll(() => stopDrawTestApp(t, relay));

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, remoteAddress: nextIp(), headers: cookie ? { cookie } : {} });

/** A raffle frozen `minutesAgo` on the relay's chain, with its relays unreachable for the draw. */
async function frozen(title: string, minutesAgo: number) {
  const raffle = await closedRaffleWithSales(t.app.ctx, { title }, [
    { userId: buyer.id, numbers: [1, 2, 3] },
  ]);
  await freezeAt(t.app.ctx, raffle.id, new Date(Date.now() - minutesAgo * MINUTE));
  return raffle;
}

/** The same app context with only the dead relay: the draw job cannot fetch anything. */
const offline = () => ({ ...t.app.ctx, config: { ...t.app.ctx.config, drandRelays: [DEAD_RELAY] } });

describe("ronda atrasada", () => {
  it("Hoy lists it, the organiser gets one email, and the raffle payload says when its round was due", async () => {
    const late = await frozen("Moto atrasada", 10); // round due 8 minutes ago
    const onTime = await frozen("Moto a tiempo", 2.5); // round due 30 s ago: within the grace

    // The draw job tries and fails (no relay reachable): still frozen, no winners.
    const failures: string[] = [];
    expect(await drawDueRaffles(offline(), new Date(), undefined, (id) => failures.push(id))).toEqual([]);
    expect(failures).toContain(late.id);

    const today = await get("/api/admin/today", admin.cookie);
    expect(today.statusCode, today.body).toBe(200);
    const listed = today.json().lateDraws as Array<{
      id: string;
      title: string;
      round: number;
      roundAt: string;
    }>;
    expect(listed.map((d) => d.id)).toContain(late.id);
    expect(listed.map((d) => d.id)).not.toContain(onTime.id);
    const entry = listed.find((d) => d.id === late.id);
    const detail = (await get(`/api/raffles/${late.id}`)).json();
    expect(detail.lifecycle.state).toBe("frozen");
    expect(entry?.round).toBe(detail.lifecycle.drawRound);
    expect(entry?.roundAt).toBe(detail.lifecycle.drawRoundAt);
    expect(Date.parse(detail.lifecycle.drawRoundAt)).toBeLessThan(Date.now() - MINUTE);

    // One email per organiser, once, however many times the job runs.
    expect(await alertLateDraws(t.app.ctx)).toContain(late.id);
    expect(await alertLateDraws(t.app.ctx)).not.toContain(late.id);
    await Promise.all([alertLateDraws(t.app.ctx), alertLateDraws(t.app.ctx)]);
    const emails = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, admin.email), like(mailOutbox.subject, '%"Moto atrasada"%')));
    expect(emails).toHaveLength(1);
    const email = emails[0] as (typeof emails)[number];
    expect(email.subject).toBe('El sorteo de "Moto atrasada" espera la ronda de drand');
    expect(email.text).toContain(`ronda ${entry?.round}`);
    expect(email.text).toContain("Pegar beacon");
    expect(email.text).toContain("/api/health");
    expect(email.text).toContain(`/admin/rifas/${late.id}`);
    // Nobody else (a buyer) is told, and the raffle within its grace is not alerted.
    const onTimeEmails = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, '%"Moto a tiempo"%'));
    expect(onTimeEmails).toHaveLength(0);

    // Once drawn (here with the working relay) it leaves Hoy.
    expect(await drawDueRaffles(t.app.ctx, new Date())).toContain(late.id);
    const after = (await get("/api/admin/today", admin.cookie)).json();
    expect(after.lateDraws.map((d: { id: string }) => d.id)).not.toContain(late.id);
    const [row] = await t.app.ctx.db.select().from(raffles).where(eq(raffles.id, late.id));
    expect(row?.status).toBe("finished");
  });

  it("Hoy is for administrators only", async () => {
    expect((await get("/api/admin/today")).statusCode).toBe(401);
  });
});

describe("/api/health y los relays de drand", () => {
  it("reports each relay's last contact from draws and probes, and never calls a relay itself", async () => {
    noteRelayFailed(DEAD_RELAY, "connect ECONNREFUSED");
    await probeRelays([relay.url], relay.chain.info.hash);
    const before = relay.requests.length;
    const answers = await Promise.all([get("/api/health"), get("/api/health"), get("/api/health")]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const health = answers[0]?.json();
    expect(health.drand.chainHash).toBe(relay.chain.info.hash);
    expect(health.drand.leagueOfEntropy).toBe(false);
    const [dead, live] = health.drand.relays as Array<{
      url: string;
      lastOkAt: string | null;
      lastErrorAt: string | null;
      lastError: string | null;
    }>;
    expect(dead?.url).toBe(DEAD_RELAY);
    expect(dead?.lastErrorAt).not.toBeNull();
    expect(live?.url).toBe(relay.url);
    expect(Date.parse(live?.lastOkAt ?? "")).toBeGreaterThan(Date.now() - MINUTE);
    expect(relay.requests.length).toBe(before);
  });
});
