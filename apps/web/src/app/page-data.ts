import type { QueryClient } from "@tanstack/react-query";

/** What a page's server-side data requirement receives (see apps/web/src/entry-server.tsx). */
export interface PageDataContext {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  searchParams: URLSearchParams;
}

/**
 * Exported by a page module as `prefetchPage` to be rendered on the server: fills the query cache with
 * what the page's first screen shows. Pages without it are rendered in the browser only.
 */
export type PrefetchPage = (context: PageDataContext) => Promise<unknown>;
