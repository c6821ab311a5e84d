import { describe, expect, it } from "vitest";
import { countText, pluralWord } from "./plural";

describe("countText", () => {
  it("usa el singular solo para uno y escribe el número en es-VE", () => {
    expect(countText(1, "hora", "horas")).toBe("1 hora");
    expect(countText(0, "hora", "horas")).toBe("0 horas");
    expect(countText(2, "comprobante", "comprobantes")).toBe("2 comprobantes");
    expect(countText(1000, "boleto", "boletos")).toBe("1.000 boletos");
    expect(countText(1_000_000, "boleto", "boletos")).toBe("1.000.000 boletos");
  });

  it("pluralWord elige la palabra sin el número", () => {
    expect(pluralWord(1, "día", "días")).toBe("día");
    expect(pluralWord(48, "hora", "horas")).toBe("horas");
  });
});
