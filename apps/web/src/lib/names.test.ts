import { describe, expect, it } from "vitest";
import { firstName, initialsOf } from "./names";

describe("names", () => {
  it("takes the first name with a fallback", () => {
    expect(firstName("  María José Pérez ")).toBe("María");
    expect(firstName("")).toBe("Usuario");
    expect(firstName(null)).toBe("Usuario");
  });

  it("builds initials from the first and last words", () => {
    expect(initialsOf("maría josé pérez")).toBe("MP");
    expect(initialsOf("Ñengo")).toBe("Ñ");
    expect(initialsOf("   ")).toBe("U");
    expect(initialsOf(undefined)).toBe("U");
  });
});
