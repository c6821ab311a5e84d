import { AdminRaffleDetail } from "../../features/admin";

/** /admin/rifas/{id} (spec 2 §2): read-only raffle view. */
export function AdminRaffleDetailPage() {
  return <AdminRaffleDetail />;
}
