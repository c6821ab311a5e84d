// The rows of the error catalogue (errors.ts) whose messages the web's own code words: the generic code of
// each HTTP status (what the web falls back on when an answer is not the API's), what the layout says
// itself, and the few messages a public or buyer's page shows without an answer. Everything else the
// server words in its answers. errors.ts builds the whole catalogue from these rows and its own, so each
// row is written once; the admin and vendedor areas, which quote many more, import errors.ts.

/** [code, HTTP status, default message]: the first rows of ERROR_CATALOGUE. */
export const PAGE_ERROR_TABLE = [
  ["VALIDATION", 400, "Los datos enviados no son válidos."],
  ["UNAUTHENTICATED", 401, "Tu sesión ha expirado o es inválida. Por favor, inicia sesión de nuevo."],
  ["FORBIDDEN", 403, "No tienes permiso para realizar esta acción."],
  ["NOT_FOUND", 404, "El recurso solicitado no existe."],
  ["CONFLICT", 409, "La operación entra en conflicto con el estado actual."],
  ["RATE_LIMITED", 429, "Demasiados intentos. Espera un momento y vuelve a intentarlo."],
  ["PAYLOAD_TOO_LARGE", 413, "El archivo o los datos enviados son demasiado grandes."],
  [
    "SERVICE_UNAVAILABLE",
    503,
    "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
  ],
  ["INTERNAL", 500, "Ocurrió un error inesperado. Inténtalo de nuevo más tarde."],
  // Raised by the web app when a request got no answer at all: there is no HTTP status.
  ["NETWORK", 0, "No pudimos conectar con el servidor. Verifica tu conexión y vuelve a intentar."],
  ["ACCOUNT_SUSPENDED", 403, "Tu cuenta está suspendida. Contacta a soporte si crees que es un error."],
  ["INVALID_TOKEN", 400, "El enlace no es válido o ha expirado. Solicita uno nuevo."],
  ["TOKEN_USED", 400, "Este enlace ya fue utilizado. Si tu cuenta ya está confirmada, inicia sesión."],
  ["SAME_PASSWORD", 400, "La nueva contraseña no puede ser igual a la anterior."],
  // A vendedor's sale is claimed only by the email the vendedor wrote (decision 0034).
  [
    "RECEIPT_CLAIM_NOT_ALLOWED",
    403,
    "Este recibo solo se puede reclamar desde una cuenta confirmada con el correo que anotó el vendedor.",
  ],
] as const satisfies readonly (readonly [string, number, string])[];

type PageRow = (typeof PAGE_ERROR_TABLE)[number];
export type PageErrorCode = PageRow[0];

/** The default Spanish message of each of these codes (ERROR_MESSAGES has the same for every code). */
export const PAGE_ERROR_MESSAGES = Object.fromEntries(
  PAGE_ERROR_TABLE.map(([code, , message]) => [code, message]),
) as { readonly [R in PageRow as R[0]]: R[2] };

/** Messages the web app shows for failures of its own that are no answer of the API. */
export const CLIENT_ERROR_MESSAGES = {
  SESSION_CHECK_NETWORK: "Error de conexión al verificar tu sesión.",
  PROFILE_NOT_FOUND_RECENT:
    "Error: No se encontró un perfil para tu cuenta. Si acabas de registrarte, espera un momento o contacta a soporte.",
  PROFILE_CHECK_FAILED: "Hubo un error al verificar tu perfil. Por favor, intenta de nuevo más tarde.",
} as const;
