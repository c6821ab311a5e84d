import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";

/** Public data changes whenever an admin edits it, so browsers revalidate every time (cheap with a 304). */
export const PUBLIC_REVALIDATE = "public, max-age=0, must-revalidate";

/**
 * Weak ETag of the response body. Weak because compression changes the bytes on the wire but not the
 * meaning; the hash is over the JSON the handler returns (the route's schema only drops unknown keys).
 */
export function weakEtag(body: unknown): string {
  const hash = createHash("sha256").update(JSON.stringify(body)).digest("base64url").slice(0, 27);
  return `W/"${hash}"`;
}

/**
 * The values an Accept-style header (Accept, Accept-Encoding) accepts, lower-cased, without their
 * parameters; one with q=0 is refused and left out.
 */
export function acceptedValues(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name?.trim() && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return accepted;
}

/** If-None-Match may list several tags and may carry them strong or weak; '*' matches anything. */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  const values = (Array.isArray(header) ? header.join(",") : header).split(",").map((v) => v.trim());
  return values.some((value) => value === "*" || value.replace(/^W\//, "") === bare);
}

/**
 * Sets the revalidation headers on a public GET and answers 304 without a body when the browser already
 * has this version (slow mobile networks save the whole download). Use as `return sendCached(...)`.
 */
export function sendCached<T>(request: FastifyRequest, reply: FastifyReply, body: T): T | FastifyReply {
  const etag = weakEtag(body);
  reply.header("cache-control", PUBLIC_REVALIDATE).header("etag", etag);
  if (etagMatches(request.headers["if-none-match"], etag)) return reply.code(304).send();
  return body;
}

/** Same headers and 304 as sendCached, for an answer the catalogue cache already serialized. */
export function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { json: string; etag: string },
): FastifyReply {
  reply.header("cache-control", PUBLIC_REVALIDATE).header("etag", answer.etag);
  if (etagMatches(request.headers["if-none-match"], answer.etag)) return reply.code(304).send();
  // A string with a JSON content type is sent as it is: it was serialized with the route's schema.
  return reply.type("application/json; charset=utf-8").send(answer.json);
}
