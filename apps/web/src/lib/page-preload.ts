// Features cannot reach the route table (app → pages → features): the app registers here how to download
// the code of the page a path renders, and a feature asks for it before it navigates there, so that code
// comes while the feature's own request is on its way (a reservation, then its payment page; decision 0031).
let preloader: ((pathname: string) => Promise<unknown>) | undefined;

export function registerPagePreloader(preload: (pathname: string) => Promise<unknown>): void {
  preloader = preload;
}

/** Starts downloading the code of the page at `pathname` (best effort: a failure shows when it opens). */
export function preloadPage(pathname: string): void {
  preloader?.(pathname).catch(() => undefined);
}
