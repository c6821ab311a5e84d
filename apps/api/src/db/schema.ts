// The whole data model. Table and column names are snake_case; Better Auth reads its tables through
// the property names (name, emailVerified, ...) that the drizzle adapter maps to these columns.

import {
  ACTIVATION_TYPES,
  ANNOUNCEMENT_TYPES,
  BROADCAST_PLATFORMS,
  CLOSE_REASONS,
  type Combo,
  CURRENCIES,
  DEFAULT_MAX_EXTENSIONS,
  EXTERNAL_PLATFORMS,
  IMAGE_FOLDERS,
  LEVEL_NAMES,
  MAX_EXTENSIONS_LIMIT,
  MAX_RESERVATION_MINUTES,
  MIN_RESERVATION_MINUTES,
  NOTIFICATION_TYPES,
  NUMBER_MODES,
  PAYMENT_METHODS,
  PROOF_ANALYSIS_STATUSES,
  PROOF_STATUSES,
  type PriceQuote,
  type ProofOcr,
  RAFFLE_STATUSES,
  REFUND_STATUSES,
  RESERVATION_STATUSES,
  type RefundPayout,
  type RefundPayTo,
  type RememberedLayout,
  ROLES,
  type StatementMapping,
  TICKET_STATUSES,
  USER_STATUSES,
  WINNER_SOURCES,
} from "@rifazo/shared";
import type { PrizeImage } from "@rifazo/shared/domain/prize-images";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();
const updatedAt = () =>
  ts("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** CHECK (column IN (...)) for an enum kept as text, so a new value is a migration, not a type change. */
function oneOf(column: SQL | string, values: readonly string[], nullable = false): SQL {
  const col = typeof column === "string" ? sql.raw(`"${column}"`) : column;
  const list = sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", "));
  return nullable ? sql`${col} IS NULL OR ${col} IN (${list})` : sql`${col} IN (${list})`;
}

// ---------------------------------------------------------------------------------------------
// Accounts (Better Auth) and profiles: one row per person, profile fields live on the user row.
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("full_name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("avatar_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    role: text("role").notNull().default("user"),
    status: text("status").notNull().default("active"),
    phone: text("phone"),
    /** The balance: what can be spent on rewards. */
    rifazoPoints: integer("rifazo_points").notNull().default(0),
    /**
     * Points earned over time: approved payments, less their reversals; redemptions never lower it. The
     * level follows this, not the balance, so spending points never costs a level (migration 0009).
     */
    pointsEarned: integer("points_earned").notNull().default(0),
    /** Stored copy of levelForPoints(points_earned), kept by the ledger (modules/points). */
    rifazoLevel: text("rifazo_level").notNull().default("Bronce"),
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  },
  (t) => [
    check("users_role_check", oneOf("role", ROLES)),
    check("users_status_check", oneOf("status", USER_STATUSES)),
    check("users_level_check", oneOf("rifazo_level", LEVEL_NAMES)),
    index("users_created_at_idx").on(t.createdAt.desc()),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

export const twoFactors = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: ts("locked_until"),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId), index("two_factors_secret_idx").on(t.secret)],
);

/**
 * The app's one request limiter (lib/rate-limit.ts, docs/decisions/0011-one-rate-limiter.md): one
 * fixed-window counter per key, shared by every instance; rows past their window are swept.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowEndsAt: ts("window_ends_at").notNull(),
  },
  (t) => [index("rate_limits_window_ends_at_idx").on(t.windowEndsAt)],
);

/** Email-verification links are single use: a used token's hash is remembered until it expires. */
export const usedTokens = pgTable("used_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: createdAt(),
});

/**
 * Browsers that signed in to an account with its password before (docs/decisions/0007-one-sign-in-path.md):
 * the hash of the httpOnly device cookie. Failed guesses from other clients never lock these out.
 */
export const signInDevices = pgTable(
  "sign_in_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sign_in_devices_token_user_idx").on(t.tokenHash, t.userId),
    index("sign_in_devices_user_idx").on(t.userId),
  ],
);

export const loginActivity = pgTable(
  "login_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    loginTime: ts("login_time").notNull().defaultNow(),
    device: text("device"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
  },
  (t) => [index("login_activity_user_time_idx").on(t.userId, t.loginTime.desc())],
);

// ---------------------------------------------------------------------------------------------
// Raffles and tickets
// ---------------------------------------------------------------------------------------------

