// The feature's code-split entry, beside index.ts: with the dynamic import in index.ts, every chunk
// importing index.ts would import these chunks too, and the bundler splits the home entry apart.
// Code-split: the banner only for visitors who have not chosen yet, the dialog when first opened.
export const loadCookieBanner = () => import("./cookie-banner");
export const loadCookiePreferencesDialog = () => import("./cookie-preferences-dialog");
