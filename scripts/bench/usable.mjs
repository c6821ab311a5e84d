// "Usable" time of the public pages on a cheap phone with a bad connection (part of `npm run bench:web`).
//
// Playwright drives Debian's Chromium with a 390×844 phone viewport, a cold cache (a fresh browser context
// per load) and, through the DevTools protocol, DevTools' own "Slow 3G" preset and a 4× slower CPU:
//   Network.emulateNetworkConditions { latency: 400 × 5 = 2000 ms, download = upload = 500 kbit/s × 0.8 =
//   50 000 bytes/s } — the numbers of Chrome DevTools' Slow3GConditions (front_end/core/sdk/NetworkManager.ts),
//   as copied in puppeteer-core's PredefinedNetworkConditions["Slow 3G"] (node_modules/puppeteer-core/lib/
//   esm/puppeteer/cdp/PredefinedNetworkConditions.js). DevTools applies the latency to every request;
//   Lighthouse's simulated "slow 4G" (mobileSlow4G: 150 ms RTT, 1.6 Mbit/s) is about four times kinder.
//   Emulation.setCPUThrottlingRate { rate: 4 }.
//
// Each page names its main action. The probe (an init script, so it runs from the first byte) checks every
// 25 ms whether that control is usable: the page has painted (first-contentful-paint), the control is
// rendered and visible, not disabled (nor aria-disabled, nor inert), and either it works without
// JavaScript (a real link, or a field/submit button of a <form method="get" action="…">) or React has
// hydrated the page (the `rifazo:hydrated` performance mark, apps/web/src/app/hydrated-mark.tsx).
// Usable = performance.now() (milliseconds since navigation start) at the first check that passed.
// Then the action is PERFORMED and its effect checked (a navigation happened, a result is shown): a run
// whose action had no effect fails, so a control that only looks ready cannot produce a number.
// Also reported: FCP and when hydration finished (the mark), per run; medians over RUNS loads.
import { chromium } from "@playwright/test";
import { BROWSER_FLAGS, PHONE, phoneContext } from "./phone.mjs";

export { PHONE };
/** Chrome DevTools' "Slow 3G" (see above). */
export const SLOW_3G = {
  offline: false,
  latency: 400 * 5,
  downloadThroughput: ((500 * 1000) / 8) * 0.8,
  uploadThroughput: ((500 * 1000) / 8) * 0.8,
};
export const CPU_SLOWDOWN = 4;
const POLL_MS = 25;
const TIMEOUT_MS = 90_000;

/**
 * Runs in the page before its HTML (an init script; the CSP forbids eval, so `find` is inlined as source).
 * Records in window.__benchUsable when the control `find(document)` returns first became usable.
 */
function probe(find, arg, pollMs) {
  const state = { usableAt: null, how: null };
  Object.defineProperty(window, "__benchUsable", { value: state });
  const worksWithoutJs = (el) => {
    const link = el.closest("a[href]");
    if (link) {
      const href = link.getAttribute("href") ?? "";
      return href !== "" && !href.startsWith("#") && !href.startsWith("javascript:");
    }
    // A form the server answers on its own: GET, or POST since decision 0029 (reserve, pay).
    const form = el.form ?? el.closest("form");
    const method = (form?.getAttribute("method") ?? "").toLowerCase();
    if (!form || (method !== "get" && method !== "post") || !form.hasAttribute("action")) return false;
    return [...form.elements].some(
      (c) => (c.type === "submit" || (c.tagName === "BUTTON" && !c.getAttribute("type"))) && !c.disabled,
    );
  };
  const check = () => {
    if (state.usableAt !== null) return;
    if (performance.getEntriesByName("first-contentful-paint").length === 0) return;
    const el = find(document, arg);
    if (!el?.isConnected) return;
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return;
    if (el.matches(":disabled") || el.closest("[aria-disabled='true'], [inert]")) return;
    const hydrated = performance.getEntriesByName("rifazo:hydrated").length > 0;
    const native = worksWithoutJs(el);
    if (!hydrated && !native) return;
    state.usableAt = performance.now();
    state.how = native ? "sin JS" : "tras hidratar";
    clearInterval(timer);
  };
  const timer = setInterval(check, pollMs);
}

