// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).

export { SALE_KEY_PURPOSE } from "./area";
export { commissionBalances, earnCommission, postCashSale, reverseSellerPostings } from "./commissions";
export { linkTickets } from "./repository";
export { adminSellerRoutes, sellerRoutes } from "./routes";
export { assertCashRoom, sellerForSale } from "./sale-rules";
export { activeSellerOf } from "./service";
