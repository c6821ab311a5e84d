import { describe, expect, it } from "vitest";
import { formatDrawMoment } from "./dates";
import { receiptDrawLabel } from "./glossary";
import {
  isReceiptToken,
  parseVerifierNumbers,
  RECEIPT_QR_MAX_NUMBERS,
  receiptDrawText,
  receiptVerifierPath,
  referenceTail,
} from "./receipt";

describe("receipt link and verifier link", () => {
  it("accepts only 43-character base64url tokens", () => {
    expect(isReceiptToken("A".repeat(43))).toBe(true);
    expect(isReceiptToken(`${"-_".repeat(21)}x`)).toBe(true);
    expect(isReceiptToken("A".repeat(42))).toBe(false);
    expect(isReceiptToken(`${"A".repeat(42)}=`)).toBe(false);
    expect(isReceiptToken(null)).toBe(false);
  });

  it("carries the numbers to the verifier, which reads back exactly those", () => {
    const path = receiptVerifierPath("r-1", ["0007", "0042"]);
    expect(path).toBe("/verificar-boleto?rifa=r-1&numeros=0007,0042");
    const query = new URLSearchParams(path.split("?")[1]);
    expect(query.get("rifa")).toBe("r-1");
    expect(parseVerifierNumbers(query.get("numeros"))).toEqual(["0007", "0042"]);
  });

  it("links the raffle alone when the purchase has more numbers than the QR code carries", () => {
    const many = Array.from({ length: RECEIPT_QR_MAX_NUMBERS + 1 }, (_, i) => String(i).padStart(4, "0"));
    expect(receiptVerifierPath("r-1", many)).toBe("/verificar-boleto?rifa=r-1");
    expect(receiptVerifierPath("r-1", many.slice(0, RECEIPT_QR_MAX_NUMBERS))).toContain("numeros=");
  });

  it("ignores what is not a ticket number, pads short ones to 2 digits and drops repeats", () => {
    expect(parseVerifierNumbers("7, 0042,x,0042,12345,")).toEqual(["07", "0042"]);
    // A 1,000-ticket raffle's receipt prints 3 digits: they come back as printed, once per number.
    expect(parseVerifierNumbers("007,042,7,42")).toEqual(["007", "042"]);
    expect(parseVerifierNumbers(null)).toEqual([]);
  });

  it("keeps the last four characters of a reference", () => {
    expect(referenceTail("0102-99887766")).toBe("7766");
    expect(referenceTail(" 123 ")).toBe("123");
  });
});

describe("receiptDrawText", () => {
  const at = "2026-12-01T20:00:00.000Z";
  it("states the draw in Venezuelan time, in the one wording of a draw's moment", () => {
    expect(receiptDrawText({ kind: "drand_round", at, round: 99, lottery: null })).toBe(
      "martes 1 de diciembre de 2026, 4:00 p. m. (ronda 99 de drand)",
    );
    expect(receiptDrawText({ kind: "external", at, round: null, lottery: "Triple Gordo" })).toContain(
      "(Triple Gordo)",
    );
    expect(receiptDrawText({ kind: "drawn", at, round: 99, lottery: null })).toBe(formatDrawMoment(at));
    expect(receiptDrawText({ kind: "unknown", at: null, round: null, lottery: null })).toBe("Por anunciar");
  });

  it("a sales' close is labelled as such, never mixed into the draw's date", () => {
    const text = receiptDrawText({ kind: "end_date", at, round: null, lottery: null });
    expect(text).toBe("martes 1 de diciembre de 2026, 4:00 p. m.");
    expect(text).not.toContain("cierre");
    expect(receiptDrawLabel("end_date")).toBe("Cierre de ventas");
    for (const kind of ["drawn", "drand_round", "external", "unknown"] as const) {
      expect(receiptDrawLabel(kind)).toBe("Sorteo");
    }
  });
});
