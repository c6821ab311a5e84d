import { createStore, useStore } from "./store";

// Whether every live stream (lib/event-stream) is connected. Apart from the stream itself so the status
// line in the root layout does not bring the stream's code into every page.

export type LiveConnection = "connected" | "reconnecting";

const down = new Set<object>();
const store = createStore<LiveConnection>("connected");

/** `stream` lost its connection (an error, a refusal, the browser offline). */
export function reportStreamDown(stream: object): void {
  down.add(stream);
  store.set("reconnecting");
}

/** `stream` is connected again, or was closed on purpose. */
export function reportStreamUp(stream: object): void {
  down.delete(stream);
  if (down.size === 0) store.set("connected");
}

export function useLiveConnection(): LiveConnection {
  return useStore(store);
}
