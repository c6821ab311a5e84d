import { describe, expect, it } from "vitest";
import { postLoginPath, readFrom } from "./redirects";

describe("postLoginPath", () => {
  it("returns to the page the visitor came from", () => {
    expect(postLoginPath("user", { pathname: "/perfil/pagos", search: "?p=2", hash: "" })).toBe(
      "/perfil/pagos?p=2",
    );
    expect(postLoginPath("admin", { pathname: "/admin/rifas/7" })).toBe("/admin/rifas/7");
  });

  it("defaults to the profile for users and the dashboard for admins", () => {
    expect(postLoginPath("user", undefined)).toBe("/perfil/info");
    expect(postLoginPath("admin", undefined)).toBe("/admin");
    expect(postLoginPath("user", { pathname: "/login" })).toBe("/perfil/info");
  });

  it("never sends a regular user into the admin area", () => {
    expect(postLoginPath("user", { pathname: "/admin" })).toBe("/perfil/info");
  });
});

describe("readFrom", () => {
  it("accepts only in-app paths", () => {
    expect(readFrom({ from: { pathname: "/rifas/1" } })).toEqual({ pathname: "/rifas/1" });
    expect(readFrom({ from: { pathname: "//evil.example" } })).toBeUndefined();
    expect(readFrom({ from: { pathname: "https://evil.example" } })).toBeUndefined();
    expect(readFrom(null)).toBeUndefined();
    expect(readFrom({ from: "x" })).toBeUndefined();
  });
});
