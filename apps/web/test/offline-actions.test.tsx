// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { toastIfOffline } from "../src/features/offline";
import { ApiError } from "../src/lib/api-client";
import { networkError } from "../src/lib/api-error";

// An action that cannot reach the server says so at once, in Spanish, with «Reintentar» (decision 0017);
// any other refusal is the caller's to explain.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

afterEach(() => {
  vi.mocked(toast).mockClear();
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
});

describe("toastIfOffline", () => {
  it("a request that got no answer: «Sin conexión: no se pudo …» with «Reintentar», which repeats the action", () => {
    const retry = vi.fn();
    expect(toastIfOffline(networkError(), "guardar el favorito", retry)).toBe(true);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Sin conexión",
        description: "Sin conexión: no se pudo guardar el favorito. Revisa tu conexión e inténtalo de nuevo.",
        action: expect.objectContaining({ label: "Reintentar" }),
      }),
    );
    vi.mocked(toast).mock.calls[0]?.[0].action?.onClick();
    expect(retry).toHaveBeenCalledOnce();
  });

  it("the browser offline counts too, whatever the error; an answer from the server online does not", () => {
    const conflict = new ApiError(409, "CONFLICT", "Ya existe");
    expect(toastIfOffline(conflict, "canjear la recompensa", vi.fn())).toBe(false);
    expect(toast).not.toHaveBeenCalled();
    Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => false });
    expect(toastIfOffline(new TypeError("Failed to fetch"), "subir el comprobante", vi.fn())).toBe(true);
  });
});
