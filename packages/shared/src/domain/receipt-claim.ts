// Claiming a vendedor's sale into an account (docs/decisions/0034-vendedores.md, slice 4): who may, decided
// once here for the receipt page's offer (GET /api/receipts/:token) and the claim itself (POST …/claim).
// The only proof that the claimant is the buyer is the email the vendedor wrote down on the sale, confirmed
// on the claimant's account; claims by celular wait for an SMS gateway.

/** "ana.perez@gmail.com" → "a***@gmail.com": enough for the buyer to recognise it, never the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

export const RECEIPT_CLAIM_MESSAGES = {
  signIn: (hint: string) =>
    `Inicia sesión o crea una cuenta con el correo ${hint} para reclamar estos boletos en tu cuenta.`,
  confirmEmail:
    "Confirma el correo de tu cuenta para reclamar estos boletos: abre el enlace que te enviamos al registrarte.",
  seller: "Tú vendiste estos boletos: solo tu comprador puede reclamarlos en su cuenta.",
  otherEmail: (hint: string) =>
    `Este recibo solo se puede reclamar desde una cuenta confirmada con el correo que anotó el vendedor (${hint}).`,
  notASale:
    "Este recibo no es de una venta de un vendedor: ya está en la cuenta de quien compró y no se puede reclamar.",
  noEmail:
    "El vendedor no anotó un correo en esta venta: no se puede reclamar en una cuenta. Guarda el enlace de este recibo.",
  alreadyClaimed: "Estos boletos ya están en otra cuenta.",
  cancelled: "Esta rifa fue cancelada: su recibo quedó anulado y no se puede reclamar en una cuenta.",
  claimed: "Listo: estos boletos ya están en tu cuenta, en Mis boletos.",
} as const;

/** The paid purchase, as the claim judges it. */
export interface ClaimSubject {
  channel: string;
  /** The account it belongs to: null for a vendedor's sale not yet claimed. */
  userId: string | null;
  /** Lower-cased, as the sale's schema stored it; null when the vendedor wrote none. */
  buyerEmail: string | null;
  raffleStatus: string;
  /** The account of the vendedor who sold it (sellers.user_id). */
  sellerUserId: string | null;
}

/** The signed-in account asking (null: a visitor). */
export interface ClaimViewer {
  id: string;
  email: string;
  emailVerified: boolean;
}

export type ClaimRefusalCode =
  | "UNAUTHENTICATED"
  | "EMAIL_NOT_VERIFIED"
  | "RECEIPT_CLAIM_NOT_ALLOWED"
  | "RECEIPT_ALREADY_CLAIMED"
  | "RECEIPT_CLAIM_CANCELLED";

export type ClaimDecision =
  | { kind: "claimable" }
  /** Already this viewer's: claiming again answers the same (idempotent). */
  | { kind: "mine" }
  | { kind: "refused"; code: ClaimRefusalCode; message: string };

const refused = (code: ClaimRefusalCode, message: string): ClaimDecision => ({
  kind: "refused",
  code,
  message,
});

/**
 * May `viewer` claim `subject`? A vendedor's sale, not of a cancelled raffle (a frozen or finished one is
 * fine: the claim only names the account, the owner tags come from the receipt's secret), with no account
 * yet, claimed by a confirmed account whose email is the one the vendedor wrote down, never the
 * vendedor's own account.
 */
export function claimDecision(subject: ClaimSubject, viewer: ClaimViewer | null): ClaimDecision {
  if (subject.channel !== "seller")
    return refused("RECEIPT_CLAIM_NOT_ALLOWED", RECEIPT_CLAIM_MESSAGES.notASale);
  if (viewer && subject.userId === viewer.id) return { kind: "mine" };
  if (subject.raffleStatus === "cancelled")
    return refused("RECEIPT_CLAIM_CANCELLED", RECEIPT_CLAIM_MESSAGES.cancelled);
  if (subject.userId !== null)
    return refused("RECEIPT_ALREADY_CLAIMED", RECEIPT_CLAIM_MESSAGES.alreadyClaimed);
  const email = subject.buyerEmail;
  if (!email) return refused("RECEIPT_CLAIM_NOT_ALLOWED", RECEIPT_CLAIM_MESSAGES.noEmail);
  const hint = maskEmail(email);
  if (!viewer) return refused("UNAUTHENTICATED", RECEIPT_CLAIM_MESSAGES.signIn(hint));
  if (subject.sellerUserId === viewer.id)
    return refused("RECEIPT_CLAIM_NOT_ALLOWED", RECEIPT_CLAIM_MESSAGES.seller);
  if (viewer.email.trim().toLowerCase() !== email)
    return refused("RECEIPT_CLAIM_NOT_ALLOWED", RECEIPT_CLAIM_MESSAGES.otherEmail(hint));
  if (!viewer.emailVerified) return refused("EMAIL_NOT_VERIFIED", RECEIPT_CLAIM_MESSAGES.confirmEmail);
  return { kind: "claimable" };
}

/** What the receipt page offers (Receipt["claim"]): nothing where no claim can ever happen. */
export interface ReceiptClaimView {
  claimable: boolean;
  reason?: string;
  claimedByYou: boolean;
  /** The email the vendedor wrote down, masked (maskEmail). */
  emailHint: string;
}

/**
 * The receipt's claim block for this viewer: null for an online purchase, a sale without an email, a
 * cancelled raffle's, or one already in someone else's account (nothing to offer, nothing to reveal).
 */
export function receiptClaimView(subject: ClaimSubject, viewer: ClaimViewer | null): ReceiptClaimView | null {
  if (subject.channel !== "seller" || !subject.buyerEmail) return null;
  const emailHint = maskEmail(subject.buyerEmail);
  const decision = claimDecision(subject, viewer);
  if (decision.kind === "mine") return { claimable: false, claimedByYou: true, emailHint };
  if (decision.kind === "claimable") return { claimable: true, claimedByYou: false, emailHint };
  if (decision.code === "RECEIPT_ALREADY_CLAIMED" || decision.code === "RECEIPT_CLAIM_CANCELLED") return null;
  return { claimable: false, reason: decision.message, claimedByYou: false, emailHint };
}
