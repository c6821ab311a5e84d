export { purchaseAllowanceQuery } from "./api/proofs-api";
export { PaymentsList } from "./components/payments-list";
export type { FixedPrice } from "./components/proof-upload-form";
export { ProofUploadForm } from "./components/proof-upload-form";
export { newIdempotencyKey } from "./idempotency-key";
export { ticketsLabel } from "./payments";
export { GENERAL_RAFFLE_ID, PROOF_MESSAGES, readProofPrefill } from "./proof-form";
