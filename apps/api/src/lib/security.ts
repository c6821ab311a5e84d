import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { badRequest, forbidden } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The host of an Origin header, or null when it is not a URL ("null", junk): such an origin is never ours. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for cookie sessions: SameSite=Lax cookies plus a check that a state-changing request
 * comes from our own origin. Browsers always send Origin on cross-site POSTs, and Sec-Fetch-Site
 * says "cross-site" for them; requests from non-browser clients carry no ambient cookies.
 * Every state-changing request is checked, whatever its path: only API routes take writes, and a check
 * that picks requests by path is one spelling of a path away from being skipped.
 */
export function registerCsrfGuard(app: FastifyInstance, config: Config): void {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    const host = request.headers.host;
    const sameHost = origin !== undefined && host !== undefined && hostOf(origin) === host;
    if (origin !== undefined && origin !== "null" && !allowed.has(origin) && !sameHost) {
      throw forbidden("FORBIDDEN", "Solicitud rechazada: origen no permitido.");
    }
    if (origin === "null" || site === "cross-site") {
      throw forbidden("FORBIDDEN", "Solicitud rechazada: origen no permitido.");
    }
  });
}

/**
 * NUL and unpaired UTF-16 surrogates: PostgreSQL cannot store them (text refuses U+0000, jsonb refuses
 * both), and no browser sends them (form and fetch bodies are well-formed Unicode). Found in a request,
 * they can only be an attack or a broken client, so they are refused up front with a 400 instead of
 * failing deep inside a query as a 500.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return UNSTORABLE.test(value);
  if (value === null || typeof value !== "object" || depth > 32) return false;
  for (const [key, item] of Object.entries(value)) {
    if (hasUnstorableText(key, depth + 1) || hasUnstorableText(item, depth + 1)) return true;
  }
  return false;
}

export const UNSTORABLE_TEXT_MESSAGE = "El texto enviado contiene caracteres no válidos.";

/** Refuses JSON bodies, query strings and path parameters carrying text the database cannot store. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (
      hasUnstorableText(request.params) ||
      hasUnstorableText(request.query) ||
      hasUnstorableText(request.body)
    ) {
      throw badRequest(UNSTORABLE_TEXT_MESSAGE);
    }
  });
}
