// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).

export { scheduleAvifVariants } from "./gallery/avif-variants";
export { scheduleImageVariantBackfill } from "./gallery/variant-backfill";
export { creditClaimedPurchase } from "./proofs/claim-points";
export { approveInTransaction } from "./proofs/service";
export { adminRoutes } from "./routes";
