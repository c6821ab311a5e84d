import { describe, expect, it } from "vitest";
import { CHANGE_PASSWORD_TITLES, changePasswordFormSchema } from "./auth";

const ok = { currentPassword: "Vieja12345", newPassword: "NuevaClave123", confirmPassword: "NuevaClave123" };

/** The message and field of the first issue, or null when the values pass. */
function first(values: typeof ok) {
  const issue = changePasswordFormSchema.safeParse(values).error?.issues[0];
  return issue ? { field: issue.path[0], message: issue.message } : null;
}

describe("changePasswordFormSchema (spec 1 §5 'Password change')", () => {
  it("accepts a valid change with the current password", () => {
    expect(first(ok)).toBeNull();
  });

  it("requires the current password (docs/decisions/0007-one-sign-in-path.md)", () => {
    const missing = first({ ...ok, currentPassword: "" });
    expect(missing).toEqual({ field: "currentPassword", message: "Escribe tu contraseña actual." });
    expect(CHANGE_PASSWORD_TITLES[missing?.message ?? ""]).toBe("Falta la Contraseña Actual");
  });

  it("gives the spec's messages, each with its toast title", () => {
    const empty = first({ ...ok, newPassword: "" });
    expect(empty?.field).toBe("newPassword");
    expect(CHANGE_PASSWORD_TITLES[empty?.message ?? ""]).toBe("Campos Vacíos");
    expect(first({ ...ok, confirmPassword: "" })?.field).toBe("confirmPassword");
    const short = first({ ...ok, newPassword: "corta", confirmPassword: "corta" });
    expect(CHANGE_PASSWORD_TITLES[short?.message ?? ""]).toBe("Contraseña Nueva Corta");
    const differ = first({ ...ok, confirmPassword: "OtraClave123" });
    expect(differ?.field).toBe("confirmPassword");
    expect(CHANGE_PASSWORD_TITLES[differ?.message ?? ""]).toBe("Contraseñas no Coinciden");
  });

  it("refuses the current password as the new one", () => {
    expect(first({ ...ok, currentPassword: ok.newPassword })).toEqual({
      field: "newPassword",
      message: "La nueva contraseña no puede ser igual a la anterior.",
    });
  });
});
