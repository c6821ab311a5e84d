// The whole analysis with the real OCR reader: proofs uploaded through the API, the worker the app
// started reads them, and the hash, the near-copy link and what OCR read are stored.

import { desc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import { analysisRow, jpeg, newRaffle, pdf, png, uploadProof } from "../../../test/proof-analysis-fixtures";
import { expectedFields, type ReceiptSpec, renderReceipt } from "../../../test/receipt-images";
import { receiptPdf } from "../../../test/receipt-pdf";
import { copiesOf } from "../../../test/receipt-variants";
import { events } from "../../db/schema";
import { hammingDistance } from "./phash";
import { analysisFor } from "./repository";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let first: SignedIn;
let second: SignedIn;
let third: SignedIn;

const ORIGINAL: ReceiptSpec = {
  style: "pago-movil-banesco",
  reference: "004512873311",
  amount: 1194.56,
  date: "2026-11-24",
  bank: "Banesco",
};
/** Another payment in the same app: another reference, amount and date. */
const OTHER_PAYMENT: ReceiptSpec = {
  ...ORIGINAL,
  reference: "009988776655",
  amount: 350,
  date: "2026-11-20",
};

beforeAll(async () => {
  t = await createTestApp({ proofAnalysis: true });
  [first, second, third] = await Promise.all([signedInUser(t.app), signedInUser(t.app), signedInUser(t.app)]);
});
afterAll(async () => {
  await t?.close();
});

describe("proof analysis", () => {
  let originalId: string;

  it("reads an uploaded receipt: hash, what OCR read, done", async () => {
    const raffle = await newRaffle(t.app);
    const { id } = await uploadProof(t.app, first.cookie, raffle.id, png(await renderReceipt(ORIGINAL)));
    originalId = id;
    await t.app.ctx.proofAnalysis.drain();
    const row = await analysisRow(t.app, id);
    expect(row.status).toBe("done");
    expect(row.attempts).toBe(1);
    expect(row.analyzedAt).toBeInstanceOf(Date);
    expect(typeof row.phash).toBe("bigint");
    expect(row.nearDuplicateOf).toBeNull();
    expect(row.ocr?.engine).toMatch(/^tesseract\.js/);
    const expected = expectedFields(ORIGINAL);
    expect(row.ocr?.fields.reference).toBe(expected.reference);
    expect(row.ocr?.fields.amount).toBe(expected.amount);
    expect(row.ocr?.fields.date).toBe(expected.date);
    // The admin inbox hears that something changed (on the admin topic, with no proof data).
    const [event] = await t.app.ctx.db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event?.payload).toMatchObject({ type: "proofs.changed", change: "analyzed" });
    expect(JSON.stringify(event?.payload)).not.toContain(id);
  }, 120_000);

  it("flags a re-screenshotted copy sent by another account to another raffle, pointing at the first", async () => {
    const copy = (await copiesOf(await renderReceipt(ORIGINAL))).screenshot_of_screenshot;
    const raffle = await newRaffle(t.app);
    const { id } = await uploadProof(t.app, second.cookie, raffle.id, jpeg(copy));
    await t.app.ctx.proofAnalysis.drain();
    const row = await analysisRow(t.app, id);
    expect(row.status).toBe("done");
    expect(row.nearDuplicateOf).toBe(originalId);
    const original = await analysisRow(t.app, originalId);
    expect(hammingDistance(row.phash ?? 0n, original.phash ?? 0n)).toBeLessThanOrEqual(8);
    // The SQL distance is the one the worker computed in JavaScript.
    const result = (await t.app.ctx.db.execute(
      sql`SELECT bit_count((${String(row.phash)}::bigint # ${String(original.phash)}::bigint)::bit(64))::int AS d`,
    )) as unknown as { rows: { d: number }[] };
    expect(result.rows[0]?.d).toBe(hammingDistance(row.phash ?? 0n, original.phash ?? 0n));
    // The inbox's reader of the stored analysis.
    const stored = await analysisFor(t.app.ctx.db, [id, originalId]);
    expect(stored.get(id)).toMatchObject({ status: "done", nearDuplicateOf: originalId });
    expect(stored.get(originalId)).toMatchObject({ status: "done", nearDuplicateOf: null });
  }, 120_000);

  it("does not flag another payment from the same bank's app", async () => {
    const raffle = await newRaffle(t.app);
    const { id } = await uploadProof(t.app, third.cookie, raffle.id, png(await renderReceipt(OTHER_PAYMENT)));
    await t.app.ctx.proofAnalysis.drain();
    const row = await analysisRow(t.app, id);
    expect(row.status).toBe("done");
    expect(row.ocr?.fields.reference).toBe(OTHER_PAYMENT.reference);
    expect(row.nearDuplicateOf).toBeNull();
  }, 120_000);

  it("skips a PDF: no hash, no OCR", async () => {
    const raffle = await newRaffle(t.app);
    const { id } = await uploadProof(t.app, first.cookie, raffle.id, pdf(receiptPdf()));
    await t.app.ctx.proofAnalysis.drain();
    const row = await analysisRow(t.app, id);
    expect(row).toMatchObject({ status: "skipped", phash: null, ocr: null, nearDuplicateOf: null });
    expect(row.analyzedAt).toBeInstanceOf(Date);
  });
});
