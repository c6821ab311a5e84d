import { AdminDashboard } from "../../features/admin";

/** /admin (spec 2 §2): the panel's tabs; `?tab=` picks one (raffles by default). */
export function AdminDashboardPage() {
  return <AdminDashboard />;
}
