// The signed-in buyer's journey on a cheap phone over a bad connection (part `journey` of
// `npm run bench:web`). Same conditions as usable.mjs: Debian's Chromium through Playwright, a 390×844
// phone, DevTools' "Slow 3G" (2 000 ms per request, 50 000 B/s down and up) and a 4× slower CPU; every
// load in a fresh context (cold cache, service workers blocked so nothing is served from a precache),
// holding only the session cookie of a demo buyer signed in through the API (journey-setup.mjs).
//  - Chosen numbers: navigation to the raffle page → first paint, hydration (the `rifazo:hydrated`
//    mark), "grid usable" (a free number, tapped, shows as selected: an init script taps the first free
//    cell every 250 ms and stamps the first time one is selected), a second number, «Reservar 2
//    números», until the payment page shows its total. The reservation is then read back from the API
//    (active, 2 numbers, the ones chosen).
//  - From that payment page: Pago Móvil, the amount it asks for, a reference, a 1.5 MB 1080×2400 PNG
//    screenshot (phone-screenshot.mjs), «Enviar Comprobante», until the page says the proof was received;
//    then the API must list exactly one proof with that reference, bound to the reservation.
//  - Random quantity: the same raffle-page steps with a quantity of 2 and «Reservar boletos».
// Every request the page made from the tap on «Reservar» until the payment page showed is listed
// (method, path, status, bytes received including headers), the requests that can be cut.
// All times are milliseconds from the raffle page's navigation start (performance.timeOrigin), except
// the upload, timed from the tap on «Enviar Comprobante». JOURNEY_TRACE=1 also prints every request of
// both pages with its start and end (which waited for one of the six connections, which never ended).
import { chromium } from "@playwright/test";
import { browserCookies } from "./journey-setup.mjs";
import { BROWSER_FLAGS, phoneContext } from "./phone.mjs";
import { phoneScreenshotPng } from "./phone-screenshot.mjs";
import { CPU_SLOWDOWN, SLOW_3G } from "./usable.mjs";

const TIMEOUT_MS = 180_000;
const POLL_MS = 50;
/**
 * JOURNEY_PAUSE_MS: how long the buyer waits between choosing and tapping «Reservar» (default none). A pause
 * lets the app's start, if any, fall on the tap, as for a buyer who reads the total first.
 */
export const PAUSE_BEFORE_RESERVE_MS = Math.max(0, Number(process.env.JOURNEY_PAUSE_MS) || 0);

/** A tap on the grid every TAP_EVERY polls: about as often as a person taps a number that does not react. */
const TAP_EVERY = 5;

/**
 * Init script (runs in every document from its first byte; the CSP forbids eval, so it is inlined as
 * source): stamps in window.__benchJourney.at the epoch time (ms) at which each condition first held.
 */
