import type { QueryClient } from "@tanstack/react-query";

/** What a page's server-side data requirement receives (see apps/web/src/entry-server.tsx). */
export interface PageDataContext {
  /**
   * This render's cache, with its own way to reach the API: the queries it runs must pass their
   * `client` on to the API client (`api.get(path, { signal, client })`), or they fail on the server.
   */
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  /**
   * Names code the first screen will load lazily beyond the page itself (by the name its module exports,
   * e.g. "NumberPicker"): the HTML then asks for it with the page's code instead of after it.
   */
  preloadCode(exportName: string): void;
  /**
   * Names code to prefetch at the lowest priority, for requests that carry a session (by the name its
   * module exports): the page a signed-in buyer most likely opens next from this one, so its scripts are
   * already on the phone when it arrives, or a part this page takes over with once it runs (the payment
   * page's full proof form).
   */
  prefetchNextPage(exportName: string): void;
}

/**
 * Exported by a page module as `prefetchPage` to be rendered on the server: fills the query cache with
 * what the page's first screen shows. Pages without it are rendered in the browser only.
 */
export type PrefetchPage = (context: PageDataContext) => Promise<unknown>;
