import { describe, expect, it } from "vitest";
import {
  MIN_TEASER_REVEAL,
  revealPercent,
  revealText,
  teaserBlur,
  teaserReveal,
  teaserStartsAt,
} from "./teaser";

const DAY = 86_400_000;
const START = "2026-12-01T12:00:00.000Z";
const startMs = Date.parse(START);

describe("teaserReveal", () => {
  it("shows only the minimum before the teaser window", () => {
    expect(teaserReveal(START, 10, startMs - 30 * DAY)).toBe(MIN_TEASER_REVEAL);
    expect(teaserReveal(START, 10, startMs - 10 * DAY)).toBe(MIN_TEASER_REVEAL);
  });

  it("reveals linearly inside the window and fully at the start", () => {
    expect(teaserReveal(START, 10, startMs - 5 * DAY)).toBeCloseTo(0.55);
    expect(teaserReveal(START, 10, startMs - 1 * DAY)).toBeCloseTo(0.91);
    expect(teaserReveal(START, 10, startMs)).toBe(1);
    expect(teaserReveal(START, 10, startMs + DAY)).toBe(1);
  });

  it("uses the default of 10 days for a missing or invalid setting", () => {
    expect(teaserReveal(START, 0, startMs - 5 * DAY)).toBeCloseTo(0.55);
    expect(teaserReveal(START, null, startMs - 5 * DAY)).toBeCloseTo(0.55);
    expect(teaserReveal(START, 2, startMs - 5 * DAY)).toBe(MIN_TEASER_REVEAL);
  });

  it("keeps the minimum when the start date is unknown", () => {
    expect(teaserReveal(null, 10, startMs)).toBe(MIN_TEASER_REVEAL);
    expect(teaserReveal("no es fecha", 10, startMs)).toBe(MIN_TEASER_REVEAL);
  });

  it("knows when the reveal starts", () => {
    expect(teaserStartsAt(START, 10)).toBe(startMs - 10 * DAY);
    expect(teaserStartsAt(null, 10)).toBeNull();
  });
});

describe("reveal helpers", () => {
  it("rounds to whole percents between 10 and 100", () => {
    expect(revealPercent(0.1)).toBe(10);
    expect(revealPercent(0.559)).toBe(55);
    expect(revealPercent(1)).toBe(100);
    expect(revealPercent(0)).toBe(10);
  });

  it("blurs less as the reveal grows", () => {
    expect(teaserBlur(0.1)).toBeGreaterThan(teaserBlur(0.5));
    expect(teaserBlur(1)).toBe(0);
  });

  it("withholds the end of the text", () => {
    const text = "uno dos tres cuatro cinco seis siete ocho nueve diez";
    expect(revealText(text, 0.1)).toEqual({ visible: "uno", hidden: true });
    expect(revealText(text, 0.5)).toEqual({ visible: "uno dos tres cuatro cinco", hidden: true });
    expect(revealText(text, 1)).toEqual({ visible: text, hidden: false });
    expect(revealText("una", 0.1)).toEqual({ visible: "una", hidden: false });
  });
});
