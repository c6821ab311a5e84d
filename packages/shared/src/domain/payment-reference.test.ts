import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PROOF_MESSAGES, proofUploadSchema } from "../schemas/proofs";
import { hasForeignDigits, normalizePaymentReference } from "./payment-reference";

const INVISIBLES = [
  "\u200B",
  "\u200C",
  "\u200D",
  "\u200E",
  "\u200F",
  "\u2060",
  "\uFEFF",
  "\u00AD",
  "\u202E",
  "\u2066",
  "\u180E",
  "\u3164",
  "\uFE0F",
  "\u034F",
];
const SPACES = [" ", "\t", "\n", "\u00A0", "\u2007", "\u2009", "\u202F", "\u3000", "\u2028"];

/** Full-width form of an ASCII printable character (U+FF01..U+FF5E). */
const fullWidth = (c: string) => String.fromCodePoint((c.codePointAt(0) ?? 0x21) - 0x21 + 0xff01);

describe("normalizePaymentReference", () => {
  it("drops zero-width, format, direction and space characters and folds full-width digits", () => {
    expect(normalizePaymentReference("Ref 0012 3456")).toBe("Ref00123456");
    expect(normalizePaymentReference("Ref0012\u200B3456")).toBe("Ref00123456");
    expect(normalizePaymentReference("\uFEFFRef\u00A00012\u20603456\u200F")).toBe("Ref00123456");
    expect(normalizePaymentReference("Ｒｅｆ００１２３４５６")).toBe("Ref00123456");
    expect(normalizePaymentReference("①②３")).toBe("123");
    expect(normalizePaymentReference("\u200B \u3000")).toBe("");
  });

  it("keeps case and every visible character", () => {
    expect(normalizePaymentReference("AbC-12/34_ñ")).toBe("AbC-12/34_ñ");
  });

  it("is idempotent on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (value) => {
        const once = normalizePaymentReference(value);
        expect(normalizePaymentReference(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it("is idempotent where dropping a character lets NFKC compose (e + ZWJ + combining acute)", () => {
    const once = normalizePaymentReference("e\u200D\u0301");
    expect(once).toBe("é");
    expect(normalizePaymentReference(once)).toBe(once);
  });

  it("gives an ASCII reference back whatever invisible characters, spaces or full-width forms decorate it", () => {
    const ascii = fc.stringMatching(/^[A-Za-z0-9-]{1,20}$/);
    const decorated = ascii.chain((plain) =>
      fc
        .tuple(
          fc.array(fc.tuple(fc.nat(plain.length), fc.constantFrom(...INVISIBLES, ...SPACES)), {
            maxLength: 6,
          }),
          fc.array(fc.boolean(), { minLength: plain.length, maxLength: plain.length }),
        )
        .map(([inserts, wide]) => {
          const chars = [...plain].map((c, i) => (wide[i] ? fullWidth(c) : c));
          for (const [at, extra] of inserts) chars.splice(at, 0, extra);
          return { plain, decorated: chars.join("") };
        }),
    );
    fc.assert(
      fc.property(decorated, ({ plain, decorated: value }) => {
        expect(normalizePaymentReference(value)).toBe(plain);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("hasForeignDigits", () => {
  it("tells 0–9 from digits of other scripts", () => {
    expect(hasForeignDigits("Ref0012")).toBe(false);
    expect(hasForeignDigits("ñandú")).toBe(false);
    expect(hasForeignDigits("12\u0663")).toBe(true); // Arabic-Indic three
    expect(hasForeignDigits("\u0967\u0968")).toBe(true); // Devanagari one, two
  });
});

describe("proofUploadSchema transactionRef", () => {
  const base = { raffleId: "general", paymentMethod: "zelle", amount: "10", quantity: 1 };
  it("stores the normalised reference", () => {
    const parsed = proofUploadSchema.parse({ ...base, transactionRef: " Ｒｅｆ\u200B 12 " });
    expect(parsed.transactionRef).toBe("Ref12");
  });

  it("refuses a reference that is only invisible characters, and digits of another script", () => {
    const blank = proofUploadSchema.safeParse({ ...base, transactionRef: "\u200B\u2060\u00A0" });
    expect(blank.error?.issues[0]?.message).toBe(PROOF_MESSAGES.referenceMissing);
    const arabic = proofUploadSchema.safeParse({ ...base, transactionRef: "\u0661\u0662\u0663" });
    expect(arabic.error?.issues[0]?.message).toBe(PROOF_MESSAGES.referenceForeignDigits);
  });
});