function watcher(config, pollMs, tapEvery) {
  const state = { at: {}, taps: 0 };
  Object.defineProperty(window, "__benchJourney", { value: state });
  const now = () => performance.timeOrigin + performance.now();
  const stamp = (name) => {
    if (state.at[name] === undefined) state.at[name] = now();
  };
  const visible = (el) =>
    Boolean(el?.isConnected) &&
    el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
    el.getBoundingClientRect().width > 0;
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  const hydrated = () => performance.getEntriesByName("rifazo:hydrated").length > 0;
  const cells = () => [
    // The app's grid, or before the code runs the form's own checkboxes (decision 0029).
    ...document.querySelectorAll('[role="grid"] button[data-n], form input[type="checkbox"][name="numeros"]'),
  ];
  const selected = (el) => el.getAttribute("aria-pressed") === "true" || el.checked === true;
  const free = (el) => !el.disabled && el.getAttribute("aria-disabled") !== "true" && !selected(el);
  const reserveUsable = () => {
    const el = [...document.querySelectorAll("main button, main input[type=submit]")].find((c) =>
      /^\s*reservar/i.test(c.textContent || c.value || ""),
    );
    if (!visible(el) || el.matches(":disabled") || el.closest("[aria-disabled='true'], [inert]"))
      return false;
    const form = el.form;
    const native = form && (form.getAttribute("method") ?? "").toLowerCase() === "post" && form.action;
    if (native) return true;
    // Hydrated is not enough: until the session is known a tap goes to the sign-in page. The picker
    // says how long the numbers stay held only to a signed-in buyer.
    return hydrated() && /quedan apartados/.test(document.querySelector("main")?.textContent ?? "");
  };
  const paymentShown = () => {
    if (!location.pathname.startsWith("/perfil/subir-comprobante/")) return false;
    if (!new URLSearchParams(location.search).get("reserva")) return false;
    return [...document.querySelectorAll("main dt")].some(
      (dt) =>
        /^\s*total\s*$/i.test(dt.textContent) &&
        visible(dt) &&
        /\d/.test(dt.nextElementSibling?.textContent ?? ""),
    );
  };
  const accepted = () => {
    // The page's text, not its scripts': a page that carries its code (decision 0036) has the app's strings,
    // these two among them, in <script> elements at the end of its body.
    const text = [...(document.body?.children ?? [])]
      .filter((element) => element.tagName !== "SCRIPT")
      .map((element) => element.textContent)
      .join(" ");
    return text.includes("Comprobante en revisión") || text.includes("Comprobante Enviado");
  };
  let ticks = 0;
  const tapGrid = () => {
    const all = cells();
    if (all.some(selected)) return stamp("gridUsable");
    if (ticks % tapEvery !== 0) return;
    const cell = all.find(free);
    if (!visible(cell)) return;
    state.taps += 1;
    cell.click();
    if (selected(cell)) stamp("gridUsable");
  };
  setInterval(() => {
    ticks += 1;
    if (!painted()) return;
    stamp("painted");
    if (hydrated()) stamp("hydrated");
    if (config.tapGrid && state.at.gridUsable === undefined) tapGrid();
    if (reserveUsable()) stamp("reserveUsable");
    if (paymentShown()) stamp("payment");
    if (accepted()) stamp("accepted");
  }, pollMs);
}

/** Every request of the page with what the DevTools protocol says of it (wall time in epoch ms). */
async function recordRequests(cdp) {
  const requests = new Map();
  cdp.on("Network.requestWillBeSent", (e) => {
    if (requests.has(e.requestId) && e.redirectResponse) {
      const previous = requests.get(e.requestId);
      previous.status = e.redirectResponse.status;
      requests.set(`${e.requestId}:${e.wallTime}`, previous);
    }
    requests.set(e.requestId, {
      method: e.request.method,
      url: e.request.url,
      type: e.type,
      at: e.wallTime * 1000,
      // Protocol timestamps are monotonic seconds; this turns them into epoch ms.
      offset: e.wallTime - e.timestamp,
      bytes: 0,
    });
  });
  cdp.on("Network.responseReceived", (e) => {
    const request = requests.get(e.requestId);
    if (request) request.status = e.response.status;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    request.bytes = e.encodedDataLength;
    request.end = (e.timestamp + request.offset) * 1000;
  });
  cdp.on("Network.loadingFailed", (e) => {
    const request = requests.get(e.requestId);
    if (request) request.status = `fallo: ${e.errorText}`;
  });
  await cdp.send("Network.enable");
  return requests;
}

/** A fresh phone with the buyer's session cookie, throttled, its requests recorded. */
async function openPhone(browser, baseUrl, buyer, config) {
  const context = await phoneContext(browser, { serviceWorkers: "block" });
  await context.addCookies(browserCookies(baseUrl, buyer.setCookies));
  await context.addInitScript({
    content: `(${watcher.toString()})(${JSON.stringify(config)}, ${POLL_MS}, ${TAP_EVERY});`,
  });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const cdp = await context.newCDPSession(page);
  const requests = await recordRequests(cdp);
  await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page, errors, requests };
}

