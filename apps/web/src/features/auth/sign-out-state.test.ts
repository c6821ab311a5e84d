import { describe, expect, it } from "vitest";
import { beginSignOut, isSigningOut, markSessionCleared } from "./sign-out-state";

describe("sign-out state", () => {
  it("stays active from the start until the destination page confirms", () => {
    expect(isSigningOut()).toBe(false);
    markSessionCleared();
    expect(isSigningOut()).toBe(false);
    beginSignOut("/");
    expect(isSigningOut()).toBe(true);
    markSessionCleared();
    // Only the root layout, once "/" is on screen, ends it.
    expect(isSigningOut()).toBe(true);
  });
});
