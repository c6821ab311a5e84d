import { describe, expect, it } from "vitest";
import {
  acceptsProof,
  clockOffsetMs,
  formatCountdown,
  formatRateDate,
  rateLine,
  remainingMs,
} from "./reservation";

describe("reservation countdown", () => {
  it("uses the server's clock: a phone five minutes behind still ends on time", () => {
    const phoneReceivedAt = Date.parse("2026-11-26T14:00:00Z");
    const offset = clockOffsetMs("2026-11-26T14:05:00Z", phoneReceivedAt);
    expect(offset).toBe(5 * 60_000);
    expect(remainingMs("2026-11-26T14:15:00Z", offset, phoneReceivedAt)).toBe(10 * 60_000);
    expect(remainingMs("2026-11-26T14:15:00Z", offset, phoneReceivedAt + 10 * 60_000)).toBe(0);
    expect(remainingMs("2026-11-26T14:15:00Z", offset, phoneReceivedAt + 11 * 60_000)).toBe(0);
    expect(remainingMs("no es una fecha", 0, phoneReceivedAt)).toBe(0);
  });

  it("formats minutes and seconds, hours past an hour, rounding up", () => {
    expect(formatCountdown(10 * 60_000)).toBe("10:00");
    expect(formatCountdown(59_001)).toBe("1:00");
    expect(formatCountdown(999)).toBe("0:01");
    expect(formatCountdown(0)).toBe("0:00");
    expect(formatCountdown(2 * 3_600_000 + 3 * 60_000 + 4_000)).toBe("2:03:04");
  });
});

describe("BCV rate line", () => {
  it("says the rate and its date the Venezuelan way", () => {
    expect(rateLine({ rate: 36.5, updatedAt: "2026-11-25" })).toBe("Tasa BCV del 25/11/2026: 36,50 Bs/$");
    // A timestamp is read in Venezuela's time zone (UTC−4): 02:00 UTC is still the day before there.
    expect(formatRateDate("2026-11-26T02:00:00Z")).toBe("25/11/2026");
  });
});

describe("acceptsProof", () => {
  it("takes a proof while active, and a new one after a rejection", () => {
    expect(acceptsProof({ status: "active" })).toBe(true);
    expect(acceptsProof({ status: "rejected" })).toBe(true);
    for (const status of ["submitted", "approved", "expired", "cancelled"] as const) {
      expect(acceptsProof({ status })).toBe(false);
    }
  });
});
