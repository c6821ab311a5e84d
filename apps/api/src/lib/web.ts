import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";

const here = path.dirname(fileURLToPath(import.meta.url));

/** The built web app's folder, from the source tree or from the bundled server. */
export function findWebDist(config: Config): string | undefined {
  const candidates = [
    config.webDist,
    path.resolve(here, "../../../web/dist"),
    path.resolve(here, "../../web/dist"),
  ].filter((c): c is string => Boolean(c));
  return candidates.find((c) => existsSync(path.join(c, "index.html")));
}

/** Serves the SPA: hashed assets cached for a year, index.html for every client-side route. */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  const root = findWebDist(config);
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (an old tab after a deploy) must be a 404, not index.html with status 200.
    const notPage = request.url.startsWith("/api/") || request.url.startsWith("/assets/");
    if (notPage || !root || (request.method !== "GET" && request.method !== "HEAD")) {
      return reply
        .status(404)
        .send({ error: { code: "NOT_FOUND", message: "El recurso solicitado no existe." } });
    }
    reply.header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(indexHtml);
  });
  if (!root) {
    app.log.warn("No se encontró apps/web/dist: ejecuta `npm run build` para servir el sitio.");
    return;
  }
  const indexHtml = readFileSync(path.join(root, "index.html"));
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as they are.
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.endsWith(".html")) {
        res.header("cache-control", "no-cache");
      } else if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        res.header("cache-control", "public, max-age=3600");
      }
    },
  });
  app.get("/", { schema: { hide: true } }, (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return reply.type("text/html; charset=utf-8").send(indexHtml);
  });
}
