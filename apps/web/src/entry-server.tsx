import { AsyncLocalStorage } from "node:async_hooks";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { reportDateTexts } from "@rifazo/shared/domain/dates";
import { dehydrate, QueryClient, type QueryClientConfig, QueryClientProvider } from "@tanstack/react-query";
import type { VNode } from "preact";
import { renderToStringAsync } from "preact-render-to-string";
import { matchRoutes, StaticRouter } from "react-router";
import { App } from "./app/app";
import { pagesFor, type RouteHandle, routes } from "./app/routes";
import { type ServerState, serializeServerState } from "./app/server-state";
import { TitleSink } from "./components/layout/document-title";
import type { ApiTransport, ApiTransportCarrier } from "./lib/api-client";
import { type FormReturn, formReturnKey } from "./lib/form-return";
import type { PageDataContext, PrefetchPage } from "./lib/page-data";
import { RenderClockProvider } from "./lib/use-now";

// Server rendering of the public pages (built by `vite build --ssr`, loaded by apps/api/src/lib/web.ts).
// A page takes part by exporting `prefetchPage`, which fills the query cache with what its first screen
// shows; everything visitor-specific (session, favourites, this browser's storage) renders as for an
// anonymous visitor and fills in after hydration. Pages without it are rendered in the browser only.

export interface RenderInput {
  /** Path and query of the request, e.g. "/rifas?status=all". */
  url: string;
  /**
   * Answers this render's API requests in-process (the API's own routes, same validation and caching).
   * It belongs to this render's query cache alone: concurrent renders each use their own.
   */
  fetchApi: ApiTransport;
  /** The newest event id before the data is read (see ServerState.lastEventId). */
  lastEventId?: number | null;
  /** Gives up (the caller then sends the plain shell) after this many milliseconds (RENDER_TIMEOUT_MS). */
  timeoutMs?: number;
  /** A native form the API refused: the page shows its message and values (decision 0029). */
  form?: FormReturn;
  /** The page a native form led to, sent at the form's address (decision 0029). */
  answersPost?: boolean;
}

export interface RenderResult {
  /** The markup for <div id="root">. */
  html: string;
  /** The page's <title> text, escaped for HTML. */
  title: string | null;
  /** JSON for <script type="application/json" id="rifazo-state">. */
  state: string;
  /** The page's own code beyond the entry ("/assets/…" files), for <link rel="modulepreload">. */
  preloads: string[];
  /** The code of the page a signed-in buyer most likely opens next, for <link rel="prefetch">. */
  nextPageCode: string[];
}

/**
 * What each lazily loaded export needs, from the browser build (vite.config.ts, lazyChunks), read once.
 * Without it (a build without the file, or tests running the source) pages are rendered without preloads.
 */
let lazyChunks: Record<string, string[]> | undefined;
function chunksOf(exportName: string): string[] {
  if (!lazyChunks) {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".vite", "lazy-chunks.json");
    try {
      lazyChunks = JSON.parse(readFileSync(file, "utf8")) as Record<string, string[]>;
    } catch {
      lazyChunks = {};
    }
  }
  return lazyChunks[exportName] ?? [];
}

/** One render's query cache: its queries reach the API through that render's transport alone. */
class RenderQueryClient extends QueryClient implements ApiTransportCarrier {
  readonly apiTransport: ApiTransport;

  constructor(apiTransport: ApiTransport, config: QueryClientConfig) {
    super(config);
    this.apiTransport = apiTransport;
  }
}

/** The page's data requirements, or null when some page on the route does not render on the server. */
async function collectPrefetchers(
  url: URL,
): Promise<{ prefetch: PrefetchPage; params: PageDataContext["params"] }[] | null> {
  const matches = matchRoutes(routes, url.pathname);
  if (!matches) return null;
  const leaf = matches[matches.length - 1];
  // Redirect-only and catch-all routes are left to the browser.
  if (!leaf || leaf.route.path === "*") return null;
  const prefetchers: { prefetch: PrefetchPage; params: PageDataContext["params"] }[] = [];
  for (const match of matches) {
    const handle = match.route.handle as RouteHandle | undefined;
    if (handle?.prefetch) prefetchers.push({ prefetch: handle.prefetch, params: match.params });
  }
  for (const { page, params } of pagesFor(url.pathname)) {
    const module = await page.load();
    const prefetch = module.prefetchPage as PrefetchPage | undefined;
    if (!prefetch) return null;
    prefetchers.push({ prefetch, params });
  }
  return prefetchers.length > 0 ? prefetchers : null;
}

