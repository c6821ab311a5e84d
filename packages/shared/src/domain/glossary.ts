import { countText } from "./plural";

// The glossary: the one wording of each state and place every screen, email, receipt and export uses,
// so a raffle waiting for its draw never reads "Finalizada" on one page and "Congelada" on another.

const ORDINALS = [
  "Primer",
  "Segundo",
  "Tercer",
  "Cuarto",
  "Quinto",
  "Sexto",
  "Séptimo",
  "Octavo",
  "Noveno",
  "Décimo",
];

/**
 * A prize place, the one name every page, email, receipt and export gives it: "Primer premio",
 * "Segundo premio" … "Décimo premio", then "Premio 11" (never "Premio nivel 2").
 */
export function prizePlaceName(level: number): string {
  const ordinal = ORDINALS[level - 1];
  return ordinal ? `${ordinal} premio` : `Premio ${level}`;
}

/**
 * A raffle's state, one word set for the admin, the public pages, the verifier and the exports. A raffle
 * whose sales closed but that is not drawn yet is never "Finalizada".
 */
export const RAFFLE_STATE_WORDS = {
  upcoming: "Próximamente",
  active: "En venta",
  closed: "Cerrada: revisando pagos",
  frozen: "Lista congelada: esperando el sorteo",
  finished: "Finalizada",
  cancelled: "Cancelada",
} as const;

/** Badge wording of a raffle card (uppercase on the card). */
export const CARD_STATE_WORDS = {
  finished: "FINALIZADA",
  awaiting_draw: "ESPERANDO EL SORTEO",
  upcoming: "PRÓXIMAMENTE",
  goal_reached: "¡OBJETIVO ALCANZADO!",
  last_24h: "¡SORTEO EN 24H!",
  cancelled: "CANCELADA",
} as const;

/** How a receipt names its draw line: the draw itself, or only the sales' close when nothing else is known. */
export function receiptDrawLabel(
  kind: "drawn" | "drand_round" | "external" | "end_date" | "unknown",
): string {
  return kind === "end_date" ? "Cierre de ventas" : "Sorteo";
}

/**
 * The link from a drawn raffle to its draw page. The page shows the result and the record that proves it;
 * there is no replayed animation, so no link promises one.
 */
export const DRAW_RESULT_LINK_TEXT = "Ver el resultado y el acta del sorteo";

/**
 * What the site promises about reviewing a payment proof. No fixed "24 horas": each raffle has its own
 * review window after its sales close (reviewWindowHours), and a promise that contradicts it is worse than
 * none. With the raffle's window, it says that window; without a raffle, only that we review and notify.
 */
export function proofReviewPromise(reviewWindowHours?: number | null): string {
  return reviewWindowHours
    ? `Revisamos cada comprobante; los enviados antes del cierre de ventas, a más tardar ${countText(reviewWindowHours, "hora", "horas")} después del cierre.`
    : "Revisamos cada comprobante y te avisamos por correo cuando lo aprobamos.";
}

/**
 * How RifaPuntos are earned, as the server counts them (pointsForApprovedAmount on the payment's value in
 * US dollars): per US$, a payment in bolívares by its dollar equivalent. Takes POINTS_PER_CURRENCY_UNIT.
 */
export function pointsEarningText(pointsPerDollar: number): string {
  return `${countText(pointsPerDollar, "RifaPunto", "RifaPuntos")} por cada US$ de tus pagos aprobados (un pago en bolívares cuenta por su equivalente en dólares)`;
}
