import { ADMIN_MESSAGES, type ErrorCodeWithStatus, isUuid } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { notFound } from "../../lib/errors";

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
