import { z } from "zod";
import { CURRENCIES } from "../constants";

// The vendedores' leaderboard per raffle (docs/decisions/0034-vendedores.md): tickets of approved purchases
// each vendedor sold or brought through their link. The organiser sees it whole; the raffle page, when the
// organiser makes it public, only the first ten by first name and initial.

/** How many vendedores the raffle page shows. */
export const PUBLIC_LEADERBOARD_SIZE = 10;

export const LEADERBOARD_MESSAGES = {
  switch: "Indica si la clasificación se muestra en la página de la rifa.",
  hidden: "La clasificación de vendedores de esta rifa no es pública.",
} as const;

/** PUT /api/admin/sellers/raffles/{raffleId}/leaderboard: whether the raffle page shows it. */
export const sellerLeaderboardSwitchSchema = z.object({
  public: z.boolean({ error: LEADERBOARD_MESSAGES.switch }),
});
export type SellerLeaderboardSwitch = z.infer<typeof sellerLeaderboardSwitchSchema>;

/** GET /api/admin/sellers/raffles/{raffleId}/leaderboard: every vendedor with tickets, first place first. */
export const adminSellerLeaderboardSchema = z.object({
  raffleId: z.string(),
  currency: z.enum(CURRENCIES),
  /** Whether the raffle page shows it (raffles.seller_leaderboard_public). */
  public: z.boolean(),
  items: z.array(
    z.object({
      /** 1, 2, 3…: ties go to who reached the count first, then by name. */
      position: z.number().int(),
      sellerId: z.string(),
      name: z.string(),
      code: z.string(),
      status: z.enum(["invited", "active", "suspended"]),
      tickets: z.number().int(),
      /** What those purchases came to, in the raffle's currency. */
      collected: z.number(),
    }),
  ),
});
export type AdminSellerLeaderboard = z.infer<typeof adminSellerLeaderboardSchema>;

/** GET /api/raffles/{id}/sellers-leaderboard: the first ten, by first name and initial only. */
export const publicSellerLeaderboardSchema = z.object({
  items: z.array(
    z.object({
      position: z.number().int(),
      /** "María G.": never the full name, code, contact or id. */
      name: z.string(),
      tickets: z.number().int(),
    }),
  ),
});
export type PublicSellerLeaderboard = z.infer<typeof publicSellerLeaderboardSchema>;

/** A vendedor's own place in a raffle (their area): null until they have a ticket approved in it. */
export const sellerRankingSchema = z
  .object({
    position: z.number().int(),
    /** How many vendedores have tickets in the raffle. */
    of: z.number().int(),
    tickets: z.number().int(),
  })
  .nullable();
export type SellerRanking = z.infer<typeof sellerRankingSchema>;
