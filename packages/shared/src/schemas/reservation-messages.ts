import { MAX_TOTAL_TICKETS, TIME_ZONE } from "../constants";
import { MAX_HOLDS_PER_ACCOUNT_PER_HOUR } from "../domain/purchase-limits";

/** "10:45 p. m." in Venezuela: when a refused buyer may reserve again. */
export function holdTimeLabel(at: Date): string {
  return at.toLocaleTimeString("es-VE", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit" });
}

// What the purchase flow says to a buyer, shared by the API and the web app. No zod here (the schemas in
// ./reservations.ts re-export these): the raffle page shows them without downloading the validators.

export const RESERVATION_MESSAGES = {
  numbersTaken: (numbers: string[]) =>
    numbers.length === 1
      ? `El número ${numbers[0]} acaba de ser tomado por otra persona. Elige otro.`
      : `Los números ${numbers.join(", ")} acaban de ser tomados por otras personas. Elige otros.`,
  chooseNumbers: "Elige tus números en la cuadrícula antes de pagar.",
  quantityInvalid: `La cantidad de boletos debe ser un número entero entre 1 y ${MAX_TOTAL_TICKETS}.`,
  numbersNotAllowed: "En esta rifa los números se asignan al azar: indica solo la cantidad.",
  invalidNumber: "Uno de los números elegidos no existe en esta rifa.",
  duplicateNumbers: "Elegiste el mismo número dos veces.",
  notFound: "No encontramos esa reserva.",
  expired: "Tu reserva venció y los boletos quedaron libres. Puedes reservar de nuevo.",
  notActive: "Esta reserva ya no admite comprobantes.",
  activeExists: "Ya tienes una reserva activa en esta rifa. Complétala o cancélala antes de hacer otra.",
  methodNotAccepted: "Esta rifa no acepta ese método de pago.",
  noRate:
    "Todavía no hay tasa del día publicada para pagar en bolívares. Elige otro método o intenta más tarde.",
  amountMismatch: (expected: string) => `El monto debe ser exactamente ${expected}.`,
  cancelled: "Cancelaste la reserva y los boletos quedaron libres.",
  holdCooldown: (at: Date) =>
    `Tu tiempo para reservar en esta rifa terminó sin un comprobante. Podrás reservar de nuevo a partir de las ${holdTimeLabel(at)} (hora de Venezuela).`,
  tooManyHolds: (at: Date) =>
    `Iniciaste ${MAX_HOLDS_PER_ACCOUNT_PER_HOUR} reservas en la última hora, el máximo por cuenta. Podrás reservar de nuevo a partir de las ${holdTimeLabel(at)} (hora de Venezuela).`,
  tooManyHoldsFromAddress: (at: Date) =>
    `Se iniciaron demasiadas reservas desde tu conexión en la última hora. Podrás reservar de nuevo a partir de las ${holdTimeLabel(at)} (hora de Venezuela).`,
  releasedNotice: (title: string) =>
    `El organizador liberó tu reserva en "${title}" y los boletos quedaron libres.`,
  abonoNotAllowed: "Esta rifa no admite abonos: se paga completa.",
  abonoBelowMinimum: (least: string) => `El primer abono debe ser de al menos ${least}.`,
  abonoAboveBalance: (most: string) => `El abono no puede pasar de lo que falta por pagar: ${most}.`,
  abonoUnderReview: "Tu abono anterior está en revisión. Podrás enviar el siguiente cuando se apruebe.",
  abonoPaid: "Esta compra con abono ya está pagada completa.",
  expiredNotice: (title: string) =>
    `Tu reserva en "${title}" venció antes de subir el comprobante y los boletos quedaron libres.`,
} as const;
