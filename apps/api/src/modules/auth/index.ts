// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { ensureAdmin } from "./admin-account";
export {
  type Actor,
  ADMIN_TAGS,
  actorOf,
  adminErrors,
  adminRoute,
  errorSchema,
  idParams,
} from "./admin-route";
export { type Auth, createAuth } from "./auth";
export { accountRoutes } from "./routes";
export { endSessionsForSuspension, sessionUserById } from "./service";
export { currentUser, guards, sessionKeyOf, sessionUserOf } from "./session";
