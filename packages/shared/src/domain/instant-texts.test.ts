import { describe, expect, it } from "vitest";
import { INSTANT_PRIZE_LEVEL } from "./instant-draw";
import {
  INSTANT_PRIZE_LABEL,
  instantKindDetail,
  instantOutcomeText,
  instantPrizesLeftText,
  isInstantWinner,
  winnerPlaceLabel,
  winnerPlaceName,
} from "./instant-texts";

// The buyer's words for instant prizes (docs/decisions/0035-prizes-on-the-record.md), shared by the web
// pages and the receipt's PNG and PDF. Times are Venezuelan (UTC−4) whatever the machine's zone.

describe("instantOutcomeText", () => {
  it("pending: the round and the Venezuelan time it comes out", () => {
    expect(
      instantOutcomeText({ status: "pending", round: 12345, roundTime: "2026-12-01T19:05:30.000Z" }),
    ).toBe("Premios instantáneos: esta compra se decide con la ronda 12345 de drand (hacia las 3:05 p. m.).");
    // Spanish says "la 1:05", not "las 1:05".
    expect(
      instantOutcomeText({ status: "pending", round: 12345, roundTime: "2026-12-01T17:05:00.000Z" }),
    ).toContain("(hacia la 1:05 p. m.).");
  });

  it("one win: «un premio», the ticket and the prize", () => {
    const text = instantOutcomeText({
      status: "decided",
      round: 12345,
      decidedAt: "2026-12-01T19:06:00.000Z",
      wins: [{ ticketNumber: "0042", description: "Bono de $20", winnerId: "w1" }],
    });
    expect(text).toBe("¡Ganaste un premio instantáneo! Boleto 0042: Bono de $20.");
  });

  it("several wins: the count by countText and every ticket in one sentence", () => {
    const text = instantOutcomeText({
      status: "decided",
      round: 12345,
      decidedAt: "2026-12-01T19:06:00.000Z",
      wins: [
        { ticketNumber: "0042", description: "Bono de $20", winnerId: null },
        { ticketNumber: "0107", description: "Camiseta.", winnerId: null },
      ],
    });
    // A description ending in a period does not get a second one.
    expect(text).toBe("¡Ganaste 2 premios instantáneos! Boleto 0042: Bono de $20; boleto 0107: Camiseta.");
  });

  it("no win: a plain sentence with the round", () => {
    expect(
      instantOutcomeText({ status: "decided", round: 777, decidedAt: "2026-12-01T19:06:00.000Z", wins: [] }),
    ).toBe("Esta compra no ganó premio instantáneo (ronda 777 de drand).");
  });
});

describe("the raffle page's line", () => {
  it("counts what is left with the right plural", () => {
    expect(instantPrizesLeftText({ total: 3, left: 2 })).toBe("3 premios instantáneos: quedan 2");
    expect(instantPrizesLeftText({ total: 3, left: 1 })).toBe("3 premios instantáneos: queda 1");
    expect(instantPrizesLeftText({ total: 1, left: 1 })).toBe("1 premio instantáneo: queda 1");
    expect(instantPrizesLeftText({ total: 1200, left: 1000 })).toBe(
      "1.200 premios instantáneos: quedan 1.000",
    );
  });

  it("says when every prize is won", () => {
    expect(instantPrizesLeftText({ total: 3, left: 0 })).toBe("3 premios instantáneos: ya se ganaron todos");
    expect(instantPrizesLeftText({ total: 1, left: 0 })).toBe("1 premio instantáneo: ya se ganó");
  });

  it("a kind's detail: the count, and a cash prize's value in es-VE", () => {
    const kind = { description: "Bono", count: 2, prizeValue: null, cashCurrency: null };
    expect(instantKindDetail(kind)).toBe("2 premios");
    expect(instantKindDetail({ ...kind, prizeValue: 20, cashCurrency: "USD" })).toBe(
      "2 premios de $20,00 cada uno",
    );
    expect(instantKindDetail({ ...kind, count: 1, prizeValue: 1194.56, cashCurrency: "VES" })).toBe(
      "1 premio de Bs. 1.194,56",
    );
  });
});

describe("winners' place name", () => {
  it("an instant winner reads «Premio instantáneo», by its source or its level", () => {
    expect(winnerPlaceName(INSTANT_PRIZE_LEVEL)).toBe(INSTANT_PRIZE_LABEL);
    expect(winnerPlaceName(0, "instant")).toBe("Premio instantáneo");
    expect(isInstantWinner(INSTANT_PRIZE_LEVEL)).toBe(true);
    expect(isInstantWinner(1, "internal")).toBe(false);
  });

  it("the draw's places keep the glossary's names", () => {
    expect(winnerPlaceName(1, "internal")).toBe("Primer premio");
    expect(winnerPlaceName(2, "external")).toBe("Segundo premio");
  });

  it("the organiser's lists and the statement say «Nivel N» or «Premio instantáneo»", () => {
    expect(winnerPlaceLabel(INSTANT_PRIZE_LEVEL)).toBe("Premio instantáneo");
    expect(winnerPlaceLabel(2)).toBe("Nivel 2");
  });
});
