import { z } from "zod";
import { CURRENCIES, MIN_TICKETS_PER_PURCHASE, type PaymentMethod } from "../constants";
import { parseEsNumber } from "../domain/money";
import { normalizeVenezuelanMobile } from "../domain/phone";
import { isUuid } from "../uuid";

// A sale recorded by a vendedor (docs/decisions/0034-vendedores.md): a purchase record like any other,
// priced by the server; the vendedor sends what was sold, to whom, and how it was paid.

/** How a vendedor may be paid on the spot: dollar cash (approved when recorded) or a payment reviewed by the organiser. */
export const SELLER_SALE_METHODS = [
  "efectivo_usd",
  "pago_movil",
  "transferencia",
  "zelle",
  "binance",
] as const satisfies readonly PaymentMethod[];
export type SellerSaleMethod = (typeof SELLER_SALE_METHODS)[number];

/** Cash is counted as paid when the vendedor records it, within their cash limit. */
export const SELLER_CASH_METHOD = "efectivo_usd" satisfies SellerSaleMethod;

export const SELLER_SALE_LIMITS = {
  buyerName: 80,
  buyerEmail: 254,
  reference: 60,
  maxNumbers: 100,
  maxQuantity: 100,
} as const;

export const SELLER_SALE_MESSAGES = {
  saleId: "La venta no tiene un identificador válido. Vuelve a abrir el formulario.",
  raffle: "Elige la rifa que vendiste.",
  numbers: `Elige los números vendidos, sin repetir: de ${MIN_TICKETS_PER_PURCHASE} a ${SELLER_SALE_LIMITS.maxNumbers}.`,
  quantity: `Indica cuántos boletos vendiste (de ${MIN_TICKETS_PER_PURCHASE} a ${SELLER_SALE_LIMITS.maxQuantity}).`,
  buyerName: `Escribe el nombre del comprador (de 2 a ${SELLER_SALE_LIMITS.buyerName} caracteres).`,
  buyerPhone: "Escribe el celular del comprador, por ejemplo 0414-1234567.",
  buyerIdNumber: "La cédula debe tener el formato V-12345678.",
  buyerEmail: "Escribe un correo válido, por ejemplo nombre@correo.com, o déjalo vacío.",
  method: "Elige cómo te pagó el comprador.",
  reference: "Escribe la referencia del pago (el efectivo no la lleva).",
  amount: 'Escribe el monto que cobraste, como "10,00".',
  amountMismatch: (expected: string) => `El monto no coincide con el precio: debías cobrar ${expected}.`,
  notAssigned: "No tienes esta rifa asignada para vender.",
  creditLimit: (room: string) =>
    `Esta venta en efectivo supera tu límite de efectivo sin entregar (te quedan ${room}). Entrega el efectivo al organizador y vuelve a intentarlo.`,
  methodNotAccepted: "Esta rifa no acepta ese método de pago.",
  recordedAt: "La fecha en que se guardó la venta no es válida.",
  abonoOf: "La venta con abono a la que sumas este pago no es válida.",
  abonoNotFound: "No encontramos esa venta con abono entre las tuyas.",
  abonoPaid: "Esa venta con abono ya está pagada completa.",
  signature: "Esta venta guardada sin conexión no trae su firma. Vuelve a registrarla.",
} as const;

const buyerPhone = z
  .string({ error: SELLER_SALE_MESSAGES.buyerPhone })
  .max(40, SELLER_SALE_MESSAGES.buyerPhone)
  .transform((value, ctx) => {
    const phone = normalizeVenezuelanMobile(value);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: SELLER_SALE_MESSAGES.buyerPhone });
      return z.NEVER;
    }
    return phone;
  });

/**
 * The buyer's email, optional: trimmed and lower-cased (the claim compares it with an account's confirmed
 * email, decision 0034); empty is none.
 */
const buyerEmail = z
  .union([z.string().max(SELLER_SALE_LIMITS.buyerEmail * 2, SELLER_SALE_MESSAGES.buyerEmail), z.null()], {
    error: SELLER_SALE_MESSAGES.buyerEmail,
  })
  .optional()
  .transform((value, ctx) => {
    const email = value?.trim().toLowerCase();
    if (!email) return null;
    if (email.length > SELLER_SALE_LIMITS.buyerEmail || !z.email().safeParse(email).success) {
      ctx.addIssue({ code: "custom", message: SELLER_SALE_MESSAGES.buyerEmail });
      return z.NEVER;
    }
    return email;
  });

