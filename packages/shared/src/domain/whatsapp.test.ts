import { describe, expect, it } from "vitest";
import { whatsappLink, whatsappPhone } from "./whatsapp";

describe("whatsappPhone", () => {
  it.each([
    ["0414-1234567", "584141234567"],
    ["0414 123 45 67", "584141234567"],
    ["+58 414 1234567", "584141234567"],
    ["584141234567", "584141234567"],
    ["4141234567", "584141234567"],
    ["+1 (305) 555-0100", "13055550100"],
    ["0058 414 1234567", "584141234567"],
  ])("%s → %s", (input, expected) => expect(whatsappPhone(input)).toBe(expected));

  it.each([null, undefined, "", "12345", "sin teléfono"])("%s → null", (input) =>
    expect(whatsappPhone(input)).toBeNull(),
  );
});

describe("whatsappLink", () => {
  it("prefills the message, encoded", () => {
    expect(whatsappLink("0414-1234567", "Hola María, tu pago de 1.194,56 Bs")).toBe(
      "https://wa.me/584141234567?text=Hola%20Mar%C3%ADa%2C%20tu%20pago%20de%201.194%2C56%20Bs",
    );
  });
  it("is null without a phone", () => expect(whatsappLink(null, "Hola")).toBeNull());
});
