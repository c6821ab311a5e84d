import { describe, expect, it } from "vitest";
import { isCacheablePublicApi, isStorablePage, serviceWorkerRoute } from "./service-worker-caches";

// The service worker keeps a copy only of reads that are the same for every visitor (decision 0017).
const cacheable = (path: string) => isCacheablePublicApi(new URL(path, "https://rifazo.example"));

describe("isCacheablePublicApi", () => {
  it("keeps public reads: catalogue, raffle, draws, winners, public settings, images", () => {
    for (const path of [
      "/api/raffles?status=active",
      "/api/raffles/featured",
      "/api/raffles/abc/numbers",
      "/api/draws/abc",
      "/api/winners?month=3",
      "/api/settings/public",
      "/api/testimonials",
      "/api/images/abc.webp",
    ]) {
      expect(cacheable(path), path).toBe(true);
    }
  });

  it("never keeps the session, private data, the admin area or the event stream", () => {
    for (const path of [
      "/api/account/me",
      "/api/auth/get-session",
      "/api/proofs/mine",
      "/api/reservations",
      "/api/notifications",
      "/api/favorites/ids",
      "/api/raffles/subscriptions",
      "/api/admin/raffles",
      "/api/events",
      "/api/receipts/tok",
      "/api/rafflesx",
      "/api/settings",
    ]) {
      expect(cacheable(path), path).toBe(false);
    }
  });
});

// Another spelling of a path the worker keeps off the device (or of one it keeps) must not be routed like
// it: the server refuses it (packages/shared/src/request-path.ts), the worker leaves it to the network.
const ORIGIN = "https://rifazo.example";
const route = (path: string, navigation = false, method = "GET") =>
  serviceWorkerRoute(new URL(`${ORIGIN}${path}`), { method, navigation, sameOrigin: true });

describe("serviceWorkerRoute", () => {
  it("pages, the private receipt page, assets, public reads, the rest", () => {
    expect(route("/rifas?estado=activas", true)).toBe("page");
    expect(route("/", true)).toBe("page");
    expect(route("/recibo/AbC-_9", true)).toBe("private-page");
    expect(route("/assets/index-abc.js")).toBe("asset");
    expect(route("/api/raffles?status=active")).toBe("public-api");
    expect(route("/api/raffles/subscriptions")).toBe("network");
    expect(route("/api/account/me")).toBe("network");
    expect(route("/api/raffles", false, "POST")).toBe("network");
    expect(
      serviceWorkerRoute(new URL("/api/raffles", "https://otro.example"), {
        method: "GET",
        navigation: false,
        sameOrigin: false,
      }),
    ).toBe("network");
  });

  // new URL() already resolves dot segments (also %2e) and backslashes, as the browser does before the
  // worker sees a request; everything else below reaches the worker as written.
  it.each([
    ["an escaped letter", "/%72ecibo/tok"],
    ["an escaped slash", "/recibo%2Ftok"],
    ["double encoding", "/%2572ecibo/tok"],
    ["a double slash", "//recibo/tok"],
    ["capitals", "/RECIBO/tok"],
    ["a capital", "/Recibo/tok"],
  ])("a receipt page spelled with %s (%s) is never kept as a page", (_label, path) => {
    expect(route(path, true)).toBe("network");
  });

  it.each([
    ["/api/raffles/%73ubscriptions"],
    ["/api/raffles%2Fsubscriptions"],
    ["/%61pi/raffles/subscriptions"],
    ["/api//raffles/subscriptions"],
    ["/API/raffles/subscriptions"],
    ["/api/raffles/%2573ubscriptions"],
  ])("a private read under a public prefix, spelled %s, is never kept", (path) => {
    expect(route(path)).toBe("network");
    expect(cacheable(path)).toBe(false);
  });

  it.each([["/%61ssets/x.js"], ["/ASSETS/x.js"], ["//assets/x.js"], ["/assets%2Fx.js"]])(
    "an asset spelled %s is not cached as one",
    (path) => {
      expect(route(path)).toBe("network");
    },
  );
});

// Pages: a link that carries a secret is never kept on the device (docs/decisions/0017).
const storable = (path: string) => isStorablePage(new URL(path, "https://rifazo.example"));

describe("isStorablePage", () => {
  it("keeps ordinary pages", () => {
    for (const path of [
      "/",
      "/rifas?estado=activa",
      "/perfil/pagos",
      "/login?verificado=1",
      "/restablecer-contrasena",
    ]) {
      expect(storable(path), path).toBe(true);
    }
  });

  it("never keeps a page whose address carries a token: reset page, sign-in and confirmation links, receipts", () => {
    for (const path of [
      "/restablecer-contrasena?token=abc123",
      "/api/auth/magic-link/verify?token=abc&callbackURL=%2F",
      "/api/auth/verify-email?token=abc&callbackURL=%2Flogin",
      "/recibo/abc123",
      "/login?code=123456",
    ]) {
      expect(storable(path), path).toBe(false);
    }
  });
});