export const raffles = pgTable(
  "raffles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    price: numeric("price", { precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull().default("USD"),
    prizeImage: text("prize_image"),
    imageAlt: text("image_alt"),
    // Every prize image in order, the first being the cover that prize_image/image_alt mirror (cards,
    // share previews and receipts read those). A jsonb list rather than a child table: it is always
    // read and written whole with its raffle, holds at most 8 items, its order is the array's, and the
    // shared raffle form schema validates each item. Older raffles keep '[]' and read their cover as a
    // list of one (prizeImagesOf), so no row is rewritten.
    prizeImages: jsonb("prize_images").$type<PrizeImage[]>().notNull().default([]),
    status: text("status").notNull().default("upcoming"),
    isFeatured: boolean("is_featured").notNull().default(false),
    startDate: ts("start_date"),
    endDate: ts("end_date"),
    totalTickets: integer("total_tickets").notNull(),
    soldTickets: integer("sold_tickets").notNull().default(0),
    // Per-buyer cap over pending plus approved tickets; null = the default rule (decision 0008).
    maxTicketsPerBuyer: integer("max_tickets_per_buyer"),
    activationType: text("activation_type").notNull().default("date"),
    activationPercentage: integer("activation_percentage"),
    percentageDrawActivatedAt: ts("percentage_draw_activated_at"),
    paymentMethods: text("payment_methods")
      .array()
      .notNull()
      .default(sql`ARRAY['Pago Móvil','Zelle','Binance Pay']::text[]`),
    announcementType: text("announcement_type").notNull().default("internal"),
    externalAnnouncementPlatform: text("external_announcement_platform"),
    externalAnnouncementDetails: text("external_announcement_details"),
    externalAnnouncementUrl: text("external_announcement_url"),
    daysUntilActivationTeaser: integer("days_until_activation_teaser").notNull().default(10),
    ticketsGenerated: boolean("tickets_generated").notNull().default(false),
    winnerId: text("winner_id").references(() => users.id, { onDelete: "set null" }),
    winnerName: text("winner_name"),
    winningTicketNumber: integer("winning_ticket_number"),
    // Verifiable draw (draws issue): the seed stays secret until drawn_at; only its commitment is public.
    drawSeed: text("draw_seed"),
    drawSeedCommitment: text("draw_seed_commitment"),
    drawPublicValueSource: text("draw_public_value_source"),
    drawPublicValue: text("draw_public_value"),
    drawTicketListHash: text("draw_ticket_list_hash"),
    drawAlgorithm: text("draw_algorithm"),
    drawTranscript: jsonb("draw_transcript"),
    drawnAt: ts("drawn_at"),
    // Lifecycle (decision 0012, packages/shared/src/domain/raffle-lifecycle.ts): when and why sales stopped,
    // how long pending proofs are reviewed after that, when the ticket list was frozen, and a cancellation.
    closedAt: ts("closed_at"),
    closeReason: text("close_reason"),
    reviewWindowHours: integer("review_window_hours").notNull().default(48),
    frozenAt: ts("frozen_at"),
    cancelledAt: ts("cancelled_at"),
    cancelReason: text("cancel_reason"),
    // Draw v2 (decision 0012): an external-lottery raffle names its lottery, draw time and the rule mapping
    // the official result to a ticket number before sales open; locked after the first sale.
    externalLottery: text("external_lottery"),
    externalDrawAt: ts("external_draw_at"),
    externalRule: jsonb("external_rule"),
    // Decision 0024: what happens if the list is not frozen when the lottery draws ('drand' or 'cancel'),
    // and the hours after the result during which a four-eyes correction may be confirmed.
    // The organiser said an official lottery decides this external raffle (not a live announcement): it
    // cannot go on sale until the lottery, its draw time and the rule are bound (lotteryMissingForSale).
    lotteryDecided: boolean("lottery_decided").notNull().default(false),
    lotteryFallback: text("lottery_fallback").notNull().default("drand"),
    correctionWindowHours: integer("correction_window_hours").notNull().default(24),
    // When the organiser was told by email that the named drand round is late (draw-round-late.ts): set
    // once, by the update that claims it, so several instances or restarts never send it twice.
    drawLateAlertedAt: ts("draw_late_alerted_at"),
    // Blind decisions (decision 0021): days a winner has to claim the prize, stated in the rules and
    // published in the record; the database locks it after the first sale (hand-written trigger).
    claimPeriodDays: integer("claim_period_days").notNull().default(7),
    // Purchases (decision 0014): numbers chosen on the grid or assigned at random on approval, how long a
    // reservation holds its tickets, and the packages offered ("5 boletos por $4"). number_mode and
    // combos are locked once the raffle has a reservation or a sale.
    numberMode: text("number_mode").notNull().default("random"),
    reservationMinutes: integer("reservation_minutes").notNull().default(15),
    combos: jsonb("combos").$type<Combo[]>().notNull().default(sql`'[]'::jsonb`),
    // Abonos (decision 0034): the least first payment, in the raffle's currency, that aparta numbers to be
    // paid in parts before the close; null: the raffle sells only whole. Locked with the combos.
    installmentMinimum: numeric("installment_minimum", { precision: 12, scale: 2, mode: "number" }),
    // The vendedores' leaderboard is shown on the raffle's page (first name and initial) when true.
    sellerLeaderboardPublic: boolean("seller_leaderboard_public").notNull().default(false),
    // Raffles that do not sell: the minimum of tickets sold stated on the page (null: none); how many
    // times the end date may be moved and how many times it was; archived instead of deleted once sold.
    minTickets: integer("min_tickets"),
    maxExtensions: integer("max_extensions").notNull().default(DEFAULT_MAX_EXTENSIONS),
    extensionsUsed: integer("extensions_used").notNull().default(0),
    archivedAt: ts("archived_at"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("raffles_price_check", sql`${t.price} > 0`),
    check(
      "raffles_installment_minimum_check",
      sql`${t.installmentMinimum} IS NULL OR (${t.installmentMinimum} > 0 AND ${t.installmentMinimum} < ${t.price})`,
    ),
    check("raffles_currency_check", oneOf("currency", CURRENCIES)),
    check("raffles_status_check", oneOf("status", RAFFLE_STATUSES)),
    check("raffles_total_tickets_check", sql`${t.totalTickets} BETWEEN 1 AND 10000`),
    check("raffles_sold_tickets_check", sql`${t.soldTickets} >= 0 AND ${t.soldTickets} <= ${t.totalTickets}`),
    check(
      "raffles_max_tickets_per_buyer_check",
      sql`${t.maxTicketsPerBuyer} IS NULL OR ${t.maxTicketsPerBuyer} BETWEEN 1 AND ${t.totalTickets}`,
    ),
    check("raffles_activation_type_check", oneOf("activation_type", ACTIVATION_TYPES)),
    check(
      "raffles_activation_percentage_check",
      sql`${t.activationPercentage} IS NULL OR ${t.activationPercentage} BETWEEN 1 AND 100`,
    ),
    check("raffles_announcement_type_check", oneOf("announcement_type", ANNOUNCEMENT_TYPES)),
    check(
      "raffles_external_platform_check",
      oneOf("external_announcement_platform", EXTERNAL_PLATFORMS, true),
    ),
    check("raffles_teaser_days_check", sql`${t.daysUntilActivationTeaser} >= 0`),
    check("raffles_review_window_check", sql`${t.reviewWindowHours} BETWEEN 1 AND 720`),
    check("raffles_claim_period_check", sql`${t.claimPeriodDays} BETWEEN 1 AND 365`),
    check("raffles_lottery_fallback_check", sql`${t.lotteryFallback} IN ('drand', 'cancel')`),
    check("raffles_correction_window_check", sql`${t.correctionWindowHours} BETWEEN 1 AND 168`),
    check("raffles_close_reason_check", oneOf("close_reason", CLOSE_REASONS, true)),
    check(
      "raffles_cancel_reason_check",
      sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL AND length(trim(coalesce(${t.cancelReason}, ''))) > 0)`,
    ),
    check("raffles_title_check", sql`length(trim(${t.title})) > 0`),
    check("raffles_number_mode_check", oneOf("number_mode", NUMBER_MODES)),
    check(
      "raffles_reservation_minutes_check",
      sql.raw(`"reservation_minutes" BETWEEN ${MIN_RESERVATION_MINUTES} AND ${MAX_RESERVATION_MINUTES}`),
    ),
    check(
      "raffles_min_tickets_check",
      sql`${t.minTickets} IS NULL OR ${t.minTickets} BETWEEN 1 AND ${t.totalTickets}`,
    ),
    check(
      "raffles_extensions_check",
      sql.raw(
        `"max_extensions" BETWEEN 0 AND ${MAX_EXTENSIONS_LIMIT} AND "extensions_used" BETWEEN 0 AND "max_extensions"`,
      ),
    ),
    index("raffles_status_created_idx").on(t.status, t.createdAt.desc()),
    index("raffles_featured_idx")
      .on(t.createdAt.desc())
      .where(sql`${t.isFeatured} AND ${t.status} = 'active'`),
    index("raffles_start_date_idx").on(t.startDate),
    index("raffles_end_date_idx").on(t.endDate.desc()),
  ],
);

export const prizeLevels = pgTable(
  "prize_levels",
  {
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "cascade" }),
    level: integer("level").notNull(),
    description: text("description").notNull(),
    winnerCount: integer("winner_count").notNull().default(1),
    prizeValue: numeric("prize_value", { precision: 12, scale: 2, mode: "number" }),
    // A cash prize (decision 0035): prize_value is the amount in this currency, published with the rules;
    // a delivery paid in another currency is checked against the BCV rate of the payment's day.
    cashCurrency: text("cash_currency"),
  },
  (t) => [
    primaryKey({ columns: [t.raffleId, t.level] }),
    check("prize_levels_cash_currency_check", oneOf("cash_currency", CURRENCIES, true)),
    check("prize_levels_cash_value_check", sql`${t.cashCurrency} IS NULL OR ${t.prizeValue} > 0`),
    check("prize_levels_level_check", sql`${t.level} >= 1`),
    check("prize_levels_count_check", sql`${t.winnerCount} >= 1`),
    check("prize_levels_value_check", sql`${t.prizeValue} IS NULL OR ${t.prizeValue} >= 0`),
  ],
);

/**
 * Instant prizes (decision 0035): N prizes of one kind, in the organiser's order; the k-th instant win takes
 * the k-th slot of the list expanded by counts. Part of the rules as sold: fixed (by trigger) once the
 * raffle has a sale or a proof in review.
 */
export const instantPrizes = pgTable(
  "instant_prizes",
  {
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    winnerCount: integer("winner_count").notNull(),
    prizeValue: numeric("prize_value", { precision: 12, scale: 2, mode: "number" }),
    cashCurrency: text("cash_currency"),
  },
  (t) => [
    primaryKey({ columns: [t.raffleId, t.position] }),
    check("instant_prizes_position_check", sql`${t.position} >= 1`),
    check("instant_prizes_count_check", sql`${t.winnerCount} BETWEEN 1 AND 500`),
    check("instant_prizes_cash_currency_check", oneOf("cash_currency", CURRENCIES, true)),
    check("instant_prizes_cash_value_check", sql`${t.cashCurrency} IS NULL OR ${t.prizeValue} > 0`),
    check("instant_prizes_value_check", sql`${t.prizeValue} IS NULL OR ${t.prizeValue} >= 0`),
  ],
);

export const paymentProofs = pgTable(
  "payment_proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // Null only for a vendedor's sale whose buyer has no account yet (decision 0034).
    userId: text("user_id").references(() => users.id, { onDelete: "restrict" }),
    // RESTRICT: a raffle with payment records is never deleted, so no payment is lost.
    raffleId: uuid("raffle_id").references(() => raffles.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull().default("USD"),
    exchangeRate: numeric("exchange_rate", { precision: 14, scale: 4, mode: "number" }),
    paymentMethod: text("payment_method").notNull(),
    transactionRef: text("transaction_ref").notNull(),
    // The reference's canonical form for its method (paymentReferenceKey of packages/shared, decision
    // 0022): what duplicates are detected by. Computed in JavaScript on every insert; stored rows are
    // recomputed at start-up when the key's version changes (modules/proofs/reference-keys.ts).
    referenceKey: text("reference_key").notNull(),
    // Null only for a vendedor's sale recorded without a receipt image (payment_proofs_file_check).
    proofImagePath: text("proof_image_path"),
    proofImageFilename: text("proof_image_filename"),
    proofContentType: text("proof_content_type"),
    proofSize: integer("proof_size"),
    status: text("status").notNull().default("pending"),
    userNotes: text("user_notes"),
    adminNotes: text("admin_notes"),
    quantityOfTickets: integer("quantity_of_tickets").notNull().default(1),
    idempotencyKey: text("idempotency_key"),
    // The purchase this proof pays (decision 0014); null for a general payment and for proofs sent before
    // reservations existed.
    reservationId: uuid("reservation_id").references((): AnyPgColumn => reservations.id, {
      onDelete: "restrict",
    }),
    // Per-purchase secret shown only to the buyer: each ticket's owner tag in the draw record is derived
    // from it (ownerTag in packages/shared), so the buyer alone can recognise their numbers (decision 0012).
    receiptSecret: text("receipt_secret")
      .notNull()
      .default(sql`encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex')`),
    // The receipt page's private link (/recibo/:token): 32 random bytes, base64url, set at approval.
    receiptToken: text("receipt_token"),
    // The record checkpoint of the approval (docs/draw-protocol.md §14, decision 0023): the record's length
    // and head hash then, and the latest drand round (and signature) the server held; null when the raffle
    // had no record (a legacy external raffle, a general payment) or no beacon was held.
    checkpointLength: integer("checkpoint_length"),
    checkpointHash: text("checkpoint_hash"),
    checkpointRound: bigint("checkpoint_round", { mode: "number" }),
    checkpointSignature: text("checkpoint_signature"),
    checkpointAt: ts("checkpoint_at"),
    // A sale a vendedor recorded (channel 'seller', decision 0034): who sold it, the buyer as the vendedor
    // wrote them (phone in E.164), and the sale's id made on the vendedor's device (a resend returns it).
    channel: text("channel").notNull().default("online"),
    sellerId: uuid("seller_id").references((): AnyPgColumn => sellers.id, { onDelete: "restrict" }),
    buyerName: text("buyer_name"),
    buyerPhone: text("buyer_phone"),
    buyerIdNumber: text("buyer_id_number"),
    saleId: uuid("sale_id"),
    // The buyer's email as the vendedor wrote it (optional): the receipt link is mailed there once paid, and
    // an account with that confirmed email may claim the sale (decision 0034).
    buyerEmail: text("buyer_email"),
    // When the buyer claimed this vendedor's sale into their account (user_id set then).
    claimedAt: ts("claimed_at"),
    // Set only when re-normalising stored references (data step normalize-payment-references) made this
    // live proof's reference equal to another live one of the same method: the admin sees the pair, and
    // this row steps out of the unique index below instead of failing the migration.
    duplicateReferenceOf: uuid("duplicate_reference_of").references((): AnyPgColumn => paymentProofs.id, {
      onDelete: "set null",
    }),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
    // Proof analysis (modules/proof-analysis), done by a worker after upload, never on the request path:
    // pending until read; done, failed (after retries) or skipped (a PDF or a file that is not an image).
    analysisStatus: text("analysis_status").notNull().default("pending"),
    analysisAttempts: integer("analysis_attempts").notNull().default(0),
    analyzedAt: ts("analyzed_at"),
    // 64-bit perceptual hash of the image (sharp-phash), as a signed bigint for bit_count(a # b).
    phash: bigint("phash", { mode: "bigint" }),
    // The closest earlier proof whose image is a near-copy of this one (any raffle, any account).
    nearDuplicateOf: uuid("near_duplicate_of").references((): AnyPgColumn => paymentProofs.id, {
      onDelete: "set null",
    }),
    // What OCR read on the receipt (ProofOcr of packages/shared); null until read or when not an image.
    ocr: jsonb("ocr").$type<ProofOcr>(),
    // The reference OCR read on the receipt, in the same canonical form (null when none was read): the
    // inbox flags a proof whose image shows another proof's reference (decision 0022).
    ocrReferenceKey: text("ocr_reference_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("payment_proofs_analysis_status_check", oneOf("analysis_status", PROOF_ANALYSIS_STATUSES)),
    check("payment_proofs_amount_check", sql`${t.amount} > 0`),
    check(
      "payment_proofs_checkpoint_check",
      sql`(${t.checkpointLength} IS NULL) = (${t.checkpointHash} IS NULL) AND (${t.checkpointLength} IS NULL) = (${t.checkpointAt} IS NULL) AND (${t.checkpointRound} IS NULL) = (${t.checkpointSignature} IS NULL) AND (${t.checkpointRound} IS NULL OR ${t.checkpointLength} IS NOT NULL) AND (${t.checkpointLength} IS NULL OR ${t.checkpointLength} >= 1)`,
    ),
    check("payment_proofs_currency_check", oneOf("currency", CURRENCIES)),
    check("payment_proofs_method_check", oneOf("payment_method", PAYMENT_METHODS)),
    check("payment_proofs_status_check", oneOf("status", PROOF_STATUSES)),
    check("payment_proofs_quantity_check", sql`${t.quantityOfTickets} BETWEEN 1 AND 10000`),
    check("payment_proofs_ref_check", sql`length(trim(${t.transactionRef})) > 0`),
    check("payment_proofs_reference_key_check", sql`length(${t.referenceKey}) > 0`),
    uniqueIndex("payment_proofs_idempotency_idx").on(t.userId, t.idempotencyKey),
    check("payment_proofs_channel_check", oneOf("channel", ["online", "seller"])),
    // An online purchase has its buyer's account; a vendedor's sale names its vendedor, buyer and device id.
    check(
      "payment_proofs_channel_owner_check",
      sql`(${t.channel} = 'online' AND ${t.userId} IS NOT NULL AND ${t.sellerId} IS NULL AND ${t.saleId} IS NULL) OR (${t.channel} = 'seller' AND ${t.sellerId} IS NOT NULL AND ${t.saleId} IS NOT NULL AND length(trim(coalesce(${t.buyerName}, ''))) > 0 AND ${t.buyerPhone} IS NOT NULL)`,
    ),
    check(
      "payment_proofs_file_check",
      sql`(${t.proofImagePath} IS NULL) = (${t.proofContentType} IS NULL) AND (${t.proofImagePath} IS NULL) = (${t.proofSize} IS NULL) AND (${t.proofImagePath} IS NOT NULL OR ${t.channel} = 'seller')`,
    ),
    uniqueIndex("payment_proofs_seller_sale_idx").on(t.sellerId, t.saleId),
    index("payment_proofs_seller_created_idx")
      .on(t.sellerId, t.createdAt.desc())
      .where(sql`${t.sellerId} IS NOT NULL`),
    uniqueIndex("payment_proofs_receipt_token_idx").on(t.receiptToken),
    // One payment screenshot sent twice is the commonest fraud: a live reference is unique. The key carries
    // its method's space ("banco:", "zelle:"...), so Pago Móvil and transferencia share one (decision 0022).
    uniqueIndex("payment_proofs_live_ref_idx")
      .on(t.referenceKey)
      .where(sql`${t.status} IN ('pending', 'approved', 'verified') AND ${t.duplicateReferenceOf} IS NULL`),
    // The inbox's "Referencia repetida" looks up every status, and the references read by OCR.
    index("payment_proofs_reference_key_idx").on(t.referenceKey),
    index("payment_proofs_ocr_reference_key_idx")
      .on(t.ocrReferenceKey)
      .where(sql`${t.ocrReferenceKey} IS NOT NULL`),
    index("payment_proofs_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("payment_proofs_status_created_idx").on(t.status, t.createdAt.desc()),
    index("payment_proofs_raffle_status_idx").on(t.raffleId, t.status),
    index("payment_proofs_created_idx").on(t.createdAt.desc()),
    index("payment_proofs_reservation_idx").on(t.reservationId),
    index("payment_proofs_analysis_due_idx").on(t.createdAt).where(sql`${t.analysisStatus} = 'pending'`),
    index("payment_proofs_near_duplicate_idx").on(t.nearDuplicateOf),
    // "Hoy"'s sales per day read the approvals of the last 14 days by their review date, not every sale.
    index("payment_proofs_approved_reviewed_idx")
      .on(t.reviewedAt)
      .where(sql`${t.status} IN ('approved', 'verified')`),
  ],
);

/**
 * A purchase from the moment the buyer starts it (decision 0014): it holds its tickets (chosen numbers, or a
 * quantity of the raffle's stock) until expires_at, becomes `submitted` with a proof, and ends approved,
 * expired or cancelled. The price is decided here once (pricing: the PriceQuote of packages/shared) with
 * the BCV rate of that moment, so the payment page and the proof check use the same figures.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    // Null only for a vendedor's sale whose buyer has no account yet (decision 0034).
    userId: text("user_id").references(() => users.id, { onDelete: "restrict" }),
    status: text("status").notNull().default("active"),
    // purchase: paid whole by one proof; abono: paid in parts (decision 0034), held as `partial` from the
    // first approved payment until the list freezes.
    kind: text("kind").notNull().default("purchase"),
    quantity: integer("quantity").notNull(),
    /** Chosen numbers (chosen mode); null in random mode. */
    numbers: integer("numbers").array(),
    expiresAt: ts("expires_at").notNull(),
    unitPrice: numeric("unit_price", { precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    pricing: jsonb("pricing").$type<PriceQuote>().notNull(),
    exchangeRate: numeric("exchange_rate", { precision: 14, scale: 4, mode: "number" }),
    exchangeRateAt: ts("exchange_rate_at"),
    releasedAt: ts("released_at"),
    // The vendedor whose link brought the buyer (docs/decisions/0034-vendedores.md), checked when held.
    sellerId: uuid("seller_id").references((): AnyPgColumn => sellers.id, { onDelete: "restrict" }),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reservations_status_check", oneOf("status", RESERVATION_STATUSES)),
    check("reservations_kind_check", oneOf("kind", ["purchase", "abono"])),
    check("reservations_partial_check", sql`${t.status} <> 'partial' OR ${t.kind} = 'abono'`),
    check("reservations_currency_check", oneOf("currency", CURRENCIES)),
    check("reservations_quantity_check", sql`${t.quantity} BETWEEN 1 AND 10000`),
    check(
      "reservations_numbers_check",
      sql`${t.numbers} IS NULL OR cardinality(${t.numbers}) = ${t.quantity}`,
    ),
    uniqueIndex("reservations_idempotency_idx").on(t.userId, t.idempotencyKey),
    // A purchase without an account is a vendedor's sale (decision 0034).
    check("reservations_owner_check", sql`${t.userId} IS NOT NULL OR ${t.sellerId} IS NOT NULL`),
    index("reservations_seller_idx").on(t.sellerId, t.raffleId).where(sql`${t.sellerId} IS NOT NULL`),
    index("reservations_raffle_status_idx").on(t.raffleId, t.status),
    index("reservations_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("reservations_due_idx").on(t.expiresAt).where(sql`${t.status} IN ('active', 'rejected')`),
  ],
);

export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "cascade" }),
    ticketNumber: integer("ticket_number").notNull(),
    status: text("status").notNull().default("available"),
    userId: text("user_id").references(() => users.id, { onDelete: "restrict" }),
    paymentId: uuid("payment_id").references(() => paymentProofs.id, { onDelete: "restrict" }),
    soldAt: ts("sold_at"),
    // The reservation holding (status reserved) or that bought (sold) this number in chosen mode.
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "restrict" }),
  },
  (t) => [
    uniqueIndex("tickets_raffle_number_idx").on(t.raffleId, t.ticketNumber),
    check("tickets_number_check", sql`${t.ticketNumber} BETWEEN 0 AND 9999`),
    check("tickets_status_check", oneOf("status", TICKET_STATUSES)),
    check(
      "tickets_sold_owner_check",
      // Sold means sold to a purchase; the buyer's account is copied on when there is one (decision 0034).
      sql`(${t.status} = 'sold') = (${t.paymentId} IS NOT NULL) AND (${t.userId} IS NULL OR ${t.status} = 'sold')`,
    ),
    index("tickets_raffle_status_idx").on(t.raffleId, t.status),
    index("tickets_user_idx").on(t.userId, t.raffleId, t.ticketNumber),
    index("tickets_payment_idx").on(t.paymentId),
    check(
      "tickets_reserved_check",
      sql`(${t.status} = 'reserved') = (${t.reservationId} IS NOT NULL AND ${t.status} <> 'sold')`,
    ),
    index("tickets_reservation_idx").on(t.reservationId),
  ],
);

