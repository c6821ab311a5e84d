// Code a page shows at once but keeps in a chunk of its own (the payment page's full proof form): opened
// in the app, the page asks for it together with its own code, one download on a slow link instead of two
// in a row. Not while the page the server rendered has its code loaded for hydration: what it needs to
// run comes first, and the rest arrives after (its HTML prefetches it at the lowest priority).

let hydrating = false;

/** Runs `load` (the code of the page the server rendered) without asking for any page's companions. */
export function loadForHydration<T>(load: () => T): T {
  hydrating = true;
  try {
    return load();
  } finally {
    hydrating = false;
  }
}

/** A page's loader that also asks for `companions`, except while loading for hydration. */
export function withCompanions<M>(
  loadPage: () => Promise<M>,
  ...companions: (() => Promise<unknown>)[]
): () => Promise<M> {
  return () => {
    if (!hydrating) for (const companion of companions) companion().catch(() => undefined);
    return loadPage();
  };
}
