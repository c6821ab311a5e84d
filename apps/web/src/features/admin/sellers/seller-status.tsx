import { SELLER_STATUS_LABELS, type SellerStatus } from "@rifazo/shared/schemas/sellers";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

const VARIANTS: Record<SellerStatus, BadgeVariant> = {
  invited: "info",
  active: "success",
  suspended: "danger",
};

export function SellerStatusBadge({ status }: { status: SellerStatus }) {
  return <Badge variant={VARIANTS[status]}>{SELLER_STATUS_LABELS[status]}</Badge>;
}