export const winners = pgTable(
  "winners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "cascade" }),
    ticketId: uuid("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    ticketNumber: integer("ticket_number").notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    winnerName: text("winner_name").notNull(),
    prizeLevel: integer("prize_level").notNull().default(1),
    prizeDescription: text("prize_description").notNull(),
    source: text("source").notNull().default("internal"),
    announcedAt: ts("announced_at").notNull().defaultNow(),
    // Draw v2: the winner's index within its prize level (0-based; a replacement takes the next one).
    prizeIndex: integer("prize_index"),
    // A disqualified winner keeps its row (the record keeps it too); the replacement is a new row.
    disqualifiedAt: ts("disqualified_at"),
    disqualificationReason: text("disqualification_reason"),
  },
  (t) => [
    // A ticket wins once in the draw and at most once instantly (decision 0035); an instant slot is won
    // once, so the instant budget holds in the database too.
    uniqueIndex("winners_raffle_ticket_idx")
      .on(t.raffleId, t.ticketNumber)
      .where(sql`${t.source} <> 'instant'`),
    uniqueIndex("winners_instant_ticket_idx")
      .on(t.raffleId, t.ticketNumber)
      .where(sql`${t.source} = 'instant'`),
    uniqueIndex("winners_instant_slot_idx").on(t.raffleId, t.prizeIndex).where(sql`${t.source} = 'instant'`),
    check("winners_ticket_number_check", sql`${t.ticketNumber} BETWEEN 0 AND 9999`),
    check("winners_source_check", oneOf("source", WINNER_SOURCES)),
    check(
      "winners_instant_slot_check",
      sql`${t.source} <> 'instant' OR (${t.prizeLevel} = 0 AND ${t.prizeIndex} >= 0)`,
    ),
    index("winners_raffle_announced_idx").on(t.raffleId, t.announcedAt),
    index("winners_user_idx").on(t.userId),
  ],
);

