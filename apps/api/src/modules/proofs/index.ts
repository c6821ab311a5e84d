// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { heldNumbersSql } from "./held-numbers";
export { normalizeStoredPaymentReferences } from "./normalize-references";
export { scheduleOrphanSweep } from "./orphan-sweep";
export { normalizeStoredReferenceKeys } from "./reference-keys";
export { proofRoutes } from "./routes";
