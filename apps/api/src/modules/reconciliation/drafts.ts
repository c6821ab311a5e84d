import { isUuid, STATEMENT_DRAFT_DAYS } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/errors";
import { recordActorAudit, recordAudit } from "../audit";
import type { Actor } from "./approval";
import * as repo from "./repository";
import { statementNotFound } from "./statements";

export { STATEMENT_DRAFT_DAYS };

const DRAFT_SWEEP_INTERVAL_MS = 60 * 60_000;

/** Removes stored files after the rows that named them are gone; a failure leaves a file, never a row. */
async function deleteFiles(ctx: Pick<AppContext, "storage" | "log">, keys: string[]): Promise<void> {
  for (const key of keys) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.warn(
        { err: error, key },
        "conciliación: no se pudo borrar el archivo de un extracto descartado",
      );
    });
  }
}

/**
 * The organiser discards an upload they will not import (a wrong file, a second try): only a draft; an
 * imported statement is the record of what was reconciled and stays.
 */
export async function discardStatement(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw statementNotFound();
  const key = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockStatement(tx, id);
    if (!locked) throw statementNotFound();
    if (locked.status !== "draft") throw new AppError("STATEMENT_IMPORTED");
    const deleted = await repo.deleteDraftStatement(tx, id);
    await recordActorAudit(tx, actor, {
      action: "statement.discard",
      entity: "bank_statement",
      entityId: id,
      before: { status: locked.status, filename: locked.filename },
      after: null,
    });
    return deleted;
  });
  if (key) await deleteFiles(ctx, [key]);
}

/** Discards drafts older than STATEMENT_DRAFT_DAYS, so abandoned uploads do not pile up. */
export async function sweepDraftStatements(
  ctx: Pick<AppContext, "db" | "storage" | "log">,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - STATEMENT_DRAFT_DAYS * 86_400_000);
  const removed = await ctx.db.transaction(async (tx) => {
    const rows = await repo.deleteDraftsBefore(tx, before);
    for (const row of rows) {
      await recordAudit(tx, {
        actorId: null,
        action: "statement.discard",
        entity: "bank_statement",
        entityId: row.id,
        before: { status: "draft", filename: row.filename },
        after: { reason: `Sin importar después de ${STATEMENT_DRAFT_DAYS} días` },
      });
    }
    return rows;
  });
  await deleteFiles(
    ctx,
    removed.map((row) => row.key),
  );
  return removed.length;
}

/** The "draft-statements" job (decision 0027): the draft clean-up once the app is ready and then hourly. */
export function scheduleDraftStatementSweep(app: FastifyInstance): void {
  app.ctx.jobs.add({
    name: "draft-statements",
    intervalMs: DRAFT_SWEEP_INTERVAL_MS,
    run: async ({ now }) => {
      const removed = await sweepDraftStatements(app.ctx, now);
      if (removed > 0) app.log.info({ removed }, "conciliación: extractos sin importar descartados");
    },
  });
}
