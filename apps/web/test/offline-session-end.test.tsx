// @vitest-environment happy-dom
import type { MyProofs } from "@rifazo/shared/schemas/proofs";
import { dehydrate, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fetchSessionUser } from "../src/features/auth/api/account-api";
import { useSession } from "../src/features/auth/hooks/use-session";
import { useNotificationStream } from "../src/features/notifications/hooks/use-notification-stream";
import { PaymentsList } from "../src/features/proofs";
import { api } from "../src/lib/api-client";
import { readOfflineSnapshot, writeOfflineSnapshot } from "../src/lib/offline-snapshot";
import { SilentEventSource } from "./fixtures/event-source";
import { makeProof } from "./fixtures/proof";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";
import { allowConsole } from "./setup";

// The offline copy of "Mis boletos" (decision 0017) goes as soon as this device learns its session ended,
// however it learns it: a 401 from any call, the session endpoint answering nobody (or someone else), a
// suspension, the realtime stream saying the session ended. And it never holds what grants access: the
// receipt's token (its private link) and the receipt secret stay out of it.

const fetchMock = stubFetch();
const STORAGE_KEY = "rifazo:mis-boletos";
const RECEIPT_TOKEN = "recibo-token-privado-123456";
const RECEIPT_SECRET = "a".repeat(64);
const USER = { id: "u1", email: "maria@example.com", fullName: "María González", role: "user" };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function savedCopy(userId = USER.id) {
  const source = new QueryClient();
  source.setQueryData(["session"], { ...USER, id: userId });
  source.setQueryData(["reservations", "mine"], { items: [] });
  writeOfflineSnapshot({ userId, state: dehydrate(source) });
  expect(readOfflineSnapshot()?.userId).toBe(userId);
}

beforeEach(() => {
  window.localStorage.clear();
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
});

describe("la copia sin conexión se borra cuando la sesión terminó", () => {
  it("con un 401 de cualquier llamada a la API", async () => {
    savedCopy();
    fetchMock.mockResolvedValue(json(401, { error: { code: "UNAUTHENTICATED", message: "x" } }));
    await expect(api.get("/api/notifications")).rejects.toMatchObject({ status: 401 });
    expect(readOfflineSnapshot()).toBeNull();
  });

  it("al arrancar sin sesión: el servidor responde que no hay nadie", async () => {
    savedCopy();
    fetchMock.mockResolvedValue(json(401, { error: { code: "UNAUTHENTICATED", message: "x" } }));
    expect(await fetchSessionUser()).toBeNull();
    expect(readOfflineSnapshot()).toBeNull();
  });

  it("cuando la sesión es de otra persona", async () => {
    savedCopy();
    fetchMock.mockResolvedValue(json(200, { ...USER, id: "u2", email: "otra@example.com" }));
    expect((await fetchSessionUser())?.id).toBe("u2");
    expect(readOfflineSnapshot()).toBeNull();
  });

  it("con la cuenta suspendida", async () => {
    savedCopy();
    fetchMock.mockResolvedValue(json(403, { error: { code: "ACCOUNT_SUSPENDED", message: "x" } }));
    expect(await fetchSessionUser()).toBeNull();
    expect(readOfflineSnapshot()).toBeNull();
  });

  it("cuando el flujo en tiempo real avisa que la sesión terminó (cerrada en otro dispositivo)", async () => {
    savedCopy();
    const listeners = new Map<string, (event: Event) => void>();
    vi.stubGlobal(
      "EventSource",
      class {
        static CLOSED = 2;
        readyState = 1;
        addEventListener(type: string, listener: (event: Event) => void) {
          listeners.set(type, listener);
        }
        removeEventListener() {}
        close() {}
      },
    );
    const client = testQueryClient();
    client.setQueryData(["session"], USER);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    fetchMock.mockResolvedValue(json(401, { error: { code: "UNAUTHENTICATED", message: "x" } }));
    // The page's header always watches the session.
    renderHook(
      () => {
        useNotificationStream();
        useSession();
      },
      { wrapper },
    );
    await waitFor(() => expect([...listeners.keys()]).toContain("session"));
    listeners.get("session")?.(new MessageEvent("session", { data: '{"type":"session.ended"}' }));
    expect(readOfflineSnapshot()).toBeNull();
    // And the page hears it: the session is asked for again.
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/account/me")).toBe(true),
    );
  });

  it("pero no por un corte de red: sin conexión la copia sigue ahí", async () => {
    savedCopy();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(fetchSessionUser()).rejects.toBeTruthy();
    expect(readOfflineSnapshot()?.userId).toBe(USER.id);
  });
});

describe("lo que la copia guarda", () => {
  it("nunca el token del recibo ni el código secreto del recibo", async () => {
    allowConsole("error", "The tag <search> is unrecognized");
    vi.stubGlobal("EventSource", SilentEventSource);
    const proofs: MyProofs = {
      items: [makeProof({ receiptToken: RECEIPT_TOKEN, receiptSecret: RECEIPT_SECRET })],
      total: 1,
      page: 1,
      pageSize: 5,
      pageCount: 1,
    };
    fetchMock.mockImplementation(async (input) =>
      json(200, String(input).startsWith("/api/proofs/mine") ? proofs : { items: [] }),
    );
    const client = testQueryClient();
    client.setQueryData(["session"], USER);
    renderWithProviders(<PaymentsList />, { client });
    // Online, the receipt's link is there...
    expect(await screen.findByRole("link", { name: /Ver recibo/ })).toHaveAttribute(
      "href",
      `/recibo/${RECEIPT_TOKEN}`,
    );
    await waitFor(() => expect(readOfflineSnapshot()?.userId).toBe(USER.id));
    // ...but the copy on the device holds the tickets without what opens the receipt.
    const raw = window.localStorage.getItem(STORAGE_KEY) ?? "";
    expect(raw).toContain("0042");
    expect(raw).not.toContain(RECEIPT_TOKEN);
    expect(raw).not.toContain(RECEIPT_SECRET);
  });
});
