// Route helpers of every admin endpoint: the admin guard and who acted, for audit records. Here, beside the
// guards, because modules below admin (draws, refunds, reconciliation, analytics) have admin endpoints too
// (decision 0026).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "./session";

export const ADMIN_TAGS = ["administración"];

/** Who did it, for audit records: the signed-in administrator and the client address Fastify trusts. */
export interface Actor {
  id: string;
  ip: string | null;
}

export function actorOf(request: FastifyRequest): Actor {
  return { id: sessionUserOf(request).id, ip: request.ip ?? null };
}

/** 401 visitor, 403 user (ADMIN_ONLY); every admin route documents both. */
export const adminErrors = { 401: errorSchema, 403: errorSchema } as const;
export { errorSchema };

/**
 * Route options shared by every admin endpoint: the guard runs onRequest, so visitors and users are
 * turned away before their body (JSON or a multipart upload) is even read.
 */
export function adminRoute(app: FastifyInstance) {
  return { onRequest: guards(app).admin };
}

export const idParams = z.object({ id: z.string().describe("Identificador (UUID).") });
