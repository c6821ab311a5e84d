import { describe, expect, it } from "vitest";
import { purchaseTarget, shortHash } from "./purchase";

describe("purchaseTarget", () => {
  const raffle = { id: "r-1", title: "Moto 0 km", price: 2.35, currency: "USD" as const };

  it("goes to the proof upload with quantity and total", () => {
    expect(purchaseTarget(raffle, 3)).toEqual({
      pathname: "/perfil/subir-comprobante/r-1",
      search: "?tickets=3&amount=7.05",
      state: {
        raffleId: "r-1",
        raffleName: "Moto 0 km",
        totalAmount: 7.05,
        currency: "USD",
        numberOfTickets: 3,
      },
    });
  });

  it("always writes two decimals in the URL", () => {
    expect(purchaseTarget({ ...raffle, price: 3 }, 2).search).toBe("?tickets=2&amount=6.00");
  });
});

describe("shortHash", () => {
  it("keeps the start and the end", () => {
    expect(shortHash("0123456789abcdef0123456789abcdef")).toBe("0123456789ab…cdef");
  });

  it("leaves short values alone", () => {
    expect(shortHash("abc")).toBe("abc");
  });
});
