import { z } from "zod";
import {
  ACTIVATION_TYPES,
  ANNOUNCEMENT_TYPES,
  CURRENCIES,
  DEFAULT_RESERVATION_MINUTES,
  NUMBER_MODES,
  PAYMENT_METHODS,
  RAFFLE_STATUSES,
  type RaffleStatus,
  TIME_ZONE,
  WINNER_SOURCES,
} from "../constants";
import { DEFAULT_CLAIM_PERIOD_DAYS } from "../domain/claim-period";
import { DRAW_TRUST_LEVELS } from "../domain/draw-trust";
import { raffleInstantPrizesSchema } from "./instant";
import { publicPrizeStatusSchema } from "./prizes";

// Public raffle API (spec 1 §2 list, card, detail, winners, upcoming; §7 raffles and winners).
// The same shapes are used by the API's response schemas and by the web app's types.

/** Status filter of /rifas; active_upcoming is the default ('Activas y Próximas'). */
export const RAFFLE_LIST_FILTERS = [
  "active_upcoming",
  "all",
  "active",
  "upcoming",
  "closed",
  "finished",
] as const;
export type RaffleListFilter = (typeof RAFFLE_LIST_FILTERS)[number];
export const DEFAULT_RAFFLE_LIST_FILTER: RaffleListFilter = "active_upcoming";
export const RAFFLE_LIST_FILTER_LABELS: Record<RaffleListFilter, string> = {
  active_upcoming: "Activas y Próximas",
  all: "Todas",
  active: "Activas",
  upcoming: "Próximamente",
  closed: "Cerradas: esperando el sorteo",
  finished: "Finalizadas",
};

/** Statuses a filter selects; null means every status. */
export function statusesForFilter(filter: RaffleListFilter): RaffleStatus[] | null {
  if (filter === "all") return null;
  if (filter === "active_upcoming") return ["active", "upcoming"];
  // Sales stopped, not drawn yet: reviewing the last payments or frozen awaiting the draw.
  if (filter === "closed") return ["closed", "frozen"];
  return [filter];
}

export const RAFFLE_MESSAGES = {
  notFound: "Rifa no encontrada.",
  listError: "Hubo un problema al cargar las rifas. Por favor, inténtalo más tarde.",
  featuredError: "Hubo un problema al cargar las rifas destacadas. Por favor, inténtalo más tarde.",
  detailError: "No se pudo cargar la rifa. Puede que no exista o haya un problema de conexión.",
  featuredEmpty: "No hay rifas destacadas activas en este momento.",
  listEmpty: "Estamos trabajando en traerte las mejores rifas. ¡Vuelve pronto!",
  listEmptyFiltered: "No se encontraron rifas con los criterios seleccionados.",
  winnersError: "Hubo un problema al cargar el historial de ganadores.",
  upcomingError: "Hubo un problema al cargar las rifas próximas.",
  searchTooLong: "La búsqueda no puede superar los 100 caracteres.",
  invalidFilter: "El filtro de estado no es válido.",
  invalidMonth: "El mes debe estar entre 1 y 12.",
  invalidYear: "Solo puedes consultar el año actual y los dos anteriores.",
  favoritesSignIn: "Debes iniciar sesión para guardar favoritos.",
  favoriteSaved: "Añadida a tus favoritos.",
  favoriteRemoved: "Eliminada de tus favoritos.",
  subscribeSignIn: "Debes iniciar sesión para recibir el aviso cuando la rifa se active.",
  subscribeNotUpcoming: "Solo puedes pedir aviso para rifas que aún no han comenzado.",
  openedTitle: "¡Ya está activa!",
} as const;

export const SEARCH_MAX_LENGTH = 100;

const searchText = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, RAFFLE_MESSAGES.searchTooLong)
  .optional()
  .describe("Texto a buscar en el título y la descripción (sin distinguir mayúsculas ni acentos).");

export const raffleListQuerySchema = z.object({
  status: z
    .enum(RAFFLE_LIST_FILTERS, { error: RAFFLE_MESSAGES.invalidFilter })
    .default(DEFAULT_RAFFLE_LIST_FILTER)
    .describe("Filtro de estado; por defecto active_upcoming (Activas y Próximas)."),
  q: searchText,
});
export type RaffleListQuery = z.infer<typeof raffleListQuerySchema>;

export const searchQuerySchema = z.object({ q: searchText });

