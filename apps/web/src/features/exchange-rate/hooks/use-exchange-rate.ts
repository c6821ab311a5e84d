import type { ExchangeRate } from "@rifazo/shared/schemas/settings";
import { useQuery } from "@tanstack/react-query";
import { publicSettingsQuery } from "../api/public-settings";

/** The published bolívar rate; null when none is published or it could not be loaded (prices still show). */
export function useExchangeRate(): ExchangeRate | null {
  const { data } = useQuery({ ...publicSettingsQuery, select: (settings) => settings.exchangeRate });
  return data ?? null;
}
