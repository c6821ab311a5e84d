import { MAX_IMAGE_PIXELS, MAX_TOTAL_TICKETS, MIN_TICKETS_PER_PURCHASE } from "../constants";
import { formatEsNumber } from "../domain/money";
import { countText, pluralWord } from "../domain/plural";
import { capMessage } from "../domain/purchase-limits";
import type { ErrorCode } from "../errors";

// What the proof upload form shows and checks without zod (spec 1 §2 "Proof upload"): its limits,
// messages, field order and quantity rules. The payment page needs them before it hydrates; the schema
// (./proofs, which re-exports all of this) loads beside it (decision 0033).

/** The raffleId of a payment not tied to a raffle (payment methods page → /perfil/subir-comprobante/general). */
export const GENERAL_PROOF_ID = "general";
export const GENERAL_PROOF_LABEL = "Pago General";

export const PROOF_LIMITS = {
  reference: 100,
  notes: 500,
  filename: 200,
  maxAmount: 1_000_000_000,
  search: 100,
} as const;

const money = (value: number, currency?: string) =>
  `${formatEsNumber(value)}${currency ? ` ${currency}` : ""}`;

export const PROOF_MESSAGES = {
  signIn: "Debes iniciar sesión para subir un comprobante.",
  userErrorTitle: "Error de Usuario",
  fileMissing: "Falta Comprobante",
  methodMissing: "Falta Método de Pago",
  referenceMissing: "Falta Referencia",
  referenceTooLong: `La referencia no puede superar los ${PROOF_LIMITS.reference} caracteres.`,
  referenceForeignDigits: "Escribe la referencia con los números del 0 al 9.",
  amountInvalid: "Monto Inválido",
  currencyInvalid: "La moneda debe ser USD o VES.",
  quantityInvalid: `La cantidad de boletos debe ser un número entero entre 1 y ${MAX_TOTAL_TICKETS}.`,
  minPurchaseTitle: "Compra Mínima",
  minPurchase: `La compra mínima permitida es de ${countText(MIN_TICKETS_PER_PURCHASE, "boleto", "boletos")}.`,
  notesTooLong: `Las notas no pueden superar los ${PROOF_LIMITS.notes} caracteres.`,
  raffleRequired: "Indica la rifa del pago.",
  idempotencyKeyInvalid: "La clave de idempotencia no es válida.",
  fileTooLarge: "El archivo no debe exceder los 5MB.",
  fileType: "Solo se permiten imágenes (JPG, PNG) o PDF.",
  imageTooManyPixels: `La imagen es demasiado grande: máximo ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles (por ejemplo 6000 × 4000). Envía una captura de pantalla o una foto de menor resolución.`,
  uploadFailed: "Error al Subir Comprobante",
  saveFailed: "Error al Guardar Comprobante",
  raffleLoadFailed: "No se pudieron cargar los detalles de la rifa.",
  salesClosed: "La venta de boletos para esta rifa está cerrada.",
  insufficientTicketsTitle: "Boletos Insuficientes",
  remaining: (left: number) =>
    `${pluralWord(left, "Solo queda", "Solo quedan")} ${countText(left, "boleto disponible", "boletos disponibles")}.`,
  amountMismatch: (total: number, currency: string) =>
    `El monto debe ser ${money(total, currency)}: el precio del boleto por la cantidad de boletos.`,
  currencyMismatch: (currency: string) => `La moneda de esta rifa es ${currency}.`,
  duplicateReference: "Esta referencia de pago ya fue registrada en otro comprobante.",
  adminNotAllowed: "Las cuentas de administrador no pueden enviar comprobantes de pago.",
  rateLimited: "Has enviado varios comprobantes seguidos. Espera unos minutos e inténtalo de nuevo.",
  successTitle: "Comprobante Enviado",
  success: "Recibimos tu comprobante. Te avisaremos por correo cuando lo revisemos.",
  notFound: "Comprobante no encontrado.",
  listError: "No se pudieron cargar tus pagos. Inténtalo de nuevo más tarde.",
  listEmpty: "Aún no has enviado comprobantes de pago.",
  searchTooLong: `La búsqueda no puede superar los ${PROOF_LIMITS.search} caracteres.`,
  pageInvalid: "La página solicitada no es válida.",
} as const;

/** Fields of the upload, in the order the form shows them (the first failing one is the error message). */
export const PROOF_UPLOAD_FIELDS = [
  "raffleId",
  "paymentMethod",
  "transactionRef",
  "amount",
  "currency",
  "quantity",
  "userNotes",
  "idempotencyKey",
] as const;
export interface ProofQuantityLimits {
  /** 2 for a raffle purchase (spec 1 §9); a general payment accepts 1. */
  minQuantity?: number;
  /** Tickets still available in the raffle, when known. */
  remaining?: number | null;
  /** The buyer's cap in the raffle and how many more they may ask for (decision 0008), when known. */
  cap?: number | null;
  allowed?: number | null;
}

/** The rules of ProofQuantityLimits, named by the code the API answers when it finds them broken. */
export type ProofQuantityCode = Extract<
  ErrorCode,
  "MIN_PURCHASE" | "INSUFFICIENT_TICKETS" | "TICKET_CAP_REACHED"
>;

/** The first quantity limit a count breaks (the form's order), with the form's message; null when none. */
export function quantityLimitIssue(
  quantity: number,
  limits: ProofQuantityLimits,
): { code: ProofQuantityCode; message: string } | null {
  if (limits.minQuantity && quantity < limits.minQuantity)
    return { code: "MIN_PURCHASE", message: PROOF_MESSAGES.minPurchase };
  if (typeof limits.remaining === "number" && quantity > limits.remaining)
    return { code: "INSUFFICIENT_TICKETS", message: PROOF_MESSAGES.remaining(limits.remaining) };
  if (typeof limits.cap === "number" && typeof limits.allowed === "number" && quantity > limits.allowed)
    return { code: "TICKET_CAP_REACHED", message: capMessage(limits.cap, limits.allowed) };
  return null;
}
