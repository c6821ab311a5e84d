import { z } from "zod";
import { CURRENCIES, PAYMENT_METHODS, PROOF_STATUSES, REFUND_STATUSES } from "../constants";
import { DRAW_TRUST_LEVELS } from "../domain/draw-trust";
import { RECEIPT_ABONO_NUMBER_STATES } from "../domain/receipt-abono";
import { instantOutcomeSchema } from "./instant";

// The receipt of an approved purchase (GET /api/receipts/:token): what the page at /recibo/:token, its
// PNG and its PDF show. Whoever holds the link sees it, so it names the buyer by the masked name only and
// the payment reference by its last four characters.

export const RECEIPT_MESSAGES = {
  notFound: "Recibo no encontrado. Revisa el enlace o búscalo en Mis pagos.",
  loadFailed: "No se pudo cargar el recibo. Inténtalo de nuevo.",
} as const;

/**
 * A vendedor's sale without an account, for the viewer (docs/decisions/0034-vendedores.md): whether they
 * may claim it into their account, and why not. The email the vendedor wrote down shows masked only.
 */
export const receiptClaimSchema = z.object({
  claimable: z.boolean(),
  /** Why this viewer may not (sign in, confirm the email, another email, the vendedor themselves). */
  reason: z.string().optional(),
  /** Already claimed, by this very account. */
  claimedByYou: z.boolean(),
  /** "a***@gmail.com". */
  emailHint: z.string(),
});
export type ReceiptClaim = z.infer<typeof receiptClaimSchema>;

/** POST /api/receipts/:token/claim. */
export const receiptClaimResultSchema = z.object({
  proofId: z.string(),
  raffleId: z.string(),
  /** The numbers now in the account, as the receipt shows them. */
  tickets: z.array(z.string()),
  /** RifaPuntos credited by this claim (0 when claimed before). */
  pointsAwarded: z.number().int(),
  /** True when this account had claimed it already (nothing changed). */
  alreadyClaimed: z.boolean(),
});
export type ReceiptClaimResult = z.infer<typeof receiptClaimResultSchema>;

/**
 * The receipt of one payment of an abono (docs/decisions/0034-vendedores.md, "Abonos"): the purchase's
 * balance, its payments and its numbers with their state, the same on the receipt of every payment. Only
 * the payment that completes the price sells the numbers; the receipt of an earlier one shows them with
 * the owner tags the frozen list gives them (made with the completing payment's receipt code, which, like
 * its link, never appears here).
 */
export const receiptAbonoSchema = z.object({
  /** In the purchase's currency (`currency`); bolívares count at the rate kept with each payment. */
  total: z.number(),
  paid: z.number(),
  remaining: z.number(),
  currency: z.enum(CURRENCIES),
  /** Paid whole: its numbers were sold to the payment that completed it. */
  complete: z.boolean(),
  /** This payment is the one that completed it (the receipt's own numbers and code are the purchase's). */
  final: z.boolean(),
  /** The close: what is not paid by then is released and its abonos refunded; null when not set. */
  dueAt: z.string().nullable(),
  /** This payment's place among the approved payments, and how many there are ("Abono 1 de 2"). */
  position: z.number().int(),
  count: z.number().int(),
  /** "Abono 1 de 2" (abonoTitle). */
  title: z.string(),
  /** "Pagado $4,00 de $10,00 · faltan $6,00 antes del cierre (…)" (abonoBalanceText). */
  text: z.string(),
  /** Every payment of the purchase, oldest first, with its review; `isThis` marks this receipt's. */
  payments: z.array(
    z.object({
      amount: z.number(),
      currency: z.enum(CURRENCIES),
      method: z.enum(PAYMENT_METHODS),
      status: z.enum(PROOF_STATUSES),
      createdAt: z.string(),
      isThis: z.boolean(),
    }),
  ),
  numbers: z.object({
    /** apartados (not in the draw until paid whole), sold, or released (not completed). */
    state: z.enum(RECEIPT_ABONO_NUMBER_STATES),
    /** "Números apartados (2)" (abonoNumbersLabel). */
    label: z.string(),
    /** "Apartados, no participan hasta completar el pago." (abonoNumbersNote). */
    note: z.string(),
    quantity: z.number().int(),
    /**
     * The numbers, ascending, in the raffle's digits (none while apartados in random mode: they are drawn
     * at the completion). `tag`, once sold: its owner tag in the frozen list (docs/draw-protocol.md §4).
     */
    items: z.array(z.object({ number: z.string(), tag: z.string().nullable() })),
  }),
});
export type ReceiptAbono = z.infer<typeof receiptAbonoSchema>;

