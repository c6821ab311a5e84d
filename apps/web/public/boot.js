// Imports the app after the first paint (see paintBeforeScripts in apps/web/vite.config.ts).
// Before that, two things for the forms that work before the app (docs/decisions/0029):
//  - A page sent as a form's answer carries its own address (#rifazo-state's `url`): it goes in the address
//    bar at once, so a reload, a bookmark or Back find the page, not the form's address.
//  - Each native submission of a form marked data-form-key gets a fresh key (`clave`): the server answers it
//    with the next page itself instead of a redirect, and a repeated submission (a reload) with the same one.
try {
  const answered = JSON.parse(document.getElementById("rifazo-state")?.textContent || "{}").url;
  if (typeof answered === "string" && answered.startsWith("/") && !answered.startsWith("//"))
    history.replaceState(history.state, "", answered);
} catch {
  // A page without usable state keeps its address; the app checks it again.
}
document.addEventListener("formdata", (event) => {
  if (!(event.target instanceof HTMLFormElement) || !event.target.hasAttribute("data-form-key")) return;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  event.formData.set("clave", Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(""));
});
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
