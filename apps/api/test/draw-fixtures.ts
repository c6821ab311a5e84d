// Draw v2 fixtures (decision 0012): a closed raffle with sold tickets (one approved proof per sale, each with
// its own receipt secret), the freeze as LIFECYCLE's job runs it, in a transaction with the row locked, an
// app drawing on the local drand relay's chain, and the public record read back and verified.
import { type DrawRecord, type RecordVerification, verifyRecord } from "@rifazo/shared/domain/draw-record";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { AppContext } from "../src/context";
import { paymentProofs, prizeLevels, raffles, tickets } from "../src/db/schema";
import { type FreezeOptions, freezeRaffleWith } from "../src/modules/draws/freeze";
import { refreshLatestBeacon } from "../src/modules/draws/record-service";
import { findRaffle } from "../src/modules/draws/repository";
import type { SignedIn } from "./admin-fixtures";
import { type DrandRelay, startDrandRelay } from "./drand-relay";
import { createTestApp, nextIp, signedInUser, type TestApp } from "./helpers";

export interface V2RaffleOptions {
  total?: number;
  /** A level with `cash` is a cash prize (decision 0035): its amount and currency, published with the rules. */
  levels?: Array<{ description: string; count: number; cash?: { currency: "USD" | "VES"; amount: number } }>;
  external?: { lottery: string; drawAt: Date; digits: number; fallback?: "drand" | "cancel" };
  title?: string;
}

export interface Sale {
  userId: string;
  numbers: number[];
}

let refCounter = 0;

/** A closed raffle (sales over, nothing pending) with its pool and `sales` sold, one approved proof each. */
export async function closedRaffleWithSales(
  ctx: Pick<AppContext, "db">,
  options: V2RaffleOptions,
  sales: Sale[],
): Promise<{ id: string; proofIds: string[] }> {
  const db = ctx.db;
  const total = options.total ?? 50;
  const sold = sales.reduce((n, s) => n + s.numbers.length, 0);
  const [raffle] = await db
    .insert(raffles)
    .values({
      title: options.title ?? "Moto Bera 2026",
      price: 2,
      totalTickets: total,
      soldTickets: 0,
      status: "active",
      activationType: "date",
      startDate: new Date(Date.now() - 10 * 86_400_000),
      // An external raffle's lottery draws after end date + review window (48 h) + 60 min (decision 0024).
      endDate: new Date(
        Math.min(
          Date.now() - 3_600_000,
          (options.external?.drawAt.getTime() ?? Infinity) - 49 * 3_600_000 - 60_000,
        ),
      ),
      announcementType: options.external ? "external" : "internal",
      externalAnnouncementPlatform: null,
      externalLottery: options.external?.lottery ?? null,
      externalDrawAt: options.external?.drawAt ?? null,
      externalRule: options.external ? { kind: "last_digits", digits: options.external.digits } : null,
      lotteryFallback: options.external?.fallback ?? "drand",
      ticketsGenerated: true,
    })
    .returning();
  if (!raffle) throw new Error("sin rifa");
  const levels = options.levels ?? [
    { description: "Moto", count: 1 },
    { description: "Bono de $50", count: 2 },
  ];
  await db.insert(prizeLevels).values(
    levels.map((l, i) => ({
      raffleId: raffle.id,
      level: i + 1,
      description: l.description,
      winnerCount: l.count,
      prizeValue: l.cash?.amount ?? null,
      cashCurrency: l.cash?.currency ?? null,
    })),
  );
  await db.execute(
    sql`INSERT INTO tickets (raffle_id, ticket_number) SELECT ${raffle.id}, g FROM generate_series(0, ${total - 1}) g`,
  );
  const proofIds: string[] = [];
  for (const sale of sales) {
    refCounter += 1;
    // A bank reference's key is its number (decision 0022): the counter keeps it unique.
    const reference = `V${refCounter}${Math.random().toString().slice(2, 12)}`;
    const [proof] = await db
      .insert(paymentProofs)
      .values({
        userId: sale.userId,
        raffleId: raffle.id,
        amount: sale.numbers.length * 2,
        paymentMethod: "pago_movil",
        transactionRef: reference,
        referenceKey: paymentReferenceKey("pago_movil", reference),
        proofImagePath: "proofs/x.png",
        proofContentType: "image/png",
        proofSize: 1,
        status: "approved",
        quantityOfTickets: sale.numbers.length,
      })
      .returning();
    if (!proof) throw new Error("sin comprobante");
    proofIds.push(proof.id);
    await db
      .update(tickets)
      .set({ status: "sold", userId: sale.userId, paymentId: proof.id, soldAt: new Date() })
      .where(and(eq(tickets.raffleId, raffle.id), sql`${tickets.ticketNumber} IN ${sale.numbers}`));
  }
  await db.update(raffles).set({ soldTickets: sold, status: "closed" }).where(eq(raffles.id, raffle.id));
  return { id: raffle.id, proofIds };
}

