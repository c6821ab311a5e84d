// axe-core in the page under test: `expectNoAxeViolations(page, label)` runs it and fails with one line per
// violation (rule, impact, the elements' selectors, what is wrong), so a failure reads without a trace.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, Result, RunOptions } from "axe-core";

const require = createRequire(import.meta.url);
/**
 * axe-core's browser build (a root devDependency). Evaluated through the DevTools protocol as
 * @axe-core/playwright does: a script tag would be inline code, which the app's CSP rightly refuses.
 */
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * WCAG 2.0, 2.1 and 2.2 levels A and AA, and axe's best practices (heading order, one main landmark,
 * content inside landmarks, unique landmark names...). No rule is disabled. Two experimental rules that
 * check WCAG A/AA success criteria are turned on as well: a paragraph styled as a heading (1.3.1) and
 * content locked to one orientation (1.3.4).
 */
const OPTIONS: RunOptions = {
  runOnly: {
    type: "tag",
    values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
  },
  rules: {
    "p-as-heading": { enabled: true },
    "css-orientation-lock": { enabled: true },
  },
  resultTypes: ["violations"],
};

declare global {
  interface Window {
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/** One readable line per failing element: where it is and what axe says about it. */
function describe(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((part) => (Array.isArray(part) ? part.join(" >> ") : part)).join(" ");
    const why = node.failureSummary?.replace(/\s+/g, " ").trim() ?? "";
    return `    - ${target}${why ? `: ${why}` : ""}`;
  });
  return `  ${violation.id} (${violation.impact ?? "sin impacto"}): ${violation.help} [${violation.nodes.length}]\n${nodes.join("\n")}`;
}

/**
 * Runs axe on the page as it is now and fails listing every violation; `label` names the screen. The
 * check is soft: a sweep goes on to the next screen and reports every screen that fails at the end.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // A screen still loading or refetching (aria-busy, often dimmed while it waits) is judged once it has
  // settled; one that stays busy is judged as it is after 15 s.
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 15_000 })
    .catch(() => undefined);
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async (options) => {
    if (!window.axe) throw new Error("axe-core no se cargó");
    // Deterministic colours: an entrance (fade, slide) is measured where it ends, and a looping one
    // (a pulse, a spinner) at its midpoint, a pulse's dimmest frame, which a reader has to read too.
    // A forced style recalculation first: a class just removed (a refetch's dimming ending with aria-busy)
    // starts its CSS transition only then, and getAnimations() would otherwise miss it.
    void document.documentElement.offsetHeight;
    const looping: Animation[] = [];
    for (const animation of document.getAnimations()) {
      const timing = animation.effect?.getComputedTiming();
      if (timing?.iterations === Number.POSITIVE_INFINITY) {
        animation.pause();
        animation.currentTime = Number(timing.duration) / 2;
        looping.push(animation);
      } else {
        animation.finish();
      }
    }
    try {
      return await window.axe.run(document, options);
    } finally {
      for (const animation of looping) animation.play();
    }
  }, OPTIONS);
  const report = results.violations.map(describe).join("\n");
  expect.soft(report, `axe en «${label}» (${page.url()})`).toBe("");
}
