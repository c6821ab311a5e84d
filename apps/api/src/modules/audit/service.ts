import type { Executor } from "../../db/client";
import { auditLog } from "../../db/schema";

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
}

/** Writes one audit record with the caller's transaction, so the record exists iff the change does. */
export async function recordAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ipAddress: entry.ipAddress ?? null,
  });
}

/** Who made a change: the signed-in person (auth's Actor) with the address Fastify trusts, or the server's own job (both null). */
export interface AuditActor {
  id: string | null;
  ip: string | null;
}

/** recordAudit of a change `actor` made: their id and address go with the entry. */
export function recordActorAudit(
  tx: Executor,
  actor: AuditActor,
  entry: Omit<AuditEntry, "actorId" | "ipAddress">,
): Promise<void> {
  return recordAudit(tx, { ...entry, actorId: actor.id, ipAddress: actor.ip });
}

/** recordAudit of an action on a raffle by `actor`: what it was before and after. */
export function recordRaffleAudit(
  tx: Executor,
  actor: AuditActor,
  action: string,
  raffleId: string,
  change: { before?: unknown; after?: unknown },
): Promise<void> {
  return recordActorAudit(tx, actor, {
    action,
    entity: "raffle",
    entityId: raffleId,
    before: change.before,
    after: change.after,
  });
}
