import { COOKIE_CONSENT_KEY } from "@rifazo/shared/constants";
import { createStore, useStore } from "../../lib/store";
import { type ConsentChoice, type CookieConsent, createConsent, readConsent, writeConsent } from "./consent";

function browserStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

const consentStore = createStore<CookieConsent | null>(readConsent(browserStorage()));
const preferencesOpenStore = createStore(false);

export function getCookieConsent(): CookieConsent | null {
  return consentStore.get();
}

export function saveCookieConsent(choice: ConsentChoice): CookieConsent {
  const consent = createConsent(choice);
  writeConsent(browserStorage(), consent);
  consentStore.set(consent);
  return consent;
}

export function useCookieConsent(): CookieConsent | null {
  return useStore(consentStore);
}

export function openCookiePreferences(): void {
  preferencesOpenStore.set(true);
}

export function setCookiePreferencesOpen(open: boolean): void {
  preferencesOpenStore.set(open);
}

export function useCookiePreferencesOpen(): boolean {
  return useStore(preferencesOpenStore);
}

// Another tab made a choice: follow it, so the banner does not linger here.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === COOKIE_CONSENT_KEY || event.key === null)
      consentStore.set(readConsent(browserStorage()));
  });
}
