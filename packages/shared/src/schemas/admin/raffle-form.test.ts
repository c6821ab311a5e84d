import { describe, expect, it } from "vitest";
import { raffleFormErrorSummary, raffleFormSchema } from "./raffle-form";

const base = {
  title: "Moto Bera",
  price: 2,
  totalTickets: 100,
  activationType: "date",
  endDate: "2031-06-01T20:00:00.000Z",
  prizeLevels: [{ description: "Moto", winnerCount: 1 }],
};

const fieldsOf = (input: Record<string, unknown>) => {
  const parsed = raffleFormSchema.safeParse(input);
  if (parsed.success) throw new Error("se esperaba un error");
  return raffleFormErrorSummary(parsed.error).fields;
};

describe("total de boletos", () => {
  it("no tiene valor por defecto: sin total, la rifa no se crea", () => {
    const { totalTickets: _omit, ...withoutTotal } = base;
    expect(fieldsOf(withoutTotal).totalTickets).toMatch(/^Elige cuántos boletos tiene la rifa/);
    expect(fieldsOf({ ...base, totalTickets: "" }).totalTickets).toMatch(/^Elige cuántos boletos/);
  });

  it("acepta 100, 1.000, 10.000 y cualquier entero entre 1 y 10000", () => {
    for (const [input, total] of [
      [100, 100],
      ["1.000", 1000],
      ["10.000", 10_000],
      [1, 1],
      ["37", 37],
    ] as const) {
      const parsed = raffleFormSchema.safeParse({ ...base, totalTickets: input });
      expect(parsed.success && parsed.data.totalTickets).toBe(total);
    }
    expect(fieldsOf({ ...base, totalTickets: 0 }).totalTickets).toMatch(/entre 1 y 10000/);
    expect(fieldsOf({ ...base, totalTickets: 10_001 }).totalTickets).toMatch(/entre 1 y 10000/);
  });
});
