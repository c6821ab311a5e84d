import { describe, expect, it } from "vitest";
import { CLAIM_PERIOD_MESSAGES, daysText } from "./claim-period";

describe("claim period texts", () => {
  it("Spanish plurals: 1 día, 0/2/7/365 días", () => {
    expect(daysText(1)).toBe("1 día");
    expect(daysText(7)).toBe("7 días");
    expect(daysText(2)).toBe("2 días");
    expect(daysText(365)).toBe("365 días");
  });

  it("the rule says what the server does: counted from the record entry, replacement by a future round", () => {
    expect(CLAIM_PERIOD_MESSAGES.rule(30)).toMatch(
      /^Plazo para reclamar el premio: 30 días desde que el acta/,
    );
    expect(CLAIM_PERIOD_MESSAGES.rule(30)).toContain("ronda futura de drand");
  });
});