/**
 * The raffle's public record (decision 0012): an append-only hash chain of its life (rules published, close,
 * freeze, round named, beacon, winners, disqualifications, external results). A trigger refuses UPDATE
 * and DELETE; entries are built by appendEntry in packages/shared/src/domain/draw-record.ts.
 */
export const drawRecordEntries = pgTable(
  "draw_record_entries",
  {
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    at: ts("at").notNull(),
    data: jsonb("data").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.raffleId, t.seq] }),
    check("draw_record_entries_seq_check", sql`${t.seq} >= 0`),
  ],
);

/**
 * drand beacons the server has verified (decision 0021): the latest one is written into each freeze
 * and disqualification as proof that the round they name was still in the future.
 */
export const drandBeacons = pgTable(
  "drand_beacons",
  {
    chainHash: text("chain_hash").notNull(),
    round: bigint("round", { mode: "number" }).notNull(),
    signature: text("signature").notNull(),
    verifiedAt: ts("verified_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainHash, t.round] })],
);

/**
 * A raffle's stored document, kept by SHA-256 (the record holds the hash): the columns the fraud
 * evidence and the lottery publications share. A function: each table needs its own column builders.
 */
function raffleDocumentColumns() {
  return {
    id: uuid("id").primaryKey().defaultRandom(),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  };
}

/**
 * The evidence document of a "fraud" disqualification (decision 0021): stored privately (no route
 * serves it); the record publishes only its SHA-256.
 */
export const disqualificationEvidence = pgTable("disqualification_evidence", raffleDocumentColumns(), (t) => [
  index("disqualification_evidence_raffle_idx").on(t.raffleId, t.sha256),
]);

/**
 * The official publication of a lottery result (decision 0024): a photo or PDF the admin uploads with
 * the result; public by design (served by its SHA-256, which the record holds).
 */
export const lotteryPublications = pgTable("lottery_publications", raffleDocumentColumns(), (t) => [
  uniqueIndex("lottery_publications_raffle_sha_idx").on(t.raffleId, t.sha256),
]);

/**
 * A correction of a lottery result proposed by one administrator (decision 0024): it reaches the record
 * only when a different administrator confirms it within the rules' correction window.
 */
export const lotteryCorrectionProposals = pgTable(
  "lottery_correction_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    result: text("result").notNull(),
    sourceUrl: text("source_url").notNull(),
    publicationSha256: text("publication_sha256").notNull(),
    reason: text("reason").notNull(),
    proposedBy: text("proposed_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    proposedAt: ts("proposed_at").notNull().defaultNow(),
    status: text("status").notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "restrict" }),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    index("lottery_correction_proposals_raffle_idx").on(t.raffleId, t.status),
    check(
      "lottery_correction_proposals_status_check",
      sql`${t.status} IN ('pending', 'confirmed', 'discarded')`,
    ),
    // Four eyes in the database too: whoever confirms is never who proposed.
    check(
      "lottery_correction_proposals_four_eyes_check",
      sql`${t.status} <> 'confirmed' OR (${t.decidedBy} IS NOT NULL AND ${t.decidedBy} <> ${t.proposedBy})`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Loyalty club
// ---------------------------------------------------------------------------------------------

export const rewards = pgTable(
  "rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    pointsRequired: integer("points_required").notNull(),
    requiredLevel: text("required_level").notNull().default("Bronce"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("rewards_points_check", sql`${t.pointsRequired} > 0`),
    check("rewards_level_check", oneOf("required_level", LEVEL_NAMES)),
    index("rewards_points_idx").on(t.pointsRequired),
  ],
);

export const rewardRedemptions = pgTable(
  "reward_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    rewardId: uuid("reward_id")
      .notNull()
      .references(() => rewards.id, { onDelete: "restrict" }),
    rewardTitle: text("reward_title").notNull(),
    pointsSpent: integer("points_spent").notNull(),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reward_redemptions_points_check", sql`${t.pointsSpent} > 0`),
    uniqueIndex("reward_redemptions_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("reward_redemptions_user_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/** Signed ledger: a profile's rifazo_points always equals the sum of its rows. */
export const pointsHistory = pgTable(
  "points_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    pointsChange: integer("points_change").notNull(),
    reason: text("reason").notNull(),
    paymentProofId: uuid("payment_proof_id").references(() => paymentProofs.id, { onDelete: "set null" }),
    rewardRedemptionId: uuid("reward_redemption_id").references(() => rewardRedemptions.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    check("points_history_change_check", sql`${t.pointsChange} <> 0`),
    index("points_history_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("points_history_proof_idx").on(t.paymentProofId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Engagement
// ---------------------------------------------------------------------------------------------

export const userFavorites = pgTable(
  "user_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.raffleId] }), index("user_favorites_raffle_idx").on(t.raffleId)],
);

/** Signed-in users who asked to be told when an upcoming raffle opens. */
export const raffleSubscriptions = pgTable(
  "raffle_subscriptions",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "cascade" }),
    notifiedAt: ts("notified_at"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.raffleId] }),
    index("raffle_subscriptions_raffle_idx").on(t.raffleId),
  ],
);

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default("Notificación"),
    message: text("message").notNull(),
    type: text("type").notNull().default("other"),
    linkTo: text("link_to"),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
    /**
     * Insertion order: notices written in one transaction share created_at (now() is the transaction's
     * start) and random ids do not sort, so the list breaks ties by this.
     */
    seq: bigserial("seq", { mode: "number" }).notNull(),
  },
  (t) => [
    check("notifications_type_check", oneOf("type", NOTIFICATION_TYPES)),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.seq.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`NOT ${t.isRead}`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt.desc())],
);

