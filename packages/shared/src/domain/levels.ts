/**
 * RifaPuntos loyalty levels (spec 1 §3, §4, §9). Kept as data so the club page,
 * profile header and reward checks all read the same thresholds.
 */

import { LEVEL_NAMES, type LevelName, POINTS_PER_CURRENCY_UNIT } from "../constants";

export const POINTS_UNIT_LABEL = "RifaPuntos";
export const DEFAULT_LEVEL: LevelName = "Bronce";

export interface LevelColors {
  /** Text colour token, e.g. for the level name. */
  text: string;
  /** Soft background for badges and panels. */
  bg: string;
  border: string;
  /** Gradient stops for headers ("from-… to-…"). */
  gradient: string;
  /** Fill of the progress bar towards the next level. */
  progress: string;
}

export interface LoyaltyLevel {
  name: LevelName;
  minPoints: number;
  /** Inclusive upper bound; null for the last, unbounded level. */
  maxPoints: number | null;
  /** Ticket discount in percent. */
  discountPercent: number;
  benefits: readonly string[];
  welcomeMessage: string;
  colors: LevelColors;
  /** Icon name (lucide-style) so the UI picks the component. */
  icon: string;
}

export const LEVELS: readonly LoyaltyLevel[] = [
  {
    name: "Bronce",
    minPoints: 0,
    maxPoints: 499,
    discountPercent: 0,
    benefits: [
      "Acumula 100 RifaPuntos por cada unidad de moneda en pagos aprobados",
      "Acceso a todas las rifas activas",
      "Notificaciones de nuevas rifas y resultados",
    ],
    welcomeMessage: "¡Bienvenido al Rifazo Club! Cada boleto que compras te acerca al siguiente nivel.",
    colors: {
      text: "text-amber-700",
      bg: "bg-amber-100",
      border: "border-amber-400",
      gradient: "from-amber-600 to-amber-800",
      progress: "bg-amber-600",
    },
    icon: "Medal",
  },
  {
    name: "Plata",
    minPoints: 500,
    maxPoints: 1499,
    discountPercent: 5,
    benefits: [
      "5% de descuento en boletos",
      "Acceso anticipado a rifas seleccionadas",
      "Recompensas exclusivas de nivel Plata",
    ],
    welcomeMessage: "¡Felicidades! Alcanzaste el Nivel Plata y ahora disfrutas de un 5% de descuento.",
    colors: {
      text: "text-slate-600",
      bg: "bg-slate-100",
      border: "border-slate-400",
      gradient: "from-slate-400 to-slate-600",
      progress: "bg-slate-500",
    },
    icon: "Award",
  },
  {
    name: "Oro",
    minPoints: 1500,
    maxPoints: 4999,
    discountPercent: 10,
    benefits: [
      "10% de descuento en boletos",
      "Acceso anticipado a todas las rifas",
      "Sorteos exclusivos para miembros Oro",
      "Soporte prioritario",
    ],
    welcomeMessage: "¡Brillas como el oro! Disfruta de un 10% de descuento y sorteos exclusivos.",
    colors: {
      text: "text-yellow-600",
      bg: "bg-yellow-100",
      border: "border-yellow-400",
      gradient: "from-yellow-400 to-yellow-600",
      progress: "bg-yellow-500",
    },
    icon: "Crown",
  },
  {
    name: "Diamante",
    minPoints: 5000,
    maxPoints: null,
    discountPercent: 15,
    benefits: [
      "15% de descuento en boletos",
      "Acceso VIP a todas las rifas y sorteos exclusivos",
      "Recompensas y regalos especiales",
      "Soporte prioritario personalizado",
    ],
    welcomeMessage: "¡Eres Diamante! Has alcanzado el nivel máximo con un 15% de descuento y beneficios VIP.",
    colors: {
      text: "text-cyan-600",
      bg: "bg-cyan-100",
      border: "border-cyan-400",
      gradient: "from-cyan-400 to-blue-600",
      progress: "bg-cyan-500",
    },
    icon: "Gem",
  },
];

/** Bad inputs (NaN, negative) count as 0 points: a broken profile must still render as Bronce. */
function safePoints(points: number): number {
  return Number.isFinite(points) && points > 0 ? points : 0;
}

/** Level for a points balance (thresholds 500, 1500, 5000). */
export function levelForPoints(points: number): LoyaltyLevel {
  const p = safePoints(points);
  let current = LEVELS[0] as LoyaltyLevel;
  for (const level of LEVELS) {
    if (p >= level.minPoints) current = level;
  }
  return current;
}

/** Next level, or null at Diamante. */
export function nextLevelForPoints(points: number): LoyaltyLevel | null {
  const rank = LEVELS.indexOf(levelForPoints(points));
  return LEVELS[rank + 1] ?? null;
}

/** Points still missing for the next level; 0 at Diamante. */
export function pointsToNextLevel(points: number): number {
  const next = nextLevelForPoints(points);
  return next ? Math.max(0, next.minPoints - safePoints(points)) : 0;
}

/**
 * Share (0-100) of the distance from the current level's minimum to the next
 * level's minimum; 100 at Diamante ("nivel máximo alcanzado").
 */
export function progressToNextLevel(points: number): number {
  const current = levelForPoints(points);
  const next = nextLevelForPoints(points);
  if (!next) return 100;
  const share = ((safePoints(points) - current.minPoints) / (next.minPoints - current.minPoints)) * 100;
  return Math.min(100, Math.max(0, share));
}

/**
 * floor(amount × 100). The product is rounded to 6 decimals first so that
 * binary float noise (19.99 × 100 = 1998.9999…) does not cost the user a point.
 */
export function pointsForApprovedAmount(amount: number): number {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  return Math.floor(Number((amount * POINTS_PER_CURRENCY_UNIT).toFixed(6)));
}

/**
 * Accepts 'Oro', 'oro', 'Nivel Oro' (profiles store both forms, spec 1 §3);
 * returns null for anything else.
 */
export function normalizeLevelName(value: string | null | undefined): LevelName | null {
  if (typeof value !== "string") return null;
  const bare = value
    .trim()
    .replace(/^nivel\s+/i, "")
    .toLowerCase();
  return LEVEL_NAMES.find((name) => name.toLowerCase() === bare) ?? null;
}

/** 0 (Bronce) … 3 (Diamante); -1 for an unknown name. */
export function levelRank(name: string | null | undefined): number {
  const normalized = normalizeLevelName(name);
  return normalized ? LEVEL_NAMES.indexOf(normalized) : -1;
}

/** Level data by name (either form); null when unknown. */
export function getLevel(name: string | null | undefined): LoyaltyLevel | null {
  const rank = levelRank(name);
  return rank >= 0 ? (LEVELS[rank] ?? null) : null;
}

/**
 * Reward gate (spec 1 §4 "Club"). A missing/unknown user level counts as Bronce
 * (the profile default); no required level means open to all; an unknown
 * required level fails closed so a typo never unlocks a reward.
 */
export function isLevelAtLeast(
  userLevel: string | null | undefined,
  requiredLevel: string | null | undefined,
): boolean {
  if (requiredLevel === null || requiredLevel === undefined || requiredLevel.trim() === "") return true;
  const required = levelRank(requiredLevel);
  if (required < 0) return false;
  return Math.max(0, levelRank(userLevel)) >= required;
}

/** 'Nivel Bronce' etc.; unknown values fall back to the default level. */
export function levelLabel(name: string | null | undefined): string {
  return `Nivel ${normalizeLevelName(name) ?? DEFAULT_LEVEL}`;
}
