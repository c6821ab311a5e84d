import { describe, expect, it } from "vitest";
import { DEFAULT_ACTIVATION_PERCENTAGE } from "../constants";
import {
  effectiveActivationPercentage,
  isActivationReached,
  LAST_SALES_WINDOW_MS,
  lastSalesWindowEnd,
  soldPercentage,
  toDate,
} from "./raffle-progress";

describe("toDate", () => {
  it("parses Dates, ISO strings and epoch numbers", () => {
    const d = new Date("2025-01-02T03:04:05.000Z");
    expect(toDate(d)).toEqual(d);
    expect(toDate(d)).not.toBe(d); // defensive copy
    expect(toDate("2025-01-02T03:04:05.000Z")).toEqual(d);
    expect(toDate(d.getTime())).toEqual(d);
  });

  it("returns null for empty or invalid values", () => {
    expect(toDate(null)).toBeNull();
    expect(toDate(undefined)).toBeNull();
    expect(toDate("")).toBeNull();
    expect(toDate("nope")).toBeNull();
    expect(toDate(new Date(Number.NaN))).toBeNull();
  });
});

describe("activation helpers", () => {
  it("defaults the activation percentage to 100", () => {
    expect(DEFAULT_ACTIVATION_PERCENTAGE).toBe(100);
    expect(effectiveActivationPercentage(null)).toBe(100);
    expect(effectiveActivationPercentage(undefined)).toBe(100);
    expect(effectiveActivationPercentage(Number.NaN)).toBe(100);
    expect(effectiveActivationPercentage(75)).toBe(75);
  });

  it("computes the sold share, clamped", () => {
    expect(soldPercentage(25, 100)).toBe(25);
    expect(soldPercentage(150, 100)).toBe(100);
    expect(soldPercentage(-1, 100)).toBe(0);
    expect(soldPercentage(5, 0)).toBe(0);
  });

  it("decides when the goal is reached", () => {
    expect(isActivationReached(80, 100, 80)).toBe(true);
    expect(isActivationReached(79, 100, 80)).toBe(false);
    expect(isActivationReached(99, 100, null)).toBe(false);
    expect(isActivationReached(100, 100, null)).toBe(true);
    expect(isActivationReached(0, 0, 0)).toBe(false);
  });

  it("ends the last-sales window 24 h after activation", () => {
    expect(LAST_SALES_WINDOW_MS).toBe(24 * 3600 * 1000);
    expect(lastSalesWindowEnd("2025-01-01T10:00:00Z")?.toISOString()).toBe("2025-01-02T10:00:00.000Z");
    expect(lastSalesWindowEnd(null)).toBeNull();
  });
});
