import { describe, expect, it } from "vitest";
import { findPasswordProblem, groupSecret, normalizeTotpCode, totpSecret } from "./password-rules";

const ok = { currentPassword: "", newPassword: "NuevaClave123", confirmPassword: "NuevaClave123" };

describe("findPasswordProblem", () => {
  it("accepts a valid change, with or without the current password", () => {
    expect(findPasswordProblem(ok)).toBeNull();
    expect(findPasswordProblem({ ...ok, currentPassword: "Vieja12345" })).toBeNull();
  });

  it("shows the spec's titles in order", () => {
    expect(findPasswordProblem({ ...ok, newPassword: "" })?.title).toBe("Campos Vacíos");
    expect(findPasswordProblem({ ...ok, confirmPassword: "" })?.field).toBe("confirmPassword");
    expect(findPasswordProblem({ ...ok, newPassword: "corta", confirmPassword: "corta" })?.title).toBe(
      "Contraseña Nueva Corta",
    );
    expect(findPasswordProblem({ ...ok, confirmPassword: "OtraClave123" })?.title).toBe(
      "Contraseñas no Coinciden",
    );
    expect(findPasswordProblem({ ...ok, currentPassword: ok.newPassword })?.description).toBe(
      "La nueva contraseña no puede ser igual a la anterior.",
    );
  });
});

describe("two-factor helpers", () => {
  it("keeps the six digits of a pasted code", () => {
    expect(normalizeTotpCode("123 456")).toBe("123456");
    expect(normalizeTotpCode("12-34-567")).toBe("123456");
  });

  it("reads the secret from an otpauth URI", () => {
    const uri = "otpauth://totp/Rifazo:ana%40example.com?secret=jbswy3dpehpk3pxp&issuer=Rifazo&digits=6";
    expect(totpSecret(uri)).toBe("JBSWY3DPEHPK3PXP");
    expect(groupSecret("JBSWY3DPEHPK3PXP")).toBe("JBSW Y3DP EHPK 3PXP");
    expect(totpSecret("otpauth://totp/x?issuer=Rifazo")).toBeNull();
  });
});