/**
 * Complete HTML, lazy parts included (the renderer waits for every suspended part), with no inline
 * scripts: the Content-Security-Policy allows none, and streaming is pointless once all is ready.
 */
async function renderComplete(element: React.ReactElement, timeoutMs: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`El render tardó más de ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    // The app's elements are Preact's (preact-aliases.ts); React's element type is what the source names.
    return await Promise.race([renderToStringAsync(element as unknown as VNode), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The dates each render writes, handed to the browser with its state (ServerState.dates): hydration shows
 * the same words without building a date formatter. Renders run concurrently; each collects its own.
 */
const renderDates = new AsyncLocalStorage<Record<string, string>>();
reportDateTexts((id, text) => {
  const dates = renderDates.getStore();
  if (dates) dates[id] = text;
});

/**
 * Only a guard against a render that never ends, not a speed goal: the shell it falls back to is a blank
 * page without JavaScript (the <noscript> line promises the raffles can be seen and reserved), and the
 * render is not stopped by giving up, so waiting costs nothing the server would not spend anyway. A fresh
 * server's first render on a busy machine took over 2 s, the limit before, and sent that blank page.
 */
export const RENDER_TIMEOUT_MS = 15_000;

/** Text as HTML character data: a raffle's title is the organiser's and may hold "<". */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export async function render({
  url,
  fetchApi,
  lastEventId = null,
  timeoutMs = RENDER_TIMEOUT_MS,
  form,
  answersPost = false,
}: RenderInput): Promise<RenderResult | null> {
  const location = new URL(url, "http://localhost");
  const prefetchers = await collectPrefetchers(location);
  if (!prefetchers) return null;

  // No retries on the server: a failing request leaves that part to the browser instead of delaying the page.
  const queryClient = new RenderQueryClient(fetchApi, {
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  const preloads = new Set<string>();
  const preloadCode = (exportName: string) => {
    for (const file of chunksOf(exportName)) preloads.add(file);
  };
  for (const { page } of pagesFor(location.pathname)) preloadCode(page.exportName);
  const nextPage = new Set<string>();
  const prefetchNextPage = (exportName: string) => {
    for (const file of chunksOf(exportName)) nextPage.add(file);
  };
  const context = { queryClient, searchParams: location.searchParams, preloadCode, prefetchNextPage };
  await Promise.all(prefetchers.map(({ prefetch, params }) => prefetch({ ...context, params })));
  // A failed query renders as still loading, exactly as the browser will see it before it retries.
  queryClient.removeQueries({ predicate: (query) => query.state.status === "error" });
  if (form) queryClient.setQueryData(formReturnKey, form);

  const now = Date.now();
  let title: string | null = null;
  const keepTitle = (text: string) => {
    title ??= escapeText(text);
  };
  const dates: Record<string, string> = {};
  const html = await renderDates.run(dates, () =>
    renderComplete(
      <TitleSink.Provider value={keepTitle}>
        <QueryClientProvider client={queryClient}>
          <RenderClockProvider value={now}>
            <StaticRouter location={location.pathname + location.search}>
              <App />
            </StaticRouter>
          </RenderClockProvider>
        </QueryClientProvider>
      </TitleSink.Provider>,
      timeoutMs,
    ),
  );
  const state: ServerState = {
    now,
    queries: dehydrate(queryClient),
    lastEventId,
    dates,
    // Sent at a form's address: the page's own goes in the address bar (/boot.js, main.tsx).
    ...(form || answersPost ? { url: location.pathname + location.search } : {}),
  };
  queryClient.clear();
  return {
    html,
    title,
    state: serializeServerState(state),
    preloads: [...preloads],
    nextPageCode: [...nextPage].filter((file) => !preloads.has(file)),
  };
}
