/**
 * The rules that keep a lottery-decided raffle honest (docs/decisions/0024-lottery-after-freeze.md,
 * docs/draw-protocol.md §10): the lottery draws only after the list can no longer change, a raffle still
 * open when it draws falls back to what its rules say, and a correction needs a second administrator.
 *
 * Pure and browser-safe: the API refuses with these messages and the admin form warns with them.
 */
import { formatDateTime } from "./dates";

/**
 * Minutes between the latest possible freeze (end date + review window) and the lottery's draw. The
 * freeze is made by the lifecycle job (every minute) after the review deadline; the margin absorbs a job
 * that fails a few passes or a server restart, clocks that disagree by minutes, and a lottery that draws
 * a little before its announced hour. One hour is far above all three and costs a seller nothing.
 */
export const LOTTERY_FREEZE_MARGIN_MINUTES = 60;
/** Hours after the result entry during which a correction may still be confirmed, unless the rules say otherwise. */
export const DEFAULT_CORRECTION_WINDOW_HOURS = 24;
export const MAX_CORRECTION_WINDOW_HOURS = 168;

export const LOTTERY_FALLBACKS = ["drand", "cancel"] as const;
export type LotteryFallback = (typeof LOTTERY_FALLBACKS)[number];
export const DEFAULT_LOTTERY_FALLBACK: LotteryFallback = "drand";

export const LOTTERY_MESSAGES = {
  tooEarly: (latestFreeze: Date, earliest: Date) =>
    `La lotería debe sortear después de que la lista de boletos quede fija: el cierre más la revisión de pagos termina el ${formatDateTime(latestFreeze)} y, con un margen de ${LOTTERY_FREEZE_MARGIN_MINUTES} minutos, el sorteo de la lotería debe ser el ${formatDateTime(earliest)} (hora de Venezuela) o después.`,
  unbound:
    "Una rifa que se decide con una lotería no puede salir a la venta sin la lotería, la fecha de su sorteo y la regla: vincúlala primero.",
  publicationRequired:
    "Adjunta la publicación oficial del resultado (foto o PDF): se publica y su huella SHA-256 queda en el acta.",
  publicationInvalid:
    "La publicación oficial no es válida (foto JPG, PNG o WEBP, o PDF, de 1 byte a 700 KB).",
  sameAdmin:
    "Una corrección la confirma un administrador distinto del que la propuso: pide a otro administrador que la revise.",
  windowClosed: (hours: number) =>
    `El plazo de corrección de las reglas (${hours} h desde el registro del resultado) ya venció: el resultado no se puede corregir.`,
  proposalPending:
    "Ya hay una corrección propuesta esperando confirmación: confírmala o descártala antes de proponer otra.",
  proposalNotFound: "No hay una corrección pendiente con ese identificador.",
  fallbackUsed: (fallback: LotteryFallback) =>
    fallback === "drand"
      ? "La lotería sorteó antes de que la lista quedara fija: según las reglas, esta rifa se sortea con drand."
      : "La lotería sorteó antes de que la lista quedara fija: según las reglas, esta rifa se cancela y se reembolsa.",
} as const;

/** "Si la lista no está fija a la hora del sorteo…": what the rules as sold promise, in plain words. */
export function lotteryFallbackText(fallback: LotteryFallback): string {
  return fallback === "drand"
    ? "Si la lista de boletos no está fija a la hora de la lotería, su resultado no se usa: la rifa se sortea con una ronda futura de drand."
    : "Si la lista de boletos no está fija a la hora de la lotería, su resultado no se usa: la rifa se cancela y se reembolsa.";
}

/** End date + review window: the latest moment the list of a date raffle can freeze (null without an end date). */
export function latestFreezeAt(endDate: Date | string | null, reviewWindowHours: number): Date | null {
  if (endDate === null) return null;
  return new Date(new Date(endDate).getTime() + reviewWindowHours * 3_600_000);
}

/** The Spanish reason a lottery time is refused, or null when it comes after the latest freeze plus the margin. */
export function lotteryTimeProblem(input: {
  endDate: Date | string | null;
  reviewWindowHours: number;
  drawAt: Date | string;
}): string | null {
  const latest = latestFreezeAt(input.endDate, input.reviewWindowHours);
  if (!latest) return null; // a percentage raffle: its fallback decides if it is still open (§10.4)
  const earliest = new Date(latest.getTime() + LOTTERY_FREEZE_MARGIN_MINUTES * 60_000);
  return new Date(input.drawAt).getTime() < earliest.getTime()
    ? LOTTERY_MESSAGES.tooEarly(latest, earliest)
    : null;
}

/** The parts of a lottery binding, as stored or about to be. */
export interface LotterySaleInput {
  announcementType: string;
  /** The organiser chose an official lottery (not a live announcement) for this external raffle. */
  lotteryDecided: boolean;
  externalLottery: string | null;
  externalDrawAt: Date | string | null;
  externalRule: unknown;
}

/** True when an official lottery decides the raffle: chosen so, or already bound to one. */
export function isLotteryDecided(input: LotterySaleInput): boolean {
  return input.announcementType === "external" && (input.lotteryDecided || input.externalLottery !== null);
}

/**
 * The site promises a lottery "fijada antes de la venta": a lottery-decided raffle may go on sale only
 * once its lottery, draw time and rule are bound. Returns the Spanish refusal naming what is missing, or
 * null when it may go on sale.
 */
export function lotteryMissingForSale(input: LotterySaleInput): string | null {
  if (!isLotteryDecided(input)) return null;
  const missing = [
    input.externalLottery ? null : "la lotería",
    input.externalDrawAt ? null : "la fecha y hora de su sorteo",
    input.externalRule ? null : "la regla que convierte su resultado en un boleto",
  ].filter((part): part is string => part !== null);
  if (missing.length === 0) return null;
  const list =
    missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(", ")} y ${missing[missing.length - 1]}`;
  return `${LOTTERY_MESSAGES.unbound} Falta ${list}: fíjalas en el detalle de la rifa mientras está en Próximamente y después abre las ventas.`;
}
