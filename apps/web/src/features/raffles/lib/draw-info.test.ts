import { describe, expect, it } from "vitest";
import { drawInfo } from "./draw-info";

// ICU versions differ on the dot after short month names ("5 jul 2025" or "5 jul. 2025").
const plain = (text: string | undefined) => text?.replace(/[\u00a0\u202f]/g, " ");

const base = {
  activationType: "date" as const,
  activationPercentage: null,
  startDate: "2025-06-01T12:00:00Z",
  endDate: "2025-07-05T22:30:00Z",
  drawnAt: null,
};
const selling = { phase: "selling" as const, drawActivatedUntil: null };

describe("drawInfo", () => {
  it("gives the draw date of date raffles in Venezuelan time", () => {
    // The end date closes sales (the draw follows the payment review): labelled so, as on the receipt.
    expect(drawInfo(base, selling)?.label).toBe("Cierre de ventas");
    // The card and the detail page write the same moment.
    expect(plain(drawInfo(base, selling)?.value)).toBe("sábado 5 de julio de 2025, 6:30 p. m.");
    expect(drawInfo(base, selling, true)?.value).toBe(drawInfo(base, selling)?.value);
  });

  it("gives the sales goal of percentage raffles (100 % when missing)", () => {
    const raffle = { ...base, activationType: "percentage" as const, endDate: null };
    expect(drawInfo(raffle, selling)?.value).toBe("al vender el 100% de los boletos");
    expect(drawInfo({ ...raffle, activationPercentage: 80 }, selling)?.value).toBe(
      "al vender el 80% de los boletos",
    );
  });

  it("gives the end of the 24 h window once it runs", () => {
    const raffle = { ...base, activationType: "percentage" as const, endDate: null };
    const state = { phase: "last_24h" as const, drawActivatedUntil: new Date("2025-06-10T16:00:00Z") };
    expect(drawInfo(raffle, state)).toEqual({
      label: "Sorteo",
      value: expect.stringMatching(/^martes 10 de junio de 2025, 12:00 p\.\s?m\.$/),
    });
  });

  it("gives the start date of upcoming raffles", () => {
    expect(drawInfo(base, { phase: "upcoming", drawActivatedUntil: null })).toEqual({
      label: "Comienza el",
      value: expect.stringMatching(/^1 jun\.? 2025$/),
    });
  });

  it("gives the draw day once drawn", () => {
    expect(drawInfo({ ...base, drawnAt: "2025-07-06T01:00:00Z" }, selling)).toEqual({
      label: "Sorteada el",
      value: expect.stringMatching(/^sábado 5 de julio de 2025, 9:00 p\.\s?m\.$/),
    });
  });

  it("says nothing for a date raffle without an end date", () => {
    expect(drawInfo({ ...base, endDate: null }, selling)).toBeNull();
  });
});
