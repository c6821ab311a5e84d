// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import {
  amountText,
  checkProofFile,
  clearProofDraft,
  detectProofType,
  isUploadFailure,
  newIdempotencyKey,
  normalizeAmount,
  PROOF_ACCEPT,
  PROOF_FORM_TEXT,
  type ProofUpload,
  proofDraftKey,
  proofFingerprint,
  proofToast,
  readProofDraft,
  readProofPrefill,
  redirectAfterUpload,
  writeProofDraft,
} from "./proof-form";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const PDF = new TextEncoder().encode("%PDF-1.7\n");
const TEXT = new TextEncoder().encode("hola, esto no es una imagen");

describe("proof file checks", () => {
  it("recognises PNG, JPEG and PDF by their first bytes", () => {
    expect(detectProofType(PNG)).toBe("image/png");
    expect(detectProofType(JPEG)).toBe("image/jpeg");
    expect(detectProofType(PDF)).toBe("application/pdf");
    expect(detectProofType(TEXT)).toBeNull();
    expect(detectProofType(new Uint8Array())).toBeNull();
  });

  it("refuses a text file renamed to .png with the spec's message", () => {
    expect(checkProofFile({ name: "comprobante.png", size: TEXT.length }, TEXT)).toBe(
      PROOF_FORM_TEXT.fileType,
    );
    expect(PROOF_FORM_TEXT.fileType).toBe("Solo se permiten imágenes (JPG, PNG) o PDF.");
  });

  it("refuses other extensions even with valid content, and files over 5 MB", () => {
    expect(checkProofFile({ name: "pago.gif", size: 10 }, PNG)).toBe(PROOF_FORM_TEXT.fileType);
    expect(checkProofFile({ name: "pago.png", size: 5 * 1024 * 1024 + 1 }, PNG)).toBe(
      "El archivo no debe exceder los 5MB.",
    );
    expect(checkProofFile({ name: "pago.png", size: 5 * 1024 * 1024 }, PNG)).toBeNull();
    expect(checkProofFile({ name: "PAGO.JPG", size: 100 }, JPEG)).toBeNull();
    expect(checkProofFile({ name: "pago.pdf", size: 100 }, PDF)).toBeNull();
    expect(checkProofFile({ name: "pago.jpeg", size: 100 }, JPEG)).toBeNull();
    expect(checkProofFile({ name: "pago.png.exe", size: 100 }, PNG)).toBe(PROOF_FORM_TEXT.fileType);
  });

  it("offers the file picker the shared proof types and their names", () => {
    expect(PROOF_ACCEPT).toBe("image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf");
  });
});

describe("readProofPrefill", () => {
  const none = new URLSearchParams();

  it("takes the raffle info from navigation state", () => {
    const state = {
      raffleId: "r1",
      raffleName: " Moto ",
      totalAmount: 10,
      currency: "USD",
      numberOfTickets: 2,
    };
    expect(readProofPrefill("r1", state, none)).toEqual({
      raffleName: "Moto",
      amount: 10,
      currency: "USD",
      quantity: 2,
    });
  });

  it("falls back to the tickets and amount query parameters", () => {
    const search = new URLSearchParams({ tickets: "4", amount: "12.50" });
    expect(readProofPrefill("r1", null, search)).toEqual({
      raffleName: null,
      amount: 12.5,
      currency: null,
      quantity: 4,
    });
    const esVe = new URLSearchParams({ tickets: "2", amount: "1.194,56" });
    expect(readProofPrefill("r1", null, esVe).amount).toBe(1194.56);
  });

  it("ignores state meant for another raffle and nonsense values", () => {
    const state = { raffleId: "otra", raffleName: "Otra", totalAmount: 99 };
    const search = new URLSearchParams({ tickets: "1.5", amount: "-3" });
    expect(readProofPrefill("r1", state, search)).toEqual({
      raffleName: null,
      amount: null,
      currency: null,
      quantity: null,
    });
  });
});

describe("proofToast", () => {
  it("uses the schema's message as the spec's title, with a line under it", () => {
    expect(proofToast("file", { message: "Falta Comprobante" })).toEqual({
      title: "Falta Comprobante",
      description: PROOF_FORM_TEXT.missingFile,
    });
    expect(proofToast("amount", { message: "Monto Inválido" }).description).toBe(
      PROOF_FORM_TEXT.invalidAmount,
    );
  });

  it("titles a broken quantity limit by its code, any other quantity problem as such", () => {
    const min = { message: PROOF_FORM_TEXT.minPurchase, code: "MIN_PURCHASE" } as const;
    expect(proofToast("quantity", min).title).toBe("Compra Mínima");
    const left = { message: "Solo quedan 3 boletos disponibles.", code: "INSUFFICIENT_TICKETS" } as const;
    expect(proofToast("quantity", left)).toEqual({
      title: "Boletos Insuficientes",
      description: "Solo quedan 3 boletos disponibles.",
    });
    const cap = {
      message: "Puedes comprar como máximo 4 boletos más en esta rifa.",
      code: "TICKET_CAP_REACHED",
    } as const;
    expect(proofToast("quantity", cap).title).toBe("Límite por Persona");
    expect(proofToast("quantity", { message: PROOF_FORM_TEXT.invalidQuantity }).title).toBe(
      "Cantidad Inválida",
    );
  });
});