/**
 * Page views of visitors who accepted analytics cookies (spec 1 §3): a count per Venezuelan day and page,
 * nothing that identifies a person (no IP, account, referrer or device).
 */
export const pageViewCounts = pgTable(
  "page_view_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.path] }),
    check("page_view_counts_views_check", sql`${t.views} >= 0`),
    check("page_view_counts_path_check", sql`char_length(${t.path}) BETWEEN 1 AND 160`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Files, settings, audit, email and events
// ---------------------------------------------------------------------------------------------

/** Public prize images (gallery and form uploads); the originals and WebP variants live in storage. */
export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    folder: text("folder").notNull().default("gallery"),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    variantWidths: integer("variant_widths").array().notNull().default(sql`ARRAY[]::integer[]`),
    /** The variant widths also stored as AVIF (images/<id>/<w>.avif), served to browsers that accept it. */
    avifWidths: integer("avif_widths").array().notNull().default(sql`ARRAY[]::integer[]`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("images_folder_check", oneOf("folder", IMAGE_FOLDERS)),
    index("images_folder_created_idx").on(t.folder, t.createdAt.desc()),
  ],
);

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: updatedAt(),
});

/** Append-only (a trigger refuses UPDATE and DELETE): who did what to which row, before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_actor_idx").on(t.actorId),
  ],
);

/** Outgoing email: written in the same transaction as the action, sent and retried by a worker. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to_address").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    createdAt: createdAt(),
    sentAt: ts("sent_at"),
  },
  (t) => [
    check("mail_outbox_status_check", oneOf("status", ["pending", "sent", "failed"])),
    index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Realtime events, kept briefly so a reconnecting browser can replay from Last-Event-ID. */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    userId: text("user_id"),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("events_created_idx").on(t.createdAt)],
);

