import { adoptDateTexts } from "@rifazo/shared/domain/dates";
import { hydrate, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/app";
import { HydratedMark } from "./app/hydrated-mark";
import { hydrateInTurns } from "./app/hydration-turns";
import { pageIsBeingLeft, untilFormsQuiet } from "./app/page-leaving";
import { queryClient } from "./app/query-client";
import { preloadRoute, preloadServerRenderedRoute } from "./app/routes";
import { readServerState } from "./app/server-state";
import { sessionQueryOptions } from "./features/auth";
import { restoreOfflineSnapshot } from "./lib/offline-snapshot";
import { registerPagePreloader } from "./lib/page-preload";
import { resumeRaffleEventsAfter } from "./lib/raffle-events-resume";
import { RenderClockProvider } from "./lib/use-now";
import "./styles.css";

registerPagePreloader(preloadRoute);

// Offline, "Mis boletos" reads from the last sync kept on this device (decision 0017).
restoreOfflineSnapshot(queryClient, sessionQueryOptions.queryKey);

// Ask for the session right away, in parallel with the first page's code, so guards and the header
// rarely have to wait for it: in a task of its own, as the steps below (a phone answers no tap during a
// long task; a document's first request alone took some 9 ms of a fast machine's main thread).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
void nextTask().then(() => (pageIsBeingLeft() ? undefined : queryClient.prefetchQuery(sessionQueryOptions)));

const container = document.getElementById("root");
if (!container) throw new Error("Falta el elemento #root en index.html");

const serverState = readServerState(document);

function app() {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderClockProvider value={serverState?.now ?? null}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
          <HydratedMark />
        </RenderClockProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}

if (serverState && container.firstElementChild) {
  // The page arrived rendered (apps/api/src/lib/web.ts): its code is fetched first, so hydration
  // adopts the HTML instead of replacing it with a loading state.
  // A refused form's answer is its page, sent at the form's address (decision 0029): the page's own.
  if (serverState.url) history.replaceState(null, "", serverState.url);
  hydrate(queryClient, serverState.queries);
  // The dates as the HTML shows them: hydration writes the same words without building a formatter.
  if (serverState.dates) adoptDateTexts(serverState.dates);
  resumeRaffleEventsAfter(serverState.lastEventId);
  // Tasks of their own: evaluating the code, matching the route (the router ranks every route of the app)
  // and hydrating were one long task, in which the phone answers no tap; the header and the page hydrate
  // in turns after it (app/hydration-turns.tsx). Each waits while the buyer is filling a keyed form, and
  // none runs once such a form is being sent: its answer replaces the page (app/page-leaving.ts).
  void nextTask()
    .then(untilFormsQuiet)
    .then(() => (pageIsBeingLeft() ? undefined : preloadServerRenderedRoute(window.location.pathname)))
    .catch(() => undefined)
    .then(nextTask)
    .then(untilFormsQuiet)
    .then(() => {
      if (!pageIsBeingLeft()) hydrateInTurns(() => hydrateRoot(container, app()));
    });
} else {
  createRoot(container).render(app());
}
