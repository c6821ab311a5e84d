import { describe, expect, it } from "vitest";
import { countdownParts, countdownSentence } from "./countdown";

describe("countdown", () => {
  it("splits the time left", () => {
    const now = 0;
    const target = ((2 * 24 + 5) * 3600 + 3 * 60 + 9) * 1000;
    expect(countdownParts(target, now)).toEqual({ done: false, days: 2, hours: 5, minutes: 3, seconds: 9 });
    expect(countdownParts(0, 5000)).toEqual({ done: true, days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it("reads as a sentence", () => {
    expect(countdownSentence({ done: false, days: 2, hours: 5, minutes: 3, seconds: 9 })).toBe(
      "Comienza en 2 días, 5 horas y 3 minutos",
    );
    expect(countdownSentence({ done: false, days: 1, hours: 0, minutes: 1, seconds: 0 })).toBe(
      "Comienza en 1 día y 1 minuto",
    );
    expect(countdownSentence({ done: false, days: 0, hours: 0, minutes: 0, seconds: 40 })).toBe(
      "Comienza en 0 minutos",
    );
    expect(countdownSentence({ done: true, days: 0, hours: 0, minutes: 0, seconds: 0 })).toBe("Ya comenzó");
  });
});