/**
 * Background jobs' run claims (decision 0027): a row per job that some instance holds while it runs it, so
 * two API instances on one database never run the same job at once. A crashed holder's claim lapses at
 * locked_until.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  owner: text("owner"),
  lockedUntil: ts("locked_until"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Public editorial content (testimonials, live broadcasts), edited by administrators
// ---------------------------------------------------------------------------------------------

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    location: text("location").notNull().default(""),
    prize: text("prize").notNull().default(""),
    text: text("text").notNull(),
    rating: integer("rating").notNull().default(5),
    date: date("date", { mode: "string" }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    check("testimonials_rating_check", sql`${t.rating} BETWEEN 1 AND 5`),
    check("testimonials_name_check", sql`length(trim(${t.name})) > 0`),
    check("testimonials_text_check", sql`length(trim(${t.text})) > 0`),
    index("testimonials_date_idx").on(t.date.desc()),
  ],
);

export const liveBroadcasts = pgTable(
  "live_broadcasts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    platform: text("platform").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Free text ("Viernes a las 8:00 p. m."), shown as written. */
    schedule: text("schedule").notNull().default(""),
    url: text("url"),
    isLive: boolean("is_live").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("live_broadcasts_platform_check", oneOf("platform", BROADCAST_PLATFORMS)),
    check("live_broadcasts_title_check", sql`length(trim(${t.title})) > 0`),
    check("live_broadcasts_url_check", sql`${t.url} IS NULL OR ${t.url} ~ '^https?://'`),
    index("live_broadcasts_order_idx").on(t.sortOrder),
  ],
);

// ---------------------------------------------------------------------------------------------
// The organiser's day: refunds of cancelled raffles, bank statements and their movements.
// ---------------------------------------------------------------------------------------------

/**
 * One refund per approved purchase of a cancelled raffle: what was paid (currency paid, Bs at the frozen
 * rate), the method and the buyer's data for it, then who paid it back, when, with which reference and an
 * optional private proof file.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    proofId: uuid("proof_id")
      .notNull()
      .references(() => paymentProofs.id, { onDelete: "restrict" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    // Null for a vendedor's sale whose buyer has no account: the vendedor pays it back (decision 0034).
    userId: text("user_id").references(() => users.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    exchangeRate: numeric("exchange_rate", { precision: 14, scale: 4, mode: "number" }),
    amountVes: numeric("amount_ves", { precision: 14, scale: 2, mode: "number" }),
    paymentMethod: text("payment_method").notNull(),
    payTo: jsonb("pay_to").$type<RefundPayTo>().notNull(),
    status: text("status").notNull().default("pending"),
    paidReference: text("paid_reference"),
    paidProofPath: text("paid_proof_path"),
    paidProofContentType: text("paid_proof_content_type"),
    paidProofSize: integer("paid_proof_size"),
    paidAt: ts("paid_at"),
    paidBy: text("paid_by").references(() => users.id, { onDelete: "set null" }),
    // Pago Móvil and transfer refunds: the buyer's payout data (bank, cédula, phone or account), private to
    // the buyer and administrators, asked for by payout_due_at.
    payout: jsonb("payout").$type<RefundPayout>(),
    payoutDueAt: ts("payout_due_at"),
    payoutGivenAt: ts("payout_given_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("refunds_payout_check", sql`(${t.payout} IS NULL) = (${t.payoutGivenAt} IS NULL)`),
    check("refunds_status_check", oneOf("status", REFUND_STATUSES)),
    check("refunds_currency_check", oneOf("currency", CURRENCIES)),
    check("refunds_method_check", oneOf("payment_method", PAYMENT_METHODS)),
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check(
      "refunds_paid_check",
      sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL AND length(trim(coalesce(${t.paidReference}, ''))) > 0)`,
    ),
    uniqueIndex("refunds_proof_idx").on(t.proofId),
    index("refunds_status_created_idx").on(t.status, t.createdAt),
    index("refunds_user_idx").on(t.userId),
    index("refunds_raffle_idx").on(t.raffleId),
  ],
);

/** How one bank's export is read (StatementMapping of packages/shared), remembered by the bank's name. */
export const bankMappings = pgTable(
  "bank_mappings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    mapping: jsonb("mapping").$type<StatementMapping>().notNull(),
    // Every layout of this bank imported so far (newest first), each with the header row it was mapped
    // on: a mapping is proposed again only for a file whose header row is exactly that one.
    layouts: jsonb("layouts").$type<RememberedLayout[]>().notNull().default([]),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("bank_mappings_name_check", sql`length(trim(${t.name})) > 0`),
    uniqueIndex("bank_mappings_name_idx").on(sql`lower(${t.name})`),
  ],
);

