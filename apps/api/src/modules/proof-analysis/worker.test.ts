// The worker's behaviour with a reader double (test/proof-analysis-fixtures.ts): retries, giving up,
// never holding up an upload, the backfill of older proofs, several workers side by side, stopping.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertProof } from "../../../test/fixtures";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import {
  analysisRow,
  newRaffle,
  png,
  readerDouble,
  uploadProof,
} from "../../../test/proof-analysis-fixtures";
import { renderReceipt } from "../../../test/receipt-images";
import { loadConfig } from "../../config";
import { paymentProofs } from "../../db/schema";
import { createProofAnalysisWorker } from "./worker";

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

let receipt: Buffer;
beforeAll(async () => {
  receipt = await renderReceipt({
    style: "zelle",
    reference: "QX7H2M9KPA",
    amount: 25,
    date: "2026-11-24",
    bank: "Zelle",
  });
});

describe("configuration", () => {
  it("is on by default outside tests, off with PROOF_ANALYSIS=off, and OCR_CONCURRENCY is bounded", () => {
    expect(loadConfig({ NODE_ENV: "production" }).proofAnalysis).toBe(true);
    expect(loadConfig({}).proofAnalysis).toBe(true);
    expect(loadConfig({ NODE_ENV: "test" }).proofAnalysis).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", PROOF_ANALYSIS: "off" }).proofAnalysis).toBe(false);
    expect(loadConfig({}).ocrConcurrency).toBe(1);
    expect(loadConfig({ OCR_CONCURRENCY: "2" }).ocrConcurrency).toBe(2);
    expect(() => loadConfig({ OCR_CONCURRENCY: "0" })).toThrow("OCR_CONCURRENCY");
    expect(() => loadConfig({ OCR_CONCURRENCY: "many" })).toThrow("OCR_CONCURRENCY");
  });
});

