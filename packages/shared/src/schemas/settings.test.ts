import { describe, expect, it } from "vitest";
import { formatVenezuelanMobile, normalizeVenezuelanMobile, supportContactSchema } from "./settings";

describe("WhatsApp de soporte", () => {
  it("acepta un móvil venezolano como se suele escribir y lo guarda en formato internacional", () => {
    for (const typed of [
      "04245550199",
      "0424-555-0199",
      "0424 5550199",
      "+58 424 555 0199",
      "+58-424-555.01.99",
      "584245550199",
      "00584245550199",
    ]) {
      expect(normalizeVenezuelanMobile(typed), typed).toBe("+584245550199");
    }
    expect(supportContactSchema.parse({ whatsapp: " 0414-123 45 67 " })).toEqual({
      whatsapp: "+584141234567",
    });
    expect(supportContactSchema.parse({ whatsapp: null })).toEqual({ whatsapp: null });
  });

  it("rechaza fijos, extranjeros y números incompletos", () => {
    for (const typed of [
      "0212-5550199",
      "+1 305 555 0199",
      "0424-555-019",
      "0424-555-01999",
      "whatsapp",
      "",
    ]) {
      expect(normalizeVenezuelanMobile(typed), typed).toBeNull();
      expect(supportContactSchema.safeParse({ whatsapp: typed }).success, typed).toBe(false);
    }
  });

  it("se muestra agrupado", () => {
    expect(formatVenezuelanMobile("+584245550199")).toBe("+58 424-555-0199");
  });
});
