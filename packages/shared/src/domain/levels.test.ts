import { describe, expect, it } from "vitest";
import { LEVEL_NAMES } from "../constants";
import {
  getLevel,
  isLevelAtLeast,
  LEVELS,
  levelForPoints,
  levelLabel,
  levelRank,
  nextLevelForPoints,
  normalizeLevelName,
  pointsForApprovedAmount,
  pointsToNextLevel,
  progressToNextLevel,
} from "./levels";

describe("LEVELS", () => {
  it("defines the four levels with spec thresholds and discounts", () => {
    expect(LEVELS.map((l) => [l.name, l.minPoints, l.maxPoints, l.discountPercent])).toEqual([
      ["Bronce", 0, 499, 0],
      ["Plata", 500, 1499, 5],
      ["Oro", 1500, 4999, 10],
      ["Diamante", 5000, null, 15],
    ]);
    expect(LEVELS.map((l) => l.name)).toEqual([...LEVEL_NAMES]);
  });

  it("has contiguous ranges and complete display data", () => {
    for (let i = 1; i < LEVELS.length; i++) {
      expect(LEVELS[i]?.minPoints).toBe((LEVELS[i - 1]?.maxPoints ?? Number.NaN) + 1);
    }
    for (const level of LEVELS) {
      expect(level.benefits.length).toBeGreaterThan(0);
      expect(level.welcomeMessage).not.toBe("");
      expect(level.icon).not.toBe("");
      expect(Object.values(level.colors).every((c) => c.length > 0)).toBe(true);
    }
  });
});

describe("levelForPoints", () => {
  it.each([
    [0, "Bronce"],
    [499, "Bronce"],
    [500, "Plata"],
    [1499, "Plata"],
    [1500, "Oro"],
    [4999, "Oro"],
    [5000, "Diamante"],
    [1_000_000, "Diamante"],
  ])("%i points -> %s", (points, name) => {
    expect(levelForPoints(points).name).toBe(name);
  });

  it("treats negative and invalid balances as Bronce", () => {
    expect(levelForPoints(-10).name).toBe("Bronce");
    expect(levelForPoints(Number.NaN).name).toBe("Bronce");
  });
});

describe("next level helpers", () => {
  it("returns the following level or null at Diamante", () => {
    expect(nextLevelForPoints(0)?.name).toBe("Plata");
    expect(nextLevelForPoints(1500)?.name).toBe("Diamante");
    expect(nextLevelForPoints(5000)).toBeNull();
  });

  it("counts points missing", () => {
    expect(pointsToNextLevel(0)).toBe(500);
    expect(pointsToNextLevel(1400)).toBe(100);
    expect(pointsToNextLevel(9000)).toBe(0);
  });
});

describe("progressToNextLevel", () => {
  it("is the share of distance covered inside the current level", () => {
    expect(progressToNextLevel(0)).toBe(0);
    expect(progressToNextLevel(250)).toBe(50);
    expect(progressToNextLevel(500)).toBe(0);
    expect(progressToNextLevel(1000)).toBe(50);
    expect(progressToNextLevel(3250)).toBe(50);
    expect(progressToNextLevel(4999)).toBeCloseTo(99.971, 2);
  });

  it("is 100 at Diamante and clamped for bad input", () => {
    expect(progressToNextLevel(5000)).toBe(100);
    expect(progressToNextLevel(99999)).toBe(100);
    expect(progressToNextLevel(-50)).toBe(0);
  });
});

describe("pointsForApprovedAmount", () => {
  it("gives 100 points per currency unit, floored", () => {
    expect(pointsForApprovedAmount(1)).toBe(100);
    expect(pointsForApprovedAmount(12.345)).toBe(1234);
    expect(pointsForApprovedAmount(0.009)).toBe(0);
  });

  it("is not fooled by binary float noise", () => {
    expect(19.99 * 100).toBeLessThan(1999);
    expect(pointsForApprovedAmount(19.99)).toBe(1999);
    expect(pointsForApprovedAmount(0.29)).toBe(29);
  });

  it("gives nothing for zero, negative or invalid amounts", () => {
    expect(pointsForApprovedAmount(0)).toBe(0);
    expect(pointsForApprovedAmount(-5)).toBe(0);
    expect(pointsForApprovedAmount(Number.NaN)).toBe(0);
    expect(pointsForApprovedAmount(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe("names, ranks and labels", () => {
  it("normalizes both stored forms", () => {
    expect(normalizeLevelName("Oro")).toBe("Oro");
    expect(normalizeLevelName("Nivel Diamante")).toBe("Diamante");
    expect(normalizeLevelName("  nivel plata ")).toBe("Plata");
    expect(normalizeLevelName("Platino")).toBeNull();
    expect(normalizeLevelName(null)).toBeNull();
    expect(normalizeLevelName(undefined)).toBeNull();
  });

  it("ranks levels", () => {
    expect(LEVEL_NAMES.map(levelRank)).toEqual([0, 1, 2, 3]);
    expect(levelRank("Nivel Oro")).toBe(2);
    expect(levelRank("x")).toBe(-1);
  });

  it("finds level data by name", () => {
    expect(getLevel("Nivel Plata")?.discountPercent).toBe(5);
    expect(getLevel("nope")).toBeNull();
  });

  it("labels levels", () => {
    expect(levelLabel("Bronce")).toBe("Nivel Bronce");
    expect(levelLabel("Nivel Oro")).toBe("Nivel Oro");
    expect(levelLabel(null)).toBe("Nivel Bronce");
  });
});

describe("isLevelAtLeast", () => {
  it("compares ranks", () => {
    expect(isLevelAtLeast("Oro", "Plata")).toBe(true);
    expect(isLevelAtLeast("Oro", "Oro")).toBe(true);
    expect(isLevelAtLeast("Plata", "Oro")).toBe(false);
    expect(isLevelAtLeast("Nivel Diamante", "Nivel Bronce")).toBe(true);
  });

  it("opens rewards without a required level", () => {
    expect(isLevelAtLeast("Bronce", null)).toBe(true);
    expect(isLevelAtLeast("Bronce", undefined)).toBe(true);
    expect(isLevelAtLeast("Bronce", " ")).toBe(true);
  });

  it("treats an unknown user level as Bronce", () => {
    expect(isLevelAtLeast(null, "Bronce")).toBe(true);
    expect(isLevelAtLeast("???", "Plata")).toBe(false);
  });

  it("fails closed on an unknown required level", () => {
    expect(isLevelAtLeast("Diamante", "Platino")).toBe(false);
  });
});
