export { fetchPendingCount, pendingCountKey, usePendingCount, useProofEvents } from "./pending-count";
export { PendingCountBadge } from "./pending-count-badge";
