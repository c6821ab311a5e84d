import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/errors";
import { enforce } from "../../lib/rate-limit";
import { forwardAuthResponse } from "./better-auth-bridge";
import { allowedAuthEndpoint, authPathOf } from "./endpoint-allowlist";
import { authHeaders } from "./session";

/**
 * The few Better Auth endpoints the web app uses (endpoint-allowlist.ts), each limited here by the app's
 * one limiter; every other one is a 404.
 */
export async function betterAuthHandler(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      const endpoint = allowedAuthEndpoint(request.method, authPathOf(request.canonicalPath));
      if (!endpoint) throw notFound();
      await enforce(app.ctx.db, [[`auth:${endpoint.name}:ip:${request.ip}`, endpoint.rule]]);
      const url = new URL(request.url, app.ctx.config.publicUrl);
      const hasBody = request.method !== "GET" && request.body instanceof Buffer && request.body.length > 0;
      const webRequest = new Request(url, {
        method: request.method,
        headers: authHeaders(request),
        ...(hasBody ? { body: new Uint8Array(request.body as Buffer) } : {}),
      });
      const response = await app.ctx.auth.handler(webRequest);
      // The links land here with their token in the address (sign-in, email confirmation): no cache keeps
      // the answer, nor any other answer of these endpoints (sessions, two-factor codes).
      reply.header("cache-control", "no-store");
      return forwardAuthResponse(response, reply);
    },
  });
}