/** POST /api/seller/sales. */
export const sellerSaleInputSchema = z
  .object({
    /** Made on the device (UUID): sending the same sale again returns the first answer. */
    saleId: z.string({ error: SELLER_SALE_MESSAGES.saleId }).refine(isUuid, SELLER_SALE_MESSAGES.saleId),
    raffleId: z.string({ error: SELLER_SALE_MESSAGES.raffle }).refine(isUuid, SELLER_SALE_MESSAGES.raffle),
    /** Chosen numbers (a raffle of chosen numbers); absent for a raffle sold by quantity. */
    numbers: z
      .array(z.int().min(0).max(9999), { error: SELLER_SALE_MESSAGES.numbers })
      .min(MIN_TICKETS_PER_PURCHASE, SELLER_SALE_MESSAGES.numbers)
      .max(SELLER_SALE_LIMITS.maxNumbers, SELLER_SALE_MESSAGES.numbers)
      .refine((list) => new Set(list).size === list.length, SELLER_SALE_MESSAGES.numbers)
      .optional(),
    quantity: z
      .int({ error: SELLER_SALE_MESSAGES.quantity })
      .min(MIN_TICKETS_PER_PURCHASE, SELLER_SALE_MESSAGES.quantity)
      .max(SELLER_SALE_LIMITS.maxQuantity, SELLER_SALE_MESSAGES.quantity)
      .optional(),
    buyerName: z
      .string({ error: SELLER_SALE_MESSAGES.buyerName })
      .trim()
      .min(2, SELLER_SALE_MESSAGES.buyerName)
      .max(SELLER_SALE_LIMITS.buyerName, SELLER_SALE_MESSAGES.buyerName),
    buyerPhone,
    buyerIdNumber: z
      .union([z.string().max(20, SELLER_SALE_MESSAGES.buyerIdNumber), z.null()], {
        error: SELLER_SALE_MESSAGES.buyerIdNumber,
      })
      .optional()
      .transform((value, ctx) => {
        const compact = value?.trim().toUpperCase().replace(/[\s.]/g, "");
        if (!compact) return null;
        const match = /^([VE])-?(\d{5,9})$/.exec(compact);
        if (!match) {
          ctx.addIssue({ code: "custom", message: SELLER_SALE_MESSAGES.buyerIdNumber });
          return z.NEVER;
        }
        return `${match[1]}-${match[2]}`;
      }),
    /** Where the receipt link is mailed once the sale is paid; an account confirmed with it may claim the sale. */
    buyerEmail,
    method: z.enum(SELLER_SALE_METHODS, { error: SELLER_SALE_MESSAGES.method }),
    reference: z
      .union([z.string().max(SELLER_SALE_LIMITS.reference, SELLER_SALE_MESSAGES.reference), z.null()], {
        error: SELLER_SALE_MESSAGES.reference,
      })
      .optional()
      .transform((value) => value?.trim() || null),
    /**
     * When the vendedor saved it on the device, for a sale queued without signal (decision 0034, "Offline
     * sales"); such a sale carries `signature`, made with the session's sale key (GET /api/seller/me).
     */
    recordedAt: z.iso.datetime({ error: SELLER_SALE_MESSAGES.recordedAt }).optional(),
    /**
     * HMAC-SHA256 (base64url) of sellerSaleSigningText with the session's `saleKey`; required with
     * `recordedAt` (the server says so): the device signs what this schema parsed without it.
     */
    signature: z
      .string({ error: SELLER_SALE_MESSAGES.signature })
      .regex(/^[A-Za-z0-9_-]{43}$/, SELLER_SALE_MESSAGES.signature)
      .optional(),
    /**
     * Abonos (decision 0034): `abono` sells the numbers apartados with this first payment (at least the
     * raffle's minimum); `abonoOf` is the device id of the vendedor's earlier abono sale this payment adds to
     * (no numbers then: they are that sale's).
     */
    abono: z.boolean().optional(),
    abonoOf: z
      .string({ error: SELLER_SALE_MESSAGES.abonoOf })
      .refine(isUuid, SELLER_SALE_MESSAGES.abonoOf)
      .optional(),
    /** What the vendedor collected, in the method's currency (es-VE text or a number): checked against the price. */
    amount: z
      .union([z.number(), z.string()], { error: SELLER_SALE_MESSAGES.amount })
      .transform((value, ctx) => {
        const parsed = parseEsNumber(value, { decimals: 2, max: 1_000_000_000 });
        if (!parsed.ok || parsed.value <= 0) {
          ctx.addIssue({ code: "custom", message: SELLER_SALE_MESSAGES.amount });
          return z.NEVER;
        }
        return parsed.value;
      }),
  })
  .superRefine((value, ctx) => {
    if (value.method !== SELLER_CASH_METHOD && !value.reference)
      ctx.addIssue({ code: "custom", path: ["reference"], message: SELLER_SALE_MESSAGES.reference });
    if (!value.numbers && !value.quantity && !value.abonoOf)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: SELLER_SALE_MESSAGES.quantity });
  });
