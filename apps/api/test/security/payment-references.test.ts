// Payment references (docs/decisions/0009-payment-references-and-proof-files.md and
// 0022-one-key-per-payment-reference.md): a payment reference decorated with zero-width, format, direction
// or full-width characters, spelled with look-alike letters of other scripts, or with leading zeros, is the
// same payment. Uploads see such variants as duplicates, references are stored
// normalised, and the one-off data step of migration 0004 re-normalises old rows and shows the admin
// every collision it uncovers.
import { randomInt } from "node:crypto";
import {
  type AdminProof,
  normalizePaymentReference,
  PROOF_FLAG_LABELS,
  PROOF_MESSAGES,
  type ProofOcr,
} from "@rifazo/shared";
import {
  PAYMENT_REFERENCE_KEY_VERSION,
  paymentReferenceKey,
} from "@rifazo/shared/domain/payment-reference-key";
import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProofs, settings } from "../../src/db/schema";
import type { ProofReader } from "../../src/modules/proof-analysis/service";
import {
  NORMALIZE_REFERENCES_MARKER,
  normalizeStoredPaymentReferences,
  renormalizePaymentReferences,
} from "../../src/modules/proofs/normalize-references";
import {
  normalizeStoredReferenceKeys,
  REFERENCE_KEYS_MARKER,
  recomputeReferenceKeys,
} from "../../src/modules/proofs/reference-keys";
import { createTestApp, signedInUser, type TestApp } from "../helpers";
import { emptyReading } from "../proof-analysis-fixtures";
import { useTestApp } from "./lifecycle";
import { expectSpanishError, smallPng, tableCounts } from "./support";
import { postGeneralProof } from "./uploads";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let png: Buffer;

useTestApp(async (app) => {
  t = app;
  admin = await signedInUser(t.app, { role: "admin" });
  png = await smallPng();
});

/** A general payment (no raffle) with the given reference, sent by `cookie`. */
function upload(cookie: string, transactionRef: string, paymentMethod = "pago_movil") {
  return postGeneralProof(t.app, cookie, comprobante(), transactionRef, paymentMethod);
}

const comprobante = () => ({ name: "comprobante.png", type: "image/png", data: png });

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

interface LegacyProof {
  ref: string;
  method: string;
  status?: string;
  /** Minutes since it was sent. */
  age: number;
}

/**
 * A pending (or `status`) proof of `userId` written straight into the table with its reference as sent and
 * the placeholder key migration 0013 leaves on an old row until the start-up step computes the real one.
 */
async function legacyProof(userId: string, proofImagePath: string, values: LegacyProof): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(paymentProofs)
    .values({
      userId,
      raffleId: null,
      amount: 10,
      paymentMethod: values.method,
      transactionRef: values.ref,
      referenceKey: `raw:${values.method}:${values.ref.toLowerCase()}`,
      proofImagePath,
      proofContentType: "image/png",
      proofSize: 100,
      status: values.status ?? "pending",
      createdAt: new Date(Date.now() - values.age * 60_000),
    })
    .returning({ id: paymentProofs.id });
  if (!row) throw new Error("sin fila");
  return row.id;
}

