export { hasAnalyticsConsent } from "./consent";
export { openCookiePreferences, useCookieConsent, useCookiePreferencesOpen } from "./use-cookie-consent";
