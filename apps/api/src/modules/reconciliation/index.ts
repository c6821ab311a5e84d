// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).

export { scheduleDraftStatementSweep } from "./drafts";
export { movementOfProof } from "./repository";
export { adminReconciliationRoutes } from "./routes";
