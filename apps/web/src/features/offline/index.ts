export { isOfflineError } from "./offline-error";
export { OfflineScreen } from "./offline-screen";
