import { describe, expect, it } from "vitest";
import { networkError, toApiError } from "../../../lib/api-error";
import { profileRetryDelay, sessionStatus, shouldRetryProfile } from "./use-session";

describe("session query policy", () => {
  it("retries network and server failures at most 3 times", () => {
    expect(shouldRetryProfile(0, networkError())).toBe(true);
    expect(shouldRetryProfile(2, toApiError(500, undefined))).toBe(true);
    expect(shouldRetryProfile(3, networkError())).toBe(false);
    expect(shouldRetryProfile(0, toApiError(403, undefined))).toBe(false);
  });

  it("waits 2 s, then 4 s, then 8 s", () => {
    expect([0, 1, 2].map(profileRetryDelay)).toEqual([2000, 4000, 8000]);
  });

  it("derives the session status", () => {
    const user = { role: "user" } as never;
    expect(sessionStatus(undefined, false)).toBe("loading");
    expect(sessionStatus(undefined, true)).toBe("error");
    expect(sessionStatus(null, false)).toBe("signed-out");
    expect(sessionStatus(user, true)).toBe("signed-in");
  });
});
