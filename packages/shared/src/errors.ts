// Error codes the API answers with ({ error: { code, message } }) and the Spanish message for each.
// The web client shows `message` from the server; this table is the single place both read.

export const ERROR_MESSAGES = {
  VALIDATION: "Los datos enviados no son válidos.",
  UNAUTHENTICATED: "Tu sesión ha expirado o es inválida. Por favor, inicia sesión de nuevo.",
  FORBIDDEN: "No tienes permiso para realizar esta acción.",
  ADMIN_ONLY: "Acceso denegado. Solo administradores.",
  NOT_FOUND: "El recurso solicitado no existe.",
  RAFFLE_NOT_FOUND: "Rifa no encontrada.",
  CONFLICT: "La operación entra en conflicto con el estado actual.",
  RATE_LIMITED: "Demasiados intentos. Espera un momento y vuelve a intentarlo.",
  PAYLOAD_TOO_LARGE: "El archivo o los datos enviados son demasiado grandes.",
  SERVICE_UNAVAILABLE: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.",
  INTERNAL: "Ocurrió un error inesperado. Inténtalo de nuevo más tarde.",
  // Realtime streams refused over a cap (429 per client or user, 503 for the whole server).
  TOO_MANY_STREAMS:
    "Hay demasiadas conexiones en tiempo real abiertas desde tu equipo o tu cuenta. Cierra alguna pestaña y vuelve a intentarlo.",
  STREAMS_FULL:
    "El canal de notificaciones en tiempo real está lleno en este momento. Se reintentará en unos segundos.",
  NETWORK: "No pudimos conectar con el servidor. Verifica tu conexión y vuelve a intentar.",
  // Authentication (spec 1 §8).
  EMAIL_NOT_VERIFIED:
    "Tu correo electrónico aún no ha sido confirmado. Por favor, revisa tu bandeja de entrada.",
  INVALID_CREDENTIALS: "Credenciales de inicio de sesión inválidas. Verifica tu correo y contraseña.",
  CREDENTIALS_GENERIC: "Credenciales incorrectas. Por favor, verifica tus datos.",
  USER_ALREADY_EXISTS: "Este correo electrónico ya está registrado. Intenta iniciar sesión.",
  WEAK_PASSWORD: "La contraseña es demasiado débil. Asegúrate de que cumpla los requisitos.",
  INVALID_EMAIL: "Por favor, proporciona un correo electrónico válido.",
  MISSING_NAME: "El nombre completo es requerido para el registro.",
  SIGN_UP_FAILED: "Ocurrió un error durante el registro. Inténtalo de nuevo.",
  ACCOUNT_SUSPENDED: "Tu cuenta está suspendida. Contacta a soporte si crees que es un error.",
  SESSION_NOT_FOUND: "Sesión no encontrada. Por favor, intenta iniciar sesión de nuevo.",
  SESSION_CHECK_NETWORK: "Error de conexión al verificar tu sesión.",
  PROFILE_NOT_FOUND: "No se encontró un perfil asociado a tu cuenta. Por favor, contacta a soporte.",
  PROFILE_NOT_FOUND_RECENT:
    "Error: No se encontró un perfil para tu cuenta. Si acabas de registrarte, espera un momento o contacta a soporte.",
  PROFILE_CHECK_FAILED: "Hubo un error al verificar tu perfil. Por favor, intenta de nuevo más tarde.",
  SIGN_UP_SAVE_FAILED: "Error al guardar el usuario. Si el problema continúa, contacta a soporte.",
  SAME_PASSWORD: "La nueva contraseña no puede ser igual a la anterior.",
  INVALID_PASSWORD: "La contraseña actual no es correcta.",
  PASSWORD_TOO_SHORT: "La contraseña debe tener al menos 8 caracteres.",
  INVALID_TOKEN: "El enlace no es válido o ha expirado. Solicita uno nuevo.",
  TOKEN_USED: "Este enlace ya fue utilizado. Si tu cuenta ya está confirmada, inicia sesión.",
  INVALID_TWO_FACTOR_CODE: "El código de verificación no es válido.",
  TWO_FACTOR_REQUIRED: "Ingresa el código de tu aplicación de autenticación.",
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export interface ApiErrorBody {
  error: { code: ErrorCode | string; message: string; fields?: Record<string, string> };
}

export function messageFor(code: string, fallback: string = ERROR_MESSAGES.INTERNAL): string {
  return (ERROR_MESSAGES as Record<string, string>)[code] ?? fallback;
}
