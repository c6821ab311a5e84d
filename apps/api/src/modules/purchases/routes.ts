import {
  createReservationSchema,
  myNumbersSchema,
  myReservationsSchema,
  numbersAvailabilitySchema,
  PROOF_MESSAGES,
  priceQuoteSchema,
  quoteQuerySchema,
  reservationSchema,
} from "@rifazo/shared";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { headerIdempotencyKey } from "../../lib/idempotency";
import {
  acceptUrlEncodedForms,
  answerWithPage,
  formKey,
  formPages,
  isNativeFormSubmission,
  renderRefusedForm,
  seeOther,
} from "../../lib/native-form";
import { errorSchema } from "../../lib/schemas";
import { currentUser, guards, sessionUserOf } from "../auth";
import * as service from "./service";

const tags = ["compras"];
const raffleParams = z.object({ id: z.string().describe("Id (UUID) de la rifa.") });
const reservationParams = z.object({ id: z.string().describe("Id (UUID) de la reserva.") });

/** Availability changes with every reservation: browsers may reuse it only for a few seconds. */
const NUMBERS_CACHE = "public, max-age=3";

function registerNumberRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  r.get(
    "/api/raffles/:id/numbers",
    {
      schema: {
        tags,
        summary: "Números tomados de la rifa (vendidos o reservados), como mapa de bits en base64",
        description:
          "Bit n encendido = número n tomado (vendido, o reservado por una reserva vigente). 10 000 números ≈ 1,7 KB.",
        params: raffleParams,
        response: { 200: numbersAvailabilitySchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", NUMBERS_CACHE);
      return service.numbersOf(app.ctx.db, request.params.id);
    },
  );

  r.get(
    "/api/raffles/:id/numbers/mine",
    {
      preValidation: guard.user,
      schema: {
        tags,
        summary: "Mis números en la rifa: los que retienen mis reservas vigentes y los que compré",
        description:
          "Solo los del usuario que llama (nunca los de otros compradores), para distinguirlos en la cuadrícula; el mapa público de /numbers no cambia.",
        params: raffleParams,
        response: { 200: myNumbersSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return service.myNumbersOf(app.ctx.db, sessionUserOf(request), request.params.id);
    },
  );
}

function registerQuoteRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/raffles/:id/quote",
    {
      schema: {
        tags,
        summary: "Total de una compra: combos o descuento por nivel del comprador (el mejor de los dos)",
        params: raffleParams,
        querystring: quoteQuerySchema,
        response: { 200: priceQuoteSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      // A signed-in buyer's answer depends on their level: never shared by caches.
      reply.header("cache-control", "private, no-store");
      const viewer = await currentUser(app, request);
      return service.quoteFor(app.ctx.db, viewer, request.params.id, request.query.quantity);
    },
  );
}

/** The fields of a native form submission, as sent: the page shows them again when it is refused. */
const nativeForms = new WeakMap<FastifyRequest, Record<string, string[]>>();

/** Digits only: anything else becomes NaN, which the schema refuses like a bad JSON number. */
const formNumber = (value: string) => (/^\s*\d{1,7}\s*$/.test(value) ? Number(value) : Number.NaN);

/**
 * A native form (decision 0029) sends `numeros` (checkboxes, or numbers typed apart by commas or spaces)
 * or `cantidad`; it becomes the JSON body the schema checks, so both callers share one validation.
 */
async function readReservationForm(request: FastifyRequest) {
  if (!isNativeFormSubmission(request)) return;
  const fields = (request.body ?? {}) as Record<string, string[]>;
  nativeForms.set(request, fields);
  const numbers = (fields.numeros ?? []).flatMap((value) => value.split(/[\s,;]+/).filter(Boolean));
  const quantity = fields.cantidad?.[0];
  const sellerCode = fields.vendedor?.[0];
  request.body = {
    ...(fields.numeros ? { numbers: numbers.map(formNumber) } : {}),
    ...(quantity !== undefined ? { quantity: formNumber(quantity) } : {}),
    ...(sellerCode ? { sellerCode } : {}),
  };
}

/**
 * A refused native submission: a visitor signs in and comes back to the raffle; anything else shows the
 * raffle page again with the message and the choices kept. Script callers get the usual JSON answer.
 */
function reservationFormRefusal(app: FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const values = nativeForms.get(request);
    if (!values) return app.errorHandler(error, request, reply);
    const raffle = formPages.raffle(request.params.id);
    if (error instanceof AppError && error.status === 401) {
      return seeOther(reply, formPages.signInReturningTo(raffle));
    }
    return renderRefusedForm(request, reply, {
      url: raffle,
      form: { action: `/api/raffles/${request.params.id}/reservations`, values },
      error,
    });
  };
}

function registerReserveRoute(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  acceptUrlEncodedForms(app);
  r.post(
    "/api/raffles/:id/reservations",
    {
      preValidation: [readReservationForm, guard.userWith(PROOF_MESSAGES.signIn)],
      errorHandler: reservationFormRefusal(app),
      schema: {
        tags,
        summary: "Reservar boletos (números elegidos o una cantidad) mientras se paga",
        description: [
          "Números elegidos (modo chosen, cantidad = números) o una cantidad (modo random); al menos 2 boletos.",
          "Retiene los boletos durante los minutos de reserva de la rifa al precio que decide el servidor",
          "(combos o descuento por nivel) y con la tasa BCV del momento. 409 NUMBERS_TAKEN con",
          "error.details.taken (números ya tomados), RESERVATION_ACTIVE con error.details.reservationId,",
          "SALES_CLOSED, INSUFFICIENT_TICKETS o los límites por comprador. 429 HOLD_COOLDOWN (tras una reserva",
          "propia que terminó sin comprobante, hasta que pase otro tanto de su tiempo), TOO_MANY_HOLDS (por cuenta)",
          "o TOO_MANY_HOLDS_FROM_ADDRESS (por dirección), con Retry-After y error.details.retryAt. Una reserva",
          "hecha tras cancelar otra de la misma rifa conserva su vencimiento. Encabezado Idempotency-Key opcional:",
          "201 con la reserva nueva, 200 con la primera cuando la clave ya se usó.",
          "422 PHONE_REQUIRED: la cuenta no tiene celular venezolano (se agrega con PATCH /api/profile).",
          "También acepta el formulario de la página (application/x-www-form-urlencoded: `numeros`, repetido o",
          "separado por comas, o `cantidad`, y `vendedor` con el código de su enlace): responde 303 a la página de pago, o la página de la rifa con el",
          "mensaje y lo elegido (estado 4xx); sin sesión, 303 a iniciar sesión (decisión 0029).",
        ].join(" "),
        params: raffleParams,
        body: createReservationSchema,
        response: {
          200: reservationSchema,
          201: reservationSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      if (!user.emailVerified) {
        throw new AppError("FORBIDDEN", "Confirma tu correo electrónico antes de reservar boletos.");
      }
      service.assertBuyerPhone(user);
      const native = nativeForms.get(request);
      const key =
        headerIdempotencyKey(request.headers["idempotency-key"], PROOF_MESSAGES.idempotencyKeyInvalid) ??
        formKey(native, PROOF_MESSAGES.idempotencyKeyInvalid);
      const { reservation, created } = await service.reserve(
        app.ctx,
        user,
        request.params.id,
        request.body,
        key,
        new Date(),
        { ip: request.ip },
      );
      if (native) {
        const payment = formPages.payment(reservation.raffleId, reservation.id);
        // Sent by the page's script (its key): the payment page itself, one round trip sooner.
        return native.clave ? answerWithPage(request, reply, payment) : seeOther(reply, payment);
      }
      reply.header("cache-control", "no-store");
      return reply.status(created ? 201 : 200).send(reservation);
    },
  );
}

function registerReservationRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);
  r.get(
    "/api/reservations",
    {
      preValidation: guard.user,
      schema: {
        tags,
        summary: "Mis reservas: las vigentes y las últimas 20 terminadas, de la más nueva a la más antigua",
        response: { 200: myReservationsSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.myReservations(app.ctx, sessionUserOf(request));
    },
  );

  r.get(
    "/api/reservations/:id",
    {
      preValidation: guard.user,
      schema: {
        tags,
        summary: "Una reserva con sus datos de pago (solo su dueño o un administrador)",
        params: reservationParams,
        response: { 200: reservationSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.reservationFor(app.ctx, sessionUserOf(request), request.params.id);
    },
  );

  r.delete(
    "/api/reservations/:id",
    {
      preValidation: guard.user,
      schema: {
        tags,
        summary: "Cancelar una reserva propia que espera comprobante; los boletos quedan libres",
        params: reservationParams,
        response: { 204: z.null(), 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await service.cancelReservation(app.ctx, sessionUserOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

export async function purchaseRoutes(app: FastifyInstance): Promise<void> {
  registerNumberRoutes(app);
  registerQuoteRoute(app);
  registerReserveRoute(app);
  registerReservationRoutes(app);
}