/**
 * Freezes as the lifecycle job does: one transaction, the raffle row locked, freezeRaffle at `now`. First,
 * as the draw job would have done shortly before `now`, the server fetches and keeps the round published
 * at `now` from the configured relays (the latest beacon the freeze cites; decision 0021).
 */
export async function freezeAt(
  ctx: Pick<AppContext, "db" | "config" | "events">,
  raffleId: string,
  now: Date,
  options: FreezeOptions & { withoutLatestBeacon?: boolean } = {},
): Promise<void> {
  if (!options.withoutLatestBeacon && ctx.config.drandRelays.length > 0) {
    await refreshLatestBeacon(ctx, options.chain ?? ctx.config.drandChainInfo, now);
  }
  await ctx.db.transaction(async (tx) => {
    await findRaffle(tx, raffleId, true);
    await freezeRaffleWith(ctx, tx, raffleId, now, options);
  });
}

/**
 * An app whose draws use the local drand relay's chain with a 2-minute round delay. It asks the relays
 * `relayUrls` names (the local relay alone by default). Close both with stopDrawTestApp.
 */
export async function startDrawTestApp(
  relayUrls: (relay: DrandRelay) => string[] = (relay) => [relay.url],
): Promise<{ t: TestApp; relay: DrandRelay }> {
  const relay = await startDrandRelay();
  const t = await createTestApp({
    drandChainInfo: relay.chain.info,
    drandRelays: relayUrls(relay),
    drawRoundDelayMinutes: 2,
  });
  return { t, relay };
}

/** Closes what startDrawTestApp opened, when it got that far. */
export async function stopDrawTestApp(t: TestApp | undefined, relay: DrandRelay | undefined): Promise<void> {
  await t?.close();
  await relay?.close();
}

export interface DrawTestContext {
  t: TestApp;
  relay: DrandRelay;
  /** Two administrators: a lottery correction needs a second one to confirm it (decision 0024). */
  admin: SignedIn;
  admin2: SignedIn;
  /** Two buyers. */
  ana: SignedIn;
  beto: SignedIn;
}

/**
 * Registers this file's beforeAll/afterAll: one startDrawTestApp app with two administrators and two
 * buyers signed in. The returned object is filled in by beforeAll, so use it only inside tests and hooks.
 */
export function useDrawTestApp(): DrawTestContext {
  const ctx = {} as DrawTestContext;
  beforeAll(async () => {
    const { t, relay } = await startDrawTestApp();
    Object.assign(ctx, { t, relay });
    ctx.admin = await signedInUser(t.app, { role: "admin", fullName: "Admin Uno" });
    ctx.admin2 = await signedInUser(t.app, { role: "admin", fullName: "Admin Dos" });
    ctx.ana = await signedInUser(t.app, { fullName: "Ana Pérez" });
    ctx.beto = await signedInUser(t.app, { fullName: "Beto Rangel" });
  });
  afterAll(() => stopDrawTestApp(ctx.t, ctx.relay));
  return ctx;
}

/** A tiny PDF: the official publication an external lottery's result requires (decision 0024). */
export const PUBLICATION_PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
export const PUBLICATION = { contentType: "application/pdf", dataBase64: PUBLICATION_PDF.toString("base64") };

/** POST /api/admin/raffles/:id/external-result as `cookie`, with PUBLICATION as the official publication. */
export function postExternalResult(
  t: TestApp,
  raffleId: string,
  cookie: string,
  body: { result: string; sourceUrl: string; reason?: string },
) {
  return t.app.inject({
    method: "POST",
    url: `/api/admin/raffles/${raffleId}/external-result`,
    remoteAddress: nextIp(),
    headers: { cookie },
    payload: { ...body, publication: PUBLICATION },
  });
}

/** The raffle's public record as a visitor reads it; it must exist. */
export async function recordOf(t: TestApp, raffleId: string): Promise<DrawRecord> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/raffles/${raffleId}/record`,
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DrawRecord;
}

/**
 * verifyRecord, failing the test with the failed checks unless every check passes; with `types`, the
 * record's entries must also be of those types, in that order.
 */
export async function expectVerified(record: DrawRecord, types?: string[]): Promise<RecordVerification> {
  if (types) expect(record.entries.map((e) => e.type)).toEqual(types);
  const verification = await verifyRecord(record);
  expect(verification.ok, JSON.stringify(verification.checks.filter((c) => !c.ok))).toBe(true);
  return verification;
}
