// Imports the app after the first paint (see paintBeforeScripts in apps/web/vite.config.ts).
const entry = document.querySelector("link[data-app-entry]");
let started = false;
function start() {
  if (started || !entry) return;
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
