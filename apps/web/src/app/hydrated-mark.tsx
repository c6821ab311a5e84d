import { useEffect } from "react";
import { whenTurnsDone } from "./hydration-turns";

/**
 * Says when React has taken over the page (hydrated the server's HTML, or rendered the empty shell):
 * `data-hydrated` on <html> and a `rifazo:hydrated` performance mark. Until then the buttons that need
 * the code do nothing (decision 0005); `npm run bench:web` reads the mark to tell when they start to work.
 * Mounted after the app, so its effect runs once the first render has committed; the parts that hydrate
 * in later tasks (hydration-turns.tsx) are waited for.
 */
export function HydratedMark() {
  useEffect(
    () =>
      whenTurnsDone(() => {
        document.documentElement.dataset.hydrated = "";
        performance.mark("rifazo:hydrated");
      }),
    [],
  );
  return null;
}
