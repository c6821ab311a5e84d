import { describe, expect, it } from "vitest";
import { safeExternalUrl } from "./external-url";

describe("safeExternalUrl", () => {
  it("keeps web links", () => {
    expect(safeExternalUrl(" https://www.instagram.com/rifazo.ve/ ")).toBe(
      "https://www.instagram.com/rifazo.ve/",
    );
    expect(safeExternalUrl("http://example.com")).toBe("http://example.com/");
  });

  it("drops anything else", () => {
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull();
    expect(safeExternalUrl("instagram.com/rifazo")).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
