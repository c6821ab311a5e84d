import { canonicalPath, NON_CANONICAL_PATH_MESSAGE } from "@rifazo/shared/request-path";
import type { FastifyInstance } from "fastify";
import { badRequest } from "./errors";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The request's path (without the query), as the router matched it. Every guard that matches on
     * paths reads this, never `request.url` (packages/shared/src/request-path.ts).
     */
    canonicalPath: string;
  }
}

/**
 * Decides once what a request's path is: a target written in any spelling but the one accepted
 * (`/%61pi/...`, `%2F`, `//`, `/./`, `\`, `/API/`...) is refused with a 400 before any other guard reads
 * it, so the CSRF check, the page headers, the page cache and the auth endpoint list all see exactly what
 * the router routes. Registered before every other hook that looks at the path.
 */
export function registerCanonicalPath(app: FastifyInstance): void {
  app.decorateRequest("canonicalPath", "");
  app.addHook("onRequest", async (request) => {
    const path = canonicalPath(request.url);
    if (path === null) throw badRequest(NON_CANONICAL_PATH_MESSAGE);
    request.canonicalPath = path;
  });
}
