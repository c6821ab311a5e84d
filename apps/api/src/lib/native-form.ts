import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, errorBody } from "./errors";
import { headerIdempotencyKey } from "./idempotency";

// Purchases made with the browser's own forms, before or without the page's JavaScript
// (docs/decisions/0029-reserve-and-pay-before-javascript.md): the same routes as the JSON callers,
// answering a native submission with a 303 to the next page, or with the page rendered again with the
// message and what was typed.

/** What a page shows after its form was refused: the message and the values sent (a name may repeat). */
export interface FormReturn {
  /** The form's action, so only that form shows it. */
  action: string;
  message: string;
  /** Field messages by name, from the refusal (the API's `fields`). */
  fields: Record<string, string>;
  values: Record<string, string[]>;
}

/**
 * Renders a page (path and query) for the browser: a refused form's page with its state, or the page a
 * form leads to (`answersPost`, sent at the form's address). `unrendered` answers when the page cannot be
 * rendered. Set by lib/web.ts.
 */
export type FormPageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  page: { url: string; status: number; form?: FormReturn; answersPost?: boolean; unrendered?: () => unknown },
) => Promise<unknown>;

const renderers = new WeakMap<object, FormPageRenderer>();

/** lib/web.ts hands over its renderer; keyed by the HTTP server every plugin context shares. */
export function setFormPageRenderer(app: FastifyInstance, renderer: FormPageRenderer): void {
  renderers.set(app.server, renderer);
}

const URLENCODED = "application/x-www-form-urlencoded";

/** The form's fields; a repeated name (checkboxes) keeps every value, in order. */
export function parseUrlEncoded(body: string): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const list = fields[name] ?? [];
    list.push(value);
    fields[name] = list;
  }
  return fields;
}

/**
 * Lets the routes of one plugin read `application/x-www-form-urlencoded` bodies (encapsulated: other
 * modules keep answering 415 to them). 16 kB is far more than a form of numbers needs.
 */
export function acceptUrlEncodedForms(app: FastifyInstance): void {
  app.addContentTypeParser(URLENCODED, { parseAs: "string", bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, parseUrlEncoded(String(body))),
  );
}

/** A browser's own form submission, not a script's request: url-encoded, or a navigation asking for HTML. */
export function isNativeFormSubmission(request: FastifyRequest): boolean {
  const type = String(request.headers["content-type"] ?? "").toLowerCase();
  if (type.startsWith(URLENCODED)) return true;
  if (!type.startsWith("multipart/form-data")) return false;
  // fetch and XMLHttpRequest send "*/*" (or JSON) and Sec-Fetch-Mode cors; a form submission navigates.
  const mode = request.headers["sec-fetch-mode"];
  if (mode !== undefined) return mode === "navigate";
  return String(request.headers.accept ?? "").includes("text/html");
}

/** 303 See Other: after a POST the browser GETs the next page (a reload does not send the form again). */
export function seeOther(reply: FastifyReply, location: string) {
  reply.header("cache-control", "no-store");
  return reply.redirect(location, 303);
}

/**
 * The key a native form sends in `clave`: the page's inline script (@rifazo/shared/form-key-script) adds a
 * fresh one to each submission (a form sent with JavaScript off has none). Same rule as Idempotency-Key.
 */
export function formKey(fields: Record<string, string[]> | undefined, message: string): string | undefined {
  return headerIdempotencyKey(fields?.clave?.[0], message);
}

/**
 * Answers a native submission that succeeded with the next page itself, rendered for this visitor,
 * instead of a 303 to it: on a slow link the redirect's GET costs a whole round trip (decision 0029).
 * Only for a submission that carries its key (`formKey`), so the page's scripts run: /boot.js puts the
 * page's own address in the address bar, and sending the form again (a reload) repeats that key, which the
 * route answers with the same result. Without a key, or without the built web app, a 303.
 */
export async function answerWithPage(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
): Promise<FastifyReply> {
  const renderer = renderers.get(request.server.server);
  if (!renderer) return seeOther(reply, url);
  await renderer(request, reply, {
    url,
    status: 200,
    answersPost: true,
    unrendered: () => seeOther(reply, url),
  });
  return reply;
}

/** The refusal's status, message and field messages, as the error handler would answer them. */
export function refusalOf(error: FastifyError | AppError): {
  status: number;
  message: string;
  fields: Record<string, string>;
} {
  if (error instanceof AppError) {
    return { status: error.status, message: error.message, fields: error.fields ?? {} };
  }
  // The schema's own message (lib/error-handler.ts answers JSON callers with the same one).
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation.find((issue) => issue.message)?.message;
    return { status: 400, message: message ?? errorBody("VALIDATION").error.message, fields: {} };
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  const body = errorBody(status === 413 ? "PAYLOAD_TOO_LARGE" : status < 500 ? "VALIDATION" : "INTERNAL");
  return { status, message: body.error.message, fields: {} };
}

/**
 * Answers a refused native submission with its page rendered again (status of the refusal, message in an
 * alert, values kept). Without the built web app (API-only runs) the JSON answer is all there is.
 */
export async function renderRefusedForm(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { url: string; form: Omit<FormReturn, "message" | "fields">; error: FastifyError | AppError },
) {
  const { status, message, fields } = refusalOf(page.error);
  if (status >= 500) throw page.error;
  const renderer = renderers.get(request.server.server);
  if (error429(page.error)) reply.header("retry-after", String((page.error as AppError).retryAfter));
  if (!renderer) {
    const code = page.error instanceof AppError ? page.error.code : "VALIDATION";
    return reply.status(status).send(errorBody(code, message, fields));
  }
  return renderer(request, reply, { url: page.url, status, form: { ...page.form, message, fields } });
}

function error429(error: unknown): boolean {
  return error instanceof AppError && error.retryAfter !== undefined;
}

// The web app's paths a form's answer goes to (apps/web/src/lib/paths.ts).
const segment = (value: string) => encodeURIComponent(value);
export const formPages = {
  raffle: (raffleId: string) => `/rifas/${segment(raffleId)}`,
  payment: (raffleId: string, reservationId: string) =>
    `/perfil/subir-comprobante/${segment(raffleId)}?reserva=${segment(reservationId)}`,
  payments: "/perfil/pagos",
  signInReturningTo: (to: string) => `/login?volver=${encodeURIComponent(to)}`,
};
