import { COOKIE_CONSENT_KEY } from "@rifazo/shared/constants";
import { describe, expect, it } from "vitest";
import {
  ACCEPT_ALL,
  createConsent,
  hasAnalyticsConsent,
  parseConsent,
  REJECT_NON_ESSENTIAL,
  readConsent,
  writeConsent,
} from "./consent";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
  };
}

const now = new Date("2025-01-02T03:04:05.000Z");

describe("cookie consent", () => {
  it("creates a consent with necessary always on", () => {
    expect(createConsent(ACCEPT_ALL, now)).toEqual({
      necessary: true,
      analytics: true,
      marketing: true,
      updatedAt: "2025-01-02T03:04:05.000Z",
    });
    expect(createConsent(REJECT_NON_ESSENTIAL, now).analytics).toBe(false);
  });

  it("stores under the spec's key and reads it back", () => {
    const storage = memoryStorage();
    const consent = createConsent({ analytics: true, marketing: false }, now);
    expect(writeConsent(storage, consent)).toBe(true);
    expect(storage.items.has(COOKIE_CONSENT_KEY)).toBe(true);
    expect(readConsent(storage)).toEqual(consent);
  });

  it("treats missing or malformed values as no choice", () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent("not json")).toBeNull();
    expect(parseConsent("[]")).toBeNull();
    expect(parseConsent(JSON.stringify({ analytics: "yes", marketing: false }))).toBeNull();
  });

  it("forces necessary on and tolerates a missing date", () => {
    const parsed = parseConsent(JSON.stringify({ necessary: false, analytics: false, marketing: true }));
    expect(parsed?.necessary).toBe(true);
    expect(parsed?.marketing).toBe(true);
    expect(parsed?.updatedAt).toBe(new Date(0).toISOString());
  });

  it("survives storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readConsent(broken)).toBeNull();
    expect(writeConsent(broken, createConsent(ACCEPT_ALL, now))).toBe(false);
    expect(readConsent(undefined)).toBeNull();
  });

  it("allows analytics only with explicit consent", () => {
    expect(hasAnalyticsConsent(null)).toBe(false);
    expect(hasAnalyticsConsent(createConsent(REJECT_NON_ESSENTIAL, now))).toBe(false);
    expect(hasAnalyticsConsent(createConsent(ACCEPT_ALL, now))).toBe(true);
  });
});