/** Waits for a stamp; a timeout says which one, and where the page was, so a failed run can be told apart. */
async function stamped(page, name) {
  try {
    await page.waitForFunction((n) => window.__benchJourney?.at[n] !== undefined, name, {
      timeout: TIMEOUT_MS,
      polling: 100,
    });
  } catch (error) {
    const where = await page
      .evaluate(() => ({
        path: location.pathname + location.search,
        at: Object.keys(window.__benchJourney?.at ?? {}).join(", "),
        hydrated: performance.getEntriesByName("rifazo:hydrated").length > 0,
        // What the page says went wrong, if anything (alerts, field messages, toasts).
        said: [...document.querySelectorAll('[role="alert"], [aria-invalid="true"], [data-sonner-toast]')]
          .map((el) => {
            if (!el.getAttribute("aria-invalid")) return el.textContent;
            const ids = `${el.getAttribute("aria-describedby") ?? ""} ${el.getAttribute("aria-errormessage") ?? ""}`;
            const why = ids
              .split(/\s+/)
              .map((id) => (id ? document.getElementById(id)?.textContent : ""))
              .filter(Boolean)
              .join(" ");
            return `${el.getAttribute("name")} inválido: ${why}`;
          })
          .map((text) => text.trim().slice(0, 160))
          .filter(Boolean)
          .join(" | "),
      }))
      .catch(() => null);
    const state = where
      ? ` (en ${where.path}; marcas: ${where.at || "ninguna"}; hidratada: ${where.hydrated ? "sí" : "no"}${where.said ? `; dice: ${where.said}` : ""})`
      : "";
    throw new Error(`sin «${name}» en ${TIMEOUT_MS / 1000} s${state}: ${String(error).split("\n")[0]}`);
  }
}

/** The raffle document's stamps, read before anything can navigate away from it. */
const raffleStamps = (page) =>
  page.evaluate(() => ({
    origin: performance.timeOrigin,
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
    hydrated: performance.getEntriesByName("rifazo:hydrated")[0]?.startTime,
    at: { ...window.__benchJourney.at },
    taps: window.__benchJourney.taps,
  }));

const epochNow = (page) => page.evaluate(() => performance.timeOrigin + performance.now());

/** Requests started from `from` to `to` (epoch ms), as rows for the report. */
function requestsBetween(requests, from, to) {
  return [...requests.values()]
    .filter((r) => r.at >= from - 5 && r.at <= to)
    .sort((a, b) => a.at - b.at)
    .map((r) => ({
      method: r.method,
      path: r.url.startsWith("data:") ? "data:" : new URL(r.url).pathname + new URL(r.url).search,
      status: r.status ?? "sin respuesta",
      bytes: r.bytes,
      startMs: Math.round(r.at - from),
      endMs: r.end === undefined ? undefined : Math.round(r.end - from),
    }));
}

/** Exactly two chosen numbers: taps free cells until two are selected (a replayed tap may add a third). */
async function chooseTwo(page) {
  // The app's grid, or before the code runs the form's fieldset of checkboxes (decision 0029).
  const grid = page
    .getByRole("grid", { name: "Números de la rifa" })
    .or(page.getByRole("group", { name: "Números de la rifa" }))
    .first();
  // A checkbox of the form's grid is visually hidden: the buyer taps its cell, the label around it.
  const selectedCells = grid.locator(
    'button[data-n][aria-pressed="true"], label:has(input[type="checkbox"]:checked)',
  );
  for (let guard = 0; guard < 10; guard++) {
    const count = await selectedCells.count();
    if (count === 2) break;
    if (count > 2) await selectedCells.last().tap();
    else
      await grid
        .locator(
          'button[data-n]:not([aria-disabled="true"]):not([aria-pressed="true"]), label:has(input[type="checkbox"]:not(:checked):not(:disabled))',
        )
        .first()
        .tap();
    await page.waitForTimeout(100);
  }
  const labels = await selectedCells.evaluateAll((els) => els.map((el) => el.textContent.trim()));
  if (labels.length !== 2) throw new Error(`no se pudieron elegir 2 números (${labels.length} elegidos)`);
  return labels.map((label) => /\d+/.exec(label)?.[0]).sort();
}

/** The reservation of the payment page, as the API has it: it must be active, for 2, with `numbers`. */
async function checkReservation(page, raffleId, numbers) {
  const url = new URL(page.url());
  const id = url.searchParams.get("reserva");
  if (!id) throw new Error(`la página de pago no nombra la reserva: ${url.pathname}${url.search}`);
  const response = await page.context().request.get(`${url.origin}/api/reservations/${id}`);
  const reservation = await response.json().catch(() => ({}));
  if (response.status() !== 200) throw new Error(`GET /api/reservations/${id}: ${response.status()}`);
  const problems = [];
  if (reservation.raffleId !== raffleId) problems.push(`rifa ${reservation.raffleId}`);
  if (reservation.status !== "active") problems.push(`estado ${reservation.status}`);
  if (reservation.quantity !== 2) problems.push(`cantidad ${reservation.quantity}`);
  if (numbers && JSON.stringify([...(reservation.numbers ?? [])].sort()) !== JSON.stringify(numbers))
    problems.push(`números ${reservation.numbers} en vez de ${numbers}`);
  if (problems.length) throw new Error(`la reserva ${id} no es la pedida: ${problems.join(", ")}`);
  return id;
}

