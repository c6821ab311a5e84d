import { ADMIN_AUDIT_PAGE_SIZE } from "@rifazo/shared";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { auditLog, users } from "../../../db/schema";
import { offsetOf } from "../common";

/** Newest first. The table is append-only (a trigger refuses UPDATE and DELETE): there is no edit endpoint. */
export async function listAudit(
  db: Executor,
  query: { entity?: string | undefined; actorId?: string | undefined; page: number },
) {
  const size = ADMIN_AUDIT_PAGE_SIZE;
  const where = and(
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorName: users.name,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        ipAddress: auditLog.ipAddress,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(size)
      .offset(offsetOf(query.page, size)),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((row) => ({ ...row, id: Number(row.id), createdAt: row.createdAt.toISOString() })),
    total: Number(totals[0]?.n ?? 0),
    page: query.page,
    pageSize: size,
  };
}
