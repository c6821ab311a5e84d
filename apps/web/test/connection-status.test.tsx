// @vitest-environment happy-dom
import { REALTIME_REPLAY_WINDOW_SECONDS } from "@rifazo/shared/constants";
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  BACK_FOR_MS,
  CONNECTION_TEXT,
  ConnectionStatus,
  RECONNECTING_AFTER_MS,
} from "../src/components/layout/connection-status";
import { EVENTS_URL } from "../src/lib/event-stream";
import { reportNetworkFailure, reportUnshownNotice } from "../src/lib/network-status";
import { useRaffleEvents } from "../src/lib/use-raffle-events";
import { testQueryClient } from "./render";

// Live data after a network drop: the stream reconnects by itself, "Reconectando…" appears only when the
// drop lasts, "Conectado de nuevo" says it is back, and what is on screen is refetched when the server
// cannot replay what was missed.

/** The browser's EventSource, driven by the test. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  /** The connection dropped; the browser retries by itself. */
  drop() {
    this.readyState = 0;
    this.dispatchEvent(new Event("error"));
  }
  emit(id: string) {
    this.dispatchEvent(new MessageEvent("raffle", { data: "{}", lastEventId: id }));
  }
}

const current = () => FakeEventSource.made.at(-1) as FakeEventSource;
let fetches = 0;

function Raffles() {
  useRaffleEvents(["raffles"]);
  const query = useQuery({
    queryKey: ["raffles"],
    queryFn: () => {
      fetches += 1;
      return Promise.resolve(fetches);
    },
  });
  return <p>Lectura {query.data ?? 0}</p>;
}

function renderPage() {
  const client = testQueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Raffles />
      <ConnectionStatus />
    </QueryClientProvider>,
  );
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  FakeEventSource.made = [];
  fetches = 0;
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("ConnectionStatus", () => {
  it("stays quiet through a short blip, then says Reconectando… and Conectado de nuevo", async () => {
    const view = renderPage();
    await advance(0);
    const status = screen.getByRole("status");
    expect(status).toHaveAttribute("aria-live", "polite");
    current().open();
    current().emit("40");
    // The event's own refetch (coalesced) is not what this test counts.
    await advance(1_000);
    const before = fetches;

    // A blip under two seconds: nothing to say.
    act(() => current().drop());
    await advance(RECONNECTING_AFTER_MS - 500);
    expect(status).toBeEmptyDOMElement();
    act(() => current().open());
    await advance(RECONNECTING_AFTER_MS);
    expect(status).toBeEmptyDOMElement();

    // A real drop: said after a couple of seconds, then the way back.
    act(() => current().drop());
    await advance(RECONNECTING_AFTER_MS);
    expect(status).toHaveTextContent("Reconectando…");
    act(() => current().open());
    await advance(0);
    expect(status).toHaveTextContent("Conectado de nuevo");
    await advance(BACK_FOR_MS);
    expect(status).toBeEmptyDOMElement();
    // Reconnected within the replay window and knowing where it was: the replay covers it, no refetch.
    await advance(1_000);
    expect(fetches).toBe(before);
    view.unmount();
  });

  it("closes on the offline event, reopens at once when back online, and refetches beyond the replay", async () => {
    const view = renderPage();
    await advance(0);
    const first = current();
    first.open();
    first.emit("41");
    await advance(1_000);
    const before = fetches;

    act(() => {
      window.dispatchEvent(new Event("offline"));
    });
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    await advance(RECONNECTING_AFTER_MS);
    expect(screen.getByRole("status")).toHaveTextContent("Reconectando…");
    // Offline for longer than the server keeps events: no reconnect attempt while offline.
    await advance(REALTIME_REPLAY_WINDOW_SECONDS * 1000);
    expect(FakeEventSource.made).toHaveLength(1);

    act(() => {
      window.dispatchEvent(new Event("online"));
    });
    expect(FakeEventSource.made).toHaveLength(2);
    // It resumes after the last event it saw, as decision 0005 asks.
    expect(current().url).toBe(`${EVENTS_URL}?lastEventId=41`);
    act(() => current().open());
    await advance(1_000);
    expect(screen.getByRole("status")).toHaveTextContent("Conectado de nuevo");
    // The missed changes are beyond the replay: the page's data is fetched again.
    expect(fetches).toBe(before + 1);
    expect(screen.getByText(`Lectura ${before + 1}`)).toBeInTheDocument();
    view.unmount();
  });
});

/** The live stream answers: "Conectado de nuevo" for BACK_FOR_MS, then nothing. */
async function expectBackOnceStreamOpens(status: HTMLElement) {
  act(() => current().open());
  await advance(0);
  expect(status).toHaveTextContent(CONNECTION_TEXT.back);
  await advance(BACK_FOR_MS);
  expect(status).toBeEmptyDOMElement();
}

describe("one connection indicator", () => {
  function setOnline(online: boolean) {
    Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  }
  afterEach(() => setOnline(true));

  it("offline says «Sin conexión» at once, alone (not also «Reconectando…» or the server's error), then it is back", async () => {
    const view = renderPage();
    await advance(0);
    current().open();
    const status = screen.getByRole("status");

    act(() => {
      setOnline(false);
      // A request failed meanwhile, and the live data dropped: still the one line.
      reportNetworkFailure();
    });
    expect(status).toHaveTextContent(CONNECTION_TEXT.offline);
    await advance(RECONNECTING_AFTER_MS * 2);
    expect(status).toHaveTextContent(CONNECTION_TEXT.offline);
    expect(screen.getAllByText(/Sin conexión|Reconectando|No pudimos conectar/)).toHaveLength(1);

    // Back: what failed while offline is no news ("No pudimos conectar" does not follow), and it is not
    // "Conectado de nuevo" until the live data is connected again.
    act(() => setOnline(true));
    expect(status).not.toHaveTextContent(CONNECTION_TEXT.unreachable);
    expect(status).toHaveTextContent(CONNECTION_TEXT.reconnecting);
    await advance(BACK_FOR_MS);
    expect(status).toHaveTextContent(CONNECTION_TEXT.reconnecting);
    await expectBackOnceStreamOpens(status);
    view.unmount();
  });

  it("after a short outage, «Conectado de nuevo» waits for the live data to be connected again", async () => {
    const view = renderPage();
    await advance(0);
    current().open();
    const status = screen.getByRole("status");
    act(() => setOnline(false));
    await advance(500);
    act(() => setOnline(true));
    // The stream's reopen has not answered yet: not back, whatever the grace for a blip says.
    expect(status).toHaveTextContent(CONNECTION_TEXT.reconnecting);
    await advance(RECONNECTING_AFTER_MS * 2);
    expect(status).toHaveTextContent(CONNECTION_TEXT.reconnecting);
    await expectBackOnceStreamOpens(status);
    view.unmount();
  });

  it("an action whose toast could not load offline speaks through the bar, with its «Reintentar»", async () => {
    const view = renderPage();
    await advance(0);
    current().open();
    const retry = vi.fn();
    act(() => {
      setOnline(false);
      reportUnshownNotice({
        text: "Sin conexión: no se pudo guardar el favorito. Revisa tu conexión e inténtalo de nuevo.",
        action: { label: "Reintentar", onClick: retry },
      });
    });
    expect(screen.getByRole("status")).toHaveTextContent("no se pudo guardar el favorito");
    fireEvent.click(screen.getByRole("button", { name: "Reintentar" }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.getByRole("status")).toHaveTextContent(CONNECTION_TEXT.offline);
    view.unmount();
  });
});
