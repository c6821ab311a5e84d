import type { SessionUser } from "@rifazo/shared/schemas/auth";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";

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
  return (
    <output data-label="location" data-testid="location">
      {location.pathname + location.search}
    </output>
  );
}

/** Renders `ui` as the raffle page's route (/rifas/r1) for `user`, whose session is already known; any
 * other path the page navigates to shows where the router went. */
export function renderRaffleRoute(ui: ReactElement, user: SessionUser | null) {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/rifas/r1"]}>
        <Routes>
          <Route path="/rifas/:id" element={ui} />
          <Route path="*" element={<CurrentLocation />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
