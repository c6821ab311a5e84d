import { useEffect } from "react";

/**
 * Says when React has taken over the page (hydrated the server's HTML, or rendered the empty shell):
 * `data-hydrated` on <html> and a `rifazo:hydrated` performance mark. Until then the buttons that need
 * the code do nothing (decision 0005); `npm run bench:web` reads the mark to tell when they start to work.
 * Mounted after the app, so its effect runs once the whole first render has committed.
 */
export function HydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    performance.mark("rifazo:hydrated");
  }, []);
  return null;
}
