import { PROOF_STATUS_LABELS, type ProofStatus } from "@rifazo/shared/constants";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

const VARIANTS: Record<ProofStatus, BadgeVariant> = {
  pending: "warning",
  approved: "success",
  verified: "success",
  rejected: "danger",
};

/** En Revisión / Aprobado / Rechazado (verified reads as approved, spec 2 §4). */
export function ProofStatusBadge({ status }: { status: ProofStatus }) {
  return <Badge variant={VARIANTS[status] ?? "neutral"}>{PROOF_STATUS_LABELS[status] ?? status}</Badge>;
}