export const receiptSchema = z.object({
  token: z.string(),
  raffle: z.object({ id: z.string(), title: z.string() }),
  draw: z.object({
    /** drawn: already decided; drand_round: the round named at the freeze; external: the lottery's draw. */
    kind: z.enum(["drawn", "drand_round", "external", "end_date", "unknown"]),
    /** ISO time of the draw (or of the sales' end when nothing more precise is known yet). */
    at: z.string().nullable(),
    round: z.number().int().nullable(),
    lottery: z.string().nullable(),
    /** The line the receipt prints (receiptDrawText). */
    text: z.string(),
    /** Decision 0024: how the bound lottery's result maps to a ticket, in plain words; null without one. */
    lotteryRule: z.string().nullable().default(null),
    /** What the draw asks the buyer to trust (domain/draw-trust.ts), stated on the receipt page. */
    trust: z.enum(DRAW_TRUST_LEVELS),
  }),
  /** "María G." */
  buyerName: z.string(),
  /** Four digits each, ascending. */
  numbers: z.array(z.string()),
  quantity: z.number().int(),
  payment: z.object({
    amount: z.number(),
    currency: z.enum(CURRENCIES),
    /** "$12,00" or "Bs. 1.194,56". */
    amountText: z.string(),
    /** Bolívares per dollar frozen with a VES payment; null otherwise. */
    exchangeRate: z.number().nullable(),
    /** "Tasa: Bs. 36,50 por dólar", or null. */
    exchangeRateText: z.string().nullable(),
    method: z.enum(PAYMENT_METHODS),
    methodLabel: z.string(),
    /** The reference's last four characters. */
    referenceLast4: z.string(),
  }),
  approvedAt: z.string(),
  /**
   * Decision 0035: the purchase's instant draw (pending on its drand round, or decided with its wins);
   * null when the raffle has no instant prizes or the purchase is not final. `winnerId` is always null here
   * (the receipt is a bearer link).
   */
  instant: instantOutcomeSchema.nullable().default(null),
  /**
   * The refund of a cancelled raffle's purchase (decision 0016), or null: then the receipt is void, its
   * numbers no longer play, and every copy (page, PNG, PDF) prints `headline` and `detail`.
   */
  refund: z
    .object({
      status: z.enum(REFUND_STATUSES),
      /** "Reembolsado" / "Reembolso pendiente" (purchaseDisplayState). */
      label: z.string(),
      paidAt: z.string().nullable(),
      /** The refund's transfer reference, last four characters (like the payment's). */
      referenceLast4: z.string().nullable(),
      /** "Reembolsado el 29 de noviembre de 2026, 10:15 a. m." / "Reembolso pendiente". */
      headline: z.string(),
      /** "Referencia del reembolso terminada en 8899. Estos números quedaron anulados: no participan en el sorteo." */
      detail: z.string(),
    })
    .nullable()
    .optional(),
  /**
   * The purchase's receipt code (its receipt secret, 64 hex): the owner tag of each of these numbers in
   * the raffle's frozen list is ownerTag(code, raffleId, number) (docs/draw-protocol.md §4).
   */
  receiptCode: z.string(),
  /**
   * The record checkpoint of the approval (docs/draw-protocol.md §14): the record's length and head hash
   * then and the latest drand round the server held. Null when the raffle had no record then.
   */
  checkpoint: z
    .object({
      /** "rifazo-cp-1:<raffleId>:<length>:<headHash>:<round or ->" (formatCheckpoint). */
      code: z.string(),
      length: z.number().int(),
      headHash: z.string(),
      round: z.number().int().nullable(),
      /** ISO time of the approval that took it. */
      at: z.string(),
      /** "Punto de control del acta: entrada N, huella abcd…; ronda drand R" (checkpointText). */
      text: z.string(),
    })
    .nullable(),
  /** Absolute link to the ticket verifier for these numbers: what the QR code holds. */
  verifierUrl: z.string(),
  /** False when the purchase has more numbers than the QR link carries (it then opens the raffle). */
  verifierHasNumbers: z.boolean(),
  /** Absolute link to this receipt's page (what "Compartir" sends). */
  receiptUrl: z.string(),
  /** The PNG and the PDF, same-origin paths. */
  imageUrl: z.string(),
  pdfUrl: z.string(),
  /**
   * Null, or a vendedor's sale the viewer may claim (or has claimed) into an account: see
   * receiptClaimSchema. Computed for whoever asks; the image and the PDF ignore it.
   */
  claim: receiptClaimSchema.nullable().optional(),
  /**
   * Null, or this payment is one of an abono's (receiptAbonoSchema). Then `numbers` are still the ones
   * sold to this payment (none unless it completed the price), so `receiptCode` tags exactly them; the
   * purchase's numbers and their state are in `abono.numbers`.
   */
  abono: receiptAbonoSchema.nullable().optional(),
});
export type Receipt = z.infer<typeof receiptSchema>;
