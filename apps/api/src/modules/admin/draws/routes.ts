import {
  beaconInputSchema,
  disqualifyInputSchema,
  disqualifyResultSchema,
  drawResultSchema,
  externalResultInputSchema,
  externalResultResponseSchema,
  lotteryCorrectionProposalSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  confirmExternalCorrection,
  discardExternalCorrection,
  disqualifyWinner,
  enterExternalResult,
  pasteBeacon,
  pendingCorrections,
} from "../../draws";
import {
  actorOf,
  adminActionErrors,
  adminErrors,
  adminRouter,
  assertUuid,
  errorSchema,
  idParams,
} from "../common";

// Draw v2 actions of the administrator (decision 0012). Each is verified and written into the raffle's
// public record; none lets the administrator choose a winner.

const proposalParams = z.object({ id: z.string(), proposalId: z.string() });

function registerBeaconAndDisqualifyRoutes(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.post(
    "/api/admin/raffles/:id/beacon",
    {
      schema: {
        tags,
        security,
        summary:
          "Ingresar el beacon de drand de la ronda fijada (si el servidor no alcanza ningún relay) y sortear",
        description:
          "Se verifica igual que la respuesta de un relay: la firma BLS contra la clave de la cadena nombrada en el acta y la ronda fijada al congelar. Un beacon falso o malformado recibe 400; uno de otra ronda, 409. Si la rifa ya se sorteó devuelve el resultado guardado.",
        params: idParams,
        body: beaconInputSchema,
        response: {
          200: drawResultSchema,
          ...adminActionErrors,
        },
      },
      ...guarded,
    },
    async (request) => {
      assertUuid(request.params.id);
      return pasteBeacon(app.ctx, actorOf(request), request.params.id, request.body);
    },
  );

  r.post(
    "/api/admin/raffles/:id/disqualify",
    {
      schema: {
        tags,
        security,
        summary:
          "Descalificar un ganador por un motivo de la lista publicada; el reemplazo lo sortea una ronda futura de drand",
        description:
          "level y index (desde 0) como en el acta. reason es un código de la lista cerrada publicada en las reglas: «unclaimed» (solo cuando venció el plazo de reclamo de las reglas) o «fraud» (con el documento de prueba en evidence, que se guarda en privado; el acta publica su SHA-256). El acta nombra una ronda de drand al menos la demora configurada después (round la puede pedir posterior, nunca anterior ni ya publicada) con el último beacon verificado que tiene el servidor; el reemplazo sale de esa ronda cuando se publique, así que nadie sabe quién entraría al decidir. 503 si el servidor no tiene un beacon verificado reciente.",
        params: idParams,
        body: disqualifyInputSchema,
        response: {
          200: disqualifyResultSchema,
          ...adminActionErrors,
          503: errorSchema,
        },
      },
      ...guarded,
    },
    async (request) => {
      assertUuid(request.params.id);
      return disqualifyWinner(app.ctx, actorOf(request), request.params.id, request.body);
    },
  );
}

function registerExternalResultRoute(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.post(
    "/api/admin/raffles/:id/external-result",
    {
      schema: {
        tags,
        security,
        summary: "Registrar el resultado oficial de la lotería vinculada (una segunda vez es una corrección)",
        description:
          "Solo para una rifa congelada con lotería externa, después de la hora de su sorteo. Los ganadores salen de la regla fijada antes de la venta. publication (foto o PDF en base64) es obligatoria: se publica y su SHA-256 va al acta. Una segunda llamada solo PROPONE una corrección (reason obligatorio): llega al acta cuando otro administrador la confirma dentro del plazo de las reglas; nunca edita la anterior.",
        params: idParams,
        body: externalResultInputSchema,
        response: {
          200: externalResultResponseSchema,
          ...adminActionErrors,
        },
      },
      ...guarded,
    },
    async (request) => {
      assertUuid(request.params.id);
      return enterExternalResult(app.ctx, actorOf(request), request.params.id, request.body);
    },
  );
}

function registerExternalCorrectionListRoute(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.get(
    "/api/admin/raffles/:id/external-corrections",
    {
      schema: {
        tags,
        security,
        summary: "Correcciones del resultado de la lotería que esperan a un segundo administrador",
        params: idParams,
        response: { 200: z.array(lotteryCorrectionProposalSchema), ...adminErrors },
      },
      ...guarded,
    },
    async (request) => {
      assertUuid(request.params.id);
      return pendingCorrections(app.ctx, actorOf(request), request.params.id);
    },
  );
}

function registerExternalCorrectionDecisionRoutes(app: FastifyInstance): void {
  const { r, guarded, tags, security } = adminRouter(app);
  r.post(
    "/api/admin/raffles/:id/external-corrections/:proposalId/confirm",
    {
      schema: {
        tags,
        security,
        summary: "Confirmar una corrección propuesta por OTRO administrador (cuatro ojos)",
        description:
          "Solo un administrador distinto del que la propuso (403 si es el mismo) y dentro del plazo de corrección de las reglas, contado desde el registro del resultado (409 después). Entonces se agrega la entrada external_correction con las marcas de ambos administradores y cambian los ganadores.",
        params: proposalParams,
        response: {
          200: externalResultResponseSchema,
          404: errorSchema,
          409: errorSchema,
          ...adminErrors,
        },
      },
      ...guarded,
    },
    async (request) => {
      assertUuid(request.params.id);
      assertUuid(request.params.proposalId);
      return confirmExternalCorrection(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.proposalId,
      );
    },
  );

  r.post(
    "/api/admin/raffles/:id/external-corrections/:proposalId/discard",
    {
      schema: {
        tags,
        security,
        summary: "Descartar una corrección propuesta (queda en la auditoría, no en el acta)",
        params: proposalParams,
        response: { 200: z.object({ ok: z.literal(true) }), 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => {
      assertUuid(request.params.id);
      assertUuid(request.params.proposalId);
      return discardExternalCorrection(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.proposalId,
      );
    },
  );
}

export async function adminDrawRoutes(app: FastifyInstance): Promise<void> {
  registerBeaconAndDisqualifyRoutes(app);
  registerExternalResultRoute(app);
  registerExternalCorrectionListRoute(app);
  registerExternalCorrectionDecisionRoutes(app);
}
