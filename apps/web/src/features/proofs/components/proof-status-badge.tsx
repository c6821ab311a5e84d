import { Badge } from "../../../components/ui/badge";
import { proofStatusLabel, proofStatusTone } from "../payments";

export function ProofStatusBadge({ status }: { status: string }) {
  return <Badge variant={proofStatusTone(status)}>{proofStatusLabel(status)}</Badge>;
}
