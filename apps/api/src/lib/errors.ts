import { type ErrorCode, messageFor } from "@rifazo/shared";

/** A failure the client caused or may act on: mapped by the one error handler to status and Spanish text. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | string,
    message?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message ?? messageFor(code));
    this.name = "AppError";
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, "VALIDATION", message, fields);
export const unauthenticated = (message?: string) => new AppError(401, "UNAUTHENTICATED", message);
export const forbidden = (code: ErrorCode = "FORBIDDEN", message?: string) =>
  new AppError(403, code, message);
export const notFound = (code: ErrorCode = "NOT_FOUND", message?: string) => new AppError(404, code, message);
export const conflict = (message: string, code = "CONFLICT") => new AppError(409, code, message);
export const tooMany = (message?: string) => new AppError(429, "RATE_LIMITED", message);
