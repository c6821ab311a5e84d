// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { movementOfProof } from "./repository";
export { adminReconciliationRoutes } from "./routes";
export { scheduleDraftStatementSweep } from "./service";