export type SellerSaleInput = z.input<typeof sellerSaleInputSchema>;
export type SellerSaleFields = z.output<typeof sellerSaleInputSchema>;

export const SELLER_SALE_STATUSES = ["approved", "pending", "rejected", "cancelled"] as const;
export type SellerSaleStatus = (typeof SELLER_SALE_STATUSES)[number];

/** What the vendedor's list says of each sale. */
export const SELLER_SALE_STATUS_LABELS: Record<SellerSaleStatus, string> = {
  approved: "Pagada",
  pending: "En revisión",
  rejected: "Rechazada",
  cancelled: "Anulada",
};

export const sellerSaleSchema = z.object({
  id: z.string(),
  saleId: z.string(),
  raffleId: z.string(),
  raffleTitle: z.string(),
  status: z.enum(SELLER_SALE_STATUSES),
  method: z.enum(SELLER_SALE_METHODS),
  reference: z.string().nullable(),
  /** What was collected, in the method's currency. */
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  quantity: z.number().int(),
  /** The numbers sold (4 digits or the raffle's width), ascending; held numbers while under review. */
  numbers: z.array(z.string()),
  buyerName: z.string(),
  /** E.164 (+58…). */
  buyerPhone: z.string(),
  buyerIdNumber: z.string().nullable(),
  /** The buyer's receipt page (/recibo/:token), once the sale is paid. */
  receiptPath: z.string().nullable(),
  /**
   * A sale paid in parts (decision 0034): the first sale's device id (where «Registrar abono» adds the
   * next payment), and the purchase's balance in the raffle's currency; null for a sale paid whole.
   */
  abono: z
    .object({
      saleId: z.string(),
      total: z.number(),
      paid: z.number(),
      remaining: z.number(),
      currency: z.enum(CURRENCIES),
      /** Fully paid: the numbers are sold. */
      complete: z.boolean(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type SellerSale = z.infer<typeof sellerSaleSchema>;

export const sellerSaleListSchema = z.object({ items: z.array(sellerSaleSchema) });
export type SellerSaleList = z.infer<typeof sellerSaleListSchema>;

/**
 * What a queued sale's signature covers: every field the server acts on, as the schema reads them (so the
 * device signs what it parsed with sellerSaleInputSchema and the server checks what it received), in a
 * fixed order. Binding it to the session's key means a copied queue cannot be sent from another session.
 */
export function sellerSaleSigningText(sale: SellerSaleFields): string {
  const fields: unknown[] = [
    "rifazo-venta-1",
    sale.saleId,
    sale.raffleId,
    sale.numbers ? [...sale.numbers].sort((a, b) => a - b) : null,
    sale.quantity ?? null,
    sale.buyerName,
    sale.buyerPhone,
    sale.buyerIdNumber,
    sale.method,
    sale.reference,
    sale.amount.toFixed(2),
    sale.recordedAt ?? null,
  ];
  // Added after the first queues were signed: only a sale with an email carries it (last), so a sale
  // without one signs exactly the text it signed before.
  if (sale.buyerEmail) fields.push(sale.buyerEmail);
  // Likewise an abono's marks (never an email: no "@").
  if (sale.abono) fields.push("abono");
  if (sale.abonoOf) fields.push(`abono-de:${sale.abonoOf}`);
  return JSON.stringify(fields);
}
