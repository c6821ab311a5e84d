export { UPCOMING_ERROR, upcomingQueryOptions } from "./api";
export { CountdownDisplay } from "./countdown-display";
export { UpcomingCard } from "./upcoming-card";
export { useUpcomingNotify } from "./use-upcoming-notify";
