import { describe, expect, it } from "vitest";
import { checkPasswordStrength, PASSWORD_MIN_SCORE } from "./password-strength";
import { AUTH_MESSAGES } from "./schemas/auth";

describe("checkPasswordStrength", () => {
  it.each(["12345678", "password1", "rifazo123", "qwertyuiop", "contraseña", "Venezuela2024"])(
    "refuses %s with a Spanish reason",
    (password) => {
      const verdict = checkPasswordStrength(password);
      expect(verdict.ok).toBe(false);
      if (verdict.ok) return;
      expect(verdict.score).toBeLessThan(PASSWORD_MIN_SCORE);
      expect(verdict.reason).toMatch(/[a-záéíóúñ]{3,}/i);
      expect(verdict.reason).not.toMatch(/\b(the|password|your|add)\b/i);
    },
  );

  it("says why a very common password is weak and what to do", () => {
    const verdict = checkPasswordStrength("12345678");
    expect(verdict).toEqual({
      ok: false,
      score: 0,
      reason: "Esta contraseña es de las más usadas del mundo. Agrega otra palabra o números poco comunes.",
    });
  });

  it("keeps the spec's length rule and message first (spec 1 §9)", () => {
    expect(checkPasswordStrength("Xq7#pL2")).toEqual({
      ok: false,
      score: 0,
      reason: AUTH_MESSAGES.passwordTooShort,
    });
  });

  it("refuses the user's own email or name", () => {
    const inputs = ["gabriela.rojas84@example.com", "Gabriela Rojas"];
    for (const password of ["gabriela.rojas84@example.com", "gabriela.rojas84", "GabrielaRojas84"]) {
      const verdict = checkPasswordStrength(password, inputs);
      expect(verdict.ok, password).toBe(false);
    }
    const mine = checkPasswordStrength("gabrielarojas84", inputs);
    expect(mine.ok).toBe(false);
    if (!mine.ok) expect(mine.reason).toContain("No uses tu nombre, tu correo");
  });

  it("refuses the name run together or typed without accents", () => {
    const inputs = ["ana@example.com", "Ana Pérez"];
    for (const password of ["anaperez1990", "AnaPerez!", "anapérez2024"]) {
      expect(checkPasswordStrength(password, inputs).ok, password).toBe(false);
    }
  });

  it("accepts passphrases and long random passwords", () => {
    for (const password of ["Tambor-Mango-Lluvia-47", "correcto caballo batería grapa", "k7#Vq9!zR2mW"]) {
      expect(checkPasswordStrength(password, ["ana@example.com", "Ana"]).ok, password).toBe(true);
    }
  });

  it("ignores empty user inputs", () => {
    expect(checkPasswordStrength("Tambor-Mango-Lluvia-47", [null, undefined, "", "  "]).ok).toBe(true);
  });
});
