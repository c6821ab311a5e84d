import { Suspense, useEffect, useRef } from "react";

// Hydration in turns (docs/decisions/0033-preact-on-both-sides.md): Preact hydrates a page in one call,
// one long task in which the phone answers no tap. A part wrapped in <HydrationTurn> waits for a task of
// its own: during the first hydration it suspends until the next macrotask, Preact keeps its server HTML
// on screen meanwhile (a suspended part is not replaced while hydrating), and then hydrates it. Links and
// forms in the waiting HTML work as they did before any code arrived.

let firstHydration = false;
/** Turns that suspended and have not committed yet; the page counts as hydrated when none is left. */
let waiting = 0;
const doneListeners = new Set<() => void>();

/** Runs the first hydration: parts in a <HydrationTurn> suspend during it, each until a later task. */
export function hydrateInTurns(hydrate: () => void): void {
  firstHydration = true;
  try {
    hydrate();
  } finally {
    firstHydration = false;
  }
}

/** Calls `done` once every turn has hydrated (at once when none is waiting). */
export function whenTurnsDone(done: () => void): () => void {
  if (waiting === 0) {
    done();
    return () => {};
  }
  doneListeners.add(done);
  return () => doneListeners.delete(done);
}

type TurnWait = { promise?: Promise<void> };

function nextTask(): Promise<void> {
  waiting++;
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function Turn({ wait, children }: { wait: TurnWait; children: React.ReactNode }) {
  if (firstHydration) {
    wait.promise ??= nextTask();
    throw wait.promise;
  }
  return (
    // One element, so that the suspended turn keeps exactly its own HTML (Preact keeps one node).
    <div className="contents">
      {children}
      {wait.promise ? <TurnCommitted wait={wait} /> : null}
    </div>
  );
}

function TurnCommitted({ wait }: { wait: TurnWait }) {
  useEffect(() => {
    if (!wait.promise) return;
    wait.promise = undefined;
    waiting--;
    if (waiting === 0) {
      for (const done of [...doneListeners]) done();
      doneListeners.clear();
    }
  }, [wait]);
  return null;
}

/**
 * Hydrates `children` in a task after the rest of the page's first hydration; renders them as is otherwise.
 * Also their Suspense boundary: `fallback` shows while a lazy part inside loads (never during hydration).
 */
export function HydrationTurn({
  children,
  fallback = null,
}: {
  children: React.ReactNode;
  fallback?: React.ReactNode;
}) {
  // Held here, outside the part that suspends (a suspended component keeps no state of its own).
  const wait = useRef<TurnWait>({}).current;
  return (
    <Suspense fallback={fallback}>
      <Turn wait={wait}>{children}</Turn>
    </Suspense>
  );
}
