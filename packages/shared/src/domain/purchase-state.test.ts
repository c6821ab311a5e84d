import { describe, expect, it } from "vitest";
import { purchaseDisplayState } from "./purchase-state";

describe("purchaseDisplayState", () => {
  it("an approved purchase without refund is valid", () => {
    expect(purchaseDisplayState({ proofStatus: "approved" })).toEqual({
      label: "Aprobado",
      tone: "success",
      refunded: false,
      valid: true,
    });
    expect(purchaseDisplayState({ proofStatus: "verified", refund: null }).valid).toBe(true);
  });

  it("a refund outranks the approval: owed, then paid", () => {
    const owed = purchaseDisplayState({ proofStatus: "approved", refund: { status: "pending" } });
    expect(owed).toMatchObject({
      label: "Reembolso pendiente",
      tone: "warning",
      refunded: true,
      valid: false,
    });
    const paid = purchaseDisplayState({ proofStatus: "approved", refund: { status: "paid" } });
    expect(paid).toMatchObject({ label: "Reembolsado", tone: "neutral", refunded: true, valid: false });
  });

  it("pending and rejected keep their labels (spec 1 §4); verified reads as approved", () => {
    expect(purchaseDisplayState({ proofStatus: "verified" }).label).toBe("Aprobado");
    expect(purchaseDisplayState({ proofStatus: "pending" })).toMatchObject({
      label: "En Revisión",
      tone: "warning",
    });
    expect(purchaseDisplayState({ proofStatus: "rejected" })).toMatchObject({
      label: "Rechazado",
      tone: "danger",
    });
  });
});