describe("idempotency", () => {
  const base: ProofUpload = {
    paymentMethod: "zelle",
    transactionRef: "A1",
    amount: 5,
    currency: "USD",
    quantity: 2,
    file: new File([PNG], "pago.png", { type: "image/png", lastModified: 1 }),
  };

  it("gives an unchanged form the same fingerprint, and a changed one a new one", () => {
    expect(proofFingerprint("r1", base)).toBe(proofFingerprint("r1", { ...base }));
    expect(proofFingerprint("r1", base)).not.toBe(proofFingerprint("r1", { ...base, transactionRef: "A2" }));
    expect(proofFingerprint("r1", base)).not.toBe(proofFingerprint("general", base));
  });

  it("creates UUID-shaped keys", () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});

describe("after the upload", () => {
  it("goes to the payments for a general payment, else back to the raffle", () => {
    expect(redirectAfterUpload("general")).toEqual({ kind: "payments" });
    expect(redirectAfterUpload("abc")).toEqual({ kind: "raffle", id: "abc" });
  });

  it("tells file and connection failures from save failures", () => {
    expect(isUploadFailure({ status: 0, code: "NETWORK" })).toBe(true);
    expect(isUploadFailure({ status: 413, code: "PAYLOAD_TOO_LARGE" })).toBe(true);
    expect(isUploadFailure({ status: 400, code: "VALIDATION", fields: { file: "x" } })).toBe(true);
    expect(isUploadFailure({ status: 400, code: "UNSUPPORTED_FILE_TYPE" })).toBe(true);
    expect(isUploadFailure({ status: 422, code: "IMAGE_TOO_MANY_PIXELS", fields: { file: "x" } })).toBe(true);
    expect(isUploadFailure({ status: 409, code: "DUPLICATE_REFERENCE" })).toBe(false);
    expect(isUploadFailure({ status: 400, code: "VALIDATION", fields: { amount: "x" } })).toBe(false);
  });
});

describe("es-VE amounts", () => {
  it("reads 1.194,56 and the unambiguous 1194.56 as the number the API reads", () => {
    expect(normalizeAmount("1.194,56")).toEqual({ ok: true, value: "1194.56" });
    expect(normalizeAmount("1194,56")).toEqual({ ok: true, value: "1194.56" });
    expect(normalizeAmount("1194.56")).toEqual({ ok: true, value: "1194.56" });
    expect(normalizeAmount("Bs. 746,6")).toEqual({ ok: true, value: "746.60" });
    expect(normalizeAmount("")).toEqual({ ok: true, value: "" });
  });

  it("refuses ambiguous or English-grouped text with the shared message", () => {
    expect(normalizeAmount("1,194.56")).toMatchObject({ ok: false });
    expect(normalizeAmount("1.194.5")).toMatchObject({ ok: false });
    expect(normalizeAmount("12,345")).toEqual({ ok: false, error: "Usa como máximo 2 decimales." });
  });

  it("shows an expected amount as the field holds it", () => {
    expect(amountText(1194.56)).toBe("1.194,56");
    expect(amountText(32)).toBe("32,00");
  });
});

describe("proof drafts", () => {
  it("are kept per reservation, without the file, and cleared", () => {
    const key = proofDraftKey("r1", "res1");
    expect(key).not.toBe(proofDraftKey("r1"));
    writeProofDraft(key, {
      paymentMethod: "zelle",
      transactionRef: "ZL-1",
      amount: "32,00",
      quantity: "2",
      userNotes: "",
    });
    expect(readProofDraft(key)).toEqual({
      paymentMethod: "zelle",
      transactionRef: "ZL-1",
      amount: "32,00",
      quantity: "2",
      userNotes: "",
    });
    clearProofDraft(key);
    expect(readProofDraft(key)).toBeNull();
  });

  it("never restore an empty method over the one the open tab gave the form", () => {
    const key = proofDraftKey("r1", "res2");
    writeProofDraft(key, { paymentMethod: "", transactionRef: "PM-77" });
    expect(readProofDraft(key)).toEqual({ transactionRef: "PM-77" });
    clearProofDraft(key);
  });
});
