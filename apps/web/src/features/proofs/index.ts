export { myProofsQuery, purchaseAllowanceQuery } from "./api/proofs-api";
export {
  myReservationsQuery,
  raffleQuoteQuery,
  reservationKeys,
  reservationQuery,
} from "./api/reservations-api";
export { prefetchCheckout } from "./checkout-prefetch";
export { ProofUploadForm } from "./components/lazy-proof-upload-form";
export { PaymentInstructions } from "./components/payment-instructions";
export { PaymentsList } from "./components/payments-list";
export { PriceSummary } from "./components/price-summary";
export type { FixedPrice, PaymentOption } from "./components/proof-upload-form";
export { RaffleQuoteNotice } from "./components/raffle-quote-notice";
export { ReservationCheckout } from "./components/reservation-checkout";
export { newIdempotencyKey } from "./idempotency-key";
export { ticketsLabel } from "./payments";
export {
  GENERAL_RAFFLE_ID,
  PROOF_ACCEPT,
  PROOF_FORM_TEXT,
  readProofPrefill,
  validateProofFile,
} from "./proof-form";
