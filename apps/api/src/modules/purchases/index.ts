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
  abonoBalanceOf,
  abonoBalanceText,
  abonosOf,
  amountFor,
  approveReservation,
  assertAbonoPayment,
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
  lockAbonoForPayment,
  markSubmitted,
  otherPaymentsOf,
  type PurchaseRaffleRow,
  purchaseRaffle,
  quoteOf,
  type ReservationRow,
  refuseTakenEarly,
  rejectReservation,
  rejectSellerReservation,
  releaseHold,
  scheduleReservationExpiry,
} from "./service";
