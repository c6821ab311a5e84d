import { describe, expect, it } from "vitest";
import type { ProofOcr } from "../schemas/admin/proofs";
import { ocrMismatches, referenceDigits, referencesMatch } from "./proof-analysis";

const ocr = (fields: Partial<ProofOcr["fields"]>): ProofOcr => ({
  fields: { reference: null, amount: null, currency: null, date: null, bank: null, ...fields },
  confidence: 80,
  text: "",
  engine: "test",
  ms: 1,
});
const typed = { transactionRef: "00123456", amount: 1194.56, createdAt: new Date("2026-11-20T15:00:00Z") };

describe("referencesMatch", () => {
  it("ignores punctuation, spaces and invisible characters", () => {
    expect(referenceDigits("Ref. 0012-3456\u200B")).toBe("00123456");
    expect(referencesMatch("0012 3456", "00123456")).toBe(true);
  });
  it("accepts the last digits, four at least", () => {
    expect(referencesMatch("3456", "000000123456")).toBe(true);
    expect(referencesMatch("456", "000000123456")).toBe(false);
    expect(referencesMatch("3457", "000000123456")).toBe(false);
  });
  it("compares references without digits as text", () => {
    expect(referencesMatch("ABC", "abc")).toBe(true);
    expect(referencesMatch("ABC", "abd")).toBe(false);
  });
});

describe("ocrMismatches", () => {
  it("is empty without OCR or when everything agrees", () => {
    expect(ocrMismatches(null, typed)).toEqual([]);
    expect(ocrMismatches(ocr({ reference: "123456", amount: 1194.56, date: "2026-11-20" }), typed)).toEqual(
      [],
    );
  });
  it("never counts a field OCR could not read", () => {
    expect(ocrMismatches(ocr({}), typed)).toEqual([]);
  });
  it("flags each field that differs", () => {
    expect(ocrMismatches(ocr({ reference: "99999999", amount: 1194.5, date: "2026-10-01" }), typed)).toEqual([
      "reference",
      "amount",
      "date",
    ]);
  });
  it("flags a receipt dated after the upload", () => {
    expect(ocrMismatches(ocr({ date: "2026-11-23" }), typed)).toEqual(["date"]);
  });
});
