// Links that carry a secret (password reset, sign-in link, email confirmation, a receipt's private path)
// are never written to the log and never kept by a cache (docs/decisions/0007-one-sign-in-path.md).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, nextIp, type TestApp } from "../helpers";

const lines: string[] = [];
let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A built web app reduced to its shell: enough for the page routes to answer.
  webDist = mkdtempSync(path.join(tmpdir(), "rifazo-web-"));
  writeFileSync(
    path.join(webDist, "index.html"),
    '<!doctype html><title>Rifazo</title><div id="root"></div>',
  );
  t = await createTestApp(
    { logLevel: "info", webDist },
    { logStream: { write: (line) => lines.push(line) } },
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const SECRET = "Sup3rSecretoDeEnlace0123456789abcdef";

describe("los registros nunca guardan un token", () => {
  it("la línea de cada petición muestra la ruta sin el secreto que lleva", async () => {
    const urls = [
      `/restablecer-contrasena?token=${SECRET}`,
      `/recibo/${SECRET}`,
      `/api/receipts/${SECRET}`,
      `/api/receipts/${SECRET}/receipt.pdf`,
      `/api/auth/magic-link/verify?token=${SECRET}&callbackURL=%2F`,
      `/api/auth/verify-email?token=${SECRET}&callbackURL=%2Flogin`,
      `/api/auth/reset-password/${SECRET}`,
      `/login?code=${SECRET}`,
    ];
    lines.length = 0;
    for (const url of urls) await t.app.inject({ method: "GET", url, remoteAddress: nextIp() });
    const log = lines.join("");
    // The request log is there (this test would prove nothing against a silent logger)...
    expect(log).toContain('"url":"/restablecer-contrasena?token=[oculto]"');
    expect(log).toContain('"url":"/recibo/[oculto]"');
    expect(log).toContain('"url":"/api/receipts/[oculto]/receipt.pdf"');
    // ...and no line carries the secret.
    expect(log).not.toContain(SECRET);
  });

  it("el correo guardado sin SMTP deja sus enlaces en el registro sin el token", async () => {
    const user = await createUser(t.app);
    lines.length = 0;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset/request",
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    await t.app.ctx.mail.drain();
    const log = lines.join("");
    expect(log).toContain("/restablecer-contrasena?token=[oculto]");
    expect(log).not.toMatch(/restablecer-contrasena\?token=(?!\[oculto\])/);
  });
});

describe("las páginas con un token no se guardan en ninguna caché", () => {
  it("la página de restablecer contraseña con su token, y el recibo, van no-store", async () => {
    for (const url of [`/restablecer-contrasena?token=${SECRET}`, `/recibo/${SECRET}`]) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toContain("no-store");
      expect(response.headers["referrer-policy"], url).toBe("no-referrer");
    }
    const plain = await t.app.inject({ method: "GET", url: "/restablecer-contrasena" });
    expect(plain.headers["cache-control"]).toBe("no-cache");
  });

  it("los enlaces de Better Auth (entrar, confirmar el correo) responden no-store", async () => {
    for (const url of [
      `/api/auth/magic-link/verify?token=${SECRET}&callbackURL=%2F`,
      `/api/auth/verify-email?token=${SECRET}&callbackURL=%2Flogin`,
    ]) {
      const response = await t.app.inject({ method: "GET", url, remoteAddress: nextIp() });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });
});
