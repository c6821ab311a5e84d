import { describe, expect, it } from "vitest";
import { carriedReturn, postLoginPath, readFrom, readReturnTo } from "./redirects";

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

describe("readReturnTo", () => {
  it("reads ?volver= (paths.loginReturningTo) when it is a path of this app", () => {
    expect(readReturnTo("?volver=%2Frifas%2Fr1")).toEqual({ pathname: "/rifas/r1", search: "", hash: "" });
    expect(readReturnTo("?volver=%2Frifas%3Festado%3Dactive%23x")).toEqual({
      pathname: "/rifas",
      search: "?estado=active",
      hash: "#x",
    });
    expect(postLoginPath("user", readReturnTo("?volver=%2Frifas%2Fr1"))).toBe("/rifas/r1");
  });

  it("refuses other sites and missing values", () => {
    expect(readReturnTo("")).toBeUndefined();
    expect(readReturnTo("?volver=")).toBeUndefined();
    expect(readReturnTo("?volver=%2F%2Fevil.example")).toBeUndefined();
    expect(readReturnTo("?volver=https%3A%2F%2Fevil.example")).toBeUndefined();
    expect(readReturnTo("?volver=%2F%5Cevil.example")).toBeUndefined();
  });
});

describe("carriedReturn", () => {
  it("carries the page to return to from sign-in to registration and back, never a foreign URL", () => {
    const from = { pathname: "/vendedor/invitacion", search: "?token=abc", hash: "" };
    expect(carriedReturn({ state: { from }, search: "" })).toEqual({ from });
    expect(carriedReturn({ state: null, search: "?volver=%2Frifas%2F1" })).toEqual({
      from: { pathname: "/rifas/1", search: "", hash: "" },
    });
    expect(carriedReturn({ state: { from: { pathname: "//evil.example" } }, search: "" })).toBeUndefined();
    expect(carriedReturn({ state: null, search: "" })).toBeUndefined();
  });
});
