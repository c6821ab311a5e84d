// Payment references (docs/decisions/0009-payment-references-and-proof-files.md): a payment reference decorated with zero-width, format, direction or full-width
// characters is the same payment. Uploads see such variants as duplicates, references are stored
// normalised, and the one-off data step of migration 0004 re-normalises old rows and shows the admin
// every collision it uncovers.
import { type AdminProof, PROOF_MESSAGES } from "@rifazo/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProofs, settings } from "../../src/db/schema";
import {
  NORMALIZE_REFERENCES_MARKER,
  normalizeStoredPaymentReferences,
  renormalizePaymentReferences,
} from "../../src/modules/proofs/normalize-references";
import { createTestApp, signedInUser, type TestApp } from "../helpers";
import { expectSpanishError, multipartBody, smallPng, tableCounts } from "./support";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, { role: "admin" });
  png = await smallPng();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** A general payment (no raffle) with the given reference, sent by `cookie`. */
function upload(cookie: string, transactionRef: string, paymentMethod = "pago_movil") {
  const body = multipartBody(
    { raffleId: "general", paymentMethod, transactionRef, amount: "10.00", currency: "USD", quantity: 1 },
    { name: "comprobante.png", type: "image/png", data: png },
  );
  return t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

async function storedRef(id: string): Promise<string | undefined> {
  const [row] = await t.app.ctx.db
    .select({ ref: paymentProofs.transactionRef })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, id));
  return row?.ref;
}

