// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { settingsRoutes } from "./routes";
export { currentExchangeRate, paymentAccounts, rateOn, supportWhatsapp } from "./service";
