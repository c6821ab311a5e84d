import {
  DEFAULT_RESERVATION_MINUTES,
  MAX_RESERVATION_MINUTES,
  MIN_RESERVATION_MINUTES,
  type NumberMode,
} from "@rifazo/shared/constants";
import { parseEsNumber } from "@rifazo/shared/domain/money";
import { type Combo, comboSaving, MAX_COMBOS } from "@rifazo/shared/domain/pricing";
import type { RaffleForm } from "@rifazo/shared/schemas/admin";

// How buyers buy in a raffle: number mode, reservation time and combos. The API accepts them on create
// and update; the shared admin form schema does not carry them yet on this side, so the form parses
// them here and adds them to what it sends (the server applies the same rules and has the last word).

export interface ComboValues {
  quantity: string;
  /** es-VE text ("2,5" is two and a half). */
  price: string;
}

export interface PurchaseValues {
  numberMode: NumberMode;
  reservationMinutes: string;
  combos: ComboValues[];
}

export interface PurchaseFields {
  numberMode: NumberMode;
  reservationMinutes: number;
  combos: Combo[];
}

/** What the form sends: the shared schema's output plus the purchase fields (unified with it later). */
export type RaffleSave = RaffleForm & PurchaseFields;

export const NUMBER_MODE_LABELS: Record<NumberMode, string> = {
  random: "Al azar al aprobar",
  chosen: "El comprador elige sus números",
};

// The same texts as the shared admin schema's, so either check shows the same words.
export const PURCHASE_MESSAGES = {
  reservationMinutes: `Los minutos de reserva deben ser un número entero entre ${MIN_RESERVATION_MINUTES} y ${MAX_RESERVATION_MINUTES}.`,
  comboQuantity: "Cada combo debe tener al menos 2 boletos y no más que el total de boletos.",
  comboPrice: "El precio del combo debe ser un número mayor que 0, con hasta dos decimales.",
  comboRepeated: "Ya hay un combo con esa cantidad de boletos.",
  comboNotCheaper: "Cada combo debe costar menos que sus boletos al precio normal.",
  tooManyCombos: `Puedes ofrecer como máximo ${MAX_COMBOS} combos.`,
} as const;

export function newPurchaseValues(): PurchaseValues {
  return { numberMode: "random", reservationMinutes: String(DEFAULT_RESERVATION_MINUTES), combos: [] };
}

const esPrice = (value: number) => value.toFixed(2).replace(".", ",");

export function purchaseValuesOf(raffle: {
  numberMode?: NumberMode;
  reservationMinutes?: number;
  combos?: readonly Combo[];
}): PurchaseValues {
  return {
    numberMode: raffle.numberMode ?? "random",
    reservationMinutes: String(raffle.reservationMinutes ?? DEFAULT_RESERVATION_MINUTES),
    combos: (raffle.combos ?? []).map((c) => ({ quantity: String(c.quantity), price: esPrice(c.price) })),
  };
}

export type PurchaseParse =
  | { ok: true; value: PurchaseFields }
  | { ok: false; errors: Record<string, string> };

/**
 * Checks the purchase fields. `unitPrice` and `totalTickets` (when valid) let combos be checked against
 * the raffle: each cheaper than its tickets at the unit price, no larger than the raffle.
 */
export function parsePurchaseValues(
  values: PurchaseValues,
  raffle: { unitPrice: number | null; totalTickets: number | null },
): PurchaseParse {
  const errors: Record<string, string> = {};
  const minutesText = values.reservationMinutes.trim();
  const minutes = Number(minutesText);
  if (!/^\d+$/.test(minutesText) || minutes < MIN_RESERVATION_MINUTES || minutes > MAX_RESERVATION_MINUTES) {
    errors.reservationMinutes = PURCHASE_MESSAGES.reservationMinutes;
  }
  if (values.combos.length > MAX_COMBOS) errors.combos = PURCHASE_MESSAGES.tooManyCombos;
  const combos: Combo[] = [];
  const seen = new Set<number>();
  values.combos.forEach((row, index) => {
    const quantityText = row.quantity.trim();
    const quantity = Number(quantityText);
    if (!/^\d+$/.test(quantityText) || quantity < 2) {
      errors[`combos.${index}.quantity`] = PURCHASE_MESSAGES.comboQuantity;
    } else if (raffle.totalTickets !== null && quantity > raffle.totalTickets) {
      errors[`combos.${index}.quantity`] = PURCHASE_MESSAGES.comboQuantity;
    } else if (seen.has(quantity)) {
      errors[`combos.${index}.quantity`] = PURCHASE_MESSAGES.comboRepeated;
    }
    seen.add(quantity);
    const price = parseEsNumber(row.price, { decimals: 2 });
    if (!price.ok) errors[`combos.${index}.price`] = price.error;
    else if (price.value <= 0) errors[`combos.${index}.price`] = PURCHASE_MESSAGES.comboPrice;
    else if (
      raffle.unitPrice !== null &&
      Number.isInteger(quantity) &&
      comboSaving({ quantity, price: price.value }, raffle.unitPrice) <= 0
    ) {
      errors[`combos.${index}.price`] = PURCHASE_MESSAGES.comboNotCheaper;
    }
    if (price.ok) combos.push({ quantity, price: price.value });
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { numberMode: values.numberMode, reservationMinutes: minutes, combos } };
}
