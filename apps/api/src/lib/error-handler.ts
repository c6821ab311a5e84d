import { ERROR_MESSAGES } from "@rifazo/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { AppError, errorBody, lifecycleRefusal } from "./errors";

const DB_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "57P01",
  "57P02",
  "57P03",
  "08006",
  "08001",
  "08003",
]);

const DB_UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|not queryable/i;

/**
 * True when the database could not be reached (refused, dropped, pool timeout, server restarting). Libraries
 * wrap the driver's error (drizzle's DrizzleQueryError, Better Auth's APIError around that), so the whole
 * `cause` chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && DB_UNAVAILABLE.has(code)) return true;
    if (DB_UNAVAILABLE_MESSAGE.test(String(message))) return true;
    current = cause;
  }
  return false;
}

/** The one place that turns failures into `{ error: { code, message } }` with Spanish text. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An upload refused part-way (413) leaves the rest of its body unread: that connection cannot carry
    // another request, so it is closed once the answer is sent instead of hanging open.
    if ((error as { status?: unknown }).status === 413 || error.statusCode === 413) {
      reply.header("connection", "close");
    }
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header("retry-after", String(error.retryAfter));
      return reply
        .status(error.status)
        .send(errorBody(error.code, error.message, error.fields, error.details));
    }
    const refusal = lifecycleRefusal(error);
    if (refusal) {
      request.log.warn({ err: error }, "la base de datos rechazó un cambio de una rifa fuera de su estado");
      return reply.status(refusal.status).send(errorBody(refusal.code, refusal.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "_";
        fields[key] ??= issue.message ?? ERROR_MESSAGES.VALIDATION;
      }
      const first = Object.values(fields)[0] ?? ERROR_MESSAGES.VALIDATION;
      return reply.status(400).send(errorBody("VALIDATION", first, fields));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "respuesta que no cumple su esquema");
      return reply.status(500).send(errorBody("INTERNAL"));
    }
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply.status(413).send(errorBody("PAYLOAD_TOO_LARGE"));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(errorBody("RATE_LIMITED"));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, "base de datos no disponible");
      reply.header("retry-after", "5");
      return reply.status(503).send(errorBody("SERVICE_UNAVAILABLE"));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own 4xx (bad JSON, wrong content type, ...): a Spanish message, never the English one.
      const message =
        error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Tipo de contenido no admitido."
          : error.code?.startsWith("FST_ERR_CTP") || error instanceof SyntaxError
            ? "El cuerpo de la solicitud no es válido."
            : ERROR_MESSAGES.VALIDATION;
      return reply.status(error.statusCode).send(errorBody("VALIDATION", message));
    }
    request.log.error({ err: error }, "error inesperado");
    return reply.status(500).send(errorBody("INTERNAL"));
  });
}
