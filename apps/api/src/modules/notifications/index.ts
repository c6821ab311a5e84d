// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { notify, type Recipient as NoticeRecipient } from "./notify";
export { replaceLevelUpOfThisTransaction } from "./repository";
export { notificationRoutes } from "./routes";
export { createNotification, createNotifications, type NewNotification } from "./service";
export { NOTICES, type NoticeData, rejectionNotice } from "./templates";
