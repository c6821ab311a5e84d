import { DEFAULT_RESERVATION_MINUTES, type NumberMode } from "@rifazo/shared/constants";
import { formatEsNumber } from "@rifazo/shared/domain/money";
import type { Combo } from "@rifazo/shared/domain/pricing";

// How buyers buy in a raffle, as the form holds it: number mode, reservation time, combos and the abonos'
// minimum in text. The shared raffleFormSchema checks and parses them with the rest of the raffle (the
// server applies the same).

export interface ComboValues {
  quantity: string;
  /** es-VE text ("2,5" is two and a half). */
  price: string;
}

export interface PurchaseValues {
  numberMode: NumberMode;
  reservationMinutes: string;
  combos: ComboValues[];
  /** es-VE text; blank: the raffle sells whole only (abonos, decision 0034). */
  installmentMinimum: string;
}

export const NUMBER_MODE_LABELS: Record<NumberMode, string> = {
  random: "Al azar al aprobar",
  chosen: "El comprador elige sus números",
};

export function newPurchaseValues(): PurchaseValues {
  return {
    numberMode: "random",
    reservationMinutes: String(DEFAULT_RESERVATION_MINUTES),
    combos: [],
    installmentMinimum: "",
  };
}

export function purchaseValuesOf(raffle: {
  numberMode?: NumberMode;
  reservationMinutes?: number;
  combos?: readonly Combo[];
  installmentMinimum?: number | null;
}): PurchaseValues {
  return {
    numberMode: raffle.numberMode ?? "random",
    reservationMinutes: String(raffle.reservationMinutes ?? DEFAULT_RESERVATION_MINUTES),
    combos: (raffle.combos ?? []).map((c) => ({
      quantity: String(c.quantity),
      price: formatEsNumber(c.price, 2),
    })),
    installmentMinimum:
      raffle.installmentMinimum === null || raffle.installmentMinimum === undefined
        ? ""
        : formatEsNumber(raffle.installmentMinimum, 2),
  };
}