async function adminList(q: string): Promise<AdminProof[]> {
  const response = await t.app.inject({
    method: "GET",
    url: `/api/admin/proofs?q=${encodeURIComponent(q)}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: AdminProof[] }).items;
}

describe("uploads: invisible and compatibility characters do not hide a duplicate", () => {
  const VARIANTS: Array<[string, string]> = [
    ["zero-width space", "BNC0042\u200B7781"],
    ["byte order mark in front", "\uFEFFBNC00427781"],
    ["word joiner and no-break space", "BNC\u00A00042\u20607781"],
    ["full-width letters and digits", "ＢＮＣ００４２７７８１"],
    ["full-width digits only", "BNC００４２７７８１"],
    ["direction marks, other case", "\u200Ebnc0042\u200F7781"],
    ["soft hyphen and zero-width joiner", "BNC00\u00AD42\u200D7781"],
    ["Hangul filler (default-ignorable, not Cf)", "BNC0042\u31647781"],
  ];
  let original: string;

  beforeAll(async () => {
    const owner = await signedInUser(t.app);
    const first = await upload(owner.cookie, "BNC 0042 7781");
    expect(first.statusCode, first.body).toBe(201);
    original = (first.json() as { id: string }).id;
  });

  it.each(VARIANTS)("%s: refused as the same reference (409), nothing written", async (_label, variant) => {
    const other = await signedInUser(t.app);
    const before = await tableCounts(t.app);
    const response = await upload(other.cookie, variant);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error).toMatchObject({
      code: "DUPLICATE_REFERENCE",
      message: PROOF_MESSAGES.duplicateReference,
    });
    expect(await tableCounts(t.app)).toEqual(before);
    expect(await storedRef(original)).toBe("BNC00427781");
  });

  it("the same variants under another payment method are another payment", async () => {
    const other = await signedInUser(t.app);
    const response = await upload(other.cookie, "BNC0042\u200B7781", "zelle");
    expect(response.statusCode, response.body).toBe(201);
  });
});

describe("uploads: the reference is stored normalised", () => {
  it("NFKC, no format characters, no spaces; the owner and the admin see that form", async () => {
    const owner = await signedInUser(t.app);
    const response = await upload(owner.cookie, " Ｚｅｌｌｅ\u200B 77\u200F88\u3000", "zelle");
    expect(response.statusCode, response.body).toBe(201);
    const proof = response.json() as { id: string; transactionRef: string };
    expect(proof.transactionRef).toBe("Zelle7788");
    expect(await storedRef(proof.id)).toBe("Zelle7788");
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/proofs/mine",
      headers: { cookie: owner.cookie },
    });
    expect(mine.json().items[0].transactionRef).toBe("Zelle7788");
    const listed = (await adminList("zelle7788")).find((item) => item.id === proof.id);
    expect(listed).toMatchObject({
      transactionRef: "Zelle7788",
      duplicateReference: false,
      duplicateOf: null,
    });
  });

  it("digits of another script are refused with a Spanish message, nothing written", async () => {
    const owner = await signedInUser(t.app);
    const before = await tableCounts(t.app);
    const response = await upload(owner.cookie, "Ref\u0667\u0667\u0668\u0668");
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(PROOF_MESSAGES.referenceForeignDigits);
    expectSpanishError(response, "dígitos árabes");
    expect(await tableCounts(t.app)).toEqual(before);
  });

  it("a reference made only of invisible characters is missing", async () => {
    const owner = await signedInUser(t.app);
    const response = await upload(owner.cookie, "\u200B\u2060\uFEFF\u00A0");
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(PROOF_MESSAGES.referenceMissing);
  });
});

describe("migration 0004: stored references re-normalised, collisions shown to the admin", () => {
  let buyer: Awaited<ReturnType<typeof signedInUser>>;
  const ids: Record<string, string> = {};
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

  /** A row as an older version of Rifazo could have saved it (raw reference, straight into the table). */
  async function rawProof(
    name: string,
    values: { ref: string; method?: string; status?: string; age: number },
  ) {
    const [row] = await t.app.ctx.db
      .insert(paymentProofs)
      .values({
        userId: buyer.id,
        raffleId: null,
        amount: 10,
        paymentMethod: values.method ?? "pago_movil",
        transactionRef: values.ref,
        proofImagePath: `proofs/2025/01/${name}.png`,
        proofContentType: "image/png",
        proofSize: 100,
        status: values.status ?? "pending",
        createdAt: minutesAgo(values.age),
      })
      .returning({ id: paymentProofs.id });
    if (!row) throw new Error("sin fila");
    ids[name] = row.id;
  }

  beforeAll(async () => {
    buyer = await signedInUser(t.app);
    await rawProof("a", { ref: "MIG12345", age: 50 });
    // Live, same method, equal once normalised: the later one is the copy.
    await rawProof("b", { ref: "MIG\u200B12345", age: 40 });
    // The raw one is the older: the already-clean later one becomes the copy.
    await rawProof("c", { ref: "ＭＩＧ５５５", status: "approved", age: 45 });
    await rawProof("d", { ref: "MIG555", age: 30 });
    // Rejected, another method: no index conflict, still a collision the admin must see.
    await rawProof("e", { ref: "mig12345\u2060", method: "zelle", status: "rejected", age: 20 });
    // Nothing but invisible characters: left as it was rather than emptied.
    await rawProof("f", { ref: "\u200B\u200C", age: 10 });
    await rawProof("g", { ref: "Ref\u00A0777\u202E", age: 5 });
  });

  it("rewrites the references, flags the live copies, keeps the unique index valid", async () => {
    const result = await t.app.ctx.db.transaction((tx) => renormalizePaymentReferences(tx));
    expect(result.changed).toBe(4);
    expect(result.left).toEqual([ids.f]);
    const byId = new Map(result.collisions.map((c) => [c.id, [...c.others].sort()]));
    expect(byId.get(ids.b as string)).toEqual([ids.a, ids.e].sort());
    expect(byId.get(ids.c as string)).toEqual([ids.d]);
    expect(byId.get(ids.e as string)).toEqual([ids.a, ids.b].sort());

    const rows = await t.app.ctx.db
      .select({
        id: paymentProofs.id,
        ref: paymentProofs.transactionRef,
        duplicateOf: paymentProofs.duplicateReferenceOf,
      })
      .from(paymentProofs)
      .where(inArray(paymentProofs.id, Object.values(ids)));
    const row = (name: string) => rows.find((r) => r.id === ids[name]);
    expect(row("a")).toMatchObject({ ref: "MIG12345", duplicateOf: null });
    expect(row("b")).toMatchObject({ ref: "MIG12345", duplicateOf: ids.a });
    expect(row("c")).toMatchObject({ ref: "MIG555", duplicateOf: null });
    expect(row("d")).toMatchObject({ ref: "MIG555", duplicateOf: ids.c });
    expect(row("e")).toMatchObject({ ref: "mig12345", duplicateOf: null });
    expect(row("f")?.ref).toBe("\u200B\u200C");
    expect(row("g")).toMatchObject({ ref: "Ref777", duplicateOf: null });
  });

  it("is idempotent: a second pass changes nothing", async () => {
    const again = await t.app.ctx.db.transaction((tx) => renormalizePaymentReferences(tx));
    expect(again.changed).toBe(0);
  });

  it("the admin inbox marks every collision with a link to the other proof", async () => {
    const items = await adminList("mig12345");
    const item = (name: string) => items.find((i) => i.id === ids[name]);
    expect(item("b")).toMatchObject({ duplicateReference: true, duplicateOf: ids.a });
    expect(item("a")).toMatchObject({ duplicateReference: true });
    expect([ids.b, ids.e]).toContain(item("a")?.duplicateOf);
    expect(item("e")).toMatchObject({ duplicateReference: true, duplicateOf: ids.a });
    const small = await adminList("mig555");
    expect(small.find((i) => i.id === ids.d)).toMatchObject({ duplicateReference: true, duplicateOf: ids.c });
    expect(small.find((i) => i.id === ids.c)).toMatchObject({ duplicateReference: true, duplicateOf: ids.d });
    expect((await adminList("ref777")).find((i) => i.id === ids.g)).toMatchObject({
      duplicateReference: false,
      duplicateOf: null,
    });
  });

  it("only an administrator sees the inbox: visitor 401, user and other user 403", async () => {
    const other = await signedInUser(t.app);
    const visitor = await t.app.inject({ method: "GET", url: "/api/admin/proofs?q=mig12345" });
    expect(visitor.statusCode).toBe(401);
    for (const cookie of [buyer.cookie, other.cookie]) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/admin/proofs?q=mig12345",
        headers: { cookie },
      });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain("MIG12345");
    }
  });

  it("a new upload of a variant of a re-normalised reference is a duplicate", async () => {
    const other = await signedInUser(t.app);
    const response = await upload(other.cookie, "ＭＩＧ\u200C12345");
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe("DUPLICATE_REFERENCE");
  });

  it("the startup step runs exactly once per database", async () => {
    const { db, log } = t.app.ctx;
    await db.delete(settings).where(eq(settings.key, NORMALIZE_REFERENCES_MARKER));
    await rawProof("h", { ref: "ONCE\u200B0001", age: 1 });
    const first = await normalizeStoredPaymentReferences({ db, log });
    expect(first?.changed).toBe(1);
    expect(await storedRef(ids.h as string)).toBe("ONCE0001");

    await rawProof("i", { ref: "ONCE\u200B0002", age: 1 });
    expect(await normalizeStoredPaymentReferences({ db, log })).toBeNull();
    expect(await storedRef(ids.i as string)).toBe("ONCE\u200B0002");
    const [marker] = await db.select().from(settings).where(eq(settings.key, NORMALIZE_REFERENCES_MARKER));
    expect(marker?.value).toMatchObject({ changed: 1 });
    // The marker is not a public setting.
    const publicSettings = await t.app.inject({ method: "GET", url: "/api/settings" });
    expect(publicSettings.body).not.toContain("data_migration");
  });
});
