import { describe, expect, it } from "vitest";
import { bankAppDigits, bankAppPhone, formatVenezuelanPhone, normalizeVenezuelanPhone } from "./phone";

describe("Venezuelan phones", () => {
  it("normalise every usual spelling to one E.164 form and show it as 0414-1234567", () => {
    for (const spelling of [
      "0414-1234567",
      "0414 123 45 67",
      "+58 414 1234567",
      "584141234567",
      "00584141234567",
    ])
      expect(normalizeVenezuelanPhone(spelling), spelling).toBe("+584141234567");
    expect(normalizeVenezuelanPhone("1234567")).toBeNull();
    expect(formatVenezuelanPhone("+584141234567")).toBe("0414-1234567");
  });

  it("copy for a bank's Pago Móvil form as eleven digits with the trunk 0", () => {
    expect(bankAppPhone("0414-555-0123")).toBe("04145550123");
    expect(bankAppPhone("+58 (414) 555.01.23")).toBe("04145550123");
    expect(bankAppPhone("0212-5550123")).toBe("02125550123");
    expect(bankAppPhone("+1 305 555 0100")).toBe("13055550100");
  });

  it("copy account and identity numbers as digits only", () => {
    expect(bankAppDigits("V-12.345.678")).toBe("12345678");
    expect(bankAppDigits("J-40123456-7")).toBe("401234567");
    expect(bankAppDigits("0102-0123-45-0000012345")).toBe("01020123450000012345");
  });
});
