import { QueryClient, queryOptions } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiTransport, type ApiTransportCarrier, api } from "./api-client";

// The server renderer gives each render a query cache carrying its own transport to the API
// (entry-server): a query's request must go through the transport of the cache it runs in.

class CarrierClient extends QueryClient implements ApiTransportCarrier {
  constructor(readonly apiTransport: ApiTransport) {
    super({ defaultOptions: { queries: { retry: false } } });
  }
}

const settingsQuery = queryOptions({
  queryKey: ["settings", "public"],
  queryFn: ({ signal, client }) => api.get<{ visit: string }>("/api/settings/public", { signal, client }),
});

/** Answers every request with the visit's name, after `delayMs`, and records what it was asked. */
function transport(visit: string, delayMs: number) {
  const paths: string[] = [];
  const send: ApiTransport = async (path, init) => {
    paths.push(`${init.method} ${path}`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return Response.json({ visit });
  };
  return { send, paths };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api client transports", () => {
  it("sends each cache's queries through that cache's transport, even when they overlap", async () => {
    const first = transport("primera", 30);
    const second = transport("segunda", 0);
    const fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchSpy);

    const [a, b] = await Promise.all([
      new CarrierClient(first.send).fetchQuery(settingsQuery),
      new CarrierClient(second.send).fetchQuery(settingsQuery),
    ]);

    expect(a).toEqual({ visit: "primera" });
    expect(b).toEqual({ visit: "segunda" });
    expect(first.paths).toEqual(["GET /api/settings/public"]);
    expect(second.paths).toEqual(["GET /api/settings/public"]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("uses the browser's fetch for a cache without a transport of its own", async () => {
    const fetchSpy = vi.fn<typeof fetch>(async () => Response.json({ visit: "navegador" }));
    vi.stubGlobal("fetch", fetchSpy);

    await expect(new QueryClient().fetchQuery(settingsQuery)).resolves.toEqual({ visit: "navegador" });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe("/api/settings/public");
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: "GET", credentials: "same-origin" });
  });
});
