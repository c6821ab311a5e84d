import {
  adminRefundListQuerySchema,
  adminRefundListSchema,
  MAX_IMAGE_PIXELS,
  MAX_PROOF_BYTES,
  refundPaidFieldsSchema,
  refundPayoutStateSchema,
  refundSchema,
} from "@rifazo/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError, badRequest } from "../../lib/errors";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../lib/security";
import {
  ADMIN_TAGS,
  actorOf,
  adminErrors,
  adminRoute,
  errorSchema,
  guards,
  idParams,
  sessionUserOf,
} from "../auth";
import { readLimited } from "../files";
import * as service from "./service";

const FILE_TOO_LARGE = "El comprobante del reembolso no puede superar los 5 MB.";

/** The multipart form of "Marcar pagado": the reference and at most one file (JPG, PNG or PDF, 5 MB). */
async function readPaidForm(request: FastifyRequest) {
  const form: { reference?: string; file: { buffer: Buffer; filename: string | null } | null } = {
    file: null,
  };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as { reference?: unknown };
    if (typeof body.reference === "string") form.reference = body.reference;
    return form;
  }
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        const buffer = await readLimited(part.file, MAX_PROOF_BYTES, FILE_TOO_LARGE);
        if (buffer.length > 0 && !form.file) form.file = { buffer, filename: part.filename || null };
        continue;
      }
      if (part.fieldname !== "reference" || form.reference !== undefined) continue;
      const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
      if (hasUnstorableText(value))
        throw badRequest(UNSTORABLE_TEXT_MESSAGE, { reference: UNSTORABLE_TEXT_MESSAGE });
      form.reference = value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE);
    if (code === "FST_FILES_LIMIT") throw badRequest("Adjunta un solo archivo.");
    throw badRequest("El formulario enviado no es válido.");
  }
  return form;
}

const tags = ADMIN_TAGS;
const security = [{ session: [] }];
const payoutParams = z.object({ id: z.string() });

function registerAdminRefundRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guarded = adminRoute(app);
  r.get(
    "/api/admin/refunds",
    {
      schema: {
        tags,
        security,
        summary: "Reembolsos de rifas canceladas (pendientes primero), con filtros por estado y rifa",
        querystring: adminRefundListQuerySchema,
        response: { 200: adminRefundListSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.listAdminRefunds(app.ctx.db, request.query);
    },
  );

  r.post(
    "/api/admin/refunds/:id/paid",
    {
      schema: {
        tags,
        security,
        summary: "Marcar un reembolso como pagado (multipart: reference y, opcional, file JPG/PNG/PDF)",
        description: `Una sola vez: un segundo intento responde 409 REFUND_ALREADY_PAID. Avisa al comprador por notificación y correo. Una imagen de más de ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles (leídos del encabezado) responde 422 IMAGE_TOO_MANY_PIXELS.`,
        params: idParams,
        response: {
          200: refundSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          422: errorSchema,
          ...adminErrors,
        },
      },
      ...guarded,
    },
    async (request) => {
      const form = await readPaidForm(request);
      const parsed = refundPaidFieldsSchema.safeParse({ reference: form.reference ?? "" });
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message ?? "Escribe la referencia del reembolso.";
        throw badRequest(message, { reference: message });
      }
      return service.markRefundPaid(
        app.ctx,
        actorOf(request),
        request.params.id,
        parsed.data.reference,
        form.file,
      );
    },
  );
}

function registerPayoutRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/refunds/:id/payout",
    {
      schema: {
        tags: ["comprobantes"],
        summary:
          "Datos para el reembolso (banco, cédula, teléfono o cuenta): solo el comprador o un administrador",
        params: payoutParams,
        response: { 200: refundPayoutStateSchema, 401: errorSchema, 404: errorSchema },
      },
      preValidation: guards(app).user,
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return service.payoutFor(app.ctx.db, sessionUserOf(request), request.params.id);
    },
  );

  r.put(
    "/api/refunds/:id/payout",
    {
      schema: {
        tags: ["comprobantes"],
        summary: "El comprador indica dónde recibir su reembolso por Pago Móvil o transferencia",
        description: [
          "Campos: bankCode (código de 4 dígitos), idType (V o E), idNumber, phone (Pago Móvil) o account",
          "(transferencia, 20 dígitos que empiezan por el código del banco). Solo el comprador del reembolso:",
          "otro usuario recibe 404 y un administrador 403. 409 REFUND_ALREADY_PAID si ya se pagó;",
          "409 REFUND_PAYOUT_NOT_NEEDED para métodos que no son en bolívares.",
        ].join(" "),
        params: payoutParams,
        body: z.record(z.string(), z.unknown()),
        response: {
          200: refundPayoutStateSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      preValidation: guards(app).user,
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return service.savePayout(
        app.ctx,
        sessionUserOf(request),
        { ip: request.ip },
        request.params.id,
        request.body as never,
        new Date(),
      );
    },
  );
}

function registerRefundFileRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/refunds/:id/file",
    {
      schema: {
        tags: ["comprobantes"],
        summary: "Comprobante de un reembolso (solo el comprador que lo recibe o un administrador)",
        params: z.object({ id: z.string() }),
        response: { 200: z.any().describe("El archivo, en línea."), 401: errorSchema, 404: errorSchema },
      },
      preValidation: guards(app).user,
    },
    async (request, reply) =>
      service.sendRefundFile(app.ctx, reply, sessionUserOf(request), request.params.id),
  );
}

export async function refundRoutes(app: FastifyInstance): Promise<void> {
  registerAdminRefundRoutes(app);
  registerPayoutRoutes(app);
  registerRefundFileRoute(app);
}
