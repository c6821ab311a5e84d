// What the page's inline script (@rifazo/shared/form-key-script) knows of its keyed forms: whether the
// browser is sending one (the page is being left) and how long the buyer's last touch of one asks the
// app's start to wait. The boot scripts read the same two before they start the app; the app reads them
// again before each step of its start, which /boot.js or the carried code may have begun before the tap
// (docs/decisions/0036-code-in-the-page.md).

type PageMarks = { __rifazoLeaving?: unknown; __rifazoBusyFor?: () => number };

const marks = () => window as unknown as PageMarks;

/** A keyed form of this page is being sent: its answer replaces the page, which starts nothing more. */
export function pageIsBeingLeft(): boolean {
  return Boolean(marks().__rifazoLeaving);
}

/** Resolves once no keyed form has been touched for the quiet time (at once when none was). */
export function untilFormsQuiet(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const busyFor = marks().__rifazoBusyFor?.() ?? 0;
      if (busyFor > 0) setTimeout(check, busyFor);
      else resolve();
    };
    check();
  });
}
