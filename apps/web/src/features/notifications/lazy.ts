// The feature's code-split entry, beside index.ts: with the dynamic import in index.ts, every chunk
// importing index.ts would import these chunks too, and the bundler splits the home entry apart.
// Code-split: the bell (its list, dialog and live stream) loads after the header has painted.
export const loadNotificationBell = () => import("./components/notification-bell");
