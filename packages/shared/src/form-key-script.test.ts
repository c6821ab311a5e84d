import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { FORM_KEY_SCRIPT, FORM_QUIET_MS } from "./form-key-script";

// The page's inline script run against a stand-in document: the key it adds to a keyed form's data, the
// mark of a page being left, and how long the app's start waits after the buyer touches such a form.

class FakeForm {
  constructor(readonly keyed: boolean) {}
  hasAttribute(name: string) {
    return name === "data-form-key" && this.keyed;
  }
  closest(selector: string) {
    return selector === "form[data-form-key]" && this.keyed ? this : null;
  }
}

function page() {
  const listeners = new Map<string, Array<(event: unknown) => void>>();
  let now = 1_000_000;
  const context: Record<string, unknown> = {
    document: {
      addEventListener: (type: string, listener: (event: unknown) => void) =>
        listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    },
    HTMLFormElement: FakeForm,
    crypto: { getRandomValues: (bytes: Uint8Array) => bytes.fill(171) },
    Date: { now: () => now },
  };
  context.window = context;
  runInNewContext(FORM_KEY_SCRIPT, context);
  const marks = context as { __rifazoLeaving?: unknown; __rifazoBusyFor: () => number };
  return {
    marks,
    dispatch(type: string, event: object) {
      for (const listener of listeners.get(type) ?? []) listener(event);
    },
    wait(ms: number) {
      now += ms;
    },
  };
}

/** A checkbox of the form, or an element outside any keyed form. */
const inside = (form: FakeForm) => ({ closest: (selector: string) => form.closest(selector) });

describe("el script de la página: clave, página que se deja y formulario en uso", () => {
  it("un envío de un formulario con clave lleva una clave nueva y marca la página como dejada", () => {
    const { marks, dispatch } = page();
    const data = new Map<string, string>();
    dispatch("formdata", { target: new FakeForm(false), formData: data });
    expect(data.size).toBe(0);
    expect(marks.__rifazoLeaving).toBeUndefined();
    dispatch("formdata", { target: new FakeForm(true), formData: data });
    expect(data.get("clave")).toBe("ab".repeat(16));
    expect(marks.__rifazoLeaving).toBe(1);
  });

  it("tocar un formulario con clave pide esperar hasta que pase el tiempo de calma; fuera de él, nada", () => {
    const { marks, dispatch, wait } = page();
    expect(marks.__rifazoBusyFor()).toBe(0);
    dispatch("pointerdown", { target: inside(new FakeForm(false)) });
    dispatch("keydown", { target: {} });
    expect(marks.__rifazoBusyFor()).toBe(0);

    for (const type of ["pointerdown", "keydown", "change"]) {
      dispatch(type, { target: inside(new FakeForm(true)) });
      expect(marks.__rifazoBusyFor(), type).toBe(FORM_QUIET_MS);
      wait(FORM_QUIET_MS - 500);
      expect(marks.__rifazoBusyFor(), type).toBe(500);
      wait(500);
      expect(marks.__rifazoBusyFor(), type).toBe(0);
    }
  });
});
