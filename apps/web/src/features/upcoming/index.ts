export { UPCOMING_ERROR, upcomingQueryOptions } from "./api";
export { CountdownDisplay } from "./countdown-display";
export { NotifyMeButton } from "./notify-me-button";
export { UpcomingCard } from "./upcoming-card";
export { NOTIFY_MESSAGES, useNotifyMe } from "./use-notify-me";
