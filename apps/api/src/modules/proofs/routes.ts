import {
  MAX_PROOF_BYTES,
  myProofsQuerySchema,
  myProofsSchema,
  PROOF_MESSAGES,
  PROOF_UPLOAD_REQUEST_FIELDS,
  paymentProofSchema,
  proofUploadRequestSchema,
  purchaseAllowanceQuerySchema,
  purchaseAllowanceSchema,
} from "@rifazo/shared";
import { isUuid } from "@rifazo/shared/uuid";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest } from "../../lib/errors";
import { headerIdempotencyKey } from "../../lib/idempotency";
import { formPages, isNativeFormSubmission, renderRefusedForm, seeOther } from "../../lib/native-form";
import { enforce, type RateRule } from "../../lib/rate-limit";
import { errorSchema } from "../../lib/schemas";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../lib/security";
import { guards, sessionUserOf } from "../auth";
import { readLimited } from "../files";
import { assertBuyerPhone } from "../purchases";
import * as service from "./service";

const tags = ["comprobantes"];
const params = z.object({ id: z.string().describe("Id (UUID) del comprobante.") });

/** Generous for a person (a retry or two per payment), tight for a script filling the disk. */
export const PROOF_UPLOAD_RULE: RateRule = { max: 20, windowSeconds: 600 };

const KNOWN_FIELDS = new Set<string>(PROOF_UPLOAD_REQUEST_FIELDS);

interface RawUpload {
  fields: Record<string, string>;
  file: service.UploadedFile | null;
}

/**
 * Reads the multipart form: text fields and at most one file, which is refused with 413 as soon as it
 * passes 5 MB (never buffered whole). An empty file input (no file chosen) counts as no file.
 */
async function readUpload(request: FastifyRequest): Promise<RawUpload> {
  const upload: RawUpload = { fields: {}, file: null };
  // A native form's refusal shows the fields read so far again (never the file).
  if (nativeUploads.has(request)) nativeUploads.set(request, upload);
  if (!request.isMultipart()) return upload;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const buffer = await readLimited(part.file, MAX_PROOF_BYTES, PROOF_MESSAGES.fileTooLarge);
        if (buffer.length > 0 && !upload.file) upload.file = { buffer, filename: part.filename || null };
        continue;
      }
      if (!KNOWN_FIELDS.has(part.fieldname) || part.fieldname in upload.fields) continue;
      if (part.valueTruncated) {
        throw badRequest("Uno de los campos es demasiado largo.", {
          [part.fieldname]: "Valor demasiado largo.",
        });
      }
      const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
      // The JSON routes are covered by the app-wide input guard; form fields are read here, after it.
      if (hasUnstorableText(value)) {
        throw badRequest(UNSTORABLE_TEXT_MESSAGE, { [part.fieldname]: UNSTORABLE_TEXT_MESSAGE });
      }
      upload.fields[part.fieldname] = value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("PAYLOAD_TOO_LARGE", PROOF_MESSAGES.fileTooLarge);
    }
    if (code === "FST_FILES_LIMIT") throw badRequest("Adjunta un solo archivo por comprobante.");
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw error;
    throw badRequest("El formulario enviado no es válido.");
  }
  return upload;
}

/** Native form submissions (decision 0029), with what was read of them. */
const nativeUploads = new WeakMap<FastifyRequest, RawUpload | null>();

/** The payment page the form was on: its reservation's, else the buyer's payments. */
function uploadPage(fields: Record<string, string>): string {
  const { raffleId = "", reservationId = "" } = fields;
  return isUuid(raffleId) && isUuid(reservationId)
    ? formPages.payment(raffleId, reservationId)
    : formPages.payments;
}

/**
 * A refused native upload: a visitor signs in and comes back; anything else shows the payment page
 * again with the message and the typed fields (the file must be chosen again). Scripts get JSON.
 */
function uploadFormRefusal(app: FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!nativeUploads.has(request)) return app.errorHandler(error, request, reply);
    const fields = nativeUploads.get(request)?.fields ?? {};
    const page = uploadPage(fields);
    if (error instanceof AppError && error.status === 401) {
      return seeOther(reply, formPages.signInReturningTo(page));
    }
    // The page is the buyer's own: the proofs they may see are listed there, the form is on it.
    const values = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, [value]]));
    return renderRefusedForm(request, reply, { url: page, form: { action: "/api/proofs", values }, error });
  };
}

