export { PurchaseStateBadge as ProofStatusBadge } from "../../../components/purchase/purchase-state-badge";
