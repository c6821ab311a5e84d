import { ADMIN_MESSAGES, type ErrorCodeWithStatus, isUuid } from "@rifazo/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { notFound } from "../../lib/errors";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "../auth/session";

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

/** A malformed id names nothing: the same 404 as an unknown one, never a database cast error. */
export function assertUuid(
  id: string,
  message: string = ADMIN_MESSAGES.invalidId,
  code: ErrorCodeWithStatus<404> = "NOT_FOUND",
): void {
  if (!isUuid(id)) throw notFound(code, message);
}

export type RaffleChange =
  | "created"
  | "updated"
  | "deleted"
  | "tickets_generated"
  | "sale"
  | "sale_reverted"
  | "winners";

/** Every raffle change reaches open pages (admin list, public cards) once the transaction commits. */
export async function publishRaffle(
  ctx: Pick<AppContext, "events">,
  exec: Executor,
  id: string,
  change: RaffleChange,
): Promise<void> {
  await ctx.events.publish(exec, { topic: "raffle", payload: { type: "raffle.updated", id, change } });
}

export const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);

/** Offset of a 1-based page. */
export const offsetOf = (page: number, size: number): number => (page - 1) * size;
