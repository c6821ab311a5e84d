// Where a page's time goes before it hydrates, on DevTools' Slow 3G (2 s per request, 50,000 B/s) with the
// CPU 4× slower, cold cache, anonymous, 390 px: when the HTML and each resource were asked for, began to
// arrive and ended, the long tasks, and
// the app's `rifazo:hydrated` mark (docs/decisions/0032-hydration-on-slow-3g.md).
//   node scripts/bench/hydration-probe.mjs http://localhost:3000 /rifas   (CODE_CACHED=1: the page fetches its code)
import { chromium } from "@playwright/test";
import { BROWSER_FLAGS, phoneContext } from "./phone.mjs";
import { CPU_SLOWDOWN, SLOW_3G } from "./usable.mjs";

const [base, pagePath = "/"] = process.argv.slice(2);
if (!base) throw new Error("uso: node scripts/bench/hydration-probe.mjs <origen> [ruta]");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: BROWSER_FLAGS,
});
try {
  const context = await phoneContext(browser, { serviceWorkers: "block" });
  // CODE_CACHED=1: as a browser whose service worker holds the code (the page fetches it, decision 0036).
  if (process.env.CODE_CACHED === "1")
    await context.addCookies([{ name: "rifazo_code_cached", value: "1", url: base }]);
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask", buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await page.goto(base + pagePath, { waitUntil: "commit" });
  await page.waitForFunction(() => performance.getEntriesByName("rifazo:hydrated").length > 0, undefined, {
    timeout: 120_000,
  });
  const data = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const hydrated = performance.getEntriesByName("rifazo:hydrated")[0].startTime;
    return {
      htmlStart: nav.responseStart,
      htmlEnd: nav.responseEnd,
      htmlBytes: nav.encodedBodySize,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      hydrated,
      longTasks: window.__longTasks,
      resources: performance
        .getEntriesByType("resource")
        .filter((r) => r.startTime < hydrated)
        .map((r) => ({
          path: r.name.replace(location.origin, ""),
          start: r.startTime,
          firstByte: r.responseStart,
          end: r.responseEnd,
          bytes: r.encodedBodySize,
        })),
    };
  });
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `${pagePath}: HTML ${s(data.htmlStart)} → ${s(data.htmlEnd)} (${data.htmlBytes} B), FCP ${s(data.fcp)}, hidratada ${s(data.hydrated)}`,
  );
  console.log(`tareas largas (inicio, ms): ${data.longTasks.map(([at, ms]) => `${s(at)} ${ms}`).join(", ")}`);
  for (const r of data.resources)
    console.log(
      `  ${s(r.start)} → ${s(r.firstByte)} → ${s(r.end)}  ${String(r.bytes).padStart(7)} B  ${r.path}`,
    );
} finally {
  await browser.close();
}
