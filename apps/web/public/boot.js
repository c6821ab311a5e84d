// Imports the app after the first paint (see paintBeforeScripts in apps/web/vite.config.ts).
// Before that, a page sent as a form's answer (docs/decisions/0029) carries its own address
// (#rifazo-state's `url`): it goes in the address bar at once, so a reload, a bookmark or Back find the page,
// not the form's address. (The key each such form sends is added by the page's inline script,
// packages/shared/src/form-key-script.ts.)
try {
  const answered = JSON.parse(document.getElementById("rifazo-state")?.textContent || "{}").url;
  if (typeof answered === "string" && answered.startsWith("/") && !answered.startsWith("//"))
    history.replaceState(history.state, "", answered);
} catch {
  // A page without usable state keeps its address; the app checks it again.
}
const entry = document.querySelector("link[data-app-entry]");
let started = false;
function start() {
  // A form the browser is sending (the page's inline script marks it): its answer replaces this page.
  if (started || !entry || window.__rifazoLeaving) return;
  // A buyer filling such a form: the app's start (a long task on a phone) waits until they pause.
  const busy = typeof window.__rifazoBusyFor === "function" ? window.__rifazoBusyFor() : 0;
  if (busy > 0) {
    setTimeout(start, busy);
    return;
  }
  started = true;
  import(entry.href);
}
if (
  !document.getElementById("root")?.firstElementChild ||
  document.visibilityState !== "visible" ||
  typeof PerformanceObserver === "undefined"
) {
  start();
} else {
  try {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start);
    }).observe({ type: "paint", buffered: true });
  } catch {
    start();
  }
  setTimeout(start, 3000);
}
