import type { ErrorCode } from "@rifazo/shared/errors";
import { PAGE_ERROR_MESSAGES, type PageErrorCode } from "@rifazo/shared/page-errors";

/** Every failed API call surfaces as one of these; `message` is already Spanish and fit to show. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  /** The server's code (the shared catalogue's, or a newer server's), else the generic one of the status. */
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** The code exactly as the server sent it, even one this build does not know yet. */
  readonly serverCode: string | undefined;
  /** Structured extras of some answers (409 NUMBERS_TAKEN: `taken`; RESERVATION_ACTIVE: `reservationId`). */
  readonly details: Record<string, unknown> | undefined;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    extra: { serverCode?: string; details?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.serverCode = extra.serverCode;
    this.details = extra.details;
  }

  get isNetwork(): boolean {
    return this.code === "NETWORK";
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function networkError(): ApiError {
  return new ApiError(0, "NETWORK", PAGE_ERROR_MESSAGES.NETWORK);
}

function codeForStatus(status: number): PageErrorCode {
  if (status === 400 || status === 422) return "VALIDATION";
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 409) return "CONFLICT";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 429) return "RATE_LIMITED";
  if (status === 503) return "SERVICE_UNAVAILABLE";
  return "INTERNAL";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A code as the API spells them (the shared catalogue's, @rifazo/shared/errors). */
const CODE = /^[A-Z][A-Z0-9_]*$/;

/**
 * Builds the error from the server's `{ error: { code, message, fields } }` body. Anything else (an
 * HTML error page from a proxy, an empty body, a code in another shape) falls back to the generic code
 * and message of the status. The server words every answer of its own: the page's code carries only the
 * generic messages, not the catalogue's hundreds (@rifazo/shared/page-errors).
 */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const generic = codeForStatus(status);
  // A code this build has not heard of yet (a newer server) is kept: it matches none of the pages' checks.
  const code = typeof error?.code === "string" && CODE.test(error.code) ? (error.code as ErrorCode) : generic;
  const message =
    typeof error?.message === "string" && error.message ? error.message : PAGE_ERROR_MESSAGES[generic];
  let fields: Record<string, string> | undefined;
  if (isRecord(error?.fields)) {
    fields = {};
    for (const [key, value] of Object.entries(error.fields)) {
      if (typeof value === "string") fields[key] = value;
    }
  }
  return new ApiError(status, code, message, fields, {
    serverCode: typeof error?.code === "string" ? error.code : undefined,
    details: isRecord(error?.details) ? error.details : undefined,
  });
}

/** 409 NUMBERS_TAKEN: the formatted numbers someone else got first, or null for any other error. */
export function takenNumbersOf(error: unknown): string[] | null {
  if (!isApiError(error) || error.serverCode !== "NUMBERS_TAKEN") return null;
  const taken = error.details?.taken;
  return Array.isArray(taken) ? taken.filter((n): n is string => typeof n === "string") : [];
}

/** Network failures and server errors are worth retrying; client errors (4xx) are answers. */
export function isRetryableError(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.isNetwork || error.status >= 500;
}

/** The message to show for any thrown value. */
export function errorMessage(error: unknown, fallback: string = PAGE_ERROR_MESSAGES.INTERNAL): string {
  if (isApiError(error)) return error.message;
  return fallback;
}
