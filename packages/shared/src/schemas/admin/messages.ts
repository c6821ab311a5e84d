import { MAX_IMAGE_PIXELS } from "../../constants";
import { countText } from "../../domain/plural";

// Every Spanish message of the administrator area (spec 2), in one place.

export const ADMIN_MESSAGES = {
  // Raffle form (spec 2 §5)
  formTitle: "Campos Requeridos",
  atLeastOneLevel: "Debe haber al menos un nivel de premio.",
  winnersExceedTickets: "El número total de ganadores no puede exceder el total de boletos.",
  statusByActions:
    "El estado de una rifa cambia con sus acciones (Abrir ventas, Cerrar antes de tiempo, Cancelar), no editándola.",
  creationStatus: "Una rifa nueva empieza Próximamente o Activa.",
  raffleFrozenNoDelete: "Una rifa congelada o sorteada es un registro público y no se puede eliminar.",
  raffleCancelledNoEdit: "Una rifa cancelada ya no se puede editar.",
  prizesLocked:
    "Esta rifa ya tiene ventas o pagos en revisión: los premios y sus ganadores por nivel ya no se pueden cambiar.",
  // Decision 0035: a cash prize is part of the rules as sold (the database refuses it too, migration 0035).
  cashPrizeLocked:
    "Esta rifa ya tiene ventas o pagos en revisión: los premios en dinero (su moneda y su monto) ya no se pueden cambiar.",
  // Decision 0035: instant prizes are part of the rules as sold (migration 0036's trigger refuses it too).
  instantPrizesLocked:
    "Esta rifa ya tiene ventas o pagos en revisión: los premios instantáneos ya no se pueden cambiar.",
  totalTicketsLocked: "El total de boletos no se puede editar una vez creada la rifa.",
  saleLocked:
    "Esta rifa ya tiene ventas o pagos en revisión: el precio, la moneda, el total de boletos y las reglas de activación ya no se pueden cambiar.",
  drawDateEarlier: "Esta rifa ya tiene ventas: la fecha del sorteo solo puede posponerse, no adelantarse.",
  raffleCreated: "Rifa creada. Los boletos se están generando.",
  // Images (spec 2 §5)
  imageType: "Solo se permiten imágenes JPG, PNG, WEBP o GIF.",
  imageTooLarge: "La imagen no debe exceder los 5MB.",
  imageTooManyPixels: `La imagen tiene demasiados píxeles (máximo ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles).`,
  imageUnreadable: "No se pudo leer la imagen. Verifica que el archivo no esté dañado.",
  imageMissing: "Selecciona una imagen para subir.",
  imageFolderInvalid: "La carpeta de la imagen no es válida.",
  imageNotFound: "Imagen no encontrada.",
  imageInUse: "Esta imagen se usa en una rifa y no se puede eliminar.",
  // Payment proofs
  proofNotFound: "Comprobante no encontrado.",
  proofRejectedCannotApprove: "Este comprobante fue rechazado y no se puede aprobar.",
  proofReconciled: "Este comprobante ya se concilió con un movimiento del banco y no se puede eliminar.",
  abonoPaymentDelete:
    "Este pago es un abono de una compra con otros pagos y no se puede eliminar solo: si la compra no se completa antes del cierre, sus abonos se devuelven.",
  proofAlreadyReviewed: "Este comprobante ya fue revisado.",
  notEnoughTickets: "No hay suficientes boletos disponibles.",
  ticketsNotReady: "Los boletos de esta rifa aún se están generando. Inténtalo de nuevo en unos segundos.",
  raffleAlreadyDrawn: "Esta rifa ya tiene ganadores: no se pueden asignar ni liberar boletos.",
  adminNotesTooLong: "La nota no puede superar los 500 caracteres.",
  noTicketsReturned: "¡Pago aprobado! Pero no se pudieron recuperar los números de boletos asignados.",
  // Users
  userNotFound: "Usuario no encontrado.",
  cannotSuspendSelf: "No puedes suspender tu propia cuenta.",
  notifyRequired: "El título y el mensaje son obligatorios.",
  emailRequired: "El asunto y el mensaje son obligatorios.",
  titleTooLong: "El título no puede superar los 120 caracteres.",
  messageTooLong: "El mensaje no puede superar los 5000 caracteres.",
  // External winners (spec 2 §5)
  selectRaffle: "Selecciona una rifa primero.",
  atLeastOneWinner: "Debes registrar al menos un ganador.",
  winnerFieldsRequired: "Todos los ganadores deben tener número de boleto y nombre.",
  ticketDigits: "Los números de boleto deben tener exactamente 4 dígitos.",
  /** The spec's message at the raffle's width (2 for 100 tickets, 3 for 1,000: ticketDigits). */
  ticketDigitsOf: (digits: number) => `Los números de boleto deben tener exactamente ${digits} dígitos.`,
  /** Before the raffle is known (the request body alone): any width a raffle can have. */
  ticketDigitsAny: "Los números de boleto deben tener entre 2 y 4 dígitos.",
  duplicates: (numbers: readonly string[]) =>
    `Los siguientes números están duplicados: ${numbers.join(", ")}.`,
  levelInvalid: "El nivel de premio no es válido.",
  levelUnknown: (level: number) => `El nivel de premio ${level} no existe en esta rifa.`,
  levelFull: (level: number, max: number) =>
    `El nivel de premio ${level} admite como máximo ${countText(max, "ganador", "ganadores")}.`,
  winnersAlreadyRegistered: "Esta rifa ya tiene ganadores registrados.",
  // Lists
  emptyExport: "No hay datos para exportar.",
  pageInvalid: "La página solicitada no es válida.",
  searchTooLong: "La búsqueda no puede superar los 100 caracteres.",
  invalidId: "El identificador no es válido.",
} as const;
