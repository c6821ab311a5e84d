import { badRequest } from "./errors";

/** Same rule as the `idempotencyKey` body fields of the shared schemas. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,100}$/;

/** The `Idempotency-Key` header (the body field wins when both are sent); a malformed key is a 400. */
export function headerIdempotencyKey(
  value: string | string[] | undefined,
  message: string,
): string | undefined {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(raw)) throw badRequest(message, { idempotencyKey: message });
  return raw;
}
