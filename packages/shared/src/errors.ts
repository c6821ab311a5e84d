// Every error code the API answers with ({ error: { code, message } }): its HTTP status and its Spanish
// message. The API throws by code (AppError takes the status from here) and the web maps by code; a
// thrown message may be more specific than the one below, which is the default and the web's fallback.
// Codes mapped from Better Auth keep the status Better Auth answered with (auth/better-auth-bridge.ts).
// Zod-free on purpose: the web's layout imports it on every page.

interface ErrorEntry {
  readonly status: number;
  readonly message: string;
}

export const ERROR_CATALOGUE = {
  VALIDATION: { status: 400, message: "Los datos enviados no son válidos." },
  UNAUTHENTICATED: {
    status: 401,
    message: "Tu sesión ha expirado o es inválida. Por favor, inicia sesión de nuevo.",
  },
  FORBIDDEN: { status: 403, message: "No tienes permiso para realizar esta acción." },
  ADMIN_ONLY: { status: 403, message: "Acceso denegado. Solo administradores." },
  NOT_FOUND: { status: 404, message: "El recurso solicitado no existe." },
  RAFFLE_NOT_FOUND: { status: 404, message: "Rifa no encontrada." },
  CONFLICT: { status: 409, message: "La operación entra en conflicto con el estado actual." },
  RATE_LIMITED: { status: 429, message: "Demasiados intentos. Espera un momento y vuelve a intentarlo." },
  PAYLOAD_TOO_LARGE: { status: 413, message: "El archivo o los datos enviados son demasiado grandes." },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
  },
  INTERNAL: { status: 500, message: "Ocurrió un error inesperado. Inténtalo de nuevo más tarde." },
  // Realtime streams refused over a cap: per client or user, or for the whole server (decision 0006).
  TOO_MANY_STREAMS: {
    status: 429,
    message:
      "Hay demasiadas conexiones en tiempo real abiertas desde tu equipo o tu cuenta. Cierra alguna pestaña y vuelve a intentarlo.",
  },
  STREAMS_FULL: {
    status: 503,
    message:
      "El canal de notificaciones en tiempo real está lleno en este momento. Se reintentará en unos segundos.",
  },
  // Raised by the web app when a request got no answer at all: there is no HTTP status.
  NETWORK: {
    status: 0,
    message: "No pudimos conectar con el servidor. Verifica tu conexión y vuelve a intentar.",
  },
  // Authentication (spec 1 §8).
  EMAIL_NOT_VERIFIED: {
    status: 403,
    message: "Tu correo electrónico aún no ha sido confirmado. Por favor, revisa tu bandeja de entrada.",
  },
  INVALID_CREDENTIALS: {
    status: 401,
    message: "Credenciales de inicio de sesión inválidas. Verifica tu correo y contraseña.",
  },
  USER_ALREADY_EXISTS: {
    status: 409,
    message: "Este correo electrónico ya está registrado. Intenta iniciar sesión.",
  },
  WEAK_PASSWORD: {
    status: 400,
    message: "La contraseña es demasiado débil. Asegúrate de que cumpla los requisitos.",
  },
  INVALID_EMAIL: { status: 400, message: "Por favor, proporciona un correo electrónico válido." },
  ACCOUNT_SUSPENDED: {
    status: 403,
    message: "Tu cuenta está suspendida. Contacta a soporte si crees que es un error.",
  },
  SESSION_NOT_FOUND: {
    status: 401,
    message: "Sesión no encontrada. Por favor, intenta iniciar sesión de nuevo.",
  },
  PROFILE_NOT_FOUND: {
    status: 401,
    message: "No se encontró un perfil asociado a tu cuenta. Por favor, contacta a soporte.",
  },
  SIGN_UP_SAVE_FAILED: {
    status: 500,
    message: "Error al guardar el usuario. Si el problema continúa, contacta a soporte.",
  },
  SAME_PASSWORD: { status: 400, message: "La nueva contraseña no puede ser igual a la anterior." },
  INVALID_PASSWORD: { status: 400, message: "La contraseña actual no es correcta." },
  // An account made without a password (a sign-in link) creates one through the emailed reset link.
  PASSWORD_NOT_SET: {
    status: 400,
    message: "Tu cuenta aún no tiene contraseña. Pide el enlace para crearla y te llegará a tu correo.",
  },
  PASSWORD_TOO_SHORT: { status: 400, message: "La contraseña debe tener al menos 8 caracteres." },
  INVALID_TOKEN: { status: 400, message: "El enlace no es válido o ha expirado. Solicita uno nuevo." },
  TOKEN_USED: {
    status: 400,
    message: "Este enlace ya fue utilizado. Si tu cuenta ya está confirmada, inicia sesión.",
  },
  INVALID_TWO_FACTOR_CODE: { status: 401, message: "El código de verificación no es válido." },
  // Buying: proofs of payment and their limits (spec 1 §5).
  PROOF_NOT_FOUND: { status: 404, message: "Comprobante no encontrado." },
  SALES_CLOSED: { status: 409, message: "Las ventas de esta rifa están cerradas." },
  MIN_PURCHASE: { status: 400, message: "No se alcanza la compra mínima de boletos." },
  CURRENCY_MISMATCH: { status: 400, message: "La moneda del pago no corresponde a la de la rifa." },
  AMOUNT_MISMATCH: { status: 400, message: "El monto no corresponde al total de la compra." },
  UNSUPPORTED_FILE_TYPE: { status: 400, message: "El tipo de archivo del comprobante no está permitido." },
  IMAGE_TOO_MANY_PIXELS: { status: 422, message: "La imagen tiene demasiados píxeles." },
  DUPLICATE_REFERENCE: { status: 409, message: "Esta referencia de pago ya fue registrada." },
  INSUFFICIENT_TICKETS: { status: 409, message: "No quedan suficientes boletos disponibles." },
  TOO_MANY_PENDING_PROOFS: { status: 409, message: "Tienes demasiados comprobantes pendientes de revisión." },
  TICKET_CAP_REACHED: { status: 409, message: "Alcanzaste el máximo de boletos permitido en esta rifa." },
  PROOF_UPLOAD_FAILED: {
    status: 500,
    message: "No se pudo guardar el archivo del comprobante. Inténtalo de nuevo.",
  },
  PROOF_SAVE_FAILED: { status: 500, message: "No se pudo registrar el comprobante. Inténtalo de nuevo." },
  RAFFLE_NOT_UPCOMING: { status: 409, message: "Esta rifa ya no está por comenzar." },
  // Reservations (a purchase from the grid or the quantity selector to its proof).
  NUMBERS_TAKEN: { status: 409, message: "Alguno de los números elegidos ya fue tomado. Elige otros." },
  RESERVATION_ACTIVE: { status: 409, message: "Ya tienes una reserva activa en esta rifa." },
  CHOOSE_NUMBERS: { status: 409, message: "Elige tus números en la cuadrícula antes de pagar." },
  NUMBERS_NOT_ALLOWED: { status: 400, message: "En esta rifa los números se asignan al azar." },
  RESERVATION_NOT_FOUND: { status: 404, message: "No encontramos esa reserva." },
  RESERVATION_EXPIRED: { status: 409, message: "Tu reserva venció y los boletos quedaron libres." },
  RESERVATION_NOT_ACTIVE: { status: 409, message: "Esta reserva ya no admite comprobantes." },
  // Holds are scarce (decision 0019): a pause after a hold ends unpaid, and holds started per hour.
  HOLD_COOLDOWN: {
    status: 429,
    message: "Tu tiempo para reservar en esta rifa terminó. Podrás reservar de nuevo en unos minutos.",
  },
  TOO_MANY_HOLDS: {
    status: 429,
    message: "Iniciaste demasiadas reservas en la última hora. Espera un poco antes de reservar otra vez.",
  },
  TOO_MANY_HOLDS_FROM_ADDRESS: {
    status: 429,
    message: "Se iniciaron demasiadas reservas desde tu conexión en la última hora. Espera un poco.",
  },
  METHOD_NOT_ACCEPTED: { status: 400, message: "Esta rifa no acepta ese método de pago." },
  NO_EXCHANGE_RATE: {
    status: 409,
    message: "Todavía no hay tasa del día publicada para pagar en bolívares.",
  },
  PURCHASE_RULES_LOCKED: {
    status: 409,
    message: "El modo de números y los combos no se cambian después de la primera reserva o venta.",
  },
  // RifaPuntos club (spec 1 §7).
  INSUFFICIENT_POINTS: { status: 409, message: "No tienes suficientes RifaPuntos para esta recompensa." },
  INSUFFICIENT_LEVEL: { status: 409, message: "Tu nivel no permite canjear esta recompensa." },
  IDEMPOTENCY_MISMATCH: {
    status: 409,
    message: "Esta clave de idempotencia ya se usó para otra operación.",
  },
  // Administration (spec 2).
  USER_NOT_FOUND: { status: 404, message: "Usuario no encontrado." },
  CANNOT_SUSPEND_SELF: { status: 409, message: "No puedes suspender tu propia cuenta." },
  PROOF_REJECTED: { status: 409, message: "Este comprobante fue rechazado y no se puede aprobar." },
  PROOF_ALREADY_REVIEWED: { status: 409, message: "Este comprobante ya fue revisado." },
  RAFFLE_DRAWN: { status: 409, message: "Esta rifa ya tiene ganadores." },
  TICKETS_NOT_READY: { status: 409, message: "Los boletos de esta rifa aún se están generando." },
  NOT_ENOUGH_TICKETS: { status: 409, message: "No hay suficientes boletos disponibles." },
  RAFFLE_LOCKED: { status: 409, message: "Esta rifa ya no admite ese cambio." },
  // Lifecycle (packages/shared/src/domain/raffle-lifecycle.ts) and the database's frozen-list guards.
  RAFFLE_FROZEN: {
    status: 409,
    message: "La lista de boletos de esta rifa está congelada: ya no admite cambios.",
  },
  RAFFLE_STATE: { status: 409, message: "La rifa no admite esta acción en su estado actual." },
  RAFFLE_HAS_SALES: { status: 409, message: "Esta rifa tiene ventas: archívala en lugar de eliminarla." },
  RAFFLE_EXTENSIONS_EXHAUSTED: { status: 409, message: "Esta rifa ya usó todas sus prórrogas permitidas." },
  REFUND_NOT_FOUND: { status: 404, message: "Reembolso no encontrado." },
  REFUND_ALREADY_PAID: { status: 409, message: "Este reembolso ya se marcó como pagado." },
  REFUND_PAYOUT_NOT_NEEDED: { status: 409, message: "Este reembolso no necesita datos bancarios." },
  // A purchase needs a mobile to reach the buyer (WhatsApp) and pay a refund back (Pago Móvil).
  PHONE_REQUIRED: {
    status: 422,
    message: "Antes de comprar, agrega tu teléfono celular: el organizador lo usa para contactarte.",
  },
  WINNERS_ALREADY_REGISTERED: { status: 409, message: "Esta rifa ya tiene ganadores registrados." },
  // Winners of a raffle drawn by the platform come from its own draw, never typed in.
  RAFFLE_NOT_EXTERNAL: {
    status: 409,
    message:
      "Esta rifa se sortea en Rifazo: sus ganadores salen del sorteo de la plataforma y no se registran como externos.",
  },
  INVALID_FILE_TYPE: { status: 415, message: "Solo se permiten imágenes JPG, PNG, WEBP o GIF." },
  IMAGE_IN_USE: { status: 409, message: "Esta imagen está en uso y no se puede eliminar." },
  EMPTY_EXPORT: { status: 404, message: "No hay datos para exportar." },
  // Bank statements and reconciliation (the organiser's day).
  STATEMENT_NOT_FOUND: { status: 404, message: "Extracto bancario no encontrado." },
  STATEMENT_EMPTY: { status: 400, message: "El archivo del extracto está vacío: no tiene movimientos." },
  STATEMENT_IMPORTED: {
    status: 409,
    message: "Un extracto importado queda como registro de la conciliación: no se puede descartar.",
  },
  STATEMENT_UNREADABLE: {
    status: 400,
    message: "No se pudo leer el archivo: sube el extracto del banco en CSV o XLSX.",
  },
  STATEMENT_TOO_LARGE: { status: 413, message: "El extracto es demasiado grande." },
  STATEMENT_NOT_A_STATEMENT: {
    status: 400,
    message:
      "Esto no parece un estado de cuenta: sube los movimientos de la cuenta descargados de la banca en línea.",
  },
  STATEMENT_BALANCE_AS_AMOUNT: {
    status: 422,
    message:
      "Los montos elegidos parecen el saldo de la cuenta, no los movimientos: elige la columna del monto o del crédito.",
  },
  STATEMENT_UNREADABLE_ROWS: {
    status: 422,
    message:
      "Hay filas del extracto que no se pudieron leer. Revísalas y confirma que quieres importar el resto.",
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** The codes whose status is S: what a helper like `notFound` or `conflict` may throw. */
export type ErrorCodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CATALOGUE)[C]["status"] extends S ? C : never;
}[ErrorCode];

/** The default Spanish message of each code. */
export const ERROR_MESSAGES = Object.fromEntries(
  Object.entries(ERROR_CATALOGUE).map(([code, entry]) => [code, entry.message]),
) as { readonly [C in ErrorCode]: (typeof ERROR_CATALOGUE)[C]["message"] };

/** Messages the web app shows for failures of its own that are no answer of the API. */
export const CLIENT_ERROR_MESSAGES = {
  SESSION_CHECK_NETWORK: "Error de conexión al verificar tu sesión.",
  PROFILE_NOT_FOUND_RECENT:
    "Error: No se encontró un perfil para tu cuenta. Si acabas de registrarte, espera un momento o contacta a soporte.",
  PROFILE_CHECK_FAILED: "Hubo un error al verificar tu perfil. Por favor, intenta de nuevo más tarde.",
} as const;

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CATALOGUE, value);
}

export function statusFor(code: ErrorCode): number {
  return ERROR_CATALOGUE[code].status;
}
