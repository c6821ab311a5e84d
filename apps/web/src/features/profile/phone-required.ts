import { type ApiError, isApiError } from "../../lib/api-client";

/** The purchase was refused because the account has no mobile (422 PHONE_REQUIRED). */
export function isPhoneRequired(error: unknown): error is ApiError {
  return isApiError(error) && error.code === "PHONE_REQUIRED";
}
