// Who may call what: one declaration per operation of /api/openapi.json. access-matrix.test.ts sends every
// operation as every actor below and fails on an operation without a declaration (a new endpoint cannot ship
// undeclared) and on a declaration whose operation no longer exists.
//
// Outcome rule, per actor:
// - allowed: anything but 401/403 and never 5xx (a 400 for a body the route refuses, a 404 for a draw that
//   has not happened or a 409 for a state rule still count: the guard let the actor through);
//   for `owner` routes the owner must not get 404 either (otherwise "someone else's → 404" proves nothing).
// - refused: 401 for a visitor and for a suspended user (a live session whose profile is inactive),
//   403 for a signed-in user on an admin route (or for an admin on a route declared `admin: "forbidden"`),
//   404 for another user on an `owner` route (as for an id that does not exist, so ids cannot be probed),
//   403 for an account that is not an active vendedor on a `seller` route, and for one that may not sell
//   the raffle on a `raffleSeller` route.

import { randomUUID } from "node:crypto";
import { raffleBody } from "../admin-fixtures";

export const ACTORS = [
  "visitor",
  "suspendedUser",
  "otherUser",
  "user",
  "admin",
  // Vendedores (docs/decisions/0034-vendedores.md): active accounts that are also a vendedor. `seller` may
  // sell the matrix's raffle, `otherSeller` no raffle, `suspendedSeller` was suspended by the organiser.
  "seller",
  "otherSeller",
  "suspendedSeller",
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * - public: every actor is allowed.
 * - user: signed-in, active account; administrators too unless `admin` says otherwise.
 * - owner: like `user`, on a resource that belongs to `user`; `otherUser` sends the same ids and gets 404.
 * - admin: administrators only; signed-in users get 403.
 * - seller: an active vendedor; other signed-in users (a suspended vendedor too) get 403.
 * - raffleSeller: an active vendedor allowed to sell the raffle; every other signed-in account gets 403.
 * - sellerOwner: like `seller`, on a resource of `seller`; `otherSeller` sends the same ids and gets 404.
 */
export type Access = "public" | "user" | "owner" | "admin" | "seller" | "raffleSeller" | "sellerOwner";

/** Rows the test builds before sending anything; `fresh*` ones are new for every single request. */
export type Fixture =
  /** Active USD raffle (price 5, 100 tickets, ticket pool generated), created through the admin API. */
  | "raffle"
  /** Upcoming raffle, for the "notify me" subscription. */
  | "upcomingRaffle"
  /** Active raffle without proofs, for requests that delete or finish it. */
  | "freshRaffle"
  /** Pending proof uploaded by `user` (with its file). */
  | "proof"
  /** Pending proof of `user`, for approve / reject / delete. */
  | "freshProof"
  /** `user`'s purchase of `raffle` (the reservation its pending proof made, under review). */
  | "reservation"
  /** Unread notification of `user`. */
  | "notification"
  /** Gallery image uploaded through the admin API (variants in storage). */
  | "image"
  /** Image row for a delete. */
  | "freshImage"
  /** Active reward of the club. */
  | "reward"
  /** The id of `user`. */
  | "user"
  /** An account that only the suspend / reactivate requests touch. */
  | "victim"
  /** A 4-digit ticket number. */
  | "ticketNumber"
  /** A vendedor invited by email who has not accepted (a new link may be made for them). */
  | "invitedSeller"
  /** An active vendedor that only the suspend / reactivate requests touch. */
  | "victimSeller"
  /** A settlement paid to `seller` by transfer, with its receipt file. */
  | "sellerSettlement"
  /** A prize of `user`: the winner row of a drawn raffle (without a record), not claimed (decision 0035). */
  | "prize";

export interface RequestContext {
  /** Unique per request: for e-mails, references and idempotency keys. */
  unique: string;
  /** The e-mail and password of an account that may sign in (login declarations). */
  login: { email: string; password: string };
  /** Password of the account the request is sent as (change-password). */
  password: string;
  /** The `raffle` fixture's id, for bodies that name it. */
  raffleId: string;
}

export interface AccessDeclaration {
  access: Access;
  /** What an administrator gets on a `user` / `owner` route (default: allowed). */
  admin?: "allowed" | "forbidden" | "notFound";
  /**
   * What `otherUser` gets on an `owner` route (default: 404). "forbidden": 403, for rows anyone may know
   * exist (a prize's winner is public, decision 0035), so the refusal says whose it is instead.
   */
  otherUser?: "notFound" | "forbidden";
  /** Path parameter → fixture. */
  params?: Record<string, Fixture>;
  /** A minimal valid JSON body (needed where the guard runs after validation, or the route expects one). */
  body?: (ctx: RequestContext) => unknown;
  /** A multipart upload: a proof form for `user`'s raffle, or a gallery image. */
  multipart?: "proof" | "image";
  /**
   * The request ends or changes sessions (logout, password change, "close other sessions"): each actor
   * sends it as a throwaway account of the same kind, never as the shared one.
   */
  isolate?: true;
  /** Server-Sent Events: checked over a real socket, the stream is closed after the headers. */
  stream?: true;
  /** Why the declaration is what it is, where the route alone does not say. */
  note?: string;
}

export type OperationKey = `${"GET" | "POST" | "PUT" | "PATCH" | "DELETE"} /api/${string}`;

const raffleForm = ({ unique }: RequestContext) =>
  raffleBody({ title: `Rifa ${unique}`, description: "Rifa de prueba", totalTickets: 10 });

/** The column mapping of a bank statement (date, reference, amount), for the preview and the import. */
const statementMapping = () => ({
  headerRow: 0,
  date: 0,
  reference: 1,
  description: null,
  amount: 2,
  credit: null,
  debit: null,
  dateOrder: "DMY",
  decimal: ",",
  encoding: null,
  delimiter: null,
});

export const ACCESS_MATRIX: Record<OperationKey, AccessDeclaration> = {
  // System and realtime.
  "GET /api/health": { access: "public" },
  "GET /api/events": {
    access: "public",
    stream: true,
    note: "Visitors get raffle events; signed-in users also their own notifications.",
  },

  // Account.
  "GET /api/account/me": { access: "user" },
  "POST /api/account/register": {
    access: "public",
    body: ({ unique }) => ({
      fullName: "Nueva Persona",
      email: `registro.${unique}@example.com`,
      password: "ClaveSegura123",
      confirmPassword: "ClaveSegura123",
    }),
  },
  "POST /api/account/login": { access: "public", body: ({ login }) => login },
  "POST /api/account/logout": {
    access: "public",
    body: () => ({}),
    isolate: true,
    note: "Signing out needs no session: without one it is a no-op.",
  },
  "POST /api/account/sessions/revoke-others": { access: "user", isolate: true },
  "POST /api/account/change-password": {
    access: "user",
    isolate: true,
    note: "The guard runs after validation (preHandler): a valid body makes the visitor's 401 visible.",
    body: ({ password }) => ({
      currentPassword: password,
      newPassword: "OtraClave456",
      confirmPassword: "OtraClave456",
    }),
  },
  "POST /api/account/resend-verification": {
    access: "public",
    body: ({ unique }) => ({ email: `reenvio.${unique}@example.com` }),
  },
  "POST /api/account/magic-link": {
    access: "public",
    body: ({ unique }) => ({ email: `enlace.${unique}@example.com` }),
  },
  "POST /api/account/password-reset/request": {
    access: "public",
    body: ({ unique }) => ({ email: `recuperar.${unique}@example.com` }),
  },
  "POST /api/account/password-reset": {
    access: "public",
    body: ({ unique }) => ({
      token: `inexistente-${unique}`,
      newPassword: "Tucan-Morichal-Llovizna-47",
      confirmPassword: "Tucan-Morichal-Llovizna-47",
    }),
    note: "Anyone with the emailed link; an unknown link answers 400 INVALID_TOKEN.",
  },

  // Public catalogue, draws and content.
  "GET /api/raffles": { access: "public" },
  "GET /api/raffles/featured": { access: "public" },
  "GET /api/raffles/upcoming": { access: "public" },
  "GET /api/raffles/{id}": { access: "public", params: { id: "raffle" } },
  "GET /api/raffles/{id}/numbers": { access: "public", params: { id: "raffle" } },
  "GET /api/raffles/{id}/sellers-leaderboard": {
    access: "public",
    params: { id: "raffle" },
    note: "404 while the organiser keeps it hidden, for everyone alike (decision 0034).",
  },
  "GET /api/raffles/{id}/numbers/mine": {
    access: "user",
    params: { id: "raffle" },
    note: "Only the caller's own numbers: another buyer gets their own (none here), never the user's.",
  },
  "GET /api/raffles/{id}/quote": {
    access: "public",
    params: { id: "raffle" },
    note: "Without ?quantity= the answer is 400; a signed-in buyer's quote carries their level discount.",
  },
  "GET /api/winners": { access: "public" },
  "GET /api/draws": { access: "public" },
  "GET /api/draws/{id}/transcript": {
    access: "public",
    params: { id: "raffle" },
    note: "404 until the raffle is drawn: still allowed.",
  },
  "GET /api/tickets/verify/{number}": { access: "public", params: { number: "ticketNumber" } },
  // The link is the only credential: a token that opens no receipt is 404 for everyone
  // (receipts.test.ts reads a real one).
  "GET /api/receipts/{token}": { access: "public", params: { token: "ticketNumber" } },
  "GET /api/receipts/{token}/image.png": { access: "public", params: { token: "ticketNumber" } },
  "GET /api/receipts/{token}/receipt.pdf": { access: "public", params: { token: "ticketNumber" } },
  "POST /api/receipts/{token}/claim": {
    access: "user",
    params: { token: "ticketNumber" },
    note: "Any signed-in account may try (decision 0034); a token that opens no receipt is a 404 past the guard. receipt-claims.test.ts claims real ones.",
  },
  "POST /api/raffles/{id}/countdown": {
    access: "public",
    params: { id: "freshRaffle" },
    note: "Spec 1: the 24 h countdown is started by whoever sees the raffle reach its percentage.",
  },
  "POST /api/raffles/{id}/draw": {
    access: "public",
    params: { id: "freshRaffle" },
    body: () => ({}),
    note: "Spec 1: the draw button is shown to any viewer; the server decides whether it is time.",
  },
  "GET /api/raffles/{id}/record": {
    access: "public",
    params: { id: "raffle" },
    note: "Decision 0023: the record is public evidence; 404 until its first entry (still allowed).",
  },
  "GET /api/raffles/{id}/publications/{sha256}": {
    access: "public",
    params: { id: "raffle", sha256: "raffle" },
    note: "Decision 0024: the official lottery publication is public evidence (lottery.test.ts fetches a real one); 404 for an unknown hash.",
  },
  "GET /api/settings/public": { access: "public" },
  "GET /api/testimonials": { access: "public" },
  "GET /api/live-broadcasts": { access: "public" },
  "GET /api/images/{id}": { access: "public", params: { id: "image" } },
  "GET /api/club/rewards": { access: "public" },
  "POST /api/contact": {
    access: "public",
    body: ({ unique }) => ({
      name: "Persona de Contacto",
      email: `contacto.${unique}@example.com`,
      subject: "Consulta",
      message: "Hola, tengo una pregunta.",
    }),
  },

  // Only with analytics consent; a count per day and page.
  "POST /api/analytics/page-view": { access: "public", body: () => ({ path: "/rifas" }) },

  // Signed-in user.
  "GET /api/raffles/subscriptions": { access: "user" },
  "PUT /api/raffles/{id}/subscription": { access: "user", params: { id: "upcomingRaffle" } },
  "DELETE /api/raffles/{id}/subscription": { access: "user", params: { id: "upcomingRaffle" } },
  "GET /api/favorites": { access: "user" },
  "GET /api/favorites/ids": { access: "user" },
  "PUT /api/favorites/{raffleId}": { access: "user", params: { raffleId: "raffle" } },
  "DELETE /api/favorites/{raffleId}": { access: "user", params: { raffleId: "raffle" } },
  "PATCH /api/profile": { access: "user", body: () => ({ fullName: "Nombre Cambiado", phone: null }) },
  "GET /api/profile/login-activity": { access: "user" },
  "GET /api/notifications": { access: "user", note: "Administrators get an empty list." },
  "POST /api/notifications/read-all": { access: "user" },
  "GET /api/club": { access: "user" },
  "POST /api/club/rewards/{id}/redeem": {
    access: "user",
    params: { id: "reward" },
    admin: "forbidden",
    body: ({ unique }) => ({ idempotencyKey: `canje-${unique}` }),
    note: "Without points a user gets 409 'Puntos Insuficientes'; administrators cannot redeem (403).",
  },
  "POST /api/proofs": {
    access: "user",
    admin: "forbidden",
    multipart: "proof",
    note: "Administrators do not buy tickets (PROOF_MESSAGES.adminNotAllowed).",
  },
  "GET /api/proofs/mine": { access: "user" },
  "POST /api/raffles/{id}/reservations": {
    access: "user",
    admin: "forbidden",
    params: { id: "raffle" },
    body: () => ({ quantity: 2 }),
    note: "Administrators do not buy tickets; a second reservation of the same buyer gets 409 RESERVATION_ACTIVE.",
  },
  "GET /api/reservations": { access: "user" },
  "GET /api/proofs/allowance": {
    access: "user",
    note: "The buyer's own cap and pending proofs; without ?raffleId= a signed-in request gets 400.",
  },

  // Owned by `user`.
  "GET /api/proofs/{id}": { access: "owner", params: { id: "proof" } },
  "GET /api/reservations/{id}": { access: "owner", params: { id: "reservation" } },
  "DELETE /api/reservations/{id}": {
    access: "owner",
    params: { id: "reservation" },
    admin: "notFound",
    note: "Only its buyer cancels a purchase (an administrator gets the same 404); under review it answers 409.",
  },
  "GET /api/proofs/{id}/file": { access: "owner", params: { id: "proof" } },
  // Prizes after the draw (decision 0035): the winner's own, refused to anyone else with 403 PRIZE_NOT_YOURS.
  "GET /api/prizes": { access: "user", note: "Only the caller's prizes (none for most actors)." },
  "GET /api/prizes/{winnerId}": {
    access: "owner",
    params: { winnerId: "prize" },
    otherUser: "forbidden",
    admin: "forbidden",
    note: "Another account, an administrator too, gets 403 PRIZE_NOT_YOURS (theirs is /api/admin/prizes).",
  },
  "POST /api/prizes/{winnerId}/claim": {
    access: "owner",
    params: { winnerId: "prize" },
    otherUser: "forbidden",
    admin: "forbidden",
    body: () => ({}),
    note: "Sent without the cédula: the owner gets 400 past the guard (prizes/claims.test.ts claims real ones).",
  },
  "POST /api/prizes/{winnerId}/confirmation": {
    access: "owner",
    params: { winnerId: "prize" },
    otherUser: "forbidden",
    admin: "forbidden",
    body: () => ({ outcome: "received" }),
    note: "Nothing delivered yet: the owner gets 409 PRIZE_NOT_DELIVERED (prizes/confirmations.test.ts confirms real ones).",
  },
  "PATCH /api/notifications/{id}/read": {
    access: "owner",
    admin: "notFound",
    params: { id: "notification" },
    note: "Notifications are personal: an administrator cannot mark someone else's either.",
  },

  // Administration.
  "PUT /api/admin/settings/exchange-rate": { access: "admin", body: () => ({ rate: 36.5 }) },
  "PUT /api/admin/settings/payment-accounts": {
    access: "admin",
    body: () => ({
      pagoMovil: { bank: "Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
      zelle: null,
      binance: null,
    }),
  },
  "PUT /api/admin/settings/support-contact": { access: "admin", body: () => ({ whatsapp: "0424-5550199" }) },
  "GET /api/admin/settings/reject-templates": { access: "admin" },
  "PUT /api/admin/settings/reject-templates": {
    access: "admin",
    body: () => ({ templates: [{ title: "Monto incorrecto", text: "El monto no coincide." }] }),
  },
  "GET /api/admin/raffles": { access: "admin" },
  "POST /api/admin/raffles": { access: "admin", body: raffleForm },
  "GET /api/admin/raffles/{id}": { access: "admin", params: { id: "raffle" } },
  "PATCH /api/admin/raffles/{id}": {
    access: "admin",
    params: { id: "raffle" },
    body: () => ({ description: "Descripción editada" }),
  },
  "DELETE /api/admin/raffles/{id}": { access: "admin", params: { id: "freshRaffle" } },
  "GET /api/admin/raffles/{id}/sold-tickets": { access: "admin", params: { id: "raffle" } },
  "GET /api/admin/raffles/{id}/holds": { access: "admin", params: { id: "raffle" } },
  "GET /api/admin/raffles/{id}/statement": { access: "admin", params: { id: "raffle" } },
  "GET /api/admin/raffles/{id}/statement.csv": { access: "admin", params: { id: "raffle" } },
  "GET /api/admin/raffles/{id}/statement.xlsx": { access: "admin", params: { id: "raffle" } },
  "POST /api/admin/reservations/{id}/release": {
    access: "admin",
    params: { id: "reservation" },
    note: "`user`'s purchase is under review: the administrator gets past the guard to 409 RESERVATION_NOT_ACTIVE (a hold waiting for a proof is released: reservation-hoarding.test.ts).",
  },
  "POST /api/admin/raffles/{id}/open": { access: "admin", params: { id: "freshRaffle" } },
  "POST /api/admin/raffles/{id}/close": { access: "admin", params: { id: "freshRaffle" } },
  "POST /api/admin/raffles/{id}/cancel": {
    access: "admin",
    params: { id: "freshRaffle" },
    body: () => ({ reason: "Cancelada en la matriz de acceso." }),
  },
  "POST /api/admin/raffles/{id}/extend": {
    access: "admin",
    params: { id: "freshRaffle" },
    body: () => ({ endDate: "2032-01-01T00:00:00.000Z" }),
  },
  "POST /api/admin/raffles/{id}/archive": { access: "admin", params: { id: "freshRaffle" } },
  "POST /api/admin/raffles/{id}/unarchive": { access: "admin", params: { id: "freshRaffle" } },
  "GET /api/admin/refunds": { access: "admin" },
  "POST /api/admin/refunds/{id}/paid": {
    access: "admin",
    params: { id: "raffle" },
    body: () => ({ reference: "REF-1" }),
    note: "No refund has this id: 404 for the administrator, still past the guard. Paying one is in refunds/undersold.test.ts.",
  },
  "GET /api/refunds/{id}/file": {
    access: "user",
    params: { id: "raffle" },
    note: "Anyone but the buyer it was paid to (or an administrator) gets 404; the owner's case is in refunds/undersold.test.ts.",
  },
  "GET /api/refunds/{id}/payout": {
    access: "user",
    params: { id: "raffle" },
    note: "Anyone but the refund's buyer (or an administrator) gets 404; the four callers are in refunds/payout.test.ts.",
  },
  "PUT /api/refunds/{id}/payout": {
    access: "user",
    params: { id: "raffle" },
    body: () => ({ bankCode: "0134", idType: "V", idNumber: "12345678", phone: "04141234567" }),
    note: "Only the refund's buyer writes it (other user 404, administrator 403); the four callers are in refunds/payout.test.ts.",
  },
  "POST /api/admin/statements": {
    access: "admin",
    note: "Sent without a file: 400 for the administrator, past the guard. Uploads are in reconciliation/statements.test.ts.",
  },
  "GET /api/admin/statements": { access: "admin" },
  "DELETE /api/admin/statements/{id}": { access: "admin", params: { id: "raffle" } },
  "GET /api/admin/analytics/page-views": { access: "admin" },
  "POST /api/admin/statements/{id}/preview": {
    access: "admin",
    params: { id: "raffle" },
    body: () => ({
      mapping: statementMapping(),
    }),
    note: "No statement has this id: 404 for the administrator, past the guard (statements.test.ts previews real ones).",
  },
  "POST /api/admin/statements/{id}/import": {
    access: "admin",
    params: { id: "raffle" },
    body: () => ({
      bankName: "Banesco",
      skipUnreadable: false,
      mapping: statementMapping(),
    }),
    note: "No statement has this id: 404 for the administrator, past the guard (statements.test.ts imports real ones).",
  },
  "GET /api/admin/statements/{id}/file": {
    access: "admin",
    params: { id: "raffle" },
    note: "No statement has this id: 404 for the administrator, past the guard; statements are never public.",
  },
  "GET /api/admin/bank-mappings": { access: "admin" },
  "GET /api/admin/reconciliation": { access: "admin" },
  "POST /api/admin/reconciliation/approve": {
    access: "admin",
    body: () => ({ proofIds: ["00000000-0000-4000-8000-000000000000"], tolerance: 0 }),
    note: "A proof id that does not exist comes back skipped: nothing approved (reconciliation.test.ts approves real matches).",
  },
  "POST /api/admin/raffles/{id}/external-winners": {
    access: "admin",
    params: { id: "freshRaffle" },
    body: () => ({ winners: [{ level: 1, ticketNumber: "0001", winnerName: "Ana Ganadora" }] }),
  },
  "PUT /api/admin/raffles/{id}/external-binding": {
    access: "admin",
    params: { id: "raffle" },
    body: () => ({ externalLottery: null, externalDrawAt: null, externalRule: null }),
    note: "409 for an internal raffle: still allowed.",
  },
  "POST /api/admin/raffles/{id}/beacon": {
    access: "admin",
    params: { id: "freshRaffle" },
    body: () => ({ round: 1, signature: "ab".repeat(48) }),
    note: "Verified like a relay's beacon: an active raffle answers 409 (not frozen).",
  },
  "POST /api/admin/raffles/{id}/disqualify": {
    access: "admin",
    params: { id: "freshRaffle" },
    body: () => ({ level: 1, index: 0, reason: "fraud" }),
    note: "409 while the raffle has no winners.",
  },
  "POST /api/admin/raffles/{id}/external-result": {
    access: "admin",
    params: { id: "freshRaffle" },
    body: () => ({ result: "1234", sourceUrl: "https://loteria.example/resultado" }),
    note: "400 without the official publication (decision 0024), 409 unless the raffle is frozen with a bound lottery.",
  },
  "GET /api/admin/raffles/{id}/external-corrections": { access: "admin", params: { id: "raffle" } },
  "POST /api/admin/raffles/{id}/external-corrections/{proposalId}/confirm": {
    access: "admin",
    params: { id: "raffle", proposalId: "freshRaffle" },
    note: "404 for an id that is no pending proposal; lottery.test.ts confirms real ones (another admin only).",
  },
  "POST /api/admin/raffles/{id}/external-corrections/{proposalId}/discard": {
    access: "admin",
    params: { id: "raffle", proposalId: "freshRaffle" },
    note: "404 for an id that is no pending proposal.",
  },
  "GET /api/admin/proofs": { access: "admin" },
  "GET /api/admin/proofs/pending-count": { access: "admin" },
  "POST /api/admin/proofs/{id}/approve": { access: "admin", params: { id: "freshProof" } },
  "POST /api/admin/proofs/{id}/reject": {
    access: "admin",
    params: { id: "freshProof" },
    body: () => ({ adminNotes: "La referencia no coincide." }),
  },
  "DELETE /api/admin/proofs/{id}": { access: "admin", params: { id: "freshProof" } },
  "GET /api/admin/users": { access: "admin" },
  "POST /api/admin/users/{id}/suspend": { access: "admin", params: { id: "victim" } },
  "POST /api/admin/users/{id}/reactivate": { access: "admin", params: { id: "victim" } },
  "POST /api/admin/users/{id}/notify": {
    access: "admin",
    params: { id: "user" },
    body: () => ({ title: "Aviso", message: "Mensaje del equipo." }),
  },
  "POST /api/admin/users/{id}/email": {
    access: "admin",
    params: { id: "user" },
    body: () => ({ subject: "Aviso", body: "Correo del equipo." }),
  },
  "GET /api/admin/users/{id}/participations": { access: "admin", params: { id: "user" } },
  "POST /api/admin/images": { access: "admin", multipart: "image" },
  "GET /api/admin/images": { access: "admin" },
  "DELETE /api/admin/images/{id}": { access: "admin", params: { id: "freshImage" } },
  "GET /api/admin/exports/users.csv": { access: "admin" },
  "GET /api/admin/exports/raffles.csv": { access: "admin" },
  "GET /api/admin/exports/proofs.csv": { access: "admin" },
  "GET /api/admin/exports/users.xlsx": { access: "admin" },
  "GET /api/admin/exports/raffles.xlsx": { access: "admin" },
  "GET /api/admin/exports/proofs.xlsx": { access: "admin" },
  "GET /api/admin/exports/sellers.csv": { access: "admin" },
  "GET /api/admin/exports/sellers.xlsx": { access: "admin" },
  "GET /api/admin/today": { access: "admin" },
  "GET /api/admin/prizes": { access: "admin" },
  "GET /api/admin/prizes/{winnerId}/evidence": {
    access: "admin",
    params: { winnerId: "prize" },
    note: "Not claimed yet: 404 for the administrator, past the guard.",
  },
  "POST /api/admin/prizes/{winnerId}/review": {
    access: "admin",
    params: { winnerId: "prize" },
    body: () => ({ decision: "rejected", note: "La foto de la cédula no se lee." }),
    note: "Not claimed yet: 409 PRIZE_NOT_CLAIMED for the administrator.",
  },
  "POST /api/admin/prizes/{winnerId}/deliveries": {
    access: "admin",
    params: { winnerId: "prize" },
    body: () => ({ method: "in_person", deliveredOn: "2026-01-15" }),
    note: "No accepted claim: 409 PRIZE_CLAIM_NOT_ACCEPTED for the administrator (prizes/deliveries.test.ts records real ones).",
  },
  "GET /api/admin/prize-deliveries/{id}/proof": {
    access: "admin",
    params: { id: "raffle" },
    note: "No delivery has this id: 404 for the administrator, past the guard.",
  },
  "POST /api/admin/prizes/{winnerId}/dispute/resolve": {
    access: "admin",
    params: { winnerId: "prize" },
    body: () => ({ resolution: "Resuelta en la matriz de acceso." }),
    note: "No open dispute: 409 PRIZE_NO_DISPUTE for the administrator.",
  },
  "GET /api/admin/stats": { access: "admin" },
  "GET /api/admin/audit": { access: "admin" },

  // Vendedores (docs/decisions/0034-vendedores.md).
  "GET /api/admin/sellers": { access: "admin" },
  "POST /api/admin/sellers": {
    access: "admin",
    body: ({ unique }) => ({ name: "Vendedor Matriz", email: `vendedor.${unique}@example.com` }),
  },
  "GET /api/admin/sellers/{id}": { access: "admin", params: { id: "invitedSeller" } },
  "POST /api/admin/sellers/{id}/invitation": { access: "admin", params: { id: "invitedSeller" } },
  "POST /api/admin/sellers/{id}/suspend": { access: "admin", params: { id: "victimSeller" } },
  "POST /api/admin/sellers/{id}/reactivate": { access: "admin", params: { id: "victimSeller" } },
  "PUT /api/admin/sellers/{id}/raffles/{raffleId}": {
    access: "admin",
    params: { id: "victimSeller", raffleId: "raffle" },
    body: () => ({ allowed: true, commissionKind: "percent", commissionValue: "10", creditLimit: "100" }),
  },
  "POST /api/admin/sellers/{id}/raffles/{raffleId}/settlements": {
    access: "admin",
    params: { id: "victimSeller", raffleId: "raffle" },
    body: () => ({ amount: "1,00", method: "efectivo" }),
    note: "Nothing is owed yet: past the guard, the administrator gets 404 or 409, never 401 or 403.",
  },
  "GET /api/admin/sellers/settlements/{id}/proof": { access: "admin", params: { id: "sellerSettlement" } },
  "GET /api/admin/sellers/raffles/{raffleId}/leaderboard": {
    access: "admin",
    params: { raffleId: "raffle" },
  },
  "PUT /api/admin/sellers/raffles/{raffleId}/leaderboard": {
    access: "admin",
    params: { raffleId: "raffle" },
    body: () => ({ public: true }),
  },
  "POST /api/seller/invitations/accept": {
    access: "user",
    body: () => ({ token: "invitacion-que-no-existe" }),
    note: "Any signed-in account may try a link; an unknown one is a 404 for everyone past the guard.",
  },
  "GET /api/seller/me": { access: "seller" },
  "POST /api/seller/sales": {
    access: "raffleSeller",
    body: ({ unique, raffleId }) => ({
      saleId: randomUUID(),
      raffleId,
      quantity: 2,
      buyerName: "Compradora Matriz",
      buyerPhone: "0414-5550000",
      buyerEmail: `compradora.${unique}@example.com`,
      method: "zelle",
      reference: `MATRIZ${unique}`,
      amount: "10,00",
    }),
    note: "The vendedor of the matrix's raffle records a sale under review; a vendedor without it gets 403.",
  },
  "GET /api/seller/sales": { access: "seller" },
  "GET /api/seller/settlements/{id}/proof": {
    access: "sellerOwner",
    params: { id: "sellerSettlement" },
    note: "The receipt of a settlement paid to `seller`: another vendedor gets 404, an administrator 403 (theirs is /api/admin/sellers/settlements/{id}/proof).",
  },
};

/** What `actor` must get on an operation declared as `declaration`. */
export function expectedOutcome(
  declaration: AccessDeclaration,
  actor: Actor,
): "allowed" | "allowedNot404" | 401 | 403 | 404 {
  const { access } = declaration;
  if (access === "public") return "allowed";
  if (actor === "visitor" || actor === "suspendedUser") return 401;
  if (access === "admin") return actor === "admin" ? "allowed" : 403;
  if (access === "seller") return actor === "seller" || actor === "otherSeller" ? "allowed" : 403;
  if (access === "raffleSeller") return actor === "seller" ? "allowed" : 403;
  if (access === "sellerOwner")
    return actor === "seller" ? "allowedNot404" : actor === "otherSeller" ? 404 : 403;
  if (actor === "admin") {
    const rule = declaration.admin ?? "allowed";
    return rule === "forbidden" ? 403 : rule === "notFound" ? 404 : "allowed";
  }
  if (access === "owner")
    return actor === "user" ? "allowedNot404" : declaration.otherUser === "forbidden" ? 403 : 404;
  return "allowed";
}
