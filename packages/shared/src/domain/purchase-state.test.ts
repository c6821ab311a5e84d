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

  it("an approved abono says what is paid; the one that completed it, that the purchase is paid", () => {
    const abono = { paid: 4, total: 10, currency: "USD" as const, complete: false, final: false };
    expect(purchaseDisplayState({ proofStatus: "approved", abono })).toEqual({
      label: "Abono aprobado · pagado $4,00 de $10,00",
      tone: "success",
      refunded: false,
      valid: true,
    });
    const last = { ...abono, paid: 10, complete: true, final: true };
    expect(purchaseDisplayState({ proofStatus: "verified", abono: last }).label).toBe(
      "Abono final: compra pagada",
    );
    // Under review, rejected or refunded, an abono's payment reads like any other.
    expect(purchaseDisplayState({ proofStatus: "pending", abono }).label).toBe("En Revisión");
    expect(purchaseDisplayState({ proofStatus: "rejected", abono }).label).toBe("Rechazado");
    expect(purchaseDisplayState({ proofStatus: "approved", abono, refund: { status: "paid" } }).label).toBe(
      "Reembolsado",
    );
  });
});