const median = (values) => {
  const present = values.filter((v) => typeof v === "number" && Number.isFinite(v));
  if (!present.length) return undefined;
  const sorted = [...present].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

const newPhoneContext = (browser) => phoneContext(browser, { serviceWorkers: "allow" });

/**
 * One cold load of `spec.path`. With `act`, performs the action as soon as the control is usable and checks
 * its effect; without, only waits for hydration (a link followed before hydration leaves the document, so
 * its hydration time is read in a load of its own).
 */
async function loadOnce(browser, baseUrl, spec, { network, act, screenshotPath }) {
  const context = await newPhoneContext(browser);
  try {
    const source = `(${probe.toString()})(${spec.find.toString()}, ${JSON.stringify(spec.arg ?? null)}, ${POLL_MS});`;
    await context.addInitScript({ content: source });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", network);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const startedAt = Date.now();
    await page.goto(`${baseUrl}${spec.path}`, { waitUntil: "commit", timeout: TIMEOUT_MS });
    const timings = () =>
      page.evaluate(() => ({
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        hydrated: performance.getEntriesByName("rifazo:hydrated")[0]?.startTime,
      }));
    if (!act) {
      await page.waitForFunction(
        () => performance.getEntriesByName("rifazo:hydrated").length > 0,
        undefined,
        {
          timeout: TIMEOUT_MS,
          polling: 100,
        },
      );
      return { ...(await timings()), errors };
    }
    await page.waitForFunction(() => window.__benchUsable?.usableAt !== null, undefined, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    const usable = await page.evaluate(() => ({ ...window.__benchUsable }));
    if (screenshotPath) await page.screenshot({ path: screenshotPath });
    // Read before the action: following a link replaces the document and its timings.
    const before = await timings();
    await spec.perform(page, { hydrated: before.hydrated !== undefined });
    try {
      await spec.check(page);
    } catch (error) {
      // FAILED_SHOT=<file.png> keeps what the page showed when the action had no visible effect.
      if (process.env.FAILED_SHOT) await page.screenshot({ path: process.env.FAILED_SHOT }).catch(() => {});
      throw error;
    }
    return {
      usable: usable.usableAt,
      how: usable.how,
      fcp: before.fcp,
      hydrated: before.hydrated,
      effectMs: Date.now() - startedAt,
      errors,
    };
  } finally {
    await context.close();
  }
}

/**
 * Measures every page RUNS times. `specs`: { label, path, action (Spanish, for the table), find (runs in
 * the page: returns the control), perform(page, { hydrated }), check(page) (throws when the effect is absent) }.
 * A page whose runs all fail is reported with its error instead of a number.
 */
export async function measureUsable({
  baseUrl,
  specs,
  chromiumPath = "/usr/bin/chromium",
  runs = 3,
  network = SLOW_3G,
  screenshotDir,
  log = console.log,
}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: BROWSER_FLAGS });
  const results = [];
  try {
    for (const spec of specs) {
      const loads = [];
      const failures = [];
      for (let run = 0; run < runs; run++) {
        log(`bench:web: utilizable ${spec.label} (${run + 1}/${runs})...`);
        try {
          const shot =
            screenshotDir && run === 0
              ? `${screenshotDir}/${spec.label.replace(/[^a-z0-9]+/gi, "_")}.png`
              : undefined;
          loads.push(await loadOnce(browser, baseUrl, spec, { network, act: true, screenshotPath: shot }));
        } catch (error) {
          failures.push(error instanceof Error ? error.message.split("\n")[0] : String(error));
        }
      }
      // The action was taken before hydration in some loads: hydration is timed in loads of its own.
      let hydrations = loads.map((l) => l.hydrated);
      if (loads.some((l) => l.hydrated === undefined)) {
        hydrations = [];
        for (let run = 0; run < runs; run++) {
          log(`bench:web: hidratación de ${spec.label} (${run + 1}/${runs})...`);
          try {
            hydrations.push((await loadOnce(browser, baseUrl, spec, { network, act: false })).hydrated);
          } catch (error) {
            failures.push(`hidratación: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
          }
        }
      }
      const usableMedian = median(loads.map((l) => l.usable));
      const chosen = loads.find((l) => l.usable === usableMedian);
      results.push({
        label: spec.label,
        action: spec.action,
        runs: loads.map((l) => Math.round(l.usable)),
        usable: usableMedian,
        how: chosen?.how,
        fcp: median(loads.map((l) => l.fcp)),
        hydrated: median(hydrations),
        effect: median(loads.map((l) => l.effectMs)),
        failures,
        pageErrors: [...new Set(loads.flatMap((l) => l.errors))],
      });
    }
  } finally {
    await browser.close();
  }
  return results;
}
