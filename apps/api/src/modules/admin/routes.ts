import type { FastifyInstance } from "fastify";
import { adminReconciliationRoutes } from "../reconciliation";
import { adminAuditRoutes } from "./audit/routes";
import { adminDrawRoutes } from "./draws/routes";
import { adminExportRoutes } from "./exports/routes";
import { adminGalleryRoutes } from "./gallery/routes";
import { adminHoldRoutes } from "./holds/routes";
import { adminProofRoutes } from "./proofs/routes";
import { approveInTransaction, HeldByOthers } from "./proofs/service";
import { adminRaffleRoutes } from "./raffles/routes";
import { resumePendingPools, stopTicketPools } from "./raffles/ticket-pool";
import { adminStatementRoutes } from "./statement/routes";
import { adminStatsRoutes } from "./stats/routes";
import { adminTodayRoutes } from "./today/routes";
import { adminUserRoutes } from "./users/routes";
import { adminWinnerRoutes } from "./winners/routes";

/** Every /api/admin endpoint (spec 2). Each area guards its own routes with requireAdmin. */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  await app.register(adminRaffleRoutes);
  await app.register(adminProofRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminWinnerRoutes);
  await app.register(adminDrawRoutes);
  await app.register(adminGalleryRoutes);
  await app.register(adminExportRoutes);
  await app.register(adminStatementRoutes);
  await app.register(adminStatsRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminTodayRoutes);
  // Reconciliation approves with the inbox's approval; it is below admin, so admin hands it in (decision 0026).
  await app.register(adminReconciliationRoutes, {
    approval: { approve: approveInTransaction, isHeldByOthers: (error) => error instanceof HeldByOthers },
  });
  await app.register(adminHoldRoutes);

  app.addHook("onReady", async () => {
    // A crash between a raffle's commit and its pool job leaves tickets_generated false: finish those now.
    const pending = await resumePendingPools(app.ctx).catch((error: unknown) => {
      app.log.error({ err: error }, "boletos: no se pudieron reanudar los lotes pendientes");
      return 0;
    });
    if (pending > 0) app.log.info({ pending }, "boletos: reanudando la generación de lotes pendientes");
  });
  app.addHook("onClose", async () => {
    await stopTicketPools(app.ctx);
  });
}
