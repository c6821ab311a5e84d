// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { eventRoutes } from "./routes";
export {
  announceProofChange,
  announceSessionsEnded,
  createEventBus,
  EVENT_CLEANUP_INTERVAL_MS,
  type EventBus,
} from "./service";
