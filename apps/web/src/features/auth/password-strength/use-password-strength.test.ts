import { checkPasswordStrength } from "@rifazo/shared/password-strength";
import { describe, expect, it } from "vitest";
import { passwordWeakness } from "./use-password-strength";

describe("passwordWeakness", () => {
  it("gives the shared rule's Spanish reason for a weak password (the one the server sends)", async () => {
    const verdict = checkPasswordStrength("12345678", ["ana@example.com", "Ana Pérez"]);
    expect(verdict.ok).toBe(false);
    if (verdict.ok) return;
    expect(await passwordWeakness("12345678", ["ana@example.com", "Ana Pérez"])).toBe(verdict.reason);
  });

  it("refuses a password made of the user's own name", async () => {
    expect(await passwordWeakness("anaperez1990", ["ana@example.com", "Ana Pérez"])).toMatch(/tu nombre/);
  });

  it("is null for a strong one", async () => {
    expect(await passwordWeakness("Tambor-Mango-Lluvia-47", ["ana@example.com", "Ana Pérez"])).toBeNull();
  });
});
