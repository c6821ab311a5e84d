import { describe, expect, it } from "vitest";
import { formatDateTime, timeWithArticle } from "./dates";

// Venezuela is UTC−4 all year: 17:30 UTC is 1:30 p. m. there, 22:30 UTC is 6:30 p. m.
describe("times with their article", () => {
  it("says «la» for the one o'clock hours and «las» for every other", () => {
    expect(timeWithArticle("2026-12-01T17:30:00.000Z")).toBe("la 1:30 p. m.");
    expect(timeWithArticle("2026-12-01T05:05:00.000Z")).toBe("la 1:05 a. m.");
    expect(timeWithArticle("2026-12-01T22:30:00.000Z")).toBe("las 6:30 p. m.");
    expect(timeWithArticle("2026-12-01T15:00:00.000Z")).toBe("las 11:00 a. m.");
    expect(timeWithArticle("2026-12-01T16:10:00.000Z")).toBe("las 12:10 p. m.");
  });

  it("agrees with the date-time wording", () => {
    expect(formatDateTime("2026-12-01T17:30:00.000Z")).toMatch(/a la 1:30 p\. m\.$/);
    expect(formatDateTime("2026-12-01T22:30:00.000Z")).toMatch(/a las 6:30 p\. m\.$/);
  });
});