export const publicWinnerSchema = z.object({
  /** Always 4 digits ('0042'). */
  ticketNumber: z.string(),
  winnerName: z.string(),
  prizeLevel: z.number().int(),
  prizeDescription: z.string(),
  source: z.enum(WINNER_SOURCES),
  announcedAt: z.string(),
  /**
   * What happened to the prize after the draw (decision 0035: claimed, delivered, confirmed, disputed);
   * never the evidence, the payout details nor the winner's messages. Null for a disqualified winner.
   */
  prize: publicPrizeStatusSchema.nullable().default(null),
});
export type PublicWinner = z.infer<typeof publicWinnerSchema>;

/**
 * The raffle's place in its lifecycle, decided by the server (packages/shared/src/domain/raffle-lifecycle.ts);
 * the web shows it and never re-derives it from dates. ISO strings or null.
 */
export const raffleLifecycleSchema = z.object({
  state: z.enum(RAFFLE_STATUSES),
  /** "Cerrada: revisando pagos", "Lista congelada: esperando el sorteo", ... */
  label: z.string(),
  salesOpen: z.boolean(),
  closedAt: z.string().nullable(),
  /** Hours after the close during which pending proofs are still reviewed (default 48). */
  reviewWindowHours: z.number().int(),
  /** closedAt + review window; null until closed. */
  reviewDeadline: z.string().nullable(),
  /** How many payment proofs of this raffle are still under review (a count only). */
  pendingProofs: z.number().int(),
  frozenAt: z.string().nullable(),
  /** The drand round named at the freeze (from the record), null before. */
  drawRound: z.number().int().nullable(),
  drawRoundAt: z.string().nullable(),
  /** True once the raffle's public record has its first entry. */
  recordAvailable: z.boolean(),
  /**
   * Sales ended below the raffle's minimum of tickets: it is not drawn, and waits for the organiser to
   * extend the date or cancel it (raffle-lifecycle.ts, belowMinimum).
   */
  awaitingDecision: z.boolean().default(false),
});
export type RaffleLifecycle = z.infer<typeof raffleLifecycleSchema>;

/** Everything a raffle card needs (including the inputs of raffleCardState). Dates are ISO strings. */
export const raffleLotterySchema = z.object({
  name: z.string(),
  drawAt: z.string(),
  ruleText: z.string(),
  fallbackText: z.string(),
  correctionWindowHours: z.number().int(),
});
export type RaffleLottery = z.infer<typeof raffleLotterySchema>;

export const publicRaffleSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  /** The cover (images[0]): what cards, share previews and receipts show. */
  prizeImage: z.string().nullable(),
  imageAlt: z.string().nullable(),
  /** Every prize image in the organiser's order, the cover first, each with its alt text. */
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  status: z.enum(RAFFLE_STATUSES),
  isFeatured: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  totalTickets: z.number().int(),
  soldTickets: z.number().int(),
  /** Most tickets one buyer may hold (pending plus approved) in this raffle: the organiser's or the default. */
  maxTicketsPerBuyer: z.number().int(),
  activationType: z.enum(ACTIVATION_TYPES),
  activationPercentage: z.number().int().nullable(),
  percentageDrawActivatedAt: z.string().nullable(),
  paymentMethods: z.array(z.string()),
  /** Ids of the methods this raffle accepts (from paymentMethods), in the organiser's order. */
  acceptedMethods: z.array(z.enum(PAYMENT_METHODS)).default([]),
  /** random: numbers assigned on approval; chosen: the buyer picks them on the grid. */
  numberMode: z.enum(NUMBER_MODES).default("random"),
  /** Minutes a reservation holds its tickets before it is released. */
  reservationMinutes: z.number().int().default(DEFAULT_RESERVATION_MINUTES),
  /** Packages offered ("5 boletos por $4"), in the raffle's currency. */
  combos: z.array(z.object({ quantity: z.number().int(), price: z.number() })).default([]),
  /** Abonos (decision 0034): the least first payment that aparta numbers; null: paid whole only. */
  installmentMinimum: z.number().nullable().default(null),
  announcementType: z.enum(ANNOUNCEMENT_TYPES),
  externalAnnouncementPlatform: z.string().nullable(),
  externalAnnouncementDetails: z.string().nullable(),
  externalAnnouncementUrl: z.string().nullable(),
  daysUntilActivationTeaser: z.number().int(),
  /** Days a winner has to claim the prize, from the record entry naming them (decision 0021). */
  claimPeriodDays: z.number().int().default(DEFAULT_CLAIM_PERIOD_DAYS),
  /** Legacy single-winner fields kept on the raffle row; `winners` is the full list. */
  winnerName: z.string().nullable(),
  winningTicketNumber: z.string().nullable(),
  hasWinners: z.boolean(),
  winners: z.array(publicWinnerSchema),
  drawnAt: z.string().nullable(),
  createdAt: z.string(),
  lifecycle: raffleLifecycleSchema,
  /**
   * What the draw asks buyers to trust (domain/draw-trust.ts): drand (nobody can choose), a drand chain
   * that is not the League of Entropy's, an official lottery, or the organiser's word only.
   */
  drawTrust: z.enum(DRAW_TRUST_LEVELS),
  /** The organiser's reason, shown with "Cancelada"; null unless cancelled. */
  cancelReason: z.string().nullable(),
  /** Tickets that must be sold for the draw to take place ("Se sortea si se venden al menos N"); null: none. */
  minTickets: z.number().int().nullable().default(null),
  /**
   * Decision 0024: the lottery that decides the raffle, as sold (name with its draw, time, rule and
   * fallback in plain words); null unless a lottery is bound.
   */
  lottery: raffleLotterySchema.nullable().default(null),
});
export type PublicRaffle = z.infer<typeof publicRaffleSchema>;

