import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/helpers";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("convenciones de la API", () => {
  it("GET /api/health comprueba la base de datos", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe("ok");
    expect(body.database.ok).toBe(true);
    expect(["pglite", "postgres"]).toContain(body.database.kind);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("publica el documento OpenAPI con las rutas de cuenta y su página de documentación", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/account/login",
        "/api/account/register",
        "/api/account/me",
      ]),
    );
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it("cabeceras de seguridad: CSP sin scripts en línea, frame-ancestors none, nosniff, referrer, COOP", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    // Served over plain http here, so no HSTS (it is sent when PUBLIC_URL is https).
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("HSTS y cookies Secure cuando PUBLIC_URL es https", async () => {
    const secure = await createTestApp({ publicUrl: "https://rifazo.example" });
    try {
      const response = await secure.app.inject({ method: "GET", url: "/api/health" });
      expect(String(response.headers["strict-transport-security"])).toContain("max-age=31536000");
    } finally {
      await secure.close();
    }
  });

  it("los mensajes propios de zod también salen en español; un cuerpo opcional puede faltar", async () => {
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      payload: { allDevices: "sí" },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toMatch(/^Entrada inválida: se esperaba/);
    const noBody = await t.app.inject({ method: "POST", url: "/api/account/logout" });
    expect(noBody.statusCode).toBe(200);
    const nullBody = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { "content-type": "application/json" },
      payload: "null",
    });
    expect(nullBody.statusCode).toBe(200);
  });

  it("una ruta /api desconocida responde 404 en JSON y en español", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/no-existe" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: "NOT_FOUND", message: "El recurso solicitado no existe." },
    });
  });

  it("comprime las respuestas grandes", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/openapi.json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(["br", "gzip"]).toContain(response.headers["content-encoding"]);
  });
});
