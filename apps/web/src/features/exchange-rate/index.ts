export { publicSettingsQuery, publicSettingsQueryKey } from "./api/public-settings";
export { PriceWithEquivalent } from "./components/price-with-equivalent";
export { useExchangeRate } from "./hooks/use-exchange-rate";
export { priceEquivalent } from "./lib/bolivar";
