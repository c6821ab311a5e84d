import { AdminSellerDetail } from "../../features/admin";

/** /admin/vendedores/{id}: one vendedor and the raffles they may sell (docs/decisions/0034-vendedores.md). */
export function AdminSellerDetailPage() {
  return <AdminSellerDetail />;
}
