import { describe, expect, it } from "vitest";
import { isAdminPath, isProfilePath, isProtectedPath, paths } from "./paths";

describe("paths", () => {
  it("builds parametrised paths", () => {
    expect(paths.raffle("abc")).toBe("/rifas/abc");
    expect(paths.draw(42)).toBe("/sorteo/42");
    expect(paths.drawRecord("r1")).toBe("/sorteo/r1/acta");
    expect(paths.proofUpload()).toBe("/perfil/subir-comprobante/general");
    expect(paths.profilePrize("w/1")).toBe("/perfil/premios/w%2F1");
    expect(paths.adminRaffle("a b")).toBe("/admin/rifas/a%20b");
    expect(paths.adminSeller("s/1")).toBe("/admin/vendedores/s%2F1");
    expect(paths.adminRafflePrizes("r1")).toBe("/admin/rifas/r1#premios");
    expect(paths.adminRafflePrizes("r1", "w1")).toBe("/admin/rifas/r1#premio-w1");
  });

  it("tells protected areas apart from the public admin sign-in", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/rifas/1")).toBe(true);
    expect(isAdminPath(paths.adminSignIn)).toBe(false);
    expect(isProfilePath("/perfil")).toBe(true);
    expect(isProfilePath("/perfil/pagos")).toBe(true);
    expect(isProfilePath("/perfiles")).toBe(false);
    expect(isProtectedPath("/rifas")).toBe(false);
    expect(isProtectedPath("/perfil/info")).toBe(true);
    expect(isProtectedPath("/vendedor")).toBe(true);
    expect(isProtectedPath("/vendedor/invitacion")).toBe(true);
    expect(isProtectedPath("/vendedores")).toBe(false);
  });
});
