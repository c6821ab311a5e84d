// The /admin* chunk: loaded only when someone opens the admin area.
export { AdminGuard } from "../../features/auth";
export { AdminDashboardPage } from "./admin-dashboard-page";
export { AdminRaffleDetailPage } from "./admin-raffle-detail-page";
export { AdminSellerDetailPage } from "./admin-seller-detail-page";
