import { ADMIN_MESSAGES, type ErrorCodeWithStatus, isUuid } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { notFound } from "../../lib/errors";
import { ADMIN_TAGS, adminErrors, adminRoute, errorSchema } from "../auth";

export { iso } from "../../lib/iso";
// The route helpers of admin endpoints are auth's (modules/auth/admin-route.ts), so the modules below
// admin that have admin endpoints (draws, refunds, reconciliation, analytics) can use them (decision 0026).
export {
  type Actor,
  ADMIN_TAGS,
  actorOf,
  adminErrors,
  adminRoute,
  errorSchema,
  idParams,
} from "../auth";

/** The OpenAPI security of every admin route: the session cookie. */
export const ADMIN_SECURITY = [{ session: [] }];

/** What an action on one row answers besides success: bad input, no such row, a state that refuses it, 401/403. */
export const adminActionErrors = {
  400: errorSchema,
  404: errorSchema,
  409: errorSchema,
  ...adminErrors,
} as const;

/** What registering admin routes starts from: the typed router, the guard's options, the tags and security. */
export function adminRouter(app: FastifyInstance) {
  return {
    r: app.withTypeProvider<ZodTypeProvider>(),
    guarded: adminRoute(app),
    tags: ADMIN_TAGS,
    security: ADMIN_SECURITY,
  };
}

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

/** Offset of a 1-based page. */
export const offsetOf = (page: number, size: number): number => (page - 1) * size;
