// The OpenAPI document declares who may call each operation: `security: []` for public ones, the session
// cookie for the rest and `x-role: admin` for administrators only, derived from the guard each route runs
// (lib/openapi-security.ts). access-matrix.test.ts checks every declaration against real requests; this
// file checks that the document is complete and that its scheme names the cookie the browser really sends.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, signIn, type TestApp } from "../helpers";
import { type Operation, openApiOperations, sessionCookieName } from "./support";

interface SchemeDocument {
  components?: { securitySchemes?: Record<string, { type: string; in: string; name: string }> };
}

let http: TestApp;
let https: TestApp;

beforeAll(async () => {
  http = await createTestApp();
  https = await createTestApp({ publicUrl: "https://rifazo.example" });
}, 120_000);

afterAll(async () => {
  await Promise.all([http?.close(), https?.close()]);
});

async function schemes(t: TestApp) {
  const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as SchemeDocument;
  return doc.components?.securitySchemes ?? {};
}

describe("OpenAPI security declarations", () => {
  it("every operation declares its security, and only with the session scheme", async () => {
    const operations: Operation[] = await openApiOperations(http.app);
    const names = Object.keys(await schemes(http));
    const undeclared = operations.filter((op) => op.security === null).map((op) => op.key);
    expect(undeclared, "operaciones sin security en el documento").toEqual([]);
    const wrong = operations
      .filter((op) =>
        (op.security ?? []).some((entry) => Object.keys(entry).some((name) => !names.includes(name))),
      )
      .map((op) => op.key);
    expect(wrong, "security con un esquema que no existe").toEqual([]);
    const roleWithoutSession = operations
      .filter((op) => op.role !== null && (op.security ?? []).length === 0)
      .map((op) => op.key);
    expect(roleWithoutSession).toEqual([]);
    // The document must tell the three kinds apart for the access matrix to be read from it.
    const kinds = new Set(
      operations.map((op) => ((op.security ?? []).length === 0 ? "public" : (op.role ?? "user"))),
    );
    expect([...kinds].sort()).toEqual(["admin", "public", "user"]);
  });

  for (const [label, app] of [
    ["http", () => http],
    ["https", () => https],
  ] as const) {
    it(`the session scheme names the cookie a sign-in sets (${label})`, async () => {
      const t = app();
      const user = await createUser(t.app);
      const cookie = await signIn(t.app, user.email, user.password);
      const name = sessionCookieName(cookie);
      if (label === "https") expect(name).toMatch(/^__Secure-/);
      const published = Object.values(await schemes(t));
      expect(published).toEqual([expect.objectContaining({ type: "apiKey", in: "cookie", name })]);
    });
  }
});
