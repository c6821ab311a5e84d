/**
 * What a purchase costs, computed the same way by the server (which decides) and the web (which shows
 * it): the raffle's unit price, its combos ("5 boletos por $4") and the buyer's club level discount
 * (Plata 5 %, Oro 10 %, Diamante 15 %). Rule: the better of the two for the buyer, never both — the combo
 * total and the level-discounted total are computed and the lower one is charged.
 * All arithmetic is in integer cents.
 */
import { type Currency, PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from "../constants";
import { toCents as cents, convertCents, roundCents } from "./money";

export interface Combo {
  /** Tickets in the package, at least 2. */
  quantity: number;
  /** Price of the whole package in the raffle's currency. */
  price: number;
}

export const MAX_COMBOS = 5;

export type DiscountKind = "none" | "combo" | "level";

export interface PriceQuote {
  quantity: number;
  unitPrice: number;
  currency: Currency;
  /** quantity × unitPrice. */
  subtotal: number;
  /** The packages used for the combo total (empty when none applies). */
  combosUsed: { quantity: number; price: number; times: number }[];
  /** Cheapest total with combos plus single tickets (= subtotal when no combo helps). */
  comboTotal: number;
  levelName: string | null;
  levelDiscountPercent: number;
  /** subtotal less the level discount. */
  levelTotal: number;
  applied: DiscountKind;
  /** subtotal − total. */
  discount: number;
  /** What the buyer pays, in the raffle's currency. */
  total: number;
}

export interface QuoteInput {
  quantity: number;
  unitPrice: number;
  currency: Currency;
  combos?: readonly Combo[];
  levelName?: string | null;
  levelDiscountPercent?: number;
}

/** Cheapest way to buy exactly `quantity` tickets with any number of each combo plus single tickets. */
function bestComboCents(quantity: number, unitCents: number, combos: readonly Combo[]) {
  const usable = combos.filter((c) => c.quantity >= 2 && c.quantity <= quantity && cents(c.price) > 0);
  if (usable.length === 0) return { total: quantity * unitCents, used: [] as PriceQuote["combosUsed"] };
  const cost = new Array<number>(quantity + 1).fill(0);
  const choice = new Array<number>(quantity + 1).fill(-1);
  for (let q = 1; q <= quantity; q++) {
    cost[q] = (cost[q - 1] ?? 0) + unitCents;
    choice[q] = -1;
    usable.forEach((combo, index) => {
      if (combo.quantity <= q) {
        const candidate = (cost[q - combo.quantity] ?? 0) + cents(combo.price);
        if (candidate < (cost[q] ?? Number.POSITIVE_INFINITY)) {
          cost[q] = candidate;
          choice[q] = index;
        }
      }
    });
  }
  const times = new Map<number, number>();
  for (let q = quantity; q > 0; ) {
    const index = choice[q] ?? -1;
    if (index < 0) q -= 1;
    else {
      times.set(index, (times.get(index) ?? 0) + 1);
      q -= usable[index]?.quantity ?? 1;
    }
  }
  const used = [...times.entries()]
    .map(([index, count]) => ({
      quantity: usable[index]?.quantity ?? 0,
      price: usable[index]?.price ?? 0,
      times: count,
    }))
    .sort((a, b) => b.quantity - a.quantity);
  return { total: cost[quantity] ?? quantity * unitCents, used };
}

export function quotePurchase(input: QuoteInput): PriceQuote {
  const quantity = Math.max(0, Math.floor(input.quantity));
  const unitCents = cents(input.unitPrice);
  const subtotalCents = quantity * unitCents;
  const combo = bestComboCents(quantity, unitCents, input.combos ?? []);
  const percent = Math.max(0, Math.min(100, input.levelDiscountPercent ?? 0));
  const levelCents = subtotalCents - Math.round((subtotalCents * percent) / 100);
  let applied: DiscountKind = "none";
  let totalCents = subtotalCents;
  // Ties go to the combo: the organiser's package is what the page advertised.
  if (combo.total < subtotalCents && combo.total <= levelCents) {
    applied = "combo";
    totalCents = combo.total;
  } else if (levelCents < subtotalCents) {
    applied = "level";
    totalCents = levelCents;
  }
  return {
    quantity,
    unitPrice: unitCents / 100,
    currency: input.currency,
    subtotal: subtotalCents / 100,
    combosUsed: applied === "combo" ? combo.used : [],
    comboTotal: combo.total / 100,
    levelName: input.levelName ?? null,
    levelDiscountPercent: percent,
    levelTotal: levelCents / 100,
    applied,
    discount: (subtotalCents - totalCents) / 100,
    total: totalCents / 100,
  };
}

/**
 * The methods paid in one fixed currency: bolívares by Pago Móvil and bank transfer, dollars by Zelle,
 * Binance and cash; the others (cards, "otro") in the raffle's currency. The inbox's SQL filter reads it too.
 */
export const METHOD_CURRENCIES: Record<Currency, readonly PaymentMethod[]> = {
  VES: ["pago_movil", "transferencia"],
  USD: ["zelle", "binance", "efectivo_usd"],
};

/** The currency each method is paid in (METHOD_CURRENCIES), else the raffle's. */
export function methodCurrency(method: PaymentMethod, raffleCurrency: Currency): Currency {
  if (METHOD_CURRENCIES.VES.includes(method)) return "VES";
  if (METHOD_CURRENCIES.USD.includes(method)) return "USD";
  return raffleCurrency;
}

/**
 * The amount to pay in `to`, from a total in `from`, at `rate` bolívares per dollar; null when a
 * conversion is needed and no usable rate exists. The one conversion for the web (what it shows), the
 * server (what it checks) and, mirrored in SQL, the inbox's amount filter: integer cents, half up
 * (convertCents).
 */
export function convertAmount(
  total: number,
  from: Currency,
  to: Currency,
  rate: number | null,
): number | null {
  if (from === to) return roundCents(total);
  if (rate === null || !Number.isFinite(rate) || rate <= 0) return null;
  return convertCents(total, rate, from === "USD" ? "multiply" : "divide");
}

/** A combo is worth offering only if it is cheaper than its tickets at the unit price. */
export function comboSaving(combo: Combo, unitPrice: number): number {
  return roundCents(combo.quantity * unitPrice - combo.price);
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

const METHOD_ALIASES: Record<string, PaymentMethod> = {
  pagomovil: "pago_movil",
  transferencia: "transferencia",
  transferenciabancaria: "transferencia",
  zelle: "zelle",
  binance: "binance",
  binancepay: "binance",
  efectivousd: "efectivo_usd",
  efectivo: "efectivo_usd",
};

/**
 * The method ids a raffle accepts, from the labels the organiser stored ("Pago Móvil", "Zelle"...), in
 * their order and without repeats; labels that name no known method are left out.
 */
export function acceptedMethodsOf(labels: readonly string[]): PaymentMethod[] {
  const out: PaymentMethod[] = [];
  for (const label of labels) {
    const key = fold(label);
    const id =
      METHOD_ALIASES[key] ??
      PAYMENT_METHODS.find((m) => fold(m) === key || fold(PAYMENT_METHOD_LABELS[m]) === key);
    if (id && !out.includes(id)) out.push(id);
  }
  return out;
}
