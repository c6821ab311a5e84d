import {
  BROADCAST_PLATFORMS,
  type Currency,
  convertAmount,
  formatTicketNumber,
  METHOD_CURRENCIES,
  type PaymentMethod,
} from "@rifazo/shared";
import { QUICKNET } from "@rifazo/shared/domain/drand";
import { commitmentForSeed, type DrawTranscript, verifyTranscript } from "@rifazo/shared/domain/draw-engine";
import { ALGORITHM_VERSION_V2 } from "@rifazo/shared/domain/draw-engine-v2";
import { type DrawRecord as DrawRecordV2, verifyRecord } from "@rifazo/shared/domain/draw-record";
import { levelForPoints, pointsForApprovedAmount } from "@rifazo/shared/domain/levels";
import { verifyPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import type { AppContext } from "../context";
import {
  accounts,
  auditLog,
  images,
  liveBroadcasts,
  mailOutbox,
  paymentProofs,
  pointsHistory,
  prizeLevels,
  raffles,
  rewards,
  settings,
  testimonials,
  tickets,
  users,
  winners,
} from "../db/schema";
import { seedDemo } from "./demo";
import { DEMO_EXCHANGE_RATE } from "./demo-data";
import { DEMO_RAFFLES } from "./demo-raffles";

let t: TestApp;
let ctx: AppContext;

/** Rows of a raw query on either driver (PGlite and node-postgres both return { rows }). */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ctx.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

beforeAll(async () => {
  t = await createTestApp();
  ctx = t.app.ctx;
  await seedDemo(ctx);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("seedDemo", () => {
  it("creates the catalogue once, even when run again", async () => {
    const count = async () => ({
      raffles: (await ctx.db.select({ id: raffles.id }).from(raffles)).length,
      users: (await ctx.db.select({ id: users.id }).from(users)).length,
      testimonials: (await ctx.db.select({ id: testimonials.id }).from(testimonials)).length,
      broadcasts: (await ctx.db.select({ id: liveBroadcasts.id }).from(liveBroadcasts)).length,
    });
    const before = await count();
    await seedDemo(ctx);
    const after = await count();
    expect(before.raffles).toBeGreaterThanOrEqual(8);
    expect(before.testimonials).toBe(5);
    expect(before.broadcasts).toBe(5);
    expect(after).toEqual(before);
  });

  it("covers every status, both activation types and both announcement types", async () => {
    const all = await ctx.db.select().from(raffles);
    expect(new Set(all.map((r) => r.status))).toEqual(new Set(["upcoming", "active", "frozen", "finished"]));
    expect(new Set(all.map((r) => r.activationType))).toEqual(new Set(["date", "percentage"]));
    expect(new Set(all.map((r) => r.currency))).toEqual(new Set(["USD", "VES"]));
    const external = all.filter((r) => r.announcementType === "external");
    expect(external.length).toBeGreaterThan(0);
    for (const r of external) {
      expect(r.externalAnnouncementPlatform).toBeTruthy();
      expect(r.externalAnnouncementDetails).toBeTruthy();
    }
    expect(external.some((r) => r.externalAnnouncementUrl?.startsWith("https://"))).toBe(true);
    for (const r of all.filter((r) => r.announcementType === "internal")) {
      expect(r.externalAnnouncementPlatform).toBeNull();
    }

    // A percentage raffle close to its goal, and a date raffle whose sales ended (the lifecycle freezes it).
    expect(
      all.some(
        (r) =>
          r.status === "active" &&
          r.activationType === "percentage" &&
          r.soldTickets / r.totalTickets >= 0.9 &&
          r.soldTickets / r.totalTickets < (r.activationPercentage ?? 100) / 100,
      ),
    ).toBe(true);
    expect(
      all.some(
        (r) =>
          r.status === "active" &&
          r.activationType === "date" &&
          r.announcementType === "internal" &&
          r.endDate !== null &&
          r.endDate.getTime() < Date.now() &&
          r.soldTickets > 0,
      ),
    ).toBe(true);
  });

  it("generates every ticket of every raffle, with no number twice", async () => {
    const all = await ctx.db.select().from(raffles);
    const counts = await rows<{
      raffle_id: string;
      n: number | string;
      distinct_n: number | string;
      max_n: number;
    }>(
      sql`SELECT raffle_id, count(*) AS n, count(DISTINCT ticket_number) AS distinct_n, max(ticket_number) AS max_n
            FROM tickets GROUP BY raffle_id`,
    );
    for (const r of all) {
      expect(r.ticketsGenerated).toBe(true);
      const c = counts.find((x) => x.raffle_id === r.id);
      expect(Number(c?.n)).toBe(r.totalTickets);
      expect(Number(c?.distinct_n)).toBe(r.totalTickets);
      expect(Number(c?.max_n)).toBe(r.totalTickets - 1);
    }
  });

  it("keeps sold_tickets equal to the sold tickets and approved proofs equal to their tickets", async () => {
    const all = await ctx.db.select().from(raffles);
    const sold = await rows<{ raffle_id: string; n: number | string }>(
      sql`SELECT raffle_id, count(*) AS n FROM tickets WHERE status = 'sold' GROUP BY raffle_id`,
    );
    for (const r of all) {
      expect(r.soldTickets).toBe(Number(sold.find((s) => s.raffle_id === r.id)?.n ?? 0));
    }

    const proofs = await ctx.db.select().from(paymentProofs);
    expect(new Set(proofs.map((p) => p.status))).toEqual(new Set(["approved", "pending", "rejected"]));
    const perProof = await rows<{ payment_id: string; n: number | string; raffles: number | string }>(
      sql`SELECT payment_id, count(*) AS n, count(DISTINCT raffle_id) AS raffles FROM tickets
           WHERE payment_id IS NOT NULL GROUP BY payment_id`,
    );
    for (const p of proofs) {
      const assigned = perProof.find((x) => x.payment_id === p.id);
      if (p.status === "approved") {
        expect(Number(assigned?.n)).toBe(p.quantityOfTickets);
        expect(Number(assigned?.raffles)).toBe(1);
      } else {
        expect(assigned).toBeUndefined();
      }
      expect(p.proofContentType).toBe("image/png");
      expect(p.proofSize).toBeGreaterThan(0);
      expect(await ctx.storage.exists(p.proofImagePath as string)).toBe(true);
    }

    // Sold tickets belong to the proof's buyer, in the proof's raffle.
    const mismatched = await rows<{ n: number | string }>(
      sql`SELECT count(*) AS n FROM tickets t JOIN payment_proofs p ON p.id = t.payment_id
           WHERE t.user_id <> p.user_id OR t.raffle_id <> p.raffle_id OR p.status <> 'approved'`,
    );
    expect(Number(mismatched[0]?.n)).toBe(0);
    // And no ticket is sold without one.
    const unpaid = await rows<{ n: number | string }>(
      sql`SELECT count(*) AS n FROM tickets WHERE status = 'sold' AND payment_id IS NULL`,
    );
    expect(Number(unpaid[0]?.n)).toBe(0);
  });

  it("approves through the app's approval service: audited once each, dated, telling nobody now", async () => {
    const approved = await ctx.db.select().from(paymentProofs).where(eq(paymentProofs.status, "approved"));
    expect(approved.length).toBeGreaterThan(10);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, "proof.approve"));
    const ledger = await ctx.db.select().from(pointsHistory);
    const sold = await ctx.db.select().from(tickets).where(eq(tickets.status, "sold"));
    for (const p of approved) {
      expect(audits.filter((a) => a.entityId === p.id)).toHaveLength(1);
      expect(p.reviewedAt).not.toBeNull();
      expect(p.reviewedAt?.getTime()).toBeLessThan(Date.now() - 60_000);
      const entry = ledger.find((l) => l.paymentProofId === p.id);
      const usd = p.currency === "VES" ? Number(p.amount) / Number(p.exchangeRate) : Number(p.amount);
      expect(entry?.pointsChange).toBe(pointsForApprovedAmount(usd));
      expect(entry?.createdAt.getTime()).toBe(p.reviewedAt?.getTime());
      for (const ticket of sold.filter((x) => x.paymentId === p.id)) {
        expect(ticket.soldAt?.getTime()).toBe(p.reviewedAt?.getTime());
      }
    }
    // The demo's buyers are example.com addresses: replayed approvals queue no mail.
    expect(await ctx.db.select().from(mailOutbox)).toEqual([]);
  });

  it("records bolívar-method payments as a real submission would: in VES, at the seeded rate, converted", async () => {
    const proofs = await ctx.db.select().from(paymentProofs);
    const raffleRows = await ctx.db.select({ id: raffles.id, title: raffles.title }).from(raffles);
    const byId = new Map(raffleRows.map((r) => [r.id, DEMO_RAFFLES.find((d) => d.title === r.title)]));
    const bolivar = proofs.filter((p) => METHOD_CURRENCIES.VES.includes(p.paymentMethod as PaymentMethod));
    // Dollar raffles paid by Pago Móvil are among them, not only the bolívar raffle.
    expect(bolivar.some((p) => byId.get(p.raffleId ?? "")?.currency === "USD")).toBe(true);
    for (const p of bolivar) {
      const def = byId.get(p.raffleId ?? "");
      if (!def) throw new Error(`no demo raffle for proof ${p.id}`);
      expect(p.currency).toBe("VES");
      expect(Number(p.exchangeRate)).toBe(DEMO_EXCHANGE_RATE);
      const total = def.price * p.quantityOfTickets;
      const expected = convertAmount(total, def.currency as Currency, "VES", DEMO_EXCHANGE_RATE);
      expect(Number(p.amount)).toBe(expected);
    }
  });

  it("keeps every user's points equal to the ledger and the level to the points earned", async () => {
    const ledger = await ctx.db.select().from(pointsHistory);
    for (const u of await ctx.db.select().from(users)) {
      const sum = ledger.filter((l) => l.userId === u.id).reduce((s, l) => s + l.pointsChange, 0);
      expect(u.rifazoPoints, u.email).toBe(sum);
    }
    const demoUsers = await ctx.db.select().from(users).where(eq(users.role, "user"));
    expect(demoUsers.length).toBeGreaterThanOrEqual(3);
    for (const u of demoUsers) {
      const sum = ledger.filter((l) => l.userId === u.id).reduce((s, l) => s + l.pointsChange, 0);
      expect(u.rifazoPoints).toBe(sum);
      // The level follows points earned: every change but redemptions (which only spend the balance).
      const earned = ledger
        .filter((l) => l.userId === u.id && l.rewardRedemptionId === null)
        .reduce((s, l) => s + l.pointsChange, 0);
      expect(u.pointsEarned, u.email).toBe(earned);
      expect(u.rifazoLevel).toBe(levelForPoints(earned).name);
      expect(u.emailVerified).toBe(true);
      expect(u.email).toMatch(/@example\.com$/);
    }
    expect(new Set(demoUsers.map((u) => u.rifazoLevel)).size).toBeGreaterThanOrEqual(3);

    const approved = await ctx.db.select().from(paymentProofs).where(eq(paymentProofs.status, "approved"));
    for (const p of approved) {
      expect(ledger.filter((l) => l.paymentProofId === p.id)).toHaveLength(1);
    }
  });

  it("lets the demo users sign in with the demo password", async () => {
    const [maria] = await ctx.db.select().from(users).where(eq(users.email, "maria.gonzalez@example.com"));
    expect(maria).toBeDefined();
    const [account] = await ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, maria?.id ?? ""));
    expect(account?.providerId).toBe("credential");
    expect(account?.accountId).toBe(maria?.id);
    expect(await verifyPassword({ hash: account?.password ?? "", password: "Demo12345!" })).toBe(true);

    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      headers: { origin: "http://localhost:3000" },
      payload: { email: "maria.gonzalez@example.com", password: "Demo12345!" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user?.email).toBe("maria.gonzalez@example.com");
  });

  it("records winners for the finished raffles, verifiable for the internal draw", async () => {
    const finished = await ctx.db.select().from(raffles).where(eq(raffles.status, "finished"));
    expect(finished.length).toBeGreaterThan(0);
    for (const r of finished) {
      const list = await ctx.db.select().from(winners).where(eq(winners.raffleId, r.id));
      expect(list.length).toBeGreaterThan(0);
      // The current first prize (the drawn demo raffle also keeps a disqualified winner's row, marked).
      const first = list.find((w) => w.prizeLevel === 1 && w.disqualifiedAt === null);
      expect(r.winnerId).toBe(first?.userId);
      expect(r.winnerName).toBe(first?.winnerName);
      expect(r.winningTicketNumber).toBe(first?.ticketNumber);
      for (const w of list) {
        const [ticket] = await ctx.db
          .select()
          .from(tickets)
          .where(eq(tickets.id, w.ticketId ?? ""));
        expect(ticket?.status).toBe("sold");
        expect(ticket?.userId).toBe(w.userId);
        expect(ticket?.ticketNumber).toBe(w.ticketNumber);
      }
      if (r.drawAlgorithm === ALGORITHM_VERSION_V2) {
        const response = await t.app.inject({ method: "GET", url: `/api/raffles/${r.id}/record` });
        expect((await verifyRecord(response.json() as DrawRecordV2)).ok).toBe(true);
      } else if (r.announcementType === "internal") {
        const result = await verifyTranscript(r.drawTranscript as DrawTranscript);
        expect(result.ok).toBe(true);
        expect(r.drawSeedCommitment).toBe((r.drawTranscript as DrawTranscript).commitment);
      }
    }
  });

  it("stores prize images with their WebP variants and links them from the raffles", async () => {
    const all = await ctx.db.select().from(raffles);
    const rows = await ctx.db.select().from(images);
    for (const r of all) {
      const id = r.prizeImage?.replace("/api/images/", "");
      const image = rows.find((i) => i.id === id);
      expect(image?.folder).toBe("prizes");
      expect(image?.variantWidths).toEqual([320, 640, 720, 960]);
      expect(r.imageAlt).toBeTruthy();
      for (const w of [320, 640, 720, 960])
        expect(await ctx.storage.exists(`images/${id}/${w}.webp`)).toBe(true);
      expect(await ctx.storage.exists(image?.storageKey ?? "")).toBe(true);
    }
  });

  it("creates the levels of prizes, rewards and settings", async () => {
    const levels = await ctx.db.select().from(prizeLevels);
    const all = await ctx.db.select().from(raffles);
    for (const r of all) expect(levels.some((l) => l.raffleId === r.id && l.level === 1)).toBe(true);

    const catalogue = await ctx.db.select().from(rewards).orderBy(rewards.pointsRequired);
    expect(catalogue.length).toBeGreaterThanOrEqual(6);
    expect(new Set(catalogue.map((r) => r.requiredLevel)).size).toBeGreaterThanOrEqual(3);

    const stored = await ctx.db.select().from(settings);
    const accountsSetting = stored.find((s) => s.key === "payment_accounts")?.value as Record<
      string,
      unknown
    >;
    expect(Object.keys(accountsSetting ?? {}).sort()).toEqual(["binance", "pagoMovil", "zelle"]);
    const rate = stored.find((s) => s.key === "exchange_rate")?.value as {
      rate: number;
      date: string;
      source: string;
    };
    expect(rate.rate).toBeGreaterThan(0);
    expect(rate.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(rate.source).toBe("BCV");
  });

  it("draws one raffle with real quicknet rounds (a blind disqualification included) and leaves one frozen awaiting a future round", async () => {
    const all = await ctx.db.select().from(raffles);
    const drawn = all.find((r) => r.drawAlgorithm === ALGORITHM_VERSION_V2);
    // (The other frozen raffle is announced on a live broadcast: no lottery bound, so no record.)
    const frozen = all.find((r) => r.title === "Nevera Samsung No Frost 14 pies");
    if (!drawn || !frozen) throw new Error("faltan las rifas v2 de la demo");
    expect(frozen.status).toBe("frozen");
    expect(drawn.drawSeed).toBeNull();
    expect(frozen.drawSeed).toBeNull();

    const drawnRecord = (
      await t.app.inject({ method: "GET", url: `/api/raffles/${drawn.id}/record` })
    ).json();
    const verification = await verifyRecord(drawnRecord as DrawRecordV2);
    expect(verification.ok, JSON.stringify(verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(verification.status).toBe("drawn");
    expect((drawnRecord as DrawRecordV2).format).toBe("rifazo-record-3");
    // Frozen citing round 42, drawn by round 1000; the first prize went unclaimed past the 7-day claim
    // period, and round 657413, named by the disqualification, drew its replacement.
    expect(verification.round).toBe(1000);
    expect(verification.decisions).toMatchObject([
      { level: 1, index: 0, reason: "unclaimed", round: 657413, status: "replaced" },
    ]);
    expect(verification.winners.find((w) => w.level === 1)?.index).toBe(1);
    expect(verification.pending).toEqual([]);
    expect(verification.chainHash).toBe(QUICKNET.info.hash);
    // A League of Entropy chain: no warning.
    expect(verification.warnings).toEqual([]);
    const list = (await t.app.inject({ method: "GET", url: "/api/draws" })).json() as Array<{
      raffleId: string;
      recordUrl: string | null;
    }>;
    expect(list.find((d) => d.raffleId === drawn.id)?.recordUrl).toBe(`/api/raffles/${drawn.id}/record`);

    const frozenRecord = (
      await t.app.inject({ method: "GET", url: `/api/raffles/${frozen.id}/record` })
    ).json();
    const waiting = await verifyRecord(frozenRecord as DrawRecordV2);
    expect(waiting.ok, JSON.stringify(waiting.checks.filter((c) => !c.ok))).toBe(true);
    expect(waiting.status).toBe("awaiting_beacon");
    expect(Date.parse(waiting.roundTime ?? "")).toBeGreaterThan(Date.now());
    // The draw button waits for the round (no network here; with it, the job draws it then).
    const early = await t.app.inject({
      method: "POST",
      url: `/api/raffles/${frozen.id}/draw`,
      remoteAddress: "10.77.0.1",
    });
    expect(early.statusCode).toBe(409);
  });

  it("creates five winners' testimonials from different cities, about prizes of the catalogue", async () => {
    const rows = await ctx.db.select().from(testimonials);
    expect(rows).toHaveLength(5);
    const prizes = new Set(
      DEMO_RAFFLES.flatMap((r) => [r.title, ...r.prizeLevels.map((p) => p.description)]),
    );
    for (const row of rows) {
      expect(row.name.trim()).not.toBe("");
      expect(row.text.length).toBeGreaterThan(60);
      expect(row.rating).toBeGreaterThanOrEqual(1);
      expect(row.rating).toBeLessThanOrEqual(5);
      expect(row.date).toMatch(/^2026-\d{2}-\d{2}$/);
      expect(prizes.has(row.prize), `premio del catálogo: ${row.prize}`).toBe(true);
    }
    expect(new Set(rows.map((r) => r.location)).size).toBe(5);
    expect(new Set(rows.map((r) => r.name)).size).toBe(5);

    const response = await t.app.inject({ method: "GET", url: "/api/testimonials" });
    expect(response.statusCode).toBe(200);
    const dates = (response.json().items as Array<{ date: string }>).map((i) => i.date);
    expect(dates).toHaveLength(5);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("creates one live broadcast per platform, live only when a demo draw is on the air", async () => {
    const rows = await ctx.db.select().from(liveBroadcasts);
    expect(rows.map((r) => r.platform).sort()).toEqual([...BROADCAST_PLATFORMS].sort());
    expect(rows.filter((r) => r.isLive)).toHaveLength(0);
    for (const row of rows) {
      expect(row.title.trim()).not.toBe("");
      expect(row.description.trim()).not.toBe("");
      expect(row.schedule.trim()).not.toBe("");
      if (row.url !== null) expect(row.url).toMatch(/^https:\/\//);
    }
    expect(rows.some((r) => r.url?.startsWith("https://instagram.com/"))).toBe(true);

    const response = await t.app.inject({ method: "GET", url: "/api/live-broadcasts" });
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Array<{ platform: string; status: string; platformLabel: string }>;
    expect(items).toHaveLength(5);
    // The YouTube raffle draws in 12 days, the Facebook one is over, the Instagram one was due hours ago.
    const status = Object.fromEntries(items.map((i) => [i.platform, i.status]));
    expect(status).toEqual({
      youtube: "upcoming",
      facebook: "finished",
      instagram: "none",
      tv: "none",
      radio: "none",
    });
    expect(items.every((i) => i.platformLabel.length > 0)).toBe(true);
  });

  it("gives no seed to any raffle still to draw: the one whose sales ended freezes at the first touch and waits for its drand round", async () => {
    const all = await ctx.db.select().from(raffles);
    // Every raffle still to draw is drawn by drand from its record: none carries a v1 seed or commitment.
    for (const r of all.filter((r) => !r.drawnAt)) {
      expect(r.drawSeed, r.title).toBeNull();
      expect(r.drawSeedCommitment, r.title).toBeNull();
    }
    const ended = all.filter(
      (r) =>
        r.announcementType === "internal" &&
        r.status === "active" &&
        r.endDate !== null &&
        r.endDate.getTime() < Date.now(),
    );
    expect(ended.map((r) => r.title)).toEqual(["Bono en efectivo de $1.000"]);
    const raffle = ended[0] as (typeof all)[number];
    expect(raffle.soldTickets).toBeGreaterThan(0);

    // Anyone pressing the draw button: the lifecycle closes it (end date) and freezes it (nothing pending);
    // the draw itself waits for the round the freeze named.
    const early = await t.app.inject({
      method: "POST",
      url: `/api/raffles/${raffle.id}/draw`,
      headers: { origin: "http://localhost:3000" },
      remoteAddress: "10.77.0.2",
      payload: {},
    });
    expect(early.statusCode).toBe(409);
    const [after] = await ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(after?.status).toBe("frozen");
    expect(after?.drawnAt).toBeNull();
    const record = (
      await t.app.inject({ method: "GET", url: `/api/raffles/${raffle.id}/record` })
    ).json() as DrawRecordV2;
    expect(record.entries.map((e) => e.type)).toEqual(["rules_published", "closed", "frozen", "round_named"]);
    const frozen = record.entries[2];
    if (frozen?.type !== "frozen") throw new Error("sin lista congelada");
    expect(frozen.data.ticketCount).toBe(raffle.soldTickets);
    const verification = await verifyRecord(record);
    expect(verification.ok, JSON.stringify(verification.checks.filter((c) => !c.ok))).toBe(true);
    expect(verification.status).toBe("awaiting_beacon");
    expect(verification.chainHash).toBe(QUICKNET.info.hash);
    expect(early.json().error.message).toContain(`La ronda ${verification.round} de drand se publica`);
  });

  it("keeps the v1 draw: the draw button answers its stored result and it verifies with the v1 algorithm", async () => {
    const v1 = (await ctx.db.select().from(raffles)).filter((r) => r.drawTranscript !== null);
    expect(v1.map((r) => r.title)).toEqual(['Smart TV 65" 4K UHD']);
    const raffle = v1[0] as (typeof v1)[number];
    const transcript = raffle.drawTranscript as DrawTranscript;
    expect(raffle.drawSeedCommitment).toBe(await commitmentForSeed(raffle.drawSeed ?? ""));
    expect((await verifyTranscript(transcript)).ok).toBe(true);

    const response = await t.app.inject({
      method: "POST",
      url: `/api/raffles/${raffle.id}/draw`,
      headers: { origin: "http://localhost:3000" },
      remoteAddress: "10.77.0.3",
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as {
      winners: Array<{ ticketNumber: string }>;
      transcript: DrawTranscript;
    };
    expect(result.winners.map((w) => w.ticketNumber)).toEqual(
      transcript.winners.map((w) => formatTicketNumber(w.ticketNumber, raffle.totalTickets)),
    );
    expect(result.transcript).toEqual(transcript);
    const served = await t.app.inject({ method: "GET", url: `/api/draws/${raffle.id}/transcript` });
    expect(served.statusCode).toBe(200);
    expect((await verifyTranscript(served.json() as DrawTranscript)).ok).toBe(true);
    const [after] = await ctx.db.select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(after?.drawnAt?.getTime()).toBe(raffle.drawnAt?.getTime());
  });
});
