import { createStore, useStore } from "./store";

// Whether the red "cannot reach the server" banner is showing. The API client is the only writer
// besides the banner itself, so every failed request anywhere in the app surfaces in one place.
const networkErrorStore = createStore(false);

export function reportNetworkFailure(): void {
  networkErrorStore.set(true);
}

/** A request got through: the connection is back, so the banner can go away by itself. */
export function reportNetworkRecovered(): void {
  networkErrorStore.set(false);
}

export const dismissNetworkError = reportNetworkRecovered;

/** A message (with its action) that a toast could not show because its code could not be downloaded. */
export interface UnshownNotice {
  text: string;
  action?: { label: string; onClick: () => void } | undefined;
}

const unshownNoticeStore = createStore<UnshownNotice | null>(null);

export function reportUnshownNotice(notice: UnshownNotice): void {
  unshownNoticeStore.set(notice);
}

export function clearUnshownNotice(): void {
  unshownNoticeStore.set(null);
}

export function useUnshownNotice(): UnshownNotice | null {
  return useStore(unshownNoticeStore);
}

// Back online, what failed while offline is no news: the connection indicator says "Conectado de nuevo"
// instead of "No pudimos conectar" until the next request happens to succeed.
// A notice that could not be shown offline is over too.
if (typeof window !== "undefined") {
  window.addEventListener("online", () => {
    reportNetworkRecovered();
    clearUnshownNotice();
  });
}

export function useNetworkErrorVisible(): boolean {
  return useStore(networkErrorStore);
}
