// @vitest-environment happy-dom
import type { MyProofs } from "@rifazo/shared/schemas/proofs";
import { dehydrate, QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DOWNLOAD_RETRY_MS, RouteErrorBoundary } from "../src/app/route-error";
import { AppUpdatePrompt } from "../src/features/app-update";
import { PaymentsList } from "../src/features/proofs";
import { ApiError } from "../src/lib/api-client";
import { networkError } from "../src/lib/api-error";
import {
  clearPrivateOfflineData,
  readOfflineSnapshot,
  restoreOfflineSnapshot,
  writeOfflineSnapshot,
} from "../src/lib/offline-snapshot";
import { SilentEventSource } from "./fixtures/event-source";
import { makePaidRefund, makeProof } from "./fixtures/proof";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";
import { allowConsole } from "./setup";

// Installable and honest offline (decision 0017): a new version is offered, never forced; a page that
// cannot load offline says "Sin conexión" instead of "Algo salió mal"; "Mis boletos" reads from the last
// sync, says when that was, and is gone after sign-out.

const registration = vi.hoisted(() => ({
  options: null as null | { onNeedRefresh?: () => void },
  updateSW: vi.fn(async (_reload?: boolean) => {}),
}));
vi.mock("../src/features/app-update/register-service-worker", () => ({
  registerServiceWorker: vi.fn(async (options: { onNeedRefresh?: () => void }) => {
    registration.options = options;
    return registration.updateSW;
  }),
}));

const fetchMock = stubFetch();

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

beforeEach(() => {
  setOnline(true);
  window.localStorage.clear();
});
afterEach(() => {
  setOnline(true);
});

describe("aviso de versión nueva", () => {
  beforeEach(() => {
    registration.options = null;
    registration.updateSW.mockClear();
    Object.defineProperty(window.navigator, "serviceWorker", { configurable: true, value: {} });
  });

  it("registers the worker after load, offers the waiting version and only reloads on «Actualizar»", async () => {
    render(<AppUpdatePrompt />);
    await waitFor(() => expect(registration.options).not.toBeNull(), { timeout: 3000 });
    expect(screen.queryByText("Hay una versión nueva de Rifazo.")).toBeNull();

    act(() => registration.options?.onNeedRefresh?.());
    expect(screen.getByRole("status")).toHaveTextContent("Hay una versión nueva de Rifazo.");
    expect(registration.updateSW).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole("button", { name: "Actualizar" }));
    expect(registration.updateSW).toHaveBeenCalledWith(true);
  });
});

/** Whether the page below still fails: a test brings the network back before retrying. */
let failing = true;
function Failing({ error }: { error: unknown }) {
  if (failing) throw error;
  return <p>Página cargada</p>;
}

