// Administrator area (spec 2): the raffle form, gallery, payment proofs, users, external winners,
// exports, statistics and the audit log. The web form and the API validate with the same schemas.
// One module per part under ./admin/; this file keeps the public names in one import path.

export { adminOkSchema, adminPageSchema } from "./admin/common";
export * from "./admin/draws";
export * from "./admin/external-winners";
export * from "./admin/gallery";
export * from "./admin/holds";
export * from "./admin/messages";
export * from "./admin/proofs";
export * from "./admin/raffle-form";
export {
  normalizePaymentMethods,
  parseFormDate,
  RAFFLE_FORM_LABELS,
  RAFFLE_FORM_LIMITS,
  type RaffleForm,
  type RaffleFormField,
  type RaffleFormInput,
  type RaffleFormPrizeLevel,
  raffleFormInputSchema,
} from "./admin/raffle-form-fields";
export * from "./admin/raffle-statement";
export * from "./admin/raffles";
export * from "./admin/reconciliation";
export * from "./admin/refunds";
export * from "./admin/reports";
export * from "./admin/today";
export * from "./admin/users";
