import { z } from "zod";
import {
  CURRENCIES,
  MAX_TOTAL_TICKETS,
  NUMBER_MODES,
  PAYMENT_METHODS,
  PROOF_STATUSES,
  RESERVATION_KINDS,
  RESERVATION_STATUSES,
} from "../constants";
import { esNumber } from "./es-number";
import { RESERVATION_MESSAGES } from "./reservation-messages";

// Purchases from reservation to outcome (numbers chosen on the grid or a quantity; a countdown; a payment
// page per method in the method's currency). The server decides every total from the raffle's rules
// (domain/pricing.ts); the browser only shows what it is told.

// The messages live in a module without zod, so a page that only shows them does not download it.
export { RESERVATION_MESSAGES };

/** POST /api/raffles/:id/reservations: chosen numbers (chosen mode) or a quantity (random mode). */
export const createReservationSchema = z
  .object({
    numbers: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(MAX_TOTAL_TICKETS - 1),
      )
      .max(MAX_TOTAL_TICKETS)
      .optional(),
    quantity: z.number().int().min(1).max(MAX_TOTAL_TICKETS).optional(),
    sellerCode: z
      .string()
      .max(20)
      .optional()
      .describe(
        "Código del vendedor cuyo enlace (/rifas/:id?v=CÓDIGO) trajo al comprador: la compra se le acredita si puede vender esta rifa; si no, se ignora.",
      ),
    abono: z
      .boolean()
      .optional()
      .describe(
        "Apartar los números con un primer abono y pagar el resto en partes antes del cierre (solo si la rifa admite abonos).",
      ),
  })
  .refine((v) => v.numbers !== undefined || v.quantity !== undefined, {
    message: "Indica los números o la cantidad de boletos.",
  });
export type CreateReservation = z.infer<typeof createReservationSchema>;

export const priceQuoteSchema = z.object({
  quantity: z.number().int(),
  unitPrice: z.number(),
  currency: z.enum(CURRENCIES),
  subtotal: z.number(),
  combosUsed: z.array(z.object({ quantity: z.number().int(), price: z.number(), times: z.number().int() })),
  comboTotal: z.number(),
  levelName: z.string().nullable(),
  levelDiscountPercent: z.number(),
  levelTotal: z.number(),
  applied: z.enum(["none", "combo", "level"]),
  discount: z.number(),
  total: z.number(),
});

/** One way to pay this reservation: the organiser's data for it and the exact amount in its currency. */
export const paymentInstructionSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  label: z.string(),
  currency: z.enum(CURRENCIES),
  /**
   * Exact amount to pay in `currency`; null when bolívares are needed and no rate is published. For an
   * abono (decision 0034), the most the next payment may be: what is left, at today's rate.
   */
  amount: z.number().nullable(),
  /** An abono's least next payment in `currency` (the first one: the raffle's minimum); absent otherwise. */
  minimum: z.number().nullable().optional(),
  /**
   * Field label → value, in display order, each with a copy button ("Banco", "Teléfono", "Cédula/RIF"...);
   * `copy` is what the button copies: the value as banks' apps take it ("04145550123", not "0414-555-0123").
   */
  fields: z.array(z.object({ label: z.string(), value: z.string(), copy: z.string() })),
  /** False when the organiser has not configured this method's data or no rate exists for it. */
  available: z.boolean(),
});
export type PaymentInstruction = z.infer<typeof paymentInstructionSchema>;

export const reservationSchema = z.object({
  id: z.string(),
  raffleId: z.string(),
  raffleTitle: z.string(),
  numberMode: z.enum(NUMBER_MODES),
  status: z.enum(RESERVATION_STATUSES),
  statusLabel: z.string(),
  quantity: z.number().int(),
  /** Chosen numbers, formatted ("0042"); null in random mode until approval assigns them. */
  numbers: z.array(z.string()).nullable(),
  /** When held tickets are released if no proof arrives (active and rejected). */
  expiresAt: z.string(),
  createdAt: z.string(),
  /** Server time when this payload was made, so the countdown does not trust the phone's clock. */
  serverNow: z.string(),
  pricing: priceQuoteSchema,
  /** The BCV rate frozen on this purchase (bolívares per dollar) and the date it was published. */
  exchangeRate: z.object({ rate: z.number(), updatedAt: z.string() }).nullable(),
  methods: z.array(paymentInstructionSchema),
  /** The latest proof for this purchase, if any. */
  proofId: z.string().nullable(),
  /** Reviewer's reason when the latest proof was rejected. */
  rejectionReason: z.string().nullable(),
  /** The code of the vendedor this purchase is credited to (their link), or null. */
  sellerCode: z.string().nullable(),
  /** purchase: paid whole; abono: paid in parts before the close (decision 0034). */
  kind: z.enum(RESERVATION_KINDS),
  /** An abono's balance (in the purchase's currency) and its payments; null for a whole purchase. */
  abono: z
    .object({
      total: z.number(),
      paid: z.number(),
      remaining: z.number(),
      /** The least first payment, in the purchase's currency. */
      minimum: z.number(),
      /** Sales close then: what is not paid by that time is released and its abonos refunded. */
      dueAt: z.string().nullable(),
      payments: z.array(
        z.object({
          id: z.string(),
          amount: z.number(),
          currency: z.enum(CURRENCIES),
          method: z.enum(PAYMENT_METHODS),
          status: z.enum(PROOF_STATUSES),
          createdAt: z.string(),
        }),
      ),
    })
    .nullable(),
});
export type Reservation = z.infer<typeof reservationSchema>;

export const myReservationsSchema = z.object({ items: z.array(reservationSchema) });
export type MyReservations = z.infer<typeof myReservationsSchema>;

/** GET /api/raffles/:id/numbers: taken numbers as a bitmap (domain/number-bitmap.ts). */
export const numbersAvailabilitySchema = z.object({
  raffleId: z.string(),
  totalTickets: z.number().int(),
  /** Count of taken numbers (sold or reserved). */
  taken: z.number().int(),
  /** Base64 bitmap, bit set = taken. */
  bitmap: z.string(),
});
export type NumbersAvailability = z.infer<typeof numbersAvailabilitySchema>;

/**
 * GET /api/raffles/:id/numbers/mine: the signed-in caller's own numbers (ascending integers), so the grid
 * shows them apart from others' taken ones. Private: the public bitmap never says whose a number is.
 */
export const myNumbersSchema = z.object({
  raffleId: z.string(),
  /** Held by the caller's reservations still holding (apartados: not theirs until approval). */
  held: z.array(z.number().int()),
  /** Bought by the caller (approved). */
  owned: z.array(z.number().int()),
});
export type MyNumbers = z.infer<typeof myNumbersSchema>;

/**
 * GET /api/raffles/:id/quote?quantity=N: the total the signed-in buyer (or a visitor) would pay. The
 * quantity is read as every es-VE number field is ("1.000" is a thousand, decision 0013).
 */
export const quoteQuerySchema = z.object({
  quantity: esNumber({ decimals: 0, max: MAX_TOTAL_TICKETS, message: RESERVATION_MESSAGES.quantityInvalid })
    .refine((v) => v >= 1, RESERVATION_MESSAGES.quantityInvalid)
    .describe("Cantidad de boletos (entero de 1 en adelante; admite '1.000')."),
});

export const comboSchema = z.object({
  quantity: z.number().int().min(2).max(MAX_TOTAL_TICKETS),
  price: z.number().positive(),
});
