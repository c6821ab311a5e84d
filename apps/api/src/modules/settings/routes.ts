import {
  exchangeRateInputSchema,
  exchangeRateSchema,
  paymentAccountsSchema,
  publicPaymentAccountsSchema,
  publicSettingsSchema,
  publicSupportContactSchema,
  rejectTemplatesSchema,
  supportContactSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendCached } from "../../lib/http-cache";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "../auth";
import * as service from "./service";

const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  await registerPublicSettingsRoutes(app);
  await registerPaymentSettingsRoutes(app);
  await registerRejectTemplateRoutes(app);
}

/** What every visitor reads: the rate and the payment accounts. */
async function registerPublicSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, log } = app.ctx;

  r.get(
    "/api/settings/public",
    {
      schema: {
        tags: ["ajustes"],
        summary: "Tasa de cambio y cuentas de pago publicadas",
        response: { 200: publicSettingsSchema },
      },
    },
    async (request, reply) => sendCached(request, reply, await service.publicSettings(db, log)),
  );
}

/** The administrator sets the rate, the payment accounts and the support contact. */
async function registerPaymentSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  const { db } = app.ctx;

  r.put(
    "/api/admin/settings/exchange-rate",
    {
      schema: {
        tags: ["administración"],
        summary: "Actualizar la tasa de cambio (Bs por USD)",
        security: [{ session: [] }],
        body: exchangeRateInputSchema,
        response: { 200: exchangeRateSchema, ...adminErrors },
      },
      // onRequest: visitors and users are turned away before their body is even parsed.
      onRequest: guard.admin,
    },
    async (request) => {
      const admin = sessionUserOf(request);
      return service.updateExchangeRate(db, { id: admin.id, ip: request.ip }, request.body);
    },
  );

  r.put(
    "/api/admin/settings/payment-accounts",
    {
      schema: {
        tags: ["administración"],
        summary: "Actualizar las cuentas de Pago Móvil, Zelle, Binance Pay y transferencia bancaria",
        security: [{ session: [] }],
        body: paymentAccountsSchema,
        response: { 200: publicPaymentAccountsSchema, ...adminErrors },
      },
      // onRequest: visitors and users are turned away before their body is even parsed.
      onRequest: guard.admin,
    },
    async (request) => {
      const admin = sessionUserOf(request);
      return service.updatePaymentAccounts(db, { id: admin.id, ip: request.ip }, request.body, app.log);
    },
  );

  r.put(
    "/api/admin/settings/support-contact",
    {
      schema: {
        tags: ["administración"],
        summary: "Actualizar el WhatsApp de soporte que muestra /contacto",
        security: [{ session: [] }],
        body: supportContactSchema,
        response: { 200: publicSupportContactSchema, ...adminErrors },
      },
      // onRequest: visitors and users are turned away before their body is even parsed.
      onRequest: guard.admin,
    },
    async (request) => {
      const admin = sessionUserOf(request);
      return service.updateSetting(db, { id: admin.id, ip: request.ip }, "supportContact", request.body);
    },
  );
}

/** The rejection reasons the proof inbox offers. */
async function registerRejectTemplateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  const { db, log } = app.ctx;

  r.get(
    "/api/admin/settings/reject-templates",
    {
      schema: {
        tags: ["administración"],
        summary:
          "Plantillas de motivos de rechazo de comprobantes (las predeterminadas si no se han editado)",
        security: [{ session: [] }],
        response: { 200: rejectTemplatesSchema, 401: errorSchema, 403: errorSchema },
      },
      onRequest: guard.admin,
    },
    async () => service.rejectTemplates(db, log),
  );

  r.put(
    "/api/admin/settings/reject-templates",
    {
      schema: {
        tags: ["administración"],
        summary: "Guardar las plantillas de motivos de rechazo",
        security: [{ session: [] }],
        body: rejectTemplatesSchema,
        response: { 200: rejectTemplatesSchema, ...adminErrors },
      },
      // onRequest: visitors and users are turned away before their body is even parsed.
      onRequest: guard.admin,
    },
    async (request) => {
      const admin = sessionUserOf(request);
      return service.updateSetting(db, { id: admin.id, ip: request.ip }, "rejectTemplates", request.body);
    },
  );
}