/** Checks the form: the file first (as the screen does), then each field in the form's order. */
function validateUpload(upload: RawUpload, headerKey: string | undefined) {
  const errors: Record<string, string> = {};
  if (!upload.file) errors.file = PROOF_MESSAGES.fileMissing;
  const parsed = proofUploadRequestSchema.safeParse({
    ...upload.fields,
    idempotencyKey: upload.fields.idempotencyKey || headerKey,
  });
  if (!parsed.success) {
    for (const name of PROOF_UPLOAD_REQUEST_FIELDS) {
      const issue = parsed.error.issues.find((candidate) => candidate.path[0] === name);
      if (issue) errors[name] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success || !upload.file) {
    throw service.validationError(errors);
  }
  return { fields: parsed.data, file: upload.file };
}

export async function proofRoutes(app: FastifyInstance): Promise<void> {
  await registerUploadRoute(app);
  await registerMyProofRoutes(app);
  await registerProofReadRoutes(app);
}

/** A buyer sends a payment proof. */
async function registerUploadRoute(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  const { db } = app.ctx;

  r.post(
    "/api/proofs",
    {
      onRequest: async (request) => {
        if (isNativeFormSubmission(request)) nativeUploads.set(request, null);
      },
      preValidation: guard.userWith(PROOF_MESSAGES.signIn),
      errorHandler: uploadFormRefusal(app),
      schema: {
        tags,
        summary: "Enviar un comprobante de pago (multipart/form-data)",
        description: [
          "Campos: raffleId ('general' o UUID), paymentMethod, transactionRef, amount, currency, quantity, userNotes,",
          "idempotencyKey (o el encabezado Idempotency-Key), reservationId y un archivo JPG, PNG o PDF de hasta 5 MB.",
          "amount admite el formato venezolano ('1.194,56').",
          "Con reservationId la rifa, la cantidad y el monto salen de la reserva (activa y no vencida, o rechazada):",
          "el método debe ser uno de los que acepta la rifa, la moneda la del método (VES para Pago Móvil y",
          "transferencia) y el monto exactamente el total convertido a la tasa congelada en la reserva.",
          "Sin reservationId, una rifa de números al azar crea y envía la reserva en el mismo paso; una de números",
          "elegidos responde 409 CHOOSE_NUMBERS.",
          "Para una rifa: venta abierta, al menos 2 boletos, monto = precio × cantidad en la moneda de la rifa,",
          "y no más boletos de los que quedan (total − vendidos − retenidos por comprobantes en revisión);",
          "además, el comprador no pasa el máximo por persona de la rifa (sus boletos en revisión más aprobados)",
          "ni tiene ya 3 comprobantes en revisión (409 con el cupo que le queda).",
          "201 con el comprobante nuevo; 200 con el primero cuando la clave de idempotencia ya se usó.",
          "422 PHONE_REQUIRED: la cuenta no tiene celular venezolano (se agrega con PATCH /api/profile).",
          "Enviado por el formulario de la página sin JavaScript (una navegación que pide HTML): 303 a la página",
          "de pago de la reserva, o esa página con el mensaje y los campos escritos (estado 4xx) (decisión 0029).",
        ].join(" "),
        consumes: ["multipart/form-data"],
        response: {
          200: paymentProofSchema,
          201: paymentProofSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          422: errorSchema,
          429: errorSchema,
          500: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      assertBuyerPhone(user);
      const headerKey = headerIdempotencyKey(
        request.headers["idempotency-key"],
        PROOF_MESSAGES.idempotencyKeyInvalid,
      );
      await enforce(db, [[`proof-upload:user:${user.id}`, PROOF_UPLOAD_RULE]], PROOF_MESSAGES.rateLimited);
      const { fields, file } = validateUpload(await readUpload(request), headerKey);
      const { proof, created } = await service.submitProof(app.ctx, user, fields, file);
      if (nativeUploads.has(request)) {
        // The reservation's page now says "Comprobante en revisión"; a payment without one is in Mis Pagos.
        return seeOther(
          reply,
          uploadPage({ raffleId: fields.raffleId, reservationId: fields.reservationId ?? "" }),
        );
      }
      return reply.status(created ? 201 : 200).send(proof);
    },
  );
}

/** The buyer's own proofs, and how many more tickets they may buy. */
async function registerMyProofRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  const { db } = app.ctx;

  r.get(
    "/api/proofs/mine",
    {
      schema: {
        tags,
        summary: "Mis Pagos: comprobantes propios, del más nuevo al más antiguo (5 por página)",
        querystring: myProofsQuerySchema,
        response: { 200: myProofsSchema, 400: errorSchema, 401: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.myProofs(db, sessionUserOf(request).id, request.query);
    },
  );

  r.get(
    "/api/proofs/allowance",
    {
      schema: {
        tags,
        summary:
          "Cupo del comprador: máximo por persona de la rifa, boletos que ya tiene y comprobantes en revisión",
        querystring: purchaseAllowanceQuerySchema,
        response: { 200: purchaseAllowanceSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.allowanceFor(db, sessionUserOf(request), request.query.raffleId);
    },
  );
}

/** One proof and its file, for its owner or an administrator. */
async function registerProofReadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  const { db } = app.ctx;

  r.get(
    "/api/proofs/:id",
    {
      schema: {
        tags,
        summary: "Un comprobante (solo su dueño o un administrador)",
        params,
        response: { 200: paymentProofSchema, 401: errorSchema, 404: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.proofFor(db, sessionUserOf(request), request.params.id);
    },
  );

  r.get(
    "/api/proofs/:id/file",
    {
      schema: {
        tags,
        summary: "Imagen o PDF del comprobante (solo su dueño o un administrador)",
        params,
        response: { 200: z.any().describe("El archivo, en línea."), 401: errorSchema, 404: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request, reply) =>
      service.sendProofFile(app.ctx, reply, sessionUserOf(request), request.params.id),
  );
}
