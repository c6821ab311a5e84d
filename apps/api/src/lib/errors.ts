import {
  ADMIN_MESSAGES,
  ERROR_CATALOGUE,
  type ErrorCode,
  type ErrorCodeWithStatus,
  statusFor,
} from "@rifazo/shared";

/**
 * A failure the client caused or may act on, by code: the status and the default Spanish message come from
 * the shared catalogue, so the one error handler answers every code the same way. `status` is given only
 * when relaying another component's answer as it was (Better Auth's, Fastify's own 4xx).
 */
export class AppError extends Error {
  readonly status: number;
  /** Seconds a refused client should wait, sent as Retry-After (limits). */
  retryAfter?: number;
  /** Machine-readable facts of the refusal (the numbers just taken, the reservation already held). */
  details?: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    status?: number,
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.name = "AppError";
    this.status = status ?? statusFor(code);
  }
}

/** The `{ error: { code, message, fields? } }` body every failure is answered with. */
export function errorBody(
  code: ErrorCode,
  message: string = ERROR_CATALOGUE[code].message,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
) {
  return { error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) } };
}

/** An AppError carrying `details` (409 NUMBERS_TAKEN with the taken numbers, and the like). */
export function withDetails(error: AppError, details: Record<string, unknown>): AppError {
  error.details = details;
  return error;
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError("VALIDATION", message, fields);
export const unauthenticated = (message?: string) => new AppError("UNAUTHENTICATED", message);
export const forbidden = (code: ErrorCodeWithStatus<403> = "FORBIDDEN", message?: string) =>
  new AppError(code, message);
export const notFound = (code: ErrorCodeWithStatus<404> = "NOT_FOUND", message?: string) =>
  new AppError(code, message);
export const conflict = (message: string, code: ErrorCodeWithStatus<409> = "CONFLICT") =>
  new AppError(code, message);
/** 429; `retryAfterSeconds` becomes the Retry-After header (the one error handler writes it). */
export function tooMany(message?: string, retryAfterSeconds?: number): AppError {
  const error = new AppError("RATE_LIMITED", message);
  if (retryAfterSeconds !== undefined) error.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/**
 * The database's lifecycle guards (migration 0007) raise SQLSTATE RZ001 (the raffle's list is frozen) and
 * RZ002 (a proof for a raffle not on sale). Drivers and drizzle wrap the error, so the cause chain is walked.
 * The answer is a Spanish 409, whichever path (a service, a bug, a race) reached the guard.
 */
export function lifecycleRefusal(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    // Migration 0035's cash-prize lock shares the code; its message says which rule refused.
    if (code === "RZ001" && /cash prizes cannot change/.test(String((current as Error).message)))
      return new AppError("RAFFLE_LOCKED", ADMIN_MESSAGES.cashPrizeLocked);
    // Migration 0036: instant prizes are fixed from the first sale or proof in review (decision 0035).
    if (code === "RZ001" && /instant prizes cannot change/.test(String((current as Error).message)))
      return new AppError("RAFFLE_LOCKED", ADMIN_MESSAGES.instantPrizesLocked);
    if (code === "RZ001") return new AppError("RAFFLE_FROZEN");
    if (code === "RZ002") return new AppError("SALES_CLOSED");
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
