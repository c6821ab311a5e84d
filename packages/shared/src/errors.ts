// Every error code the API answers with ({ error: { code, message } }): its HTTP status and its Spanish
// message. The API throws by code (AppError takes the status from here) and the web maps by code; a
// thrown message may be more specific than the one below, which is the default.
// Codes mapped from Better Auth keep the status Better Auth answered with (auth/better-auth-bridge.ts).
// Zod-free. The rows whose messages the web's pages word themselves are in page-errors.ts: the public
// pages download those, never this whole table.

import { PAGE_ERROR_TABLE } from "./page-errors";

/** [code, HTTP status, default message] of every error; ERROR_CATALOGUE is built from it, in this order. */
const ERROR_TABLE = [
  ...PAGE_ERROR_TABLE,
  ["ADMIN_ONLY", 403, "Acceso denegado. Solo administradores."],
  ["RAFFLE_NOT_FOUND", 404, "Rifa no encontrada."],
  // Realtime streams refused over a cap: per client or user, or for the whole server (decision 0006).
  [
    "TOO_MANY_STREAMS",
    429,
    "Hay demasiadas conexiones en tiempo real abiertas desde tu equipo o tu cuenta. Cierra alguna pestaña y vuelve a intentarlo.",
  ],
  [
    "STREAMS_FULL",
    503,
    "El canal de notificaciones en tiempo real está lleno en este momento. Se reintentará en unos segundos.",
  ],
  // Authentication (spec 1 §8).
  [
    "EMAIL_NOT_VERIFIED",
    403,
    "Tu correo electrónico aún no ha sido confirmado. Por favor, revisa tu bandeja de entrada.",
  ],
  [
    "INVALID_CREDENTIALS",
    401,
    "Credenciales de inicio de sesión inválidas. Verifica tu correo y contraseña.",
  ],
  ["USER_ALREADY_EXISTS", 409, "Este correo electrónico ya está registrado. Intenta iniciar sesión."],
  ["WEAK_PASSWORD", 400, "La contraseña es demasiado débil. Asegúrate de que cumpla los requisitos."],
  ["INVALID_EMAIL", 400, "Por favor, proporciona un correo electrónico válido."],
  ["SESSION_NOT_FOUND", 401, "Sesión no encontrada. Por favor, intenta iniciar sesión de nuevo."],
  ["PROFILE_NOT_FOUND", 401, "No se encontró un perfil asociado a tu cuenta. Por favor, contacta a soporte."],
  ["SIGN_UP_SAVE_FAILED", 500, "Error al guardar el usuario. Si el problema continúa, contacta a soporte."],
  ["INVALID_PASSWORD", 400, "La contraseña actual no es correcta."],
  // An account made without a password (a sign-in link) creates one through the emailed reset link.
  [
    "PASSWORD_NOT_SET",
    400,
    "Tu cuenta aún no tiene contraseña. Pide el enlace para crearla y te llegará a tu correo.",
  ],
  ["PASSWORD_TOO_SHORT", 400, "La contraseña debe tener al menos 8 caracteres."],
  ["INVALID_TWO_FACTOR_CODE", 401, "El código de verificación no es válido."],
  // Buying: proofs of payment and their limits (spec 1 §5).
  ["PROOF_NOT_FOUND", 404, "Comprobante no encontrado."],
  ["SALES_CLOSED", 409, "Las ventas de esta rifa están cerradas."],
  ["MIN_PURCHASE", 400, "No se alcanza la compra mínima de boletos."],
  ["CURRENCY_MISMATCH", 400, "La moneda del pago no corresponde a la de la rifa."],
  ["AMOUNT_MISMATCH", 400, "El monto no corresponde al total de la compra."],
  ["UNSUPPORTED_FILE_TYPE", 400, "El tipo de archivo del comprobante no está permitido."],
  ["IMAGE_TOO_MANY_PIXELS", 422, "La imagen tiene demasiados píxeles."],
  ["DUPLICATE_REFERENCE", 409, "Esta referencia de pago ya fue registrada."],
  ["INSUFFICIENT_TICKETS", 409, "No quedan suficientes boletos disponibles."],
  ["TOO_MANY_PENDING_PROOFS", 409, "Tienes demasiados comprobantes pendientes de revisión."],
  ["TICKET_CAP_REACHED", 409, "Alcanzaste el máximo de boletos permitido en esta rifa."],
  ["PROOF_UPLOAD_FAILED", 500, "No se pudo guardar el archivo del comprobante. Inténtalo de nuevo."],
  ["PROOF_SAVE_FAILED", 500, "No se pudo registrar el comprobante. Inténtalo de nuevo."],
  ["RAFFLE_NOT_UPCOMING", 409, "Esta rifa ya no está por comenzar."],
  // Reservations (a purchase from the grid or the quantity selector to its proof).
  ["NUMBERS_TAKEN", 409, "Alguno de los números elegidos ya fue tomado. Elige otros."],
  ["RESERVATION_ACTIVE", 409, "Ya tienes una reserva activa en esta rifa."],
  ["CHOOSE_NUMBERS", 409, "Elige tus números en la cuadrícula antes de pagar."],
  ["NUMBERS_NOT_ALLOWED", 400, "En esta rifa los números se asignan al azar."],
  ["RESERVATION_NOT_FOUND", 404, "No encontramos esa reserva."],
  ["RESERVATION_EXPIRED", 409, "Tu reserva venció y los boletos quedaron libres."],
  ["RESERVATION_NOT_ACTIVE", 409, "Esta reserva ya no admite comprobantes."],
  ["ABONO_NOT_ALLOWED", 400, "Esta rifa no admite abonos: se paga completa."],
  ["ABONO_AMOUNT", 400, "El monto del abono no está entre el mínimo y lo que falta por pagar."],
  ["ABONO_UNDER_REVIEW", 409, "Tu abono anterior está en revisión."],
  ["ABONO_PAID", 409, "Esta compra con abono ya está pagada completa."],
  ["ABONO_PAYMENT_DELETE", 409, "Este pago es un abono de una compra con otros pagos: no se elimina solo."],
  // Prizes after the draw (decision 0035).
  ["PRIZE_NOT_FOUND", 404, "No encontramos ese premio."],
  ["PRIZE_NOT_YOURS", 403, "Este premio es de otro ganador: solo su dueño puede reclamarlo."],
  ["PRIZE_CLAIM_CLOSED", 409, "El plazo para reclamar este premio terminó."],
  ["PRIZE_ALREADY_CLAIMED", 409, "Este premio ya fue reclamado y su reclamo está en revisión o aceptado."],
  ["PRIZE_NOT_CLAIMED", 409, "El ganador todavía no reclamó este premio."],
  ["PRIZE_CLAIM_NOT_ACCEPTED", 409, "Acepta el reclamo del ganador antes de registrar la entrega."],
  ["PRIZE_NOT_DELIVERED", 409, "Este premio todavía no tiene una entrega registrada."],
  ["PRIZE_ALREADY_CONFIRMED", 409, "Ya confirmaste que recibiste este premio."],
  ["PRIZE_DISPUTE_OPEN", 409, "Este premio tiene una disputa abierta."],
  ["PRIZE_NO_DISPUTE", 409, "Este premio no tiene una disputa abierta."],
  ["PRIZE_BELOW_RATE", 400, "El monto pagado es menor que el premio al cambio BCV del día del pago."],
  ["PRIZE_NO_RATE", 409, "No hay tasa BCV publicada para el día del pago."],
  ["PRIZE_DISQUALIFIED", 409, "Este ganador fue descalificado: su premio pasa al reemplazo."],
  // Holds are scarce (decision 0019): a pause after a hold ends unpaid, and holds started per hour.
  [
    "HOLD_COOLDOWN",
    429,
    "Tu tiempo para reservar en esta rifa terminó. Podrás reservar de nuevo en unos minutos.",
  ],
  [
    "TOO_MANY_HOLDS",
    429,
    "Iniciaste demasiadas reservas en la última hora. Espera un poco antes de reservar otra vez.",
  ],
  [
    "TOO_MANY_HOLDS_FROM_ADDRESS",
    429,
    "Se iniciaron demasiadas reservas desde tu conexión en la última hora. Espera un poco.",
  ],
  ["METHOD_NOT_ACCEPTED", 400, "Esta rifa no acepta ese método de pago."],
  ["NO_EXCHANGE_RATE", 409, "Todavía no hay tasa del día publicada para pagar en bolívares."],
  [
    "PURCHASE_RULES_LOCKED",
    409,
    "El modo de números, los combos y el abono mínimo no se cambian después de la primera reserva o venta.",
  ],
  // RifaPuntos club (spec 1 §7).
  ["INSUFFICIENT_POINTS", 409, "No tienes suficientes RifaPuntos para esta recompensa."],
  ["INSUFFICIENT_LEVEL", 409, "Tu nivel no permite canjear esta recompensa."],
  ["IDEMPOTENCY_MISMATCH", 409, "Esta clave de idempotencia ya se usó para otra operación."],
  // Administration (spec 2).
  ["USER_NOT_FOUND", 404, "Usuario no encontrado."],
  ["CANNOT_SUSPEND_SELF", 409, "No puedes suspender tu propia cuenta."],
  ["PROOF_REJECTED", 409, "Este comprobante fue rechazado y no se puede aprobar."],
  ["PROOF_ALREADY_REVIEWED", 409, "Este comprobante ya fue revisado."],
  ["RAFFLE_DRAWN", 409, "Esta rifa ya tiene ganadores."],
  ["TICKETS_NOT_READY", 409, "Los boletos de esta rifa aún se están generando."],
  ["NOT_ENOUGH_TICKETS", 409, "No hay suficientes boletos disponibles."],
  ["RAFFLE_LOCKED", 409, "Esta rifa ya no admite ese cambio."],
  // Lifecycle (packages/shared/src/domain/raffle-lifecycle.ts) and the database's frozen-list guards.
  ["RAFFLE_FROZEN", 409, "La lista de boletos de esta rifa está congelada: ya no admite cambios."],
  ["RAFFLE_STATE", 409, "La rifa no admite esta acción en su estado actual."],
  ["RAFFLE_HAS_SALES", 409, "Esta rifa tiene ventas: archívala en lugar de eliminarla."],
  ["RAFFLE_EXTENSIONS_EXHAUSTED", 409, "Esta rifa ya usó todas sus prórrogas permitidas."],
  ["REFUND_NOT_FOUND", 404, "Reembolso no encontrado."],
  ["REFUND_ALREADY_PAID", 409, "Este reembolso ya se marcó como pagado."],
  ["REFUND_PAYOUT_NOT_NEEDED", 409, "Este reembolso no necesita datos bancarios."],
  // A purchase needs a mobile to reach the buyer (WhatsApp) and pay a refund back (Pago Móvil).
  [
    "PHONE_REQUIRED",
    422,
    "Antes de comprar, agrega tu teléfono celular: el organizador lo usa para contactarte.",
  ],
  ["WINNERS_ALREADY_REGISTERED", 409, "Esta rifa ya tiene ganadores registrados."],
  // Winners of a raffle drawn by the platform come from its own draw, never typed in.
  [
    "RAFFLE_NOT_EXTERNAL",
    409,
    "Esta rifa se sortea en Rifazo: sus ganadores salen del sorteo de la plataforma y no se registran como externos.",
  ],
  ["INVALID_FILE_TYPE", 415, "Solo se permiten imágenes JPG, PNG, WEBP o GIF."],
  ["IMAGE_IN_USE", 409, "Esta imagen está en uso y no se puede eliminar."],
  ["EMPTY_EXPORT", 404, "No hay datos para exportar."],
  // Vendedores (docs/decisions/0034-vendedores.md).
  ["SELLER_NOT_FOUND", 404, "Vendedor no encontrado."],
  [
    "SELLER_INVITATION_INVALID",
    404,
    "Esta invitación no es válida o ya venció. Pide al organizador que te envíe una nueva.",
  ],
  ["SELLER_INVITATION_OTHER_ACCOUNT", 403, "Esta invitación es para otra cuenta."],
  ["SELLER_ALREADY", 409, "Tu cuenta ya es la de otro vendedor."],
  ["SELLER_CONTACT_TAKEN", 409, "Ya hay un vendedor con ese correo o ese celular."],
  [
    "NOT_A_SELLER",
    403,
    "Tu cuenta no es de vendedor. Si un organizador te invitó, abre el enlace de la invitación.",
  ],
  [
    "SELLER_SUSPENDED",
    403,
    "Tu cuenta de vendedor está suspendida: no puedes vender. Habla con el organizador para aclararlo.",
  ],
  ["SELLER_NOT_ASSIGNED", 403, "No tienes esta rifa asignada para vender."],
  [
    "SELLER_SALE_SESSION",
    403,
    "Esta venta se guardó sin conexión en otra sesión y no se puede enviar desde esta. Vuelve a registrarla.",
  ],
  [
    "SELLER_CREDIT_LIMIT",
    409,
    "Esta venta en efectivo supera tu límite de efectivo sin entregar. Entrega el efectivo al organizador y vuelve a intentarlo.",
  ],
  // A buyer claims a vendedor's sale into their account (decision 0034); the refusal is in page-errors.ts.
  ["RECEIPT_ALREADY_CLAIMED", 409, "Estos boletos ya están en otra cuenta."],
  [
    "RECEIPT_CLAIM_CANCELLED",
    409,
    "Esta rifa fue cancelada: su recibo quedó anulado y no se puede reclamar en una cuenta.",
  ],
  // Bank statements and reconciliation (the organiser's day).
  ["STATEMENT_NOT_FOUND", 404, "Extracto bancario no encontrado."],
  ["STATEMENT_EMPTY", 400, "El archivo del extracto está vacío: no tiene movimientos."],
  [
    "STATEMENT_IMPORTED",
    409,
    "Un extracto importado queda como registro de la conciliación: no se puede descartar.",
  ],
  ["STATEMENT_UNREADABLE", 400, "No se pudo leer el archivo: sube el extracto del banco en CSV o XLSX."],
  ["STATEMENT_TOO_LARGE", 413, "El extracto es demasiado grande."],
  [
    "STATEMENT_NOT_A_STATEMENT",
    400,
    "Esto no parece un estado de cuenta: sube los movimientos de la cuenta descargados de la banca en línea.",
  ],
  [
    "STATEMENT_BALANCE_AS_AMOUNT",
    422,
    "Los montos elegidos parecen el saldo de la cuenta, no los movimientos: elige la columna del monto o del crédito.",
  ],
  [
    "STATEMENT_UNREADABLE_ROWS",
    422,
    "Hay filas del extracto que no se pudieron leer. Revísalas y confirma que quieres importar el resto.",
  ],
] as const satisfies readonly (readonly [string, number, string])[];

type ErrorRow = (typeof ERROR_TABLE)[number];

export const ERROR_CATALOGUE = Object.fromEntries(
  ERROR_TABLE.map(([code, status, message]) => [code, { status, message }]),
) as { readonly [R in ErrorRow as R[0]]: { readonly status: R[1]; readonly message: R[2] } };

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes whose status is S: what a helper like `notFound` or `conflict` may throw. */
export type ErrorCodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CATALOGUE)[C]["status"] extends S ? C : never;
}[ErrorCode];

/** The default Spanish message of each code. */
export const ERROR_MESSAGES = Object.fromEntries(
  Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.message]),
) as { readonly [C in ErrorCode]: (typeof ERROR_CATALOGUE)[C]["message"] };

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function statusFor(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}
