// The shared error catalogue is the one home of every code the API answers with: each has an HTTP status
// and a Spanish message, each is raised or read somewhere in the apps, and the one error handler answers a
// code with the catalogue's status and message.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ERROR_CATALOGUE, ERROR_MESSAGES, type ErrorCode, isErrorCode, statusFor } from "@rifazo/shared";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerErrorHandler } from "../src/lib/error-handler";
import { AppError } from "../src/lib/errors";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const codes = Object.keys(ERROR_CATALOGUE) as ErrorCode[];

/** Product source of both apps: tests are no use of a code. */
function productSources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...productSources(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

describe("error catalogue", () => {
  it("gives every code an HTTP error status (0 only for the web's own no-answer code)", () => {
    for (const code of codes) {
      const { status } = ERROR_CATALOGUE[code];
      if (code === "NETWORK") expect(status).toBe(0);
      else
        expect(Number.isInteger(status) && status >= 400 && status <= 599, `${code}: ${status}`).toBe(true);
    }
  });

  it("gives every code a Spanish sentence as its message", () => {
    for (const code of codes) {
      const message = ERROR_MESSAGES[code];
      expect(message, code).toBe(ERROR_CATALOGUE[code].message);
      expect(message, code).toMatch(/^[¡¿A-ZÁÉÍÓÚÑ].*[.!?]$/);
      // Spanish text, not an English default or the code itself.
      expect(message, code).not.toMatch(/\b(the|error occurred|not found|invalid|please)\b/i);
      expect(message, code).not.toContain(code);
    }
  });

  it("has every code raised or read in the apps' source", () => {
    const sources = [
      ...productSources(path.join(root, "apps/api/src")),
      ...productSources(path.join(root, "apps/web/src")),
    ].map((file) => readFileSync(file, "utf8"));
    expect(sources.length).toBeGreaterThan(100);
    const unused = codes.filter((code) => !sources.some((text) => new RegExp(`\\b${code}\\b`).test(text)));
    expect(unused).toEqual([]);
  });

  it("recognises only its own codes", () => {
    expect(isErrorCode("RAFFLE_NOT_FOUND")).toBe(true);
    for (const value of ["SOMETHING_NEW", "toString", "constructor", "", undefined, 404]) {
      expect(isErrorCode(value), String(value)).toBe(false);
    }
  });
});

describe("the error handler answers a code as the catalogue says", () => {
  it("with the code's status and default message, or the specific message and fields thrown", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get<{ Params: { code: ErrorCode } }>("/fail/:code", async (request) => {
      throw new AppError(request.params.code);
    });
    app.get("/specific", async () => {
      throw new AppError("AMOUNT_MISMATCH", "El monto debe ser 10,00 USD.", {
        amount: "El monto debe ser 10,00 USD.",
      });
    });
    await app.ready();
    try {
      for (const code of codes.filter((c) => statusFor(c) > 0)) {
        const response = await app.inject({ method: "GET", url: `/fail/${code}` });
        expect(response.statusCode, code).toBe(statusFor(code));
        expect(response.json(), code).toEqual({ error: { code, message: ERROR_MESSAGES[code] } });
      }
      const specific = await app.inject({ method: "GET", url: "/specific" });
      expect(specific.statusCode).toBe(400);
      expect(specific.json()).toEqual({
        error: {
          code: "AMOUNT_MISMATCH",
          message: "El monto debe ser 10,00 USD.",
          fields: { amount: "El monto debe ser 10,00 USD." },
        },
      });
    } finally {
      await app.close();
    }
  });
});
