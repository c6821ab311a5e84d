// refunds' entry for the queries other modules read (decision 0026). Its services are still reached by
// file (entryPending in apps/api/module-graph.cjs): through here they would close a file cycle with lifecycle.
export { type RefundRow, refundStatusesOf, refundsOfProofs } from "./repository";
