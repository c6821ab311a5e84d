import { RAFFLE_STATE_WORDS } from "./domain/glossary";
import { valuesOf } from "./labelled-values";

// Values both sides must agree on, taken from the specification (spec 1 §3, §9; spec 2 §3, §9).

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ["active", "inactive"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const LEVEL_NAMES = ["Bronce", "Plata", "Oro", "Diamante"] as const;
export type LevelName = (typeof LEVEL_NAMES)[number];

export const CURRENCIES = ["USD", "VES"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "USD";

/** The raffle's lifecycle states (domain/raffle-lifecycle.ts has the transitions and what each allows). */
export const RAFFLE_STATUSES = ["upcoming", "active", "closed", "frozen", "finished", "cancelled"] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];
/** The glossary's words (domain/glossary.ts), the same the public pages use. */
export const RAFFLE_STATUS_LABELS: Record<RaffleStatus, string> = RAFFLE_STATE_WORDS;
/** Statuses only the server sets (the admin form cannot choose them). */
export const SERVER_RAFFLE_STATUSES: readonly RaffleStatus[] = ["closed", "frozen", "cancelled"];

export const ACTIVATION_TYPES = ["date", "percentage"] as const;
export type ActivationType = (typeof ACTIVATION_TYPES)[number];
export const DEFAULT_ACTIVATION_PERCENTAGE = 100;

export const ANNOUNCEMENT_TYPES = ["internal", "external"] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

export const EXTERNAL_PLATFORMS = [
  "Instagram Live",
  "Facebook Live",
  "YouTube Live",
  "TikTok Live",
  "Programa de TV",
  "Radio",
  "Otro",
] as const;
export type ExternalPlatform = (typeof EXTERNAL_PLATFORMS)[number];

export const DEFAULT_RAFFLE_PAYMENT_METHODS = ["Pago Móvil", "Zelle", "Binance Pay"] as const;

export const PAYMENT_METHOD_LABELS = {
  pago_movil: "Pago Móvil",
  transferencia: "Transferencia bancaria",
  zelle: "Zelle",
  binance: "Binance Pay",
  efectivo_usd: "Efectivo (USD)",
  tarjeta_nacional: "Tarjeta Nacional",
  tarjeta_internacional: "Tarjeta Internacional",
  otro: "Otro",
};
export const PAYMENT_METHODS = valuesOf(PAYMENT_METHOD_LABELS);
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PROOF_STATUS_LABELS = {
  pending: "En Revisión",
  approved: "Aprobado",
  verified: "Aprobado",
  rejected: "Rechazado",
};
export const PROOF_STATUSES = valuesOf(PROOF_STATUS_LABELS);
export type ProofStatus = (typeof PROOF_STATUSES)[number];

export const TICKET_STATUSES = ["available", "reserved", "sold"] as const;

/** How a raffle's numbers are given: at random on approval, or chosen by the buyer on the grid. */
export const NUMBER_MODES = ["random", "chosen"] as const;
export type NumberMode = (typeof NUMBER_MODES)[number];
export const DEFAULT_RESERVATION_MINUTES = 15;
export const MIN_RESERVATION_MINUTES = 5;
export const MAX_RESERVATION_MINUTES = 120;

/**
 * A purchase from reservation to outcome. active: tickets held, countdown running; submitted: proof
 * uploaded, under review; rejected: proof refused, held again for a new proof until expires_at;
 * approved; expired: time ran out, released; cancelled: given up by the buyer, released; partial: an
 * abono with part of the price paid, held until the list freezes (decision 0034).
 */
export const RESERVATION_STATUS_LABELS = {
  active: "Reservado",
  partial: "Apartado con abono",
  submitted: "En Revisión",
  approved: "Aprobado",
  rejected: "Rechazado",
  expired: "Reserva vencida",
  cancelled: "Cancelado",
};
export const RESERVATION_STATUSES = valuesOf(RESERVATION_STATUS_LABELS);
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** Statuses that hold tickets (count against stock and the buyer's cap). */
export const HOLDING_RESERVATION_STATUSES: readonly ReservationStatus[] = [
  "active",
  "partial",
  "submitted",
  "rejected",
];
/** How a reservation is paid: whole by one proof, or in parts (abonos, decision 0034). */
export const RESERVATION_KINDS = ["purchase", "abono"] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const NOTIFICATION_TYPES = [
  "payment_approved",
  "payment_rejected",
  "level_up",
  "raffle_won",
  "raffle_announcement",
  "admin_message",
  "other",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** internal: drand draw; external: an official lottery; instant: an instant prize (decision 0035). */
export const WINNER_SOURCES = ["internal", "external", "instant"] as const;
/** A winner of the raffle's draw (or its lottery), not of an instant prize won while it sells. */
export const isDrawWinner = (winner: { source: string }): boolean => winner.source !== "instant";

export const IMAGE_FOLDERS = ["gallery", "prizes"] as const;

// Business limits (spec 1 §9, spec 2 §9).
export const MIN_TICKETS_PER_PURCHASE = 2;
export const MAX_TOTAL_TICKETS = 10_000;
/** How a stored raffle without a total is read (spec 2); never a new raffle's default: organisers choose. */
export const DEFAULT_TOTAL_TICKETS = 10_000;
export const POINTS_PER_CURRENCY_UNIT = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
/** What a payment proof may be (spec 1 §2 "Proof upload": JPG, PNG or PDF), by real type and by name. */
export const PROOF_MIME_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type ProofMimeType = (typeof PROOF_MIME_TYPES)[number];
export const PROOF_FILE_EXTENSIONS = ["jpg", "jpeg", "png", "pdf"] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Largest image (width × height) a proof or a gallery upload may declare: 24 megapixels, e.g. 6000 × 4000.
 * Every phone screenshot (under 5 MP) and a 12–20 MP phone photo pass; a 5000 × 5000 canvas does not.
 * Checked from the header before any pixel is decoded (sharp's limitInputPixels guards the decoding
 * too), so neither the server's image pipeline nor a reviewer's browser has to hold a huge bitmap.
 */
export const MAX_IMAGE_PIXELS = 24_000_000;
export const FEATURED_LIMIT = 6;
export const PAYMENTS_PAGE_SIZE = 5;
export const USERS_PAGE_SIZE = 10;
export const LOGIN_ACTIVITY_LIMIT = 3;
export const GALLERY_LIMIT = 100;
export const LAST_SALES_WINDOW_HOURS = 24;
export const DEFAULT_TEASER_DAYS = 10;
export const TOAST_DURATION_MS = 5_000;
export const DEFAULT_PRIZE_LABEL = "Premio Principal";
export const LOCALE = "es-VE";
export const TIME_ZONE = "America/Caracas";

// Browser storage keys named by the spec.
export const COOKIE_CONSENT_KEY = "rifazo_cookie_consent";
export const ADMIN_SESSION_KEY = "rifazo_admin_session";
export const UPCOMING_NOTIFY_KEY = "rifazo_upcoming_notify";
/** localStorage: per raffle, the vendedor whose link the visitor opened last and until when it credits them. */
export const SELLER_LINK_KEY = "rifazo_vendedor";

export const ADMIN_SIGN_IN_PATH = "/adminrifazo2025";
/** Where a vendedor's invitation link lands (`?token=`, a secret: secret-urls.ts); the API writes the link. */
export const SELLER_INVITATION_PATH = "/vendedor/invitacion";

// Realtime streams (GET /api/events). A refused stream (too many open) is answered with this Retry-After,
// and the browser never reconnects sooner: it backs off from here, doubling with jitter up to the ceiling.
// The caps themselves are server settings (apps/api/src/modules/events/stream-limits.ts).
export const REALTIME_RETRY_AFTER_SECONDS = 10;
export const REALTIME_BACKOFF_MAX_SECONDS = 300;
/** How long the server keeps events for reconnecting browsers to replay; a longer gap needs a refetch. */
export const REALTIME_REPLAY_WINDOW_SECONDS = 60 * 60;

/**
 * Proof analysis after upload (perceptual hash and OCR, off the request path): pending until the worker
 * reads it; done; failed after its retries; skipped when there is no image to read (a PDF).
 */
export const PROOF_ANALYSIS_STATUSES = ["pending", "done", "failed", "skipped"] as const;
export type ProofAnalysisStatus = (typeof PROOF_ANALYSIS_STATUSES)[number];

/** A cancelled raffle's refunds: created pending at cancellation, paid when the organiser records it. */
export const REFUND_STATUSES = ["pending", "paid"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: "Reembolso pendiente",
  paid: "Reembolsado",
};

/** How many times an organiser may move a raffle's end date (raffles.max_extensions), by default and at most. */
export const DEFAULT_MAX_EXTENSIONS = 2;
export const MAX_EXTENSIONS_LIMIT = 5;