/** Opens the raffle page and reserves 2 (chosen: two numbers of the grid; random: the quantity 2). */
async function reserveRun(phone, { baseUrl, raffle, mode }) {
  const { page, requests } = phone;
  await page.goto(`${baseUrl}/rifas/${raffle.id}`, { waitUntil: "commit", timeout: TIMEOUT_MS });
  let numbers = null;
  let gridTaps;
  if (mode === "chosen") {
    await stamped(page, "gridUsable");
    gridTaps = (await raffleStamps(page)).taps;
    numbers = await chooseTwo(page);
  } else {
    const quantity = page.getByLabel("Cantidad de boletos");
    await quantity.waitFor({ timeout: TIMEOUT_MS });
    if ((await quantity.inputValue()) !== "2") await quantity.fill("2");
  }
  await stamped(page, "reserveUsable");
  if (PAUSE_BEFORE_RESERVE_MS) await page.waitForTimeout(PAUSE_BEFORE_RESERVE_MS);
  const before = await raffleStamps(page);
  const reserve = page
    .locator("main")
    // Before the code runs the grid's button is the form's own («Reservar números», decision 0029).
    .getByRole("button", { name: mode === "chosen" ? /^Reservar (2 )?números/ : /^Reservar boletos/ });
  const tapAt = await epochNow(page);
  await reserve.tap();
  await stamped(page, "payment");
  const paymentAt = (await page.evaluate(() => window.__benchJourney.at.payment)) ?? Number.NaN;
  const reservationId = await checkReservation(page, raffle.id, numbers);
  // The payment page's own hydration, from its navigation (the tap's form submission).
  await stamped(page, "hydrated");
  const paymentHydrated = await page.evaluate(
    () => performance.getEntriesByName("rifazo:hydrated")[0]?.startTime,
  );
  const since = (epoch) => (epoch === undefined ? undefined : epoch - before.origin);
  if (process.env.JOURNEY_TRACE) {
    const at = (epoch) => Math.round(epoch - before.origin);
    console.log(`bench:web: ${mode}: toque ${at(tapAt)} ms, página de pago ${at(paymentAt)} ms`);
    for (const r of requestsBetween(requests, before.origin, Date.now()))
      console.log(
        `bench:web:   ${r.startMs}–${r.endMs ?? "?"} ms ${r.method} ${r.path} ${r.status} ${r.bytes ?? 0} B`,
      );
  }
  return {
    reservationId,
    tapAt,
    result: {
      fcp: before.fcp,
      hydrated: before.hydrated,
      gridUsable: since(before.at.gridUsable),
      gridTaps,
      reserveUsable: since(before.at.reserveUsable),
      payment: since(paymentAt),
      tapToPayment: paymentAt - tapAt,
      paymentHydrated,
      requests: requestsBetween(requests, tapAt, paymentAt),
      // What the raffle page needed before its reserve could be used (grid and «Reservar» both usable).
      loadRequests: requestsBetween(requests, before.origin, Math.max(...Object.values(before.at))),
    },
  };
}

