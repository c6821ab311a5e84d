export { OfflineActionAlert } from "./offline-action-alert";
export { isOfflineError } from "./offline-error";
export { OfflineScreen } from "./offline-screen";
export { OFFLINE_TITLE, offlineActionMessage, offlineLoadMessage } from "./offline-text";
export { toastIfOffline } from "./offline-toast";
