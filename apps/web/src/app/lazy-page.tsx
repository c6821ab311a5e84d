import { type ComponentType, lazy, useSyncExternalStore } from "react";

// Pages are separate chunks. A page can be preloaded before it renders (the router does so for the URL
// being hydrated, so server-rendered HTML is hydrated without suspending), and once its module is in
// memory it renders directly instead of through React.lazy. While any page's code is downloading, the
// navigation progress bar is shown (see usePageLoading).

export type LazyPage = ((props: object) => React.ReactNode) & {
  /**
   * Downloads the page's module (once). Once resolved the page renders without suspending; the module
   * also gives what it exports beside the component (its server-side data requirement).
   */
  load(): Promise<Record<string, unknown>>;
  /** The name the page's module exports it under: the server finds its chunks by it (entry-server). */
  exportName: string;
};

let pendingLoads = 0;
const failedPages = new Set<() => void>();

/** Pages whose download failed will try again on their next render (after the network came back). */
export function retryFailedPages(): void {
  for (const retry of failedPages) retry();
  failedPages.clear();
}
const listeners = new Set<() => void>();

function setPending(delta: number): void {
  pendingLoads += delta;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the code of a page being opened is downloading. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pendingLoads > 0,
    () => false,
  );
}

export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  loadModule: () => Promise<M>,
  name: K,
): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<M> | undefined;

  const load = (): Promise<M> => {
    if (!loading) {
      setPending(1);
      loading = loadModule().then(
        (module) => {
          loaded = module[name] as ComponentType;
          setPending(-1);
          return module;
        },
        (error: unknown) => {
          // A failed download (offline, or a deploy replaced the files) may be retried on the next visit.
          loading = undefined;
          setPending(-1);
          throw error;
        },
      );
    }
    return loading;
  };

  // React.lazy keeps a failed download's error for good. retryFailedPages() (the offline screen's
  // "Reintentar") gives the page a fresh one; not at once, since React renders a failed tree again
  // before showing the error, and a fresh lazy there would download again, fail again, and so on.
  const makeLazy = () =>
    lazy(async () => {
      try {
        await load();
      } catch (error) {
        failedPages.add(() => {
          Lazy = makeLazy();
        });
        throw error;
      }
      return { default: loaded as ComponentType };
    });
  let Lazy = makeLazy();

  // A factory like React.lazy: called once per route when the module loads, never during a render.
  // biome-ignore lint/correctness/noComponentHookFactories: see above.
  function Page(props: object) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Page.displayName = `LazyPage(${name})`;
  Page.load = load;
  Page.exportName = name;
  return Page;
}