/** On the payment page: Pago Móvil, its amount, a reference and the screenshot, sent; then the API check. */
async function uploadProof(page, { reservationId, png, reference }) {
  // The buyer pays in the bank's app first; back on the page, its code has run and the app's form (which
  // makes the screenshot smaller before sending it) has taken the place of the one the server rendered.
  await page
    .waitForFunction(() => performance.getEntriesByName("rifazo:hydrated").length > 0, undefined, {
      timeout: TIMEOUT_MS,
    })
    .catch((error) => {
      throw new Error(
        `la página de pago no se hidrató en ${TIMEOUT_MS / 1000} s: ${String(error).split("\n")[0]}`,
      );
    });
  // The app's form (no action: it sends by script) has replaced the server's (action="/api/proofs").
  await page
    .locator('main form[aria-label="Subir comprobante de pago"]:not([action])')
    .waitFor({ timeout: TIMEOUT_MS });
  const method = page.getByRole("combobox", { name: "Método de pago" });
  await method.waitFor({ timeout: TIMEOUT_MS });
  if (!/Pago Móvil/.test((await method.textContent()) ?? "")) {
    await method.tap();
    await page.getByRole("option", { name: "Pago Móvil" }).tap();
  }
  const due = await page.getByRole("tabpanel", { name: "Pago Móvil" }).locator("dd").first().textContent();
  const amount = /[\d.,]*\d/.exec(due ?? "")?.[0];
  if (!amount) throw new Error(`la página de pago no muestra el monto de Pago Móvil («${due}»)`);
  await page.getByLabel("Referencia de la transacción").fill(reference);
  await page.getByLabel("Monto pagado").fill(amount);
  await page
    .getByLabel("Comprobante de pago", { exact: true })
    .setInputFiles({ name: "captura-pago-movil.png", mimeType: "image/png", buffer: png });
  await page.getByText("captura-pago-movil.png").first().waitFor({ timeout: TIMEOUT_MS });
  let uploadBytes;
  // The body's size as sent (Content-Length of the multipart request; the protocol does not give a file
  // body's bytes).
  page.on("request", async (request) => {
    if (request.method() !== "POST" || new URL(request.url()).pathname !== "/api/proofs") return;
    const length = await request.headerValue("content-length").catch(() => null);
    if (length) uploadBytes = Number(length);
  });
  const sendAt = await epochNow(page);
  await page.getByRole("button", { name: "Enviar Comprobante" }).tap();
  await stamped(page, "accepted");
  const acceptedAt = await page.evaluate(() => window.__benchJourney.at.accepted);
  await checkProof(page, { reservationId, reference });
  return { upload: acceptedAt - sendAt, uploadBytes };
}

/** Exactly one proof with `reference` in the buyer's payments, bound to the reservation, under review. */
async function checkProof(page, { reservationId, reference }) {
  const origin = new URL(page.url()).origin;
  const api = page.context().request;
  const mine = await (await api.get(`${origin}/api/proofs/mine?q=${encodeURIComponent(reference)}`)).json();
  const proofs = (mine.items ?? []).filter((p) => p.transactionRef === reference);
  if (proofs.length !== 1) throw new Error(`${proofs.length} comprobantes con la referencia ${reference}`);
  const reservation = await (await api.get(`${origin}/api/reservations/${reservationId}`)).json();
  if (reservation.proofId !== proofs[0].id || reservation.status !== "submitted")
    throw new Error(
      `la reserva ${reservationId} quedó ${reservation.status} con el comprobante ${reservation.proofId}`,
    );
}

/**
 * RUNS runs of each flow. Returns { chosen: [...], random: [...], failures: [...], pageErrors: [...] };
 * a failed run is reported with its error, not timed.
 */
export async function measureJourney({ baseUrl, chromiumPath, runs, setup, log = console.log }) {
  const png = phoneScreenshotPng();
  const browser = await chromium.launch({ executablePath: chromiumPath, args: BROWSER_FLAGS });
  const out = { chosen: [], random: [], failures: [], pageErrors: new Set(), pngBytes: png.length };
  try {
    for (let run = 0; run < runs; run++) {
      for (const mode of ["chosen", "random"]) {
        const buyer = setup.buyers[mode][run];
        log(
          `bench:web: recorrido ${mode === "chosen" ? "números elegidos" : "al azar"} (${run + 1}/${runs}, ${buyer.email})...`,
        );
        let phone;
        try {
          phone = await openPhone(browser, baseUrl, buyer, { tapGrid: mode === "chosen" });
          const reserved = await reserveRun(phone, { baseUrl, raffle: setup.raffles[mode], mode });
          const result = reserved.result;
          if (mode === "chosen") {
            const reference = `${Date.now()}${run}`;
            Object.assign(result, await uploadProof(phone.page, { ...reserved, png, reference }));
          }
          out[mode].push(result);
        } catch (error) {
          out.failures.push(
            `${mode} ${run + 1}: ${error instanceof Error ? error.message.split("\n")[0] : error}`,
          );
        } finally {
          for (const message of phone?.errors ?? []) out.pageErrors.add(message);
          await phone?.context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
  return { ...out, pageErrors: [...out.pageErrors], pauseMs: PAUSE_BEFORE_RESERVE_MS };
}
