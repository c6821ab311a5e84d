// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).

export { earnCommission, reverseCommissions } from "./commissions";
export { adminSellerRoutes, sellerRoutes } from "./routes";
export { activeSellerOf } from "./service";
