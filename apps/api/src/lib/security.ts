import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { forbidden } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie sessions: SameSite=Lax cookies plus a check that a state-changing request
 * comes from our own origin. Browsers always send Origin on cross-site POSTs, and Sec-Fetch-Site
 * says "cross-site" for them; requests from non-browser clients carry no ambient cookies.
 */
export function registerCsrfGuard(app: FastifyInstance, config: Config): void {
  const allowed = new Set([new URL(config.publicUrl).origin]);
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    const site = request.headers["sec-fetch-site"];
    const host = request.headers.host;
    const sameHost = origin !== undefined && host !== undefined && new URL(origin).host === host;
    if (origin !== undefined && origin !== "null" && !allowed.has(origin) && !sameHost) {
      throw forbidden("FORBIDDEN", "Solicitud rechazada: origen no permitido.");
    }
    if (origin === "null" || site === "cross-site") {
      throw forbidden("FORBIDDEN", "Solicitud rechazada: origen no permitido.");
    }
  });
}