describe("migration 0004: stored references re-normalised, collisions shown to the admin", () => {
  let buyer: Awaited<ReturnType<typeof signedInUser>>;
  const ids: Record<string, string> = {};

  /** A row as an older version of Rifazo could have saved it (raw reference, straight into the table). */
  async function rawProof(
    name: string,
    values: { ref: string; method?: string; status?: string; age: number },
  ) {
    ids[name] = await legacyProof(buyer.id, `proofs/2025/01/${name}.png`, {
      ...values,
      method: values.method ?? "pago_movil",
    });
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
    // At start-up the keys are computed right after this step (migration 0013, decision 0022).
    await t.app.ctx.db.transaction((tx) => recomputeReferenceKeys(tx));
    const items = await adminList("mig12345");
    const item = (name: string) => items.find((i) => i.id === ids[name]);
    expect(item("b")).toMatchObject({ duplicateReference: true, duplicateOf: ids.a });
    expect(item("a")).toMatchObject({ duplicateReference: true, duplicateOf: ids.b });
    // A Zelle code and a bank number are compared in their own spaces since decision 0022.
    expect(item("e")).toMatchObject({ duplicateReference: false, duplicateOf: null });
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

// ---------------------------------------------------------------------------------------------------------
// One key per reference (docs/decisions/0022-one-key-per-payment-reference.md): look-alike letters and
// leading zeros no longer hide a receipt paid twice.
// ---------------------------------------------------------------------------------------------------------

/** Cyrillic and Greek capitals drawn like Latin ones. */
const CYRILLIC: Record<string, string> = {
  A: "А",
  B: "В",
  C: "С",
  E: "Е",
  H: "Н",
  K: "К",
  M: "М",
  O: "О",
  P: "Р",
  T: "Т",
  X: "Х",
};
const GREEK: Record<string, string> = {
  A: "Α",
  B: "Β",
  E: "Ε",
  H: "Η",
  I: "Ι",
  K: "Κ",
  M: "Μ",
  N: "Ν",
  O: "Ο",
  P: "Ρ",
  T: "Τ",
  X: "Χ",
  Y: "Υ",
  Z: "Ζ",
};
/** Cyrillic lower-case letters drawn like Latin ones. */
const CYRILLIC_LOWER: Record<string, string> = { a: "а", c: "с", e: "е", o: "о", p: "р", x: "х", y: "у" };
const swap = (value: string, table: Record<string, string>) => [...value].map((c) => table[c] ?? c).join("");

describe("paymentReferenceKey: one key for every spelling", () => {
  it("Zelle: Cyrillic, Greek, full-width, mixed case and separators give the Latin code's key", () => {
    const key = paymentReferenceKey("zelle", "ZELLEABC123");
    for (const variant of [
      "Z\u0415LL\u0415\u0410\u0412\u0421123", // Cyrillic Е, А, В, С (the audit's example)
      swap("ZELLEABC123", CYRILLIC),
      swap("ZELLEABC123", GREEK),
      "ＺＥＬＬＥＡＢＣ１２３",
      "zelleabc123",
      "zеllеавс123", // Cyrillic lower-case е, а, в, с
      "ZELLE-ABC 123",
      "Z\u0395LL\u0415\u0391BC\uFF11\u200B23", // Greek Ε, Cyrillic Е, Greek Α, full-width 1, zero-width space
    ]) {
      expect(paymentReferenceKey("zelle", variant), variant).toBe(key);
    }
    // Another code stays another code; Zelle keeps its leading zeros (a code, not a number).
    expect(paymentReferenceKey("zelle", "ZELLEABC124")).not.toBe(key);
    expect(paymentReferenceKey("zelle", "00ZELLEABC123")).not.toBe(key);
    expect(paymentReferenceKey("binance", "ZELLEABC123")).not.toBe(key);
  });

  it("bank references: one number for Pago Móvil and transferencia, leading zeros and words aside", () => {
    const key = paymentReferenceKey("pago_movil", "004512873391");
    expect(key).toBe("banco:4512873391");
    for (const [method, variant] of [
      ["pago_movil", "4512873391"],
      ["pago_movil", "0000004512873391"],
      ["pago_movil", "0045-1287-3391"],
      ["pago_movil", "Ref. 004512873391"],
      ["pago_movil", "００４５１２８７３３９１"],
      ["pago_movil", "OO45l2873391"], // letters drawn like 0 and 1, in a reference made only of them
      ["transferencia", "4512873391"],
      ["transferencia", "BNC 0045 1287 3391"],
    ] as const) {
      expect(paymentReferenceKey(method, variant), `${method} ${variant}`).toBe(key);
    }
    expect(paymentReferenceKey("pago_movil", "4512873392")).not.toBe(key);
    expect(paymentReferenceKey("pago_movil", "45128733910")).not.toBe(key);
    expect(paymentReferenceKey("pago_movil", "0000")).toBe("banco:0");
    // Nothing numeric at all: the folded text, never an empty key.
    expect(paymentReferenceKey("pago_movil", "Efectivo")).toBe(paymentReferenceKey("pago_movil", "EFECTIVO"));
    expect(paymentReferenceKey("zelle", "---")).toBe("zelle:---");
  });

  /** The value part of a key: what a second pass must leave as it is. */
  const keyValue = (key: string) => key.slice(key.indexOf(":") + 1);
  const METHODS = ["pago_movil", "transferencia", "zelle", "binance", "otro"] as const;

  it("property: the canonical form is idempotent on any string", () => {
    // Counterexamples fast-check found: an unassigned code point beside a symbol, a symbol folded to
    // subscript digits that NFKC then rewrites.
    for (const [method, value] of [
      ["pago_movil", "\u{3347A}\u2140"],
      ["zelle", "\u2211-"],
      ["binance", "\u23E8"],
    ] as const) {
      const key = paymentReferenceKey(method, value);
      expect(paymentReferenceKey(method, keyValue(key))).toBe(key);
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...METHODS),
        fc.oneof(fc.string({ unit: "binary", maxLength: 30 }), fc.stringMatching(/^[0-9A-Za-z .-]{0,20}$/)),
        (method, value) => {
          const key = paymentReferenceKey(method, value);
          expect(key).toMatch(/^(banco|zelle|binance|otro):/);
          // Something typed is never keyed as nothing.
          if (normalizePaymentReference(value) !== "") expect(keyValue(key)).not.toBe("");
          expect(paymentReferenceKey(method, keyValue(key))).toBe(key);
        },
      ),
      { numRuns: 1500 },
    );
  });

  const INVISIBLE = ["\u200B", "\u200D", "\u2060", "\uFEFF", "\u00AD"];
  const SEPARATOR = [" ", "-", ".", "/", "\u00A0", "\u3000"];
  /** Full-width form of an ASCII printable character. */
  const wide = (c: string) => String.fromCodePoint((c.codePointAt(0) ?? 0x21) - 0x21 + 0xff01);
  /** Each character spelled one of the ways a buyer (or a fraudster) could spell it. */
  const spelled = (plain: string, forms: (c: string) => string[]) =>
    fc
      .tuple(
        ...[...plain].map((c) => fc.constantFrom(...forms(c))),
        fc.array(fc.tuple(fc.nat(plain.length), fc.constantFrom(...INVISIBLE, ...SEPARATOR)), {
          maxLength: 5,
        }),
      )
      .map((parts) => {
        const extras = parts.pop() as Array<[number, string]>;
        const chars = parts as string[];
        for (const [at, extra] of extras) chars.splice(at, 0, extra);
        return chars.join("");
      });

  it("property: every spelling of a Zelle or Binance code maps to the code's key", () => {
    const letterForms = (c: string) => {
      const upper = c.toUpperCase();
      const lower = c.toLowerCase();
      return [
        ...new Set([
          c,
          upper,
          lower,
          wide(c),
          CYRILLIC[upper] ?? c,
          GREEK[upper] ?? c,
          CYRILLIC_LOWER[lower] ?? c,
        ]),
      ];
    };
    const code = fc.stringMatching(/^[A-Z0-9]{4,14}$/);
    fc.assert(
      fc.property(
        fc.constantFrom("zelle", "binance"),
        code.chain((plain) => fc.tuple(fc.constant(plain), spelled(plain, letterForms))),
        (method, [plain, variant]) => {
          expect(paymentReferenceKey(method, variant)).toBe(paymentReferenceKey(method, plain));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("property: every spelling of a bank number maps to the number's key, across Pago Móvil and transferencia", () => {
    const digitForms = (c: string) => [c, wide(c)];
    const number = fc.stringMatching(/^[1-9][0-9]{5,13}$/);
    fc.assert(
      fc.property(
        number.chain((plain) =>
          fc.tuple(
            fc.constant(plain),
            spelled(plain, digitForms),
            fc.nat(6),
            fc.constantFrom("", "Ref ", "Nro. ", "BNC "),
          ),
        ),
        fc.constantFrom("pago_movil", "transferencia"),
        ([plain, variant, zeros, words], method) => {
          const key = paymentReferenceKey("pago_movil", plain);
          expect(key).toBe(`banco:${plain}`);
          expect(paymentReferenceKey(method, `${words}${"0".repeat(zeros)}${variant}`)).toBe(key);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("uploads: look-alike letters and leading zeros do not hide a duplicate", () => {
  it("a Zelle code refused in Cyrillic, Greek, full-width and mixed spellings, nothing written", async () => {
    const owner = await signedInUser(t.app);
    const first = await upload(owner.cookie, "ZELLEABC123", "zelle");
    expect(first.statusCode, first.body).toBe(201);
    for (const variant of [
      "Z\u0415LL\u0415\u0410\u0412\u0421123",
      "\u0396\u0395LL\u0395\u0391\u0392C123",
      "ＺＥＬＬＥＡＢＣ１２３",
      "z\u0435lle\u0430bc-123",
    ]) {
      const other = await signedInUser(t.app);
      const before = await tableCounts(t.app);
      const response = await upload(other.cookie, variant, "zelle");
      expect(response.statusCode, `${variant}: ${response.body}`).toBe(409);
      expect(response.json().error).toMatchObject({
        code: "DUPLICATE_REFERENCE",
        message: PROOF_MESSAGES.duplicateReference,
      });
      expect(await tableCounts(t.app)).toEqual(before);
    }
  });

  it.each([
    ["pago_movil", "pago_movil"],
    ["transferencia", "transferencia"],
    ["pago_movil", "transferencia"],
  ])("leading zeros across two buyers: %s then %s is refused", async (firstMethod, secondMethod) => {
    const number = `45${randomInt(10_000_000, 100_000_000)}`;
    const owner = await signedInUser(t.app);
    const first = await upload(owner.cookie, `00${number}`, firstMethod);
    expect(first.statusCode, first.body).toBe(201);
    // The buyer sees what they typed; only the key drops the zeros.
    expect(first.json().transactionRef).toBe(`00${number}`);
    const other = await signedInUser(t.app);
    const before = await tableCounts(t.app);
    const response = await upload(other.cookie, number, secondMethod);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.code).toBe("DUPLICATE_REFERENCE");
    expect(await tableCounts(t.app)).toEqual(before);
  });

  it("the two spellings sent at the same time by two buyers: exactly one is accepted", async () => {
    for (let round = 0; round < 3; round++) {
      const number = `77${round}${randomInt(1_000_000, 10_000_000)}`;
      const [a, b] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
      const responses = await Promise.all([
        upload(a.cookie, `000${number}`),
        upload(b.cookie, swap(number, { "1": "l", "0": "O" }), "transferencia"),
      ]);
      const codes = responses.map((response) => response.statusCode).sort();
      expect(codes, responses.map((response) => response.body).join("\n")).toEqual([201, 409]);
      const rows = await t.app.ctx.db
        .select({ id: paymentProofs.id })
        .from(paymentProofs)
        .where(eq(paymentProofs.referenceKey, `banco:${number}`));
      expect(rows).toHaveLength(1);
    }
  });
});

describe("stored references: keys recomputed at start-up, copies shown to the admin", () => {
  let buyer: Awaited<ReturnType<typeof signedInUser>>;
  const ids: Record<string, string> = {};

  /** A row as migration 0013 leaves it: the reference as stored, the placeholder key. */
  async function oldProof(name: string, values: LegacyProof) {
    ids[name] = await legacyProof(buyer.id, `proofs/2025/02/${name}.png`, values);
  }

  beforeAll(async () => {
    buyer = await signedInUser(t.app);
    await t.app.ctx.db.delete(settings).where(eq(settings.key, REFERENCE_KEYS_MARKER));
    // Leading zeros: the later live one is the copy, whichever method.
    await oldProof("zeros", { ref: "0098123456", method: "pago_movil", status: "approved", age: 90 });
    await oldProof("plain", { ref: "98123456", method: "transferencia", age: 80 });
    // Look-alikes: the Cyrillic spelling came first, so the Latin one is the copy.
    await oldProof("cyrillic", { ref: "ZELLE\u0410\u0412\u0421777", method: "zelle", age: 70 });
    await oldProof("latin", { ref: "ZELLEABC777", method: "zelle", age: 60 });
    // A rejected proof takes no place in the index, but the admin still sees the pair.
    await oldProof("rejected", { ref: "98123456", method: "pago_movil", status: "rejected", age: 50 });
    await oldProof("alone", { ref: "55500011", method: "pago_movil", age: 40 });
  });

  it("computes every key, marks the later live copy, reports the collisions, and runs once per version", async () => {
    const { db, log } = t.app.ctx;
    const result = await normalizeStoredReferenceKeys({ db, log });
    expect(result?.version).toBe(PAYMENT_REFERENCE_KEY_VERSION);
    const collided = new Map(result?.collisions.map((c) => [c.id, [...c.others].sort()]));
    expect(collided.get(ids.plain as string)).toEqual([ids.zeros, ids.rejected].sort());
    expect(collided.get(ids.latin as string)).toEqual([ids.cyrillic]);
    expect(collided.has(ids.alone as string)).toBe(false);

    const rows = await db
      .select({
        id: paymentProofs.id,
        key: paymentProofs.referenceKey,
        duplicateOf: paymentProofs.duplicateReferenceOf,
        ref: paymentProofs.transactionRef,
      })
      .from(paymentProofs)
      .where(inArray(paymentProofs.id, Object.values(ids)));
    const row = (name: string) => rows.find((r) => r.id === ids[name]);
    expect(row("zeros")).toMatchObject({ key: "banco:98123456", duplicateOf: null, ref: "0098123456" });
    expect(row("plain")).toMatchObject({ key: "banco:98123456", duplicateOf: ids.zeros });
    expect(row("cyrillic")).toMatchObject({
      key: paymentReferenceKey("zelle", "ZELLEABC777"),
      duplicateOf: null,
    });
    expect(row("latin")).toMatchObject({
      key: paymentReferenceKey("zelle", "ZELLEABC777"),
      duplicateOf: ids.cyrillic,
    });
    expect(row("rejected")).toMatchObject({ key: "banco:98123456", duplicateOf: null });
    expect(row("alone")).toMatchObject({ key: "banco:55500011", duplicateOf: null });

    // The same version again: nothing to do.
    expect(await normalizeStoredReferenceKeys({ db, log })).toBeNull();
    const [marker] = await db.select().from(settings).where(eq(settings.key, REFERENCE_KEYS_MARKER));
    expect(marker?.value).toMatchObject({ version: PAYMENT_REFERENCE_KEY_VERSION });
  });

  it('the inbox shows each pair as "Referencia repetida" with a link to the other proof', async () => {
    const items = await adminList("98123456");
    const item = (name: string) => items.find((i) => i.id === ids[name]);
    expect(item("plain")).toMatchObject({ duplicateReference: true, duplicateOf: ids.zeros });
    expect(item("plain")?.flags).toContain("duplicate_reference");
    expect(item("zeros")?.duplicateReference).toBe(true);
    expect(item("rejected")?.duplicateReference).toBe(true);
    const zelle = await adminList("777");
    expect(zelle.find((i) => i.id === ids.latin)).toMatchObject({
      duplicateReference: true,
      duplicateOf: ids.cyrillic,
    });
    expect(zelle.find((i) => i.id === ids.cyrillic)).toMatchObject({
      duplicateReference: true,
      duplicateOf: ids.latin,
    });
  });

  it("a new upload of either spelling is a duplicate", async () => {
    const other = await signedInUser(t.app);
    expect((await upload(other.cookie, "000098123456")).statusCode).toBe(409);
    expect((await upload(other.cookie, "zelleabc777", "zelle")).statusCode).toBe(409);
  });
});

describe("the reference read on the receipt (OCR) is checked against the stored ones", () => {
  let analysed: TestApp;
  /** What the reader "reads" on the next receipt. */
  let nextReference: string | null = null;
  const reader: ProofReader = {
    async read(): Promise<ProofOcr> {
      const reading = emptyReading();
      return { ...reading, fields: { ...reading.fields, reference: nextReference }, confidence: 90 };
    },
    async close() {},
  };

  beforeAll(async () => {
    analysed = await createTestApp({ proofAnalysis: true }, { ocrReader: reader });
  }, 120_000);

  afterAll(async () => {
    await analysed?.close();
  });

  async function send(cookie: string, transactionRef: string, read: string | null) {
    nextReference = read;
    const response = await postGeneralProof(
      analysed.app,
      cookie,
      comprobante(),
      transactionRef,
      "pago_movil",
    );
    expect(response.statusCode, response.body).toBe(201);
    await analysed.app.ctx.proofAnalysis.drain();
    return (response.json() as { id: string }).id;
  }

  it('flags "Referencia repetida" with a link when the read reference is another proof\'s, zeros aside', async () => {
    const admin2 = await signedInUser(analysed.app, { role: "admin" });
    const first = await signedInUser(analysed.app);
    const second = await signedInUser(analysed.app);
    const original = await send(first.cookie, "4512873391", null);
    // Another buyer types some other number, but the receipt shows the first buyer's reference.
    const copy = await send(second.cookie, "8800112233", "004512873391");
    const [row] = await analysed.app.ctx.db
      .select({ ocrKey: paymentProofs.ocrReferenceKey, status: paymentProofs.analysisStatus })
      .from(paymentProofs)
      .where(eq(paymentProofs.id, copy));
    expect(row).toEqual({ ocrKey: "banco:4512873391", status: "done" });

    const list = async (q: string) => {
      const response = await analysed.app.inject({
        method: "GET",
        url: `/api/admin/proofs?q=${q}`,
        headers: { cookie: admin2.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: AdminProof[] }).items;
    };
    const copyItem = (await list("8800112233")).find((item) => item.id === copy);
    expect(copyItem).toMatchObject({ duplicateReference: true, duplicateOf: original });
    expect(copyItem?.flags).toContain("duplicate_reference");
    expect(PROOF_FLAG_LABELS.duplicate_reference).toBe("Referencia repetida");
    // The pair shows on both sides.
    expect((await list("4512873391")).find((item) => item.id === original)).toMatchObject({
      duplicateReference: true,
      duplicateOf: copy,
    });
    // The filter finds it too.
    const filtered = await analysed.app.inject({
      method: "GET",
      url: "/api/admin/proofs?flag=duplicate_reference",
      headers: { cookie: admin2.cookie },
    });
    expect((filtered.json() as { items: AdminProof[] }).items.map((item) => item.id)).toEqual(
      expect.arrayContaining([copy, original]),
    );
  });

  it("a read reference that is nobody else's flags nothing", async () => {
    const buyer = await signedInUser(analysed.app);
    const id = await send(buyer.cookie, "6600112233", "0066 0011 2233");
    const [row] = await analysed.app.ctx.db
      .select({ ocrKey: paymentProofs.ocrReferenceKey })
      .from(paymentProofs)
      .where(eq(paymentProofs.id, id));
    expect(row?.ocrKey).toBe("banco:6600112233");
    const admin3 = await signedInUser(analysed.app, { role: "admin" });
    const response = await analysed.app.inject({
      method: "GET",
      url: "/api/admin/proofs?q=6600112233",
      headers: { cookie: admin3.cookie },
    });
    expect((response.json() as { items: AdminProof[] }).items.find((item) => item.id === id)).toMatchObject({
      duplicateReference: false,
      duplicateOf: null,
    });
  });
});
