import {
  RAFFLE_MESSAGES,
  raffleDetailSchema,
  raffleListQuerySchema,
  raffleListSchema,
  raffleSubscriptionsSchema,
  winnersListSchema,
  winnersQuerySchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { sendCached, sendSerialized } from "../../lib/http-cache";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "../auth";
import { type CatalogueCache, createCatalogueCache } from "./catalogue-cache";
import { searchTerms } from "./search";
import * as service from "./service";

/** Route params carrying a raffle id: any string, so a malformed id answers 404 rather than 400. */
export const raffleIdParams = z.object({ id: z.string().describe("Id (UUID) de la rifa.") });

const tags = ["rifas"];

const caches = new WeakMap<AppContext, CatalogueCache>();

/** The app's catalogue cache (tests look at its counters). */
export function catalogueCacheOf(ctx: AppContext): CatalogueCache | undefined {
  return caches.get(ctx);
}

/** What the route's serializer does: encode with the response schema, then JSON. */
const serializeWith =
  <T extends z.ZodType>(schema: T) =>
  (body: unknown): string =>
    JSON.stringify(z.encode(schema, body as z.output<T>));
const serializeList = serializeWith(raffleListSchema);
const serializeDetail = serializeWith(raffleDetailSchema);

const subscriptionSchema = z.object({ ok: z.literal(true), subscribed: z.boolean() });

/** The guard of the routes that need an account to ask for a notice. */
type Subscriber = ReturnType<ReturnType<typeof guards>["userWith"]>;

export async function raffleRoutes(app: FastifyInstance): Promise<void> {
  // Spec 1 §2 upcoming raffles: asking to be notified needs an account, told so with this message.
  const subscriber = guards(app).userWith(RAFFLE_MESSAGES.subscribeSignIn);
  const cache = createCatalogueCache(app.ctx.events);
  caches.set(app.ctx, cache);
  app.addHook("onClose", async () => cache.close());

  await registerListRoutes(app, cache);
  await registerSubscribedIdsRoute(app, subscriber);
  await registerDetailRoute(app, cache);
  await registerSubscriptionRoutes(app, subscriber);
  await registerWinnersRoute(app);
}

/** The catalogue lists: all raffles (filtered), the featured ones and the upcoming ones. */
async function registerListRoutes(app: FastifyInstance, cache: CatalogueCache): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    "/api/raffles",
    {
      schema: {
        tags,
        summary: "Lista pública de rifas con filtro de estado y búsqueda",
        description:
          "Ordenadas por estado (activas, próximas, listas para anunciar, finalizadas) y luego de la más nueva a la más antigua.",
        querystring: raffleListQuerySchema,
        response: { 200: raffleListSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const { status, q } = request.query;
      const key = `list:${status}:${searchTerms(q).join(" ")}`;
      const answer = await cache.get(
        key,
        async () => ({ items: await service.listRaffles(db, request.query) }),
        serializeList,
      );
      return sendSerialized(request, reply, answer);
    },
  );

  // The featured and the upcoming raffles: fixed lists, each one cached answer under its own key.
  const fixedLists = [
    {
      url: "/api/raffles/featured",
      key: "featured",
      summary: "Rifas destacadas activas (hasta 6, las más nuevas primero)",
      load: service.featuredRaffles,
    },
    {
      url: "/api/raffles/upcoming",
      key: "upcoming",
      summary: "Rifas próximas, por fecha de inicio",
      load: service.upcomingRaffles,
    },
  ];
  for (const list of fixedLists) {
    r.get(
      list.url,
      { schema: { tags, summary: list.summary, response: { 200: raffleListSchema } } },
      async (request, reply) =>
        sendSerialized(
          request,
          reply,
          await cache.get(list.key, async () => ({ items: await list.load(db) }), serializeList),
        ),
    );
  }
}

/** The upcoming raffles the signed-in user asked to be told about. */
async function registerSubscribedIdsRoute(app: FastifyInstance, subscriber: Subscriber): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    "/api/raffles/subscriptions",
    {
      preValidation: subscriber,
      schema: {
        tags,
        summary: "Ids de las rifas próximas de las que el usuario pidió aviso",
        response: { 200: raffleSubscriptionsSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const user = sessionUserOf(request);
      reply.header("cache-control", "no-store");
      return { raffleIds: await service.subscribedRaffleIds(db, user.id) };
    },
  );
}

/** One raffle, public detail. */
async function registerDetailRoute(app: FastifyInstance, cache: CatalogueCache): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/raffles/:id",
    {
      schema: {
        tags,
        summary: "Detalle público de una rifa",
        description:
          "Incluye los niveles de premio, los boletos restantes (total − vendidos − en revisión), el compromiso del sorteo y los ganadores cuando existen. La semilla solo aparece después del sorteo.",
        params: raffleIdParams,
        response: { 200: raffleDetailSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      // Unknown and malformed ids throw (404) inside load, so only real raffles are kept.
      const answer = await cache.get(
        `detail:${id}`,
        () => service.freshRaffleDetail(app.ctx, id),
        serializeDetail,
      );
      return sendSerialized(request, reply, answer);
    },
  );
}

/** Asking (and no longer asking) to be told when an upcoming raffle opens. */
async function registerSubscriptionRoutes(app: FastifyInstance, subscriber: Subscriber): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.put(
    "/api/raffles/:id/subscription",
    {
      preValidation: subscriber,
      schema: {
        tags,
        summary: "Pedir aviso cuando una rifa próxima se active",
        params: raffleIdParams,
        response: { 200: subscriptionSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      await service.subscribe(db, user.id, request.params.id);
      return { ok: true as const, subscribed: true };
    },
  );

  r.delete(
    "/api/raffles/:id/subscription",
    {
      preValidation: subscriber,
      schema: {
        tags,
        summary: "Cancelar el aviso de una rifa próxima",
        params: raffleIdParams,
        response: { 200: subscriptionSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = sessionUserOf(request);
      await service.unsubscribe(db, user.id, request.params.id);
      return { ok: true as const, subscribed: false };
    },
  );
}

/** The finished raffles with their winners. */
async function registerWinnersRoute(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    "/api/winners",
    {
      schema: {
        tags: ["ganadores"],
        summary: "Historial de rifas finalizadas con sus ganadores",
        description:
          "Búsqueda por título, descripción o nombre del ganador; filtros de mes y año (el actual y los dos anteriores). Más recientes primero.",
        querystring: winnersQuerySchema,
        response: { 200: winnersListSchema, 400: errorSchema },
      },
    },
    async (request, reply) => sendCached(request, reply, await service.winnersHistory(db, request.query)),
  );
}
