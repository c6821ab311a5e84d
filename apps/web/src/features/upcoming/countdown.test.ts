import { describe, expect, it } from "vitest";
import { countdownParts, countdownSentence } from "./countdown";

describe("countdown", () => {
  it("splits the time left", () => {
    const now = 0;
    const target = ((2 * 24 + 5) * 3600 + 3 * 60 + 9) * 1000;
    expect(countdownParts(target, now)).toEqual({ done: false, days: 2, hours: 5, minutes: 3, seconds: 9 });
    expect(countdownParts(0, 5000)).toEqual({ done: true, days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it("reads as a natural es-VE sentence, before a start or a draw", () => {
    const sentence = (days: number, hours: number, minutes: number, seconds = 0) =>
      countdownSentence({ done: false, days, hours, minutes, seconds });
    expect(sentence(2, 5, 3, 9)).toBe("Faltan 2 días, 5 horas y 3 minutos");
    expect(sentence(2, 3, 0)).toBe("Faltan 2 días y 3 horas");
    expect(sentence(1, 0, 1)).toBe("Faltan 1 día y 1 minuto");
    expect(sentence(1, 0, 0)).toBe("Falta 1 día");
    expect(sentence(0, 1, 0)).toBe("Falta 1 hora");
    expect(sentence(0, 0, 1)).toBe("Falta 1 minuto");
    expect(sentence(0, 0, 12)).toBe("Faltan 12 minutos");
    // Never "0 minutos".
    expect(sentence(0, 0, 0, 40)).toBe("Falta menos de un minuto");
    expect(countdownSentence({ done: true, days: 0, hours: 0, minutes: 0, seconds: 0 })).toBe(
      "Ya es la hora",
    );
  });
});
