import { zodResolver } from "@hookform/resolvers/zod";
import { PRIZE_MESSAGES, type PrizeClaimInput, prizeClaimInputSchema } from "@rifazo/shared/schemas/prizes";
import type { FieldErrors, Resolver } from "react-hook-form";
import type { PrizeClaimFields } from "./api";

// The claim form's check (docs/decisions/0035-prizes-on-the-record.md): the shared input schema and its
// Spanish messages, plus what the multipart adds: the photo of the cédula, and the account to pay when the
// prize is money (the API refuses a cash claim without it, with the same message).

export interface ClaimFormValues {
  contactPhone: string;
  payoutDetails: string;
  note: string;
  file: File | null;
}

export const EMPTY_CLAIM: ClaimFormValues = { contactPhone: "", payoutDetails: "", note: "", file: null };

type ParsedClaim = Omit<PrizeClaimFields, "file">;

const fieldsResolver = zodResolver<PrizeClaimInput, unknown, ParsedClaim>(prizeClaimInputSchema);

export function claimResolver(cash: boolean): Resolver<ClaimFormValues, unknown, PrizeClaimFields> {
  return async (values, context, options) => {
    const { file, ...fields } = values;
    const parsed = await fieldsResolver(fields, context, options as never);
    const errors: FieldErrors<ClaimFormValues> = { ...(parsed.errors as FieldErrors<ClaimFormValues>) };
    if (!file) errors.file = { type: "required", message: PRIZE_MESSAGES.evidenceRequired };
    if (cash && !errors.payoutDetails && !fields.payoutDetails.trim())
      errors.payoutDetails = { type: "required", message: PRIZE_MESSAGES.payoutRequired };
    if (!file || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: { ...(parsed.values as ParsedClaim), file }, errors: {} };
  };
}