/** An uploaded bank export: a private file like a proof, kept with who uploaded it. */
export const bankStatements = pgTable(
  "bank_statements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bankMappingId: uuid("bank_mapping_id").references(() => bankMappings.id, { onDelete: "restrict" }),
    filename: text("filename").notNull(),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    // draft: uploaded, being mapped; imported: its movements were saved.
    status: text("status").notNull().default("draft"),
    rowCount: integer("row_count").notNull().default(0),
    importedCount: integer("imported_count").notNull().default(0),
    duplicateCount: integer("duplicate_count").notNull().default(0),
    problemCount: integer("problem_count").notNull().default(0),
    uploadedBy: text("uploaded_by")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    importedAt: ts("imported_at"),
    createdAt: createdAt(),
  },
  (t) => [
    check("bank_statements_status_check", sql`${t.status} IN ('draft', 'imported')`),
    index("bank_statements_created_idx").on(t.createdAt.desc()),
  ],
);

/**
 * A credit read from a statement. The fingerprint (bank, date, reference, amount and the occurrence of
 * that key within its file) makes overlapping exports of the same days insert nothing twice. A movement
 * pays one proof only, ever: matched_proof_id is unique and, once set, never cleared (trigger).
 */
export const bankMovements = pgTable(
  "bank_movements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    statementId: uuid("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "restrict" }),
    bankMappingId: uuid("bank_mapping_id")
      .notNull()
      .references(() => bankMappings.id, { onDelete: "restrict" }),
    postedOn: date("posted_on", { mode: "string" }).notNull(),
    reference: text("reference").notNull(),
    referenceRaw: text("reference_raw").notNull(),
    description: text("description").notNull().default(""),
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    // A spreadsheet turned the reference into "8.53E+10": its digits are lost, so the movement is kept
    // (money was received) but never matched automatically.
    referenceDamaged: boolean("reference_damaged").notNull().default(false),
    sourceRow: integer("source_row").notNull(),
    fingerprint: text("fingerprint").notNull(),
    matchedProofId: uuid("matched_proof_id").references(() => paymentProofs.id, { onDelete: "restrict" }),
    matchedAt: ts("matched_at"),
    matchedBy: text("matched_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bank_movements_fingerprint_idx").on(t.fingerprint),
    uniqueIndex("bank_movements_matched_proof_idx").on(t.matchedProofId),
    index("bank_movements_reference_idx").on(t.reference),
    index("bank_movements_posted_idx").on(t.postedOn),
  ],
);

// ---------------------------------------------------------------------------------------------
// Vendedores (docs/decisions/0034-vendedores.md): people the organiser invites to sell, per raffle.
// ---------------------------------------------------------------------------------------------

export const sellers = pgTable(
  "sellers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    // Lower-cased; the invitation went there, and only the account with this email may accept it.
    email: text("email"),
    // E.164 (+58…): an invitation by celular is shared by the organiser (WhatsApp).
    phone: text("phone"),
    // Short, unambiguous, never reused: names the vendedor in links and receipts.
    code: text("code").notNull(),
    status: text("status").notNull().default("invited"),
    // The account that accepted the invitation (one vendedor per account).
    userId: text("user_id").references(() => users.id, { onDelete: "restrict" }),
    // SHA-256 of the invitation link's token: the link is shown once and never stored.
    invitationHash: text("invitation_hash"),
    invitationExpiresAt: ts("invitation_expires_at"),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: ts("accepted_at"),
    suspendedAt: ts("suspended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("sellers_status_check", oneOf("status", ["invited", "active", "suspended"])),
    check("sellers_contact_check", sql`${t.email} IS NOT NULL OR ${t.phone} IS NOT NULL`),
    check("sellers_code_check", sql`${t.code} ~ '^[A-Z2-9]{6}$'`),
    // Invited ⇔ no account yet and a link to accept; an accepted vendedor has an account and no link.
    check(
      "sellers_invitation_check",
      sql`(${t.status} = 'invited') = (${t.userId} IS NULL) AND (${t.userId} IS NULL) = (${t.invitationHash} IS NOT NULL) AND (${t.invitationHash} IS NULL) = (${t.invitationExpiresAt} IS NULL)`,
    ),
    check("sellers_suspended_check", sql`(${t.status} = 'suspended') = (${t.suspendedAt} IS NOT NULL)`),
    uniqueIndex("sellers_code_idx").on(t.code),
    uniqueIndex("sellers_user_idx").on(t.userId),
    uniqueIndex("sellers_email_idx").on(t.email),
    uniqueIndex("sellers_phone_idx").on(t.phone),
    uniqueIndex("sellers_invitation_idx").on(t.invitationHash),
  ],
);

export const sellerRaffles = pgTable(
  "seller_raffles",
  {
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "restrict" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    // Kept when selling is withdrawn: later sales and commissions keep their terms' history.
    allowed: boolean("allowed").notNull().default(true),
    commissionKind: text("commission_kind").notNull(),
    // Percent (0–100) or an amount per ticket in the raffle's currency.
    commissionValue: numeric("commission_value", { precision: 12, scale: 2, mode: "number" }).notNull(),
    // The most cash (raffle currency) the vendedor may hold unsettled for this raffle.
    creditLimit: numeric("credit_limit", { precision: 14, scale: 2, mode: "number" }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.raffleId] }),
    check("seller_raffles_kind_check", oneOf("commission_kind", ["percent", "fixed"])),
    check(
      "seller_raffles_commission_check",
      sql`${t.commissionValue} >= 0 AND (${t.commissionKind} <> 'percent' OR ${t.commissionValue} <= 100)`,
    ),
    check("seller_raffles_credit_check", sql`${t.creditLimit} >= 0`),
    index("seller_raffles_raffle_idx").on(t.raffleId),
  ],
);

/**
 * The vendedores' money as a double-entry ledger (docs/decisions/0034-vendedores.md): each entry is two or
 * more postings that sum to zero (a deferred trigger checks it at COMMIT), never updated or deleted (a
 * correction is a new entry). Positive amounts are debits. Accounts: `commission_expense` (the organiser's
 * cost), `commission_payable` (what the organiser owes the vendedor; its credit balance) and
 * `commission_paid` (what the organiser handed over to settle it); for cash sales, `cash_held` (what the
 * vendedor collected for the organiser; its debit balance is what the credit limit caps), `cash_sales`
 * (the organiser's sales collected in cash) and `cash_received` (cash the vendedor handed over).
 */
