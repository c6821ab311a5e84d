import { describe, expect, it } from "vitest";
import { sellerSaleInputSchema, sellerSaleSigningText } from "../schemas/seller-sales";
import { type ClaimSubject, claimDecision, maskEmail, receiptClaimView } from "./receipt-claim";

const sale: ClaimSubject = {
  channel: "seller",
  userId: null,
  buyerEmail: "ana.perez@gmail.com",
  raffleStatus: "active",
  sellerUserId: "vendedor",
};
const ana = { id: "ana", email: "Ana.Perez@Gmail.com", emailVerified: true };

describe("maskEmail", () => {
  it("keeps the first letter and the domain only", () => {
    expect(maskEmail("ana.perez@gmail.com")).toBe("a***@gmail.com");
    expect(maskEmail("x@y.co")).toBe("x***@y.co");
    expect(maskEmail("sin-arroba")).toBe("***");
  });
});

describe("claimDecision", () => {
  it("lets the confirmed account with the vendedor's email claim it, whatever the case, also frozen or finished", () => {
    for (const raffleStatus of ["active", "closed", "frozen", "finished"]) {
      expect(claimDecision({ ...sale, raffleStatus }, ana)).toEqual({ kind: "claimable" });
    }
    expect(claimDecision({ ...sale, userId: "ana" }, ana)).toEqual({ kind: "mine" });
  });

  it("refuses everyone else, each with its code", () => {
    const code = (subject: ClaimSubject, viewer: Parameters<typeof claimDecision>[1]) => {
      const decision = claimDecision(subject, viewer);
      return decision.kind === "refused" ? decision.code : decision.kind;
    };
    expect(code(sale, null)).toBe("UNAUTHENTICATED");
    expect(code(sale, { ...ana, emailVerified: false })).toBe("EMAIL_NOT_VERIFIED");
    expect(code(sale, { ...ana, email: "otra@gmail.com" })).toBe("RECEIPT_CLAIM_NOT_ALLOWED");
    expect(code({ ...sale, sellerUserId: "ana" }, ana)).toBe("RECEIPT_CLAIM_NOT_ALLOWED");
    expect(code({ ...sale, channel: "online", userId: "ana" }, ana)).toBe("RECEIPT_CLAIM_NOT_ALLOWED");
    expect(code({ ...sale, buyerEmail: null }, ana)).toBe("RECEIPT_CLAIM_NOT_ALLOWED");
    expect(code({ ...sale, userId: "otra" }, ana)).toBe("RECEIPT_ALREADY_CLAIMED");
    expect(code({ ...sale, raffleStatus: "cancelled" }, ana)).toBe("RECEIPT_CLAIM_CANCELLED");
  });
});

describe("receiptClaimView", () => {
  it("offers nothing where no claim can happen, and never the address", () => {
    expect(receiptClaimView({ ...sale, channel: "online", userId: "x" }, ana)).toBeNull();
    expect(receiptClaimView({ ...sale, buyerEmail: null }, ana)).toBeNull();
    expect(receiptClaimView({ ...sale, userId: "otra" }, ana)).toBeNull();
    expect(receiptClaimView({ ...sale, raffleStatus: "cancelled" }, ana)).toBeNull();
    expect(receiptClaimView(sale, ana)).toEqual({
      claimable: true,
      claimedByYou: false,
      emailHint: "a***@gmail.com",
    });
    const visitor = receiptClaimView(sale, null);
    expect(visitor).toMatchObject({ claimable: false, claimedByYou: false });
    expect(visitor?.reason).toMatch(/^Inicia sesión/);
    expect(JSON.stringify(visitor)).not.toContain("ana.perez");
  });
});

describe("sellerSaleSigningText with the buyer's email", () => {
  const base = {
    saleId: "0b6f3c1e-7a55-4a53-9f5f-1c2d3e4f5a6b",
    raffleId: "1c6f3c1e-7a55-4a53-9f5f-1c2d3e4f5a6b",
    quantity: 2,
    buyerName: "María Pérez",
    buyerPhone: "0414-1234567",
    method: "efectivo_usd",
    amount: "10,00",
    recordedAt: "2026-01-01T10:00:00.000Z",
  };

  it("signs a sale without email exactly as before the field existed", () => {
    expect(sellerSaleSigningText(sellerSaleInputSchema.parse(base))).toBe(
      JSON.stringify([
        "rifazo-venta-1",
        base.saleId,
        base.raffleId,
        null,
        2,
        "María Pérez",
        "+584141234567",
        null,
        "efectivo_usd",
        null,
        "10.00",
        base.recordedAt,
      ]),
    );
    expect(sellerSaleSigningText(sellerSaleInputSchema.parse({ ...base, buyerEmail: " " }))).toBe(
      sellerSaleSigningText(sellerSaleInputSchema.parse(base)),
    );
  });

  it("signs the email, normalised, when there is one", () => {
    const parsed = sellerSaleInputSchema.parse({ ...base, buyerEmail: " Ana@Gmail.COM " });
    expect(parsed.buyerEmail).toBe("ana@gmail.com");
    expect(JSON.parse(sellerSaleSigningText(parsed)).at(-1)).toBe("ana@gmail.com");
    const bad = sellerSaleInputSchema.safeParse({ ...base, buyerEmail: "ana@" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(
      "Escribe un correo válido, por ejemplo nombre@correo.com, o déjalo vacío.",
    );
    const long = sellerSaleInputSchema.safeParse({ ...base, buyerEmail: `${"a".repeat(250)}@x.com` });
    expect(long.success).toBe(false);
  });
});
