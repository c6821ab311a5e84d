import { describe, expect, it } from "vitest";
import { randomDisplayNumber, rouletteTicks } from "./roulette";

describe("ruleta", () => {
  it("da entre 30 y 44 vueltas", () => {
    expect(rouletteTicks(() => 0, 30, 44)).toBe(30);
    expect(rouletteTicks(() => 0.9999, 30, 44)).toBe(44);
  });

  it("muestra números de 4 dígitos dentro del total de boletos", () => {
    expect(randomDisplayNumber(() => 0.5, 100)).toBe("50");
    expect(randomDisplayNumber(() => 0.99999, 10_000)).toBe("9999");
    expect(randomDisplayNumber(() => 0, 1)).toBe("00");
  });
});
