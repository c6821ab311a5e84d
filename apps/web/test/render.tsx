import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";

/** A fresh query cache per test: no retries, nothing shared between tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/** Renders `ui` at `path` (matched by `pattern`) with a query cache and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = "/",
    pattern = "*",
    client = testQueryClient(),
  }: { path?: string; pattern?: string; client?: QueryClient } = {},
) {
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** Where the router is (path and query), shown beside the page for pages whose state is their URL. */
export function CurrentLocation() {
  const location = useLocation();
  return <output data-label="location">{location.pathname + location.search}</output>;
}

/** A fetch stub, fresh for each test of the file and removed after it: the API client's only way out. */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return fetchMock;
}