export const prizeLevelSchema = z.object({
  level: z.number().int(),
  description: z.string(),
  winnerCount: z.number().int(),
  prizeValue: z.number().nullable(),
  /** A cash prize (decision 0035): `prizeValue` in this currency, part of the rules as sold. */
  cashCurrency: z.enum(CURRENCIES).nullable().default(null),
});
export type PrizeLevelInfo = z.infer<typeof prizeLevelSchema>;

/** Detail page: card fields plus prize levels, what is left to buy and the public draw data. */
export const raffleDetailSchema = publicRaffleSchema.extend({
  prizeLevels: z.array(prizeLevelSchema),
  /** Tickets held and not sold: reservations still holding numbers and proofs under review. */
  pendingTickets: z.number().int(),
  /** total − sold − pending, never below 0: the most a new purchase may ask for. */
  remaining: z.number().int(),
  /** SHA-256 of the draw seed, published before the draw. */
  drawSeedCommitment: z.string().nullable(),
  drawAlgorithm: z.string().nullable(),
  drawPublicValueSource: z.string().nullable(),
  /** The three below are null until the draw has run (drawnAt set). */
  drawSeed: z.string().nullable(),
  drawPublicValue: z.string().nullable(),
  drawTicketListHash: z.string().nullable(),
  /** The organiser shows the vendedores' leaderboard on the page (GET /api/raffles/{id}/sellers-leaderboard). */
  sellerLeaderboardPublic: z.boolean(),
  /** Decision 0035: the raffle's instant prizes as sold, left and won; null when it has none. */
  instantPrizes: raffleInstantPrizesSchema.nullable().default(null),
});
export type RaffleDetail = z.infer<typeof raffleDetailSchema>;

export const raffleListSchema = z.object({ items: z.array(publicRaffleSchema) });
export type RaffleList = z.infer<typeof raffleListSchema>;

// Winners history (/ganadores): search, month and year filters (year: current and two before).

export const WINNERS_YEAR_SPAN = 3;

/** Current year and the two before, newest first, in Venezuelan time. */
export function winnersYears(now: Date = new Date()): number[] {
  const year = Number(new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, year: "numeric" }).format(now));
  return Array.from({ length: WINNERS_YEAR_SPAN }, (_, i) => year - i);
}

const optionalInt = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).optional(),
  );

export const winnersQuerySchema = z.object({
  q: searchText,
  month: optionalInt(RAFFLE_MESSAGES.invalidMonth, 1, 12).describe("Mes del sorteo (1-12)."),
  year: optionalInt(RAFFLE_MESSAGES.invalidYear, 2000, 9999).describe(
    "Año del sorteo: el actual o uno de los dos anteriores.",
  ),
});
export type WinnersQuery = z.infer<typeof winnersQuerySchema>;

export const winnersEntrySchema = z.object({
  raffle: z.object({
    id: z.string(),
    title: z.string(),
    prizeImage: z.string().nullable(),
    imageAlt: z.string().nullable(),
    announcementType: z.enum(ANNOUNCEMENT_TYPES),
    endDate: z.string().nullable(),
    drawnAt: z.string().nullable(),
    drawTrust: z.enum(DRAW_TRUST_LEVELS),
  }),
  /** When the raffle was drawn (drawn_at, else end_date, else last update). */
  drawDate: z.string(),
  winners: z.array(publicWinnerSchema),
});
export type WinnersEntry = z.infer<typeof winnersEntrySchema>;

export const winnersListSchema = z.object({
  items: z.array(winnersEntrySchema),
  /** Years the year filter offers. */
  years: z.array(z.number().int()),
});
export type WinnersList = z.infer<typeof winnersListSchema>;

export const raffleSubscriptionsSchema = z.object({ raffleIds: z.array(z.string()) });
export const favoriteIdsSchema = z.object({ raffleIds: z.array(z.string()) });
