import { describe, expect, it } from "vitest";
import { claimLine, paidText, shortHash } from "./prize-text";
import { publicDeliveryText } from "./public-status-text";

// The words of a prize after the draw (docs/decisions/0035-prizes-on-the-record.md), in es-VE.

const base = {
  status: "unclaimed" as const,
  statusText: "Por reclamar",
  claimedAt: null,
  deliveredOn: null,
  method: null,
  confirmedAt: null,
  disputeOpen: false,
  proofHash: null,
  paid: null,
};

describe("prize texts", () => {
  it("says what was paid, and at which BCV rate of which day", () => {
    expect(paidText({ currency: "VES", amount: 36_500, rate: 36.5, rateDate: "2026-11-28" })).toBe(
      "Pagado Bs. 36.500,00 a 36,5000 Bs/USD (tasa BCV del 28/11/2026)",
    );
    expect(paidText({ currency: "USD", amount: 1000, rate: null, rateDate: null })).toBe("Pagado $1.000,00");
  });

  it("the public line: the method once delivered, and the cash paid; nothing before", () => {
    expect(publicDeliveryText(base)).toBeNull();
    expect(
      publicDeliveryText({
        ...base,
        status: "delivered",
        deliveredOn: "2026-11-28",
        method: "transfer",
        paid: { currency: "USD", amount: 1000, rate: null, rateDate: null },
      }),
    ).toBe("Transferencia bancaria · Pagado $1.000,00");
  });

  it("the list's line: the deadline, its end, or the claim's review", () => {
    const prize = {
      claim: null,
      claimDeadline: "2026-12-05T23:00:00.000Z",
      canClaim: true,
    } as Parameters<typeof claimLine>[0];
    const before = Date.parse("2026-11-30T12:00:00.000Z");
    const after = Date.parse("2026-12-06T12:00:00.000Z");
    expect(claimLine(prize, before)).toBe("Reclama antes del 5 de diciembre de 2026");
    expect(claimLine({ ...prize, canClaim: false }, after)).toBe(
      "El plazo para reclamar terminó el 5 de diciembre de 2026",
    );
    const claim = {
      claimedAt: "2026-11-26T14:00:00.000Z",
      reviewStatus: "pending" as const,
      reviewNote: null,
      contactPhone: null,
      payoutDetails: null,
      note: null,
    };
    expect(claimLine({ ...prize, claim }, before)).toBe(
      "Reclamado el 26 de noviembre de 2026 · En revisión por el organizador",
    );
    expect(claimLine({ ...prize, claim: { ...claim, reviewStatus: "rejected" } }, before)).toBe(
      "El organizador rechazó tu reclamo: revisa tu premio.",
    );
  });

  it("shortens a hash for the eye", () => {
    expect(shortHash("0123456789abcdef".repeat(4))).toBe("0123456789ab…abcdef");
  });
});
