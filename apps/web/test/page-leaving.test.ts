// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageIsBeingLeft, untilFormsQuiet } from "../src/app/page-leaving";

// The app's start reads the page's inline script's marks (@rifazo/shared/form-key-script) before each step:
// it waits while a keyed form is being filled and stops once one is being sent.
type Marks = { __rifazoLeaving?: unknown; __rifazoBusyFor?: () => number };
const marks = () => window as unknown as Marks;

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  delete marks().__rifazoLeaving;
  delete marks().__rifazoBusyFor;
});

describe("el arranque de la app y los formularios con clave", () => {
  it("sin el script de la página (o sin formulario tocado) no espera ni se detiene", async () => {
    expect(pageIsBeingLeft()).toBe(false);
    await expect(untilFormsQuiet()).resolves.toBeUndefined();
    marks().__rifazoBusyFor = () => 0;
    await expect(untilFormsQuiet()).resolves.toBeUndefined();
  });

  it("espera mientras la compradora toca el formulario, tanto como el script diga cada vez", async () => {
    let busy = 2000;
    marks().__rifazoBusyFor = () => busy;
    let quiet = false;
    void untilFormsQuiet().then(() => {
      quiet = true;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(quiet).toBe(false);
    // Another touch meanwhile: when the first wait ends, the script asks for 1.5 s more.
    busy = 1500;
    await vi.advanceTimersByTimeAsync(1);
    expect(quiet).toBe(false);
    busy = 0;
    await vi.advanceTimersByTimeAsync(1500);
    expect(quiet).toBe(true);
  });

  it("una página cuyo formulario se está enviando se da por dejada", () => {
    marks().__rifazoLeaving = 1;
    expect(pageIsBeingLeft()).toBe(true);
  });
});
