import { describe, expect, it } from "vitest";
import { canonicalPath, pathIsUnder } from "./request-path";

describe("canonicalPath", () => {
  it("accepts what browsers send for our links and fetches, and gives the path without the query", () => {
    expect(canonicalPath("/")).toBe("/");
    expect(canonicalPath("/rifas?q=%61%2F..&page=2")).toBe("/rifas");
    expect(canonicalPath("/rifas/")).toBe("/rifas/");
    expect(canonicalPath("/api/admin/proofs/0b7c/approve")).toBe("/api/admin/proofs/0b7c/approve");
    // Non-ASCII text and reserved characters keep their escapes: the router does not decode those into
    // something a guard would read differently.
    expect(canonicalPath("/rifas/moto-%C3%B1a")).toBe("/rifas/moto-%C3%B1a");
    expect(canonicalPath("/api/x%3Ay%40z%2C")).toBe("/api/x%3Ay%40z%2C");
    expect(canonicalPath("/recibo/AbC-_9")).toBe("/recibo/AbC-_9");
    expect(canonicalPath("/rifas/Moto-XL")).toBe("/rifas/Moto-XL");
  });

  it.each([
    ["an escaped letter", "/%61pi/admin"],
    ["an escaped letter further on", "/api/%61dmin/proofs"],
    ["an escaped slash", "/api%2Fadmin"],
    ["an escaped slash, lower case", "/api%2fadmin"],
    ["an escaped dot", "/api/%2E/admin"],
    ["escaped dots, lower case", "/api/x/%2e%2e/admin"],
    ["an escaped digit, tilde, hyphen, underscore", "/api/%7E%2D%5F%30"],
    ["double encoding", "/%2561pi/admin"],
    ["an escaped backslash", "/api%5Cadmin"],
    ["lower-case hex", "/rifas/%c3%b1"],
    ["a broken escape", "/api/%zz"],
    ["a cut escape", "/api/%4"],
    ["a leading double slash", "//api/admin"],
    ["a double slash inside", "/api//admin"],
    ["a dot segment", "/api/./admin"],
    ["a dot-dot segment", "/api/x/../admin"],
    ["a trailing dot segment", "/api/admin/.."],
    ["a backslash", "/api\\admin"],
    ["api in upper case", "/API/admin"],
    ["api in mixed case", "/Api/admin"],
    ["assets in upper case", "/ASSETS/app.js"],
    ["a page in capitals", "/RECIBO/tok"],
    ["a page capitalised", "/Rifas"],
    ["an absolute-form target", "http://localhost:3000/api/admin"],
    ["the asterisk target", "*"],
    ["a fragment", "/api/admin#x"],
  ])("refuses %s: %s", (_label, target) => {
    expect(canonicalPath(target)).toBeNull();
  });
});

describe("pathIsUnder", () => {
  it("matches whole segments only", () => {
    expect(pathIsUnder("/api", "/api")).toBe(true);
    expect(pathIsUnder("/api/x", "/api/")).toBe(true);
    expect(pathIsUnder("/apix", "/api")).toBe(false);
    expect(pathIsUnder("/recibo/tok", "/recibo")).toBe(true);
  });
});
