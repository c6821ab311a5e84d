import { describe, expect, it, vi } from "vitest";
import { loadForHydration, withCompanions } from "../src/app/companion-code";

// The payment page's full proof form is a chunk of its own (features/proofs/lazy.ts). Opened in the app,
// the page asks for it together with its own code (one download on a slow link, not two in a row); the
// page the server rendered does not while its code is loaded for hydration: its browser form works, and
// the full form's code comes at the lowest priority (its HTML prefetches it). app/routes.tsx wires the
// payment page's loader this way.

function loader() {
  const page = vi.fn(() => Promise.resolve({ Page: "página" }));
  const form = vi.fn(() => Promise.resolve({ Form: "formulario" }));
  return { page, form, load: withCompanions(page, form) };
}

describe("el código que una página muestra enseguida", () => {
  it("abierta en la app, se pide junto con la página, sin esperarlo", async () => {
    const { page, form, load } = loader();
    await expect(load()).resolves.toEqual({ Page: "página" });
    expect(page).toHaveBeenCalledTimes(1);
    expect(form).toHaveBeenCalledTimes(1);
  });

  it("al hidratar la página que mandó el servidor, solo la página", async () => {
    const { page, form, load } = loader();
    await loadForHydration(load);
    expect(page).toHaveBeenCalledTimes(1);
    expect(form).not.toHaveBeenCalled();
    // Afterwards, an opening in the app asks for it again.
    await load();
    expect(form).toHaveBeenCalledTimes(1);
  });

  it("si su descarga falla, la página abre igual (el formulario muestra su propio aviso)", async () => {
    const page = vi.fn(() => Promise.resolve("página"));
    const load = withCompanions(page, () => Promise.reject(new Error("sin conexión")));
    await expect(load()).resolves.toBe("página");
  });
});
