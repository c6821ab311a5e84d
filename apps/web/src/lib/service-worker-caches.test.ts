import { describe, expect, it } from "vitest";
import { isCacheablePublicApi, isStorablePage } from "./service-worker-caches";

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
