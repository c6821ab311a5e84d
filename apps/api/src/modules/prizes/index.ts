// What other modules may use of this one (docs/decisions/0026-api-module-walls.md): the routes, the public
// status of winners' prizes, the prizes on the organiser's Hoy and a raffle's prizes for its statement
// (decision 0035).

export { adminPrizeRoutes } from "./admin-routes";
export { adminPrizeList } from "./admin-service";
export { prizeRoutes } from "./routes";
export { prizesToday } from "./today";
export { publicPrizeStatuses } from "./views";
