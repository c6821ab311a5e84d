// purchases' entry (decision 0026): the sale's services and the queries other modules read.
export { expireProofs, pendingProofsOf } from "./pending-proofs";
export {
  assertPendingProofsLimit,
  assertPurchaseLimits,
  isPurchaseLimitError,
  lockBuyer,
  purchaseAllowance,
} from "./purchase-limits";
export { purchaseRulesLocked, releaseDue } from "./repository";
export { purchaseRoutes } from "./routes";
export { saleColumns } from "./sale-columns";
export {
  amountFor,
  approveReservation,
  assertBuyerPhone,
  assertConvertible,
  assertMethodAccepted,
  assertSalesOpen,
  buyerOf,
  cancelReservationOf,
  expectedPayment,
  findReservation,
  holdForSellerSale,
  holdInTransaction,
  holdsOfRaffle,
  markSubmitted,
  type PurchaseRaffleRow,
  purchaseRaffle,
  quoteOf,
  type ReservationRow,
  rejectReservation,
  releaseHold,
  scheduleReservationExpiry,
} from "./service";
