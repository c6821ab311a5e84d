// Page-view counting rules, without zod: the web's root layout imports the path check, and the home
// page's JavaScript budget has no room for a schema library.

export const PAGE_VIEW_LIMITS = {
  /** Longest page path counted; spec routes are far shorter. */
  path: 160,
  /** Distinct pages counted per day; beyond it views are counted under OTHER_PAGES_PATH. */
  distinctPathsPerDay: 2000,
  /** Days the admin can look back. */
  maxDays: 365,
} as const;

/** Where views of pages beyond the daily limit are counted. */
export const OTHER_PAGES_PATH = "(otras páginas)";

/** A site path as the router sees it: lower-case segments of letters, digits and dashes. */
export const PAGE_VIEW_PATH_PATTERN = /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/;