describe("worker started by the app", () => {
  let t: TestApp;
  let buyer: SignedIn;
  const double = readerDouble();

  beforeAll(async () => {
    t = await createTestApp({ proofAnalysis: true }, { ocrReader: double.reader });
    buyer = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("never holds up the upload: the answer comes while the read is still waiting", async () => {
    const release = double.hold();
    const raffle = await newRaffle(t.app);
    const { statusCode, id } = await uploadProof(t.app, buyer.cookie, raffle.id, png(receipt));
    expect(statusCode).toBe(201);
    // The upload kicked the worker, whose read is held: the proof is still pending.
    await expect.poll(() => double.reads).toBeGreaterThan(0);
    expect((await analysisRow(t.app, id)).status).toBe("pending");
    release();
    await t.app.ctx.proofAnalysis.drain();
    expect((await analysisRow(t.app, id)).status).toBe("done");
  });

  it("closes the reader when the app closes", async () => {
    const before = double.closed;
    await t.app.close();
    expect(double.closed).toBe(before + 1);
  });
});

describe("worker rounds", () => {
  let t: TestApp;
  let buyer: SignedIn;

  beforeAll(async () => {
    // The app's own worker is off: each test drives a worker of its own.
    t = await createTestApp();
    buyer = await signedInUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    // Nothing left over from the previous test for the next worker to claim.
    await t.app.ctx.db
      .update(paymentProofs)
      .set({ analysisStatus: "skipped" })
      .where(eq(paymentProofs.analysisStatus, "pending"));
    // A buyer may have only a few proofs under review at once.
    await t.app.ctx.db
      .update(paymentProofs)
      .set({ status: "rejected" })
      .where(and(eq(paymentProofs.userId, buyer.id), eq(paymentProofs.status, "pending")));
  });

  /**
   * `count` proofs of the buyer with `image` stored under a key named after `label`, oldest first, `stepMs`
   * apart (the last one `stepMs` ago); returns their ids in that order.
   */
  async function storedProofs(raffleId: string, image: Buffer, label: string, count: number, stepMs: number) {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const key = `proofs/test/${label}-${i}-${Date.now()}.png`;
      await t.app.ctx.storage.put(key, image, "image/png");
      const row = await insertProof(t.app.ctx.db, {
        userId: buyer.id,
        raffleId,
        proofImagePath: key,
        createdAt: new Date(Date.now() - (count - i) * stepMs),
      });
      ids.push(row.id);
    }
    return ids;
  }

  /** A worker of its own on a fresh reader double, one proof at a time. */
  function oneAtATime(retryDelayMs = 0) {
    const double = readerDouble();
    const worker = createProofAnalysisWorker(t.app.ctx, {
      reader: double.reader,
      concurrency: 1,
      retryDelayMs,
    });
    return { double, worker };
  }

  /** oneAtATime, and the buyer's receipt uploaded to a new raffle for it to analyse. */
  async function workerWithUpload(retryDelayMs = 0) {
    const { double, worker } = oneAtATime(retryDelayMs);
    const raffle = await newRaffle(t.app);
    const { id } = await uploadProof(t.app, buyer.cookie, raffle.id, png(receipt));
    return { double, worker, id };
  }

  it("the test app starts no worker: uploads stay pending", async () => {
    const raffle = await newRaffle(t.app);
    const { id } = await uploadProof(t.app, buyer.cookie, raffle.id, png(receipt));
    expect(await t.app.ctx.proofAnalysis.drain()).toBe(0);
    expect((await analysisRow(t.app, id)).status).toBe("pending");
  });

  it("retries a failing read, then succeeds", async () => {
    const { double, worker, id } = await workerWithUpload();
    double.failNext(2);
    await worker.drain();
    expect(await analysisRow(t.app, id)).toMatchObject({ status: "pending", attempts: 1 });
    await worker.drain();
    expect(await analysisRow(t.app, id)).toMatchObject({ status: "pending", attempts: 2 });
    await worker.drain();
    const row = await analysisRow(t.app, id);
    expect(row).toMatchObject({ status: "done", attempts: 3 });
    expect(row.phash).not.toBeNull();
    await worker.stop();
  });

  it("gives up after three failed attempts: failed, with nothing half-stored", async () => {
    const { double, worker, id } = await workerWithUpload();
    double.failNext(10);
    for (let i = 0; i < 5; i++) await worker.drain();
    expect(double.reads).toBe(3);
    const row = await analysisRow(t.app, id);
    expect(row).toMatchObject({
      status: "failed",
      attempts: 3,
      phash: null,
      ocr: null,
      nearDuplicateOf: null,
    });
    expect(row.analyzedAt).toBeInstanceOf(Date);
    await worker.stop();
  });

  it("waits out the back-off before retrying", async () => {
    const { double, worker, id } = await workerWithUpload(60_000);
    double.failNext(1);
    await worker.drain();
    await worker.drain();
    expect(double.reads).toBe(1);
    expect(await analysisRow(t.app, id)).toMatchObject({ status: "pending", attempts: 1 });
    // A minute later (the last attempt moved back in time) it is taken again.
    await t.app.ctx.db
      .update(paymentProofs)
      .set({ updatedAt: new Date(Date.now() - 61_000) })
      .where(eq(paymentProofs.id, id));
    await worker.drain();
    expect(await analysisRow(t.app, id)).toMatchObject({ status: "done", attempts: 2 });
    await worker.stop();
  });

  it("a proof whose file is gone fails like any unreadable one", async () => {
    const { double, worker } = oneAtATime();
    const raffle = await newRaffle(t.app);
    const row = await insertProof(t.app.ctx.db, { userId: buyer.id, raffleId: raffle.id });
    for (let i = 0; i < 3; i++) await worker.drain();
    expect(await analysisRow(t.app, row.id)).toMatchObject({ status: "failed", attempts: 3 });
    expect(double.reads).toBe(0);
    await worker.stop();
  });

  it("stopping finishes the proof in hand and gives the rest of the batch back, attempts uncounted", async () => {
    const raffle = await newRaffle(t.app);
    const ids = await storedProofs(raffle.id, receipt, "stop", 3, 1000);
    const double = readerDouble();
    const release = double.hold();
    const worker = createProofAnalysisWorker(t.app.ctx, { reader: double.reader, concurrency: 1 });
    void worker.drain();
    await expect.poll(() => double.reads).toBe(1);
    const stopping = worker.stop();
    release();
    await stopping;
    expect(double.reads).toBe(1);
    expect(double.closed).toBe(1);
    expect(await analysisRow(t.app, ids[0] as string)).toMatchObject({ status: "done", attempts: 1 });
    for (const id of ids.slice(1)) {
      expect(await analysisRow(t.app, id)).toMatchObject({ status: "pending", attempts: 0 });
    }
  });

  it("analyses older proofs (the backfill) in bounded batches, each once with two workers side by side", async () => {
    const raffle = await newRaffle(t.app);
    // A picture no other test sent.
    const picture = await renderReceipt({
      style: "binance",
      reference: "412345678901234567",
      amount: 40,
      date: "2026-11-20",
      bank: "Binance",
    });
    const ids = await storedProofs(raffle.id, picture, "backfill", 12, 60_000);
    const double = readerDouble();
    const options = { reader: double.reader, concurrency: 2, retryDelayMs: 60_000, batchSize: 5 };
    const a = createProofAnalysisWorker(t.app.ctx, options);
    const b = createProofAnalysisWorker(t.app.ctx, options);
    const stored = await Promise.all([a.drain(), b.drain()]);
    expect(stored[0] + stored[1]).toBe(12);
    expect(double.reads).toBe(12);
    const rows = await t.app.ctx.db
      .select({
        id: paymentProofs.id,
        status: paymentProofs.analysisStatus,
        attempts: paymentProofs.analysisAttempts,
        near: paymentProofs.nearDuplicateOf,
      })
      .from(paymentProofs)
      .where(inArray(paymentProofs.id, ids));
    expect(rows.every((row) => row.status === "done" && row.attempts === 1)).toBe(true);
    // The same picture twelve times (the double reads nothing): each one points at another of the twelve,
    // except those read before any other had its hash stored: at most the first round of reads, which is
    // `concurrency` proofs per worker side by side (a busy PostgreSQL run once had 3 unflagged).
    const unflagged = rows.filter((row) => row.near === null);
    expect(unflagged.length).toBeGreaterThanOrEqual(1);
    expect(unflagged.length).toBeLessThanOrEqual(2 * options.concurrency);
    for (const row of rows) if (row.near) expect(ids.filter((id) => id !== row.id)).toContain(row.near);
    await a.stop();
    await b.stop();
  });
});