describe("pantalla sin conexión", () => {
  const renderFailing = (error: unknown) => {
    failing = true;
    return render(
      <MemoryRouter>
        <RouteErrorBoundary resetKey="/">
          <Failing error={error} />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
  };

  it("offline, a page whose code cannot download shows «Sin conexión», what works and «Reintentar»", async () => {
    allowConsole("error", "Failed to fetch dynamically imported module");
    setOnline(false);
    renderFailing(new TypeError("Failed to fetch dynamically imported module: /assets/winners-page.js"));
    expect(screen.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
    expect(screen.queryByText("Algo salió mal")).toBeNull();
    expect(screen.getByRole("link", { name: "Mis boletos" })).toHaveAttribute("href", "/perfil/pagos");
    expect(screen.getByText("Las páginas que ya visitaste")).toBeVisible();

    setOnline(true);
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("Página cargada")).toBeVisible();
  });

  it("recovers by itself when the network comes back, without «Reintentar»", async () => {
    allowConsole("error", "Failed to fetch dynamically imported module");
    setOnline(false);
    renderFailing(new TypeError("Failed to fetch dynamically imported module: /assets/login-page.js"));
    expect(screen.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
    failing = false;
    act(() => setOnline(true));
    expect(await screen.findByText("Página cargada")).toBeVisible();
  });

  it("online, a page whose code failed to download tries again by itself while saying it is loading", async () => {
    allowConsole("error", "Failed to fetch dynamically imported module");
    renderFailing(new TypeError("Failed to fetch dynamically imported module: /assets/transparency-page.js"));
    expect(screen.getByRole("status")).toHaveTextContent("Cargando Rifazo...");
    expect(screen.queryByText("Algo salió mal")).toBeNull();
    failing = false;
    expect(await screen.findByText("Página cargada", undefined, { timeout: 3_000 })).toBeVisible();
  });

  it("online, a download that keeps failing (old code after a deploy) ends in the generic error", async () => {
    allowConsole("error", "Failed to fetch dynamically imported module");
    vi.useFakeTimers();
    try {
      renderFailing(new TypeError("Failed to fetch dynamically imported module: /assets/old-page.js"));
      for (const wait of DOWNLOAD_RETRY_MS) {
        expect(screen.queryByText("Algo salió mal")).toBeNull();
        act(() => vi.advanceTimersByTime(wait));
      }
      expect(screen.getByRole("heading", { level: 1, name: "Algo salió mal" })).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
  });

  it("the generic error offers «Reintentar», which tries the page again in place", async () => {
    allowConsole("error", "boom");
    renderFailing(new Error("boom"));
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(await screen.findByText("Página cargada")).toBeVisible();
  });

  it("a request that cannot reach the server is «Sin conexión» too, even when the browser says online", () => {
    allowConsole("error", "No se pudo conectar");
    renderFailing(new ApiError(0, "NETWORK", "No se pudo conectar"));
    expect(screen.getByRole("heading", { level: 1, name: "Sin conexión" })).toBeVisible();
  });

  it("online, a broken page is still the generic error", () => {
    allowConsole("error", "boom");
    renderFailing(new Error("boom"));
    expect(screen.getByRole("heading", { level: 1, name: "Algo salió mal" })).toBeVisible();
    expect(screen.queryByText("Sin conexión")).toBeNull();
  });
});

describe("Mis boletos sin conexión", () => {
  /** 10:00 a. m. in Caracas. */
  const SYNCED_AT = new Date("2026-11-26T14:00:00.000Z").getTime();
  const USER = { id: "u1", fullName: "María González", role: "user" };

  const proof = makeProof({
    createdAt: new Date(SYNCED_AT - 3600_000).toISOString(),
    reviewedAt: new Date(SYNCED_AT - 1800_000).toISOString(),
    ticketNumbers: ["0042", "0777"],
    receiptToken: "tok",
  });
  const proofs: MyProofs = { items: [proof], total: 1, page: 1, pageSize: 5, pageCount: 1 };

  /** What the list leaves on the device after a visit with the network. */
  function syncedSnapshot(userId = USER.id) {
    const source = new QueryClient();
    source.setQueryData(["session"], { ...USER, id: userId }, { updatedAt: SYNCED_AT });
    source.setQueryData(["proofs", "mine", { q: "", page: 1 }], proofs, { updatedAt: SYNCED_AT });
    source.setQueryData(["reservations", "mine"], { items: [] }, { updatedAt: SYNCED_AT });
    writeOfflineSnapshot({ userId, state: dehydrate(source) });
  }

  beforeEach(() => {
    // The search box is a <search> landmark, which happy-dom does not know yet.
    allowConsole("error", "The tag <search> is unrecognized");
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    vi.stubGlobal("EventSource", SilentEventSource);
  });

  it("offline, shows the last synced tickets with «Sincronizado el <fecha y hora>»", async () => {
    syncedSnapshot();
    setOnline(false);
    const client = testQueryClient();
    restoreOfflineSnapshot(client, ["session"]);
    renderWithProviders(<PaymentsList />, { client });

    expect(await screen.findByText("iPhone 17")).toBeVisible();
    expect(screen.getByText("0042")).toBeVisible();
    expect(screen.getByText("0777")).toBeVisible();
    expect(screen.getByText("Sin conexión")).toBeVisible();
    expect(screen.getByText("Sincronizado el 26 de noviembre de 2026 a las 10:00 a. m.")).toBeVisible();
  });

  it("offline, a refunded purchase reads «Reembolsado» with its tickets void, as online", async () => {
    const refunded = makeProof({
      ...proof,
      status: "approved",
      refund: makePaidRefund(new Date(SYNCED_AT - 600_000).toISOString()),
    });
    const source = new QueryClient();
    source.setQueryData(["session"], USER, { updatedAt: SYNCED_AT });
    source.setQueryData(
      ["proofs", "mine", { q: "", page: 1 }],
      { ...proofs, items: [refunded] },
      { updatedAt: SYNCED_AT },
    );
    source.setQueryData(["reservations", "mine"], { items: [] }, { updatedAt: SYNCED_AT });
    writeOfflineSnapshot({ userId: USER.id, state: dehydrate(source) });
    setOnline(false);
    const client = testQueryClient();
    restoreOfflineSnapshot(client, ["session"]);
    renderWithProviders(<PaymentsList />, { client });

    expect(await screen.findByText("iPhone 17")).toBeVisible();
    expect(screen.getByText("Reembolsado")).toBeVisible();
    expect(screen.queryByText("Aprobado")).toBeNull();
    expect(screen.getByText("Boletos anulados:")).toBeVisible();
    expect(screen.getByText("0042").tagName).toBe("DEL");
  });

  it("online with fresh data, says nothing about syncing and keeps the snapshot for later", async () => {
    fetchMock.mockImplementation(async (input) => {
      const body = String(input).startsWith("/api/proofs/mine") ? proofs : { items: [] };
      return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
    });
    const client = testQueryClient();
    client.setQueryData(["session"], USER);
    renderWithProviders(<PaymentsList />, { client });

    expect(await screen.findByText("iPhone 17")).toBeVisible();
    expect(screen.queryByText(/Sincronizado el/)).toBeNull();
    await waitFor(() => expect(readOfflineSnapshot()?.userId).toBe(USER.id));
    const kept = readOfflineSnapshot()
      ?.state.queries.map((q) => q.queryKey[0])
      .sort();
    expect(kept).toEqual(["proofs", "reservations", "session"]);
  });

  it("never restores another user's snapshot, nor anything after sign-out", () => {
    syncedSnapshot("someone-else");
    setOnline(false);
    const client = testQueryClient();
    client.setQueryData(["session"], USER);
    restoreOfflineSnapshot(client, ["session"]);
    expect(client.getQueryData(["proofs", "mine", { q: "", page: 1 }])).toBeUndefined();

    clearPrivateOfflineData();
    expect(readOfflineSnapshot()).toBeNull();
    const fresh = testQueryClient();
    restoreOfflineSnapshot(fresh, ["session"]);
    expect(fresh.getQueryData(["session"])).toBeUndefined();
  });
});

/** A list that cannot load offline (the network error the API client raises). */
function Raffles() {
  const query = useQuery({
    queryKey: ["offline-reconnect"],
    queryFn: async () => {
      if (!window.navigator.onLine) throw networkError();
      return "Rifas cargadas";
    },
  });
  return <p>{query.isError ? "Sin conexión" : (query.data ?? "Cargando")}</p>;
}

describe("la caché de consultas sin conexión", () => {
  it("an action fails at once offline instead of pausing; a query does not retry offline", async () => {
    const { queryClient } = await import("../src/app/query-client");
    const defaults = queryClient.getDefaultOptions();
    expect(defaults.mutations?.networkMode).toBe("always");
    const retry = defaults.queries?.retry as (count: number, error: unknown) => boolean;
    const unreachable = new ApiError(0, "NETWORK", "No se pudo conectar");
    expect(retry(0, unreachable)).toBe(true);
    setOnline(false);
    expect(retry(0, unreachable)).toBe(false);
  });

  it("a query that failed while offline loads again on reconnect, even if the cache started listening offline", async () => {
    const { queryClient } = await import("../src/app/query-client");
    queryClient.clear();
    // Offline before the cache mounts: a page opened offline, or the network lost while hydrating.
    setOnline(false);
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Raffles />
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Sin conexión")).toBeVisible();
    act(() => setOnline(true));
    expect(await screen.findByText("Rifas cargadas")).toBeVisible();
    view.unmount();
  });
});
