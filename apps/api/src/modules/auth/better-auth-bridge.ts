import { ERROR_MESSAGES, type ErrorCode } from "@rifazo/shared";
import type { FastifyReply } from "fastify";

/** Better Auth's English error codes, mapped to ours (and so to the spec's Spanish messages). */
const CODE_MAP: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "INVALID_CREDENTIALS",
  INVALID_PASSWORD: "INVALID_PASSWORD",
  EMAIL_NOT_VERIFIED: "EMAIL_NOT_VERIFIED",
  USER_ALREADY_EXISTS: "USER_ALREADY_EXISTS",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "USER_ALREADY_EXISTS",
  PASSWORD_TOO_SHORT: "PASSWORD_TOO_SHORT",
  PASSWORD_TOO_LONG: "WEAK_PASSWORD",
  INVALID_EMAIL: "INVALID_EMAIL",
  FAILED_TO_CREATE_USER: "SIGN_UP_SAVE_FAILED",
  INVALID_TOKEN: "INVALID_TOKEN",
  TOKEN_EXPIRED: "INVALID_TOKEN",
  SESSION_EXPIRED: "UNAUTHENTICATED",
  UNAUTHORIZED: "UNAUTHENTICATED",
  FAILED_TO_GET_SESSION: "SESSION_NOT_FOUND",
  ACCOUNT_SUSPENDED: "ACCOUNT_SUSPENDED",
  INVALID_CODE: "INVALID_TWO_FACTOR_CODE",
  INVALID_TWO_FACTOR_COOKIE: "SESSION_NOT_FOUND",
  INVALID_BACKUP_CODE: "INVALID_TWO_FACTOR_CODE",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "RATE_LIMITED",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
};

export interface MappedError {
  status: number;
  code: ErrorCode;
  message: string;
}

export function mapAuthError(status: number, body: unknown): MappedError {
  const raw = (body ?? {}) as { code?: string; message?: string };
  if (status === 429) return { status, code: "RATE_LIMITED", message: ERROR_MESSAGES.RATE_LIMITED };
  // Our own password rule answers with its specific Spanish reason (password-policy.ts).
  if (raw.code === "WEAK_PASSWORD" && raw.message)
    return { status, code: "WEAK_PASSWORD", message: raw.message };
  const candidate = raw.code ?? raw.message ?? "";
  const code = CODE_MAP[candidate] ?? CODE_MAP[String(raw.message ?? "")];
  if (code) return { status, code, message: ERROR_MESSAGES[code] };
  if (status >= 500) return { status, code: "INTERNAL", message: ERROR_MESSAGES.INTERNAL };
  if (status === 401) return { status, code: "UNAUTHENTICATED", message: ERROR_MESSAGES.UNAUTHENTICATED };
  if (status === 403) return { status, code: "FORBIDDEN", message: ERROR_MESSAGES.FORBIDDEN };
  return { status, code: "VALIDATION", message: ERROR_MESSAGES.VALIDATION };
}

/** Copies status, cookies and safe headers of a Better Auth Response onto the Fastify reply. */
export function copyResponseHeaders(response: Response, reply: FastifyReply): void {
  for (const cookie of response.headers.getSetCookie()) reply.header("set-cookie", cookie);
  const location = response.headers.get("location");
  if (location) reply.header("location", location);
  for (const name of ["retry-after", "x-retry-after", "cache-control"]) {
    const value = response.headers.get(name);
    if (value) reply.header(name, value);
  }
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Forward a Better Auth Response as-is when it succeeded, or as our `{ error }` shape when it did not. */
export async function forwardAuthResponse(response: Response, reply: FastifyReply): Promise<FastifyReply> {
  copyResponseHeaders(response, reply);
  reply.status(response.status);
  if (response.status >= 300 && response.status < 400) return reply.send();
  const body = await readJson(response);
  if (response.status >= 400) {
    const mapped = mapAuthError(response.status, body);
    return reply.send({ error: { code: mapped.code, message: mapped.message } });
  }
  const type = response.headers.get("content-type");
  if (type) reply.header("content-type", type);
  return reply.send(body === null ? "" : JSON.stringify(body));
}
