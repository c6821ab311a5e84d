import { describe, expect, it } from "vitest";
import { redeemErrorTitle, redeemRefusal, signedPoints, sortRewards } from "./club-rules";

const gate = {
  pointsRequired: 1000,
  requiredLevel: "Plata",
  hasEnoughPoints: true,
  hasRequiredLevel: true,
  missingPoints: 0,
};

describe("redeemRefusal", () => {
  it("lets a reward through when points and level allow it", () => {
    expect(redeemRefusal(gate)).toBeNull();
  });

  it("asks for the missing points first, then the level", () => {
    expect(
      redeemRefusal({ ...gate, hasEnoughPoints: false, hasRequiredLevel: false, missingPoints: 1250 }),
    ).toEqual({
      title: "Puntos Insuficientes",
      description: "Necesitas 1.250 RifaPuntos más.",
    });
    expect(redeemRefusal({ ...gate, hasRequiredLevel: false })).toEqual({
      title: "Nivel Insuficiente",
      description: "Requiere Nivel Plata.",
    });
  });

  it("maps the server's refusal codes to the spec's titles", () => {
    expect(redeemErrorTitle("INSUFFICIENT_POINTS")).toBe("Puntos Insuficientes");
    expect(redeemErrorTitle("INSUFFICIENT_LEVEL")).toBe("Nivel Insuficiente");
    expect(redeemErrorTitle("INTERNAL")).toBe("Error al Canjear");
  });
});

describe("club display", () => {
  it("orders rewards by points required", () => {
    const sorted = sortRewards([
      { title: "B", pointsRequired: 500 },
      { title: "A", pointsRequired: 2000 },
      { title: "A", pointsRequired: 500 },
    ]);
    expect(sorted.map((r) => `${r.title}${r.pointsRequired}`)).toEqual(["A500", "B500", "A2000"]);
  });

  it("writes signed point changes", () => {
    expect(signedPoints(150)).toBe("+150");
    expect(signedPoints(-1500)).toBe("−1.500");
  });
});
