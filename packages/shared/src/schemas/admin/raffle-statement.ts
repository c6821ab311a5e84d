import { z } from "zod";
import { CURRENCIES } from "../../constants";
import { PRIZE_STATUSES } from "../../domain/prizes";
import { moneyPairSchema } from "./reports";

// A raffle's money trail for its organiser, «Estado de cuenta de la rifa» (docs/decisions/0035-
// prizes-on-the-record.md): what came in, what went back, what the vendedores earned and were paid, each
// prize and what was paid for it, and what is left, per currency. The page, the CSV and the XLSX are all
// built from this one answer.

/** GET /api/admin/raffles/{id}/statement and its two downloads. */
export const raffleStatementPaths = (raffleId: string) => {
  const base = `/api/admin/raffles/${encodeURIComponent(raffleId)}/statement`;
  return { json: base, csv: `${base}.csv`, xlsx: `${base}.xlsx` } as const;
};

/** The downloads' file names. */
export const RAFFLE_STATEMENT_FILENAME = "estado_de_cuenta_rifa";

const PER_CURRENCY =
  "Por moneda, como se pagó: `usd` suma solo los montos en dólares y `ves` solo los montos en bolívares. Montos de monedas distintas nunca se suman entre sí ni se convierten.";

const perCurrency = (what: string) => moneyPairSchema.describe(`${what} ${PER_CURRENCY}`);

const prizeLineSchema = z.object({
  winnerId: z.string(),
  level: z.number().int(),
  description: z.string(),
  /** As the raffle writes its numbers ("0042"). */
  ticketNumber: z.string(),
  winnerName: z.string(),
  /** The prize as the rules state it when it is money; null for a prize in kind. */
  cash: z.object({ currency: z.enum(CURRENCIES), amount: z.number() }).nullable(),
  status: z.enum(PRIZE_STATUSES),
  /** prizeStatusText: "Entregado el 28/11/2026", "Por reclamar"… */
  statusText: z.string(),
  /** Day (YYYY-MM-DD) of the delivery in force, or null. */
  deliveredOn: z.string().nullable(),
  /**
   * A cash prize's payment: the delivery in force (a correction replaces what it corrects), in the currency
   * it was paid, with the BCV rate (Bs per USD) and its day when that currency is not the prize's. Null
   * for a prize in kind (it has no amount) and for a cash prize not paid yet.
   */
  paid: z
    .object({
      currency: z.enum(CURRENCIES),
      amount: z.number(),
      rate: z.number().nullable(),
      rateDate: z.string().nullable(),
    })
    .nullable(),
});
export type RaffleStatementPrize = z.infer<typeof prizeLineSchema>;

export const raffleStatementSchema = z
  .object({
    raffle: z.object({
      id: z.string(),
      title: z.string(),
      currency: z.enum(CURRENCIES),
      status: z.string(),
    }),
    generatedAt: z.string(),
    tickets: z.object({
      total: z.number().int(),
      /** Sold: approved purchases. */
      sold: z.number().int(),
      /** Tickets of purchases refunded or with a refund owed. */
      refunded: z.number().int(),
    }),
    collected: perCurrency(
      "Cobrado: lo que pagaron los compradores en comprobantes aprobados (nunca precio × boletos).",
    ),
    /** Approved proofs counted in `collected`. */
    proofs: z.number().int(),
    refunds: z.object({
      paid: perCurrency("Reembolsos pagados."),
      pending: perCurrency("Reembolsos por pagar."),
      count: z.number().int(),
    }),
    commissions: z
      .object({
        earned: perCurrency("Comisiones ganadas por los vendedores (netas de reversos)."),
        paid: perCurrency("Comisiones pagadas (liquidaciones)."),
        owed: perCurrency("Comisiones por pagar."),
        sellers: z.number().int(),
      })
      .describe(
        "Del libro de los vendedores, en la moneda de la rifa; todo en cero si la rifa no tiene vendedores.",
      ),
    prizes: z.object({
      items: z.array(prizeLineSchema),
      paid: perCurrency(
        "Premios en dinero pagados, en la moneda en que se pagaron. Un premio en especie no tiene monto y no entra aquí.",
      ),
    }),
    result: perCurrency(
      "Resultado: cobrado − reembolsos pagados − comisiones pagadas − premios en dinero pagados, cada moneda por su lado.",
    ),
  })
  .describe(
    "Estado de cuenta de la rifa. Cada monto está en su moneda tal como se pagó: los dólares y los bolívares nunca se suman ni se convierten entre sí; los premios en especie no tienen monto.",
  );
export type RaffleStatement = z.infer<typeof raffleStatementSchema>;