export const sellerLedger = pgTable(
  "seller_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entry: uuid("entry").notNull(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "restrict" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    // The purchase the posting is about; no foreign key: the ledger outlives a deleted proof.
    paymentProofId: uuid("payment_proof_id"),
    account: text("account").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "seller_ledger_account_check",
      oneOf("account", [
        "commission_expense",
        "commission_payable",
        "commission_paid",
        "cash_held",
        "cash_sales",
        "cash_received",
      ]),
    ),
    check("seller_ledger_amount_check", sql`${t.amount} <> 0`),
    check("seller_ledger_currency_check", oneOf("currency", CURRENCIES)),
    index("seller_ledger_seller_raffle_idx").on(t.sellerId, t.raffleId),
    index("seller_ledger_proof_idx").on(t.paymentProofId),
    index("seller_ledger_entry_idx").on(t.entry),
  ],
);

/** A commission paid to a vendedor ("liquidación"): the ledger entry it posted, and how it was paid. */
export const sellerSettlements = pgTable(
  "seller_settlements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The seller_ledger entry that moved the amount from commission_payable to commission_paid.
    entry: uuid("entry").notNull(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "restrict" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 14, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    // commission: the organiser paid the vendedor; cash: the vendedor handed over cash of their sales.
    kind: text("kind").notNull().default("commission"),
    method: text("method").notNull(),
    reference: text("reference"),
    note: text("note"),
    // The transfer's receipt (a private file), when the organiser attached one.
    proofPath: text("proof_path"),
    proofContentType: text("proof_content_type"),
    proofSize: integer("proof_size"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("seller_settlements_amount_check", sql`${t.amount} > 0`),
    check("seller_settlements_kind_check", oneOf("kind", ["commission", "cash"])),
    check("seller_settlements_currency_check", oneOf("currency", CURRENCIES)),
    check(
      "seller_settlements_method_check",
      oneOf("method", ["efectivo", "pago_movil", "transferencia", "zelle", "binance"]),
    ),
    check(
      "seller_settlements_reference_check",
      sql`${t.method} = 'efectivo' OR length(trim(coalesce(${t.reference}, ''))) > 0`,
    ),
    uniqueIndex("seller_settlements_entry_idx").on(t.entry),
    check(
      "seller_settlements_proof_check",
      sql`(${t.proofPath} IS NULL) = (${t.proofContentType} IS NULL) AND (${t.proofPath} IS NULL) = (${t.proofSize} IS NULL)`,
    ),
    index("seller_settlements_seller_created_idx").on(t.sellerId, t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------------------------------------
// Prizes after the draw (decision 0035): the BCV rate of each day, the winner's claim, each delivery
// (append-only: a correction is a new row) and the winner's disputes.
// ---------------------------------------------------------------------------------------------

/**
 * The bolívar rate the organiser published for each day (Venezuela's calendar): a prize stated in dollars
 * and paid in bolívares is checked against the rate of the payment's day. The last rate saved for a day
 * is that day's; the audit log keeps every change.
 */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    date: text("date").primaryKey(),
    rate: numeric("rate", { precision: 14, scale: 4, mode: "number" }).notNull(),
    source: text("source"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: ts("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    check("exchange_rates_rate_check", sql`${t.rate} > 0`),
    check("exchange_rates_date_check", sql`${t.date} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);

/**
 * A winner's claim: one per winner row. The identity evidence (a photo of the cédula) and the payout
 * details are private, for the organiser's review only; the record gets a `prize_claimed` entry when the
 * claim is first sent, which proves it came within the claim period.
 */
export const prizeClaims = pgTable(
  "prize_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    winnerId: uuid("winner_id")
      .notNull()
      .references(() => winners.id, { onDelete: "restrict" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    claimedAt: ts("claimed_at").notNull().defaultNow(),
    contactPhone: text("contact_phone"),
    payoutDetails: text("payout_details"),
    note: text("note"),
    evidencePath: text("evidence_path").notNull(),
    evidenceSha256: text("evidence_sha256").notNull(),
    evidenceContentType: text("evidence_content_type").notNull(),
    evidenceSize: integer("evidence_size").notNull(),
    reviewStatus: text("review_status").notNull().default("pending"),
    reviewedAt: ts("reviewed_at"),
    reviewedBy: text("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewNote: text("review_note"),
    // "Recibí mi premio": set once, by the winner, after a delivery.
    confirmedAt: ts("confirmed_at"),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("prize_claims_winner_idx").on(t.winnerId),
    index("prize_claims_raffle_idx").on(t.raffleId),
    index("prize_claims_user_idx").on(t.userId),
    check("prize_claims_review_check", oneOf("review_status", ["pending", "accepted", "rejected"])),
    check("prize_claims_evidence_size_check", sql`${t.evidenceSize} > 0`),
  ],
);

/**
 * How a prize was delivered, with its proof (a private file; the record publishes its SHA-256). Never
 * edited: a correction is a new row that names the one it corrects (trigger in migration 0035).
 */
export const prizeDeliveries = pgTable(
  "prize_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    winnerId: uuid("winner_id")
      .notNull()
      .references(() => winners.id, { onDelete: "restrict" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    method: text("method").notNull(),
    deliveredOn: text("delivered_on").notNull(),
    paidCurrency: text("paid_currency"),
    paidAmount: numeric("paid_amount", { precision: 14, scale: 2, mode: "number" }),
    rate: numeric("rate", { precision: 14, scale: 4, mode: "number" }),
    rateDate: text("rate_date"),
    proofPath: text("proof_path").notNull(),
    proofSha256: text("proof_sha256").notNull(),
    proofContentType: text("proof_content_type").notNull(),
    proofSize: integer("proof_size").notNull(),
    note: text("note"),
    corrects: uuid("corrects"),
    recordSeq: integer("record_seq"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("prize_deliveries_winner_idx").on(t.winnerId, t.createdAt),
    index("prize_deliveries_raffle_idx").on(t.raffleId),
    check(
      "prize_deliveries_method_check",
      oneOf("method", ["in_person", "transfer", "pago_movil", "shipping"]),
    ),
    check("prize_deliveries_date_check", sql`${t.deliveredOn} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check("prize_deliveries_currency_check", oneOf("paid_currency", CURRENCIES, true)),
    check(
      "prize_deliveries_cash_check",
      sql`(${t.paidCurrency} IS NULL) = (${t.paidAmount} IS NULL) AND (${t.paidAmount} IS NULL OR ${t.paidAmount} > 0)`,
    ),
    check("prize_deliveries_rate_check", sql`(${t.rate} IS NULL) = (${t.rateDate} IS NULL)`),
  ],
);

/** A winner's dispute of a delivery: on the organiser's Hoy until an administrator resolves it. */
export const prizeDisputes = pgTable(
  "prize_disputes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    winnerId: uuid("winner_id")
      .notNull()
      .references(() => winners.id, { onDelete: "restrict" }),
    raffleId: uuid("raffle_id")
      .notNull()
      .references(() => raffles.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    openedAt: ts("opened_at").notNull().defaultNow(),
    resolvedAt: ts("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolution: text("resolution"),
  },
  (t) => [
    uniqueIndex("prize_disputes_open_idx").on(t.winnerId).where(sql`${t.resolvedAt} IS NULL`),
    index("prize_disputes_raffle_idx").on(t.raffleId),
    check("prize_disputes_resolution_check", sql`(${t.resolvedAt} IS NULL) = (${t.resolution} IS NULL)`),
  ],
);
