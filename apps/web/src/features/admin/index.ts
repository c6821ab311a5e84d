export { AdminDashboard } from "./dashboard/admin-dashboard";
export { AdminRaffleDetail } from "./raffles/admin-raffle-detail";
export { AdminSellerDetail } from "./sellers/seller-detail";
