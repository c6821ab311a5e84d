// refunds' entry (decision 0026): a cancellation's refunds, the buyer's refunds and the queries others read.

export { refundUnpaidAbonos } from "./abonos";
export { type RefundRow, refundStatusesOf, refundsOfProofs } from "./repository";
export { refundRoutes } from "./routes";
export { buyerRefundsOf, cancelPurchases, notifyExtension } from "./service";
