import { describe, expect, it } from "vitest";
import { createStore } from "./store";

describe("createStore", () => {
  it("notifies subscribers only when the value changes", () => {
    const store = createStore(1);
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.set(1);
    store.set((n) => n + 1);
    expect(store.get()).toBe(2);
    expect(calls).toBe(1);
    unsubscribe();
    store.set(3);
    expect(calls).toBe(1);
  });
});
