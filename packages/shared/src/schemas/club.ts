import { z } from "zod";
import { LEVEL_NAMES } from "../constants";
import { countText } from "../domain/plural";

// Rifazo Club (spec 1 §2 "Loyalty club", §4 "Club", §5 reward redemption, §7 points and rewards, §8 club).
// Points only change through the ledger (points_history); a redemption spends them in one transaction.

export const POINTS_HISTORY_LIMIT = 200;
export const REDEMPTIONS_LIMIT = 100;

export const CLUB_MESSAGES = {
  loadError: "Error al cargar datos del Club",
  signIn: "Debes iniciar sesión para canjear recompensas.",
  insufficientPointsTitle: "Puntos Insuficientes",
  insufficientPoints: (missing: number) => `Necesitas ${countText(missing, "RifaPunto", "RifaPuntos")} más.`,
  insufficientLevelTitle: "Nivel Insuficiente",
  insufficientLevel: (level: string) => `Requiere Nivel ${level}.`,
  redeemErrorTitle: "Error al Canjear",
  redeemedTitle: "¡Recompensa Canjeada!",
  redeemed: (title: string, spent: number) =>
    `Canjeaste "${title}" por ${countText(spent, "RifaPunto", "RifaPuntos")}.`,
  rewardNotFound: "Recompensa no encontrada.",
  adminNotAllowed: "Las cuentas de administrador no pueden canjear recompensas.",
  idempotencyKeyInvalid: "La clave de idempotencia no es válida.",
  confirmTitle: "¿Canjear esta recompensa?",
  confirmAction: "Sí, canjear",
  confirmCancel: "Cancelar",
  /** The level is not touched by spending: it follows points earned over time. */
  confirmKeepsLevel: "Tu nivel no baja al canjear: depende de los RifaPuntos que has ganado, no de tu saldo.",
  /** How a redeemed reward reaches the buyer (shown after redeeming, in the notification too). */
  howToClaim:
    "Te contactaremos por correo electrónico en los próximos días hábiles para coordinar la entrega. Si tienes dudas, escríbenos desde la página de Contacto indicando la recompensa.",
} as const;

/** The ledger reason written for a redemption ("Canje: Boleto gratis"). */
export const redemptionReason = (title: string) => `Canje: ${title}`;

export const rewardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  pointsRequired: z.number().int(),
  requiredLevel: z.enum(LEVEL_NAMES),
});
export type Reward = z.infer<typeof rewardSchema>;

/** A reward as the signed-in user sees it: whether points and level allow redeeming it now. */
export const clubRewardSchema = rewardSchema.extend({
  hasEnoughPoints: z.boolean(),
  hasRequiredLevel: z.boolean(),
  redeemable: z.boolean(),
  /** Points still missing (0 when enough). */
  missingPoints: z.number().int(),
});
export type ClubReward = z.infer<typeof clubRewardSchema>;

export const pointsHistoryEntrySchema = z.object({
  id: z.string(),
  /** Signed: positive when earned, negative when spent or reverted. */
  pointsChange: z.number().int(),
  reason: z.string(),
  paymentProofId: z.string().nullable(),
  rewardRedemptionId: z.string().nullable(),
  createdAt: z.string(),
});
export type PointsHistoryEntry = z.infer<typeof pointsHistoryEntrySchema>;

export const redemptionSchema = z.object({
  id: z.string(),
  rewardId: z.string(),
  rewardTitle: z.string(),
  pointsSpent: z.number().int(),
  createdAt: z.string(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

export const clubSchema = z.object({
  /** The balance: what can be spent. */
  points: z.number().int(),
  /** Points earned over time (approved payments less reversals); the level follows these. */
  pointsEarned: z.number().int(),
  level: z.enum(LEVEL_NAMES),
  /** 'Nivel Oro'. */
  levelLabel: z.string(),
  nextLevel: z.enum(LEVEL_NAMES).nullable(),
  pointsToNextLevel: z.number().int(),
  /** Share (0-100) of the way from this level to the next; 100 at Diamante. */
  progress: z.number(),
  /** Newest first (at most POINTS_HISTORY_LIMIT). */
  history: z.array(pointsHistoryEntrySchema),
  /** Active rewards, cheapest first. */
  rewards: z.array(clubRewardSchema),
  /** Newest first (at most REDEMPTIONS_LIMIT). */
  redemptions: z.array(redemptionSchema),
});
export type Club = z.infer<typeof clubSchema>;

export const rewardListSchema = z.object({ items: z.array(rewardSchema) });
export type RewardList = z.infer<typeof rewardListSchema>;

export const redeemRewardSchema = z.object({
  idempotencyKey: z
    .string({ error: CLUB_MESSAGES.idempotencyKeyInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{8,100}$/, CLUB_MESSAGES.idempotencyKeyInvalid)
    .optional()
    .describe("Clave única por intento: repetir la petición con la misma clave no vuelve a gastar puntos."),
});
export type RedeemRewardInput = z.input<typeof redeemRewardSchema>;

export const redeemResultSchema = z.object({
  ok: z.literal(true),
  /** '¡Recompensa Canjeada!' */
  title: z.string(),
  message: z.string(),
  redemption: redemptionSchema,
  /** Balance and level after the redemption (the level follows points earned, so spending keeps it). */
  points: z.number().int(),
  level: z.enum(LEVEL_NAMES),
  /** CLUB_MESSAGES.howToClaim. */
  howToClaim: z.string(),
  /** True when this answer repeats an earlier redemption with the same idempotency key. */
  replayed: z.boolean(),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;
