import {
  adminSellerListSchema,
  adminSellerSchema,
  sellerAreaSchema,
  sellerAssignmentInputSchema,
  sellerInvitationAcceptSchema,
  sellerInvitationSchema,
  sellerInviteInputSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { ADMIN_TAGS, actorOf, adminErrors, adminRoute, guards, sessionKeyOf, sessionUserOf } from "../auth";
import { SALE_KEY_PURPOSE, sellerArea } from "./area";
import { registerAdminLeaderboardRoutes, registerPublicLeaderboardRoute } from "./leaderboard-routes";
import * as service from "./service";
import { registerSellerProofRoute, registerSettlementRoutes } from "./settlement-routes";

const sellerParams = z.object({ id: z.string().describe("Id (UUID) del vendedor.") });
const assignmentParams = sellerParams.extend({ raffleId: z.string().describe("Id (UUID) de la rifa.") });
const security = [{ session: [] }];

/**
 * The organiser's side (docs/decisions/0034-vendedores.md): invitations, assignments, suspension,
 * settlements and the leaderboard.
 */
export async function adminSellerRoutes(app: FastifyInstance): Promise<void> {
  await registerInvitationRoutes(app);
  await registerTermsRoutes(app);
  await registerSettlementRoutes(app);
  await registerAdminLeaderboardRoutes(app);
}

function adminRouter(app: FastifyInstance) {
  return { r: app.withTypeProvider<ZodTypeProvider>(), guarded: adminRoute(app), tags: ADMIN_TAGS };
}

/** The list, one vendedor, and the invitation (made, or made again). */
async function registerInvitationRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags } = adminRouter(app);

  r.get(
    "/api/admin/sellers",
    {
      schema: {
        tags,
        security,
        summary: "Vendedores, del más reciente al más antiguo, con sus rifas asignadas",
        response: { 200: adminSellerListSchema, ...adminErrors },
      },
      ...guarded,
    },
    async () => service.listSellers(app.ctx.db),
  );

  r.post(
    "/api/admin/sellers",
    {
      schema: {
        tags,
        security,
        summary:
          "Invitar a un vendedor (por correo o celular); el enlace de la invitación se muestra una vez",
        body: sellerInviteInputSchema,
        response: { 201: sellerInvitationSchema, 400: errorSchema, 409: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.code(201).header("cache-control", "no-store");
      return service.inviteSeller(app.ctx, actorOf(request), request.body);
    },
  );

  r.get(
    "/api/admin/sellers/:id",
    {
      schema: {
        tags,
        security,
        summary: "Un vendedor con sus rifas asignadas",
        params: sellerParams,
        response: { 200: adminSellerSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => service.getSeller(app.ctx.db, request.params.id),
  );

  r.post(
    "/api/admin/sellers/:id/invitation",
    {
      schema: {
        tags,
        security,
        summary:
          "Un enlace de invitación nuevo para un vendedor que aún no aceptó (el anterior deja de servir)",
        params: sellerParams,
        response: { 200: sellerInvitationSchema, 404: errorSchema, 409: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.renewInvitation(app.ctx, actorOf(request), request.params.id);
    },
  );
}

/** Suspension, and what each vendedor may sell on what terms. */
async function registerTermsRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags } = adminRouter(app);

  for (const [action, status] of [
    ["suspend", "suspended"],
    ["reactivate", "active"],
  ] as const) {
    r.post(
      `/api/admin/sellers/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary:
            action === "suspend"
              ? "Suspender a un vendedor (sus ventas siguientes se rechazan)"
              : "Reactivar a un vendedor suspendido",
          params: sellerParams,
          response: { 200: adminSellerSchema, 404: errorSchema, 409: errorSchema, ...adminErrors },
        },
        ...guarded,
      },
      async (request) => service.setSellerStatus(app.ctx, actorOf(request), request.params.id, status),
    );
  }

  r.put(
    "/api/admin/sellers/:id/raffles/:raffleId",
    {
      schema: {
        tags,
        security,
        summary: "Si el vendedor puede vender una rifa, su comisión y su límite de efectivo",
        params: assignmentParams,
        body: sellerAssignmentInputSchema,
        response: {
          200: adminSellerSchema,
          400: errorSchema,
          404: errorSchema,
          409: errorSchema,
          ...adminErrors,
        },
      },
      ...guarded,
    },
    async (request) =>
      service.setAssignment(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.raffleId,
        request.body,
      ),
  );
}

/** The vendedor's side (/vendedor), and the raffle page's public leaderboard. */
export async function sellerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = guards(app).user;
  const tags = ["vendedores"];

  r.post(
    "/api/seller/invitations/accept",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "Aceptar una invitación de vendedor con la cuenta de la sesión",
        body: sellerInvitationAcceptSchema,
        response: {
          200: z.object({ ok: z.literal(true), sellerId: z.string() }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) =>
      service.acceptInvitation(app.ctx, actorOf(request), sessionUserOf(request), request.body.token),
  );

  r.get(
    "/api/seller/me",
    {
      preValidation: signedIn,
      schema: {
        tags,
        summary: "El área del vendedor: sus datos y las rifas que puede vender ahora",
        response: { 200: sellerAreaSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return sellerArea(app.ctx.db, sessionUserOf(request), sessionKeyOf(request, SALE_KEY_PURPOSE));
    },
  );

  await registerSellerProofRoute(app);
  // Public, beside the raffle's other answers; it lives here with the ranking it shows.
  await registerPublicLeaderboardRoute(app);
}
