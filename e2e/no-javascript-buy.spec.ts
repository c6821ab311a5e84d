// Buying with JavaScript off, as on a cheap phone before the code arrives over Slow 3G
// (docs/decisions/0029-reserve-and-pay-before-javascript.md): a signed-in buyer ticks two numbers on the
// server-rendered grid and presses "Reservar" (a real form POST); the server answers with the payment page
// rendered for them; they upload a PNG with the right amount through a real multipart form and the page
// says the proof is under review. A number taken in between comes back as the raffle page with the message
// and the other choice still ticked. A raffle sold by quantity reserves from its number field. At 390 px;
// screenshots go to /work/wt/shots-nojs/ (SHOTS_DIR) for a person to look at.

import { mkdirSync } from "node:fs";
import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { request as apiRequest } from "@playwright/test";
import { FORM_QUIET_MS } from "@rifazo/shared/form-key-script";
import { codeAlreadyCached, expect, NO_SCRIPT_REFUSED, ownServerTest } from "./support/fixtures";
import { adminApi, createRaffleAs, makePng, registerBuyer, setUpPayments } from "./support/people";

// Registers buyers: its own server keeps the per-address sign-up limit to this file.
const test = ownServerTest();

const SHOTS = process.env.SHOTS_DIR ?? "test-results/shots-nojs";
const PHONE = { width: 390, height: 844 };

/** The BCV rate and the Zelle and Pago Móvil accounts, then a raffle on sale: as an administrator does. */
async function createRaffle(baseURL: string, title: string, numberMode: "chosen" | "random") {
  const admin = await adminApi(baseURL);
  try {
    await setUpPayments(admin);
    return await createRaffleAs(admin, {
      title,
      description: "Rifa para comprar sin JavaScript.",
      numberMode,
      paymentMethods: ["Pago Móvil", "Zelle"],
      prizeLevels: [{ description: "El premio", winnerCount: 1 }],
    });
  } finally {
    await admin.dispose();
  }
}

/** A buyer signed in through the API, and a 390 px browser with their session and JavaScript off. */
async function buyerWithoutJavaScript(
  browser: Browser,
  baseURL: string,
  server: Parameters<typeof registerBuyer>[1],
  name: string,
  javaScriptEnabled = false,
): Promise<{ api: APIRequestContext; context: BrowserContext; page: Page }> {
  const api = await apiRequest.newContext({ baseURL });
  await registerBuyer(api, server, name);
  const context = await browser.newContext({
    javaScriptEnabled,
    baseURL,
    viewport: PHONE,
    locale: "es-VE",
    timezoneId: "America/Caracas",
    storageState: await api.storageState(),
  });
  return { api, context, page: await context.newPage() };
}

/** The grid's cell of a number: a label around its checkbox (the box itself is visually hidden). */
const cell = (page: Page, number: string) =>
  page
    .locator("label")
    .filter({ has: page.getByRole("checkbox", { name: `Número ${number}`, exact: true }) });
const checkbox = (page: Page, number: string) =>
  page.getByRole("checkbox", { name: new RegExp(`^Número ${number}(, ocupado)?$`) });

/**
 * A first visit's page carries its code (decision 0036); its boot script starts the app once the page has
 * painted, or after 3 s at the latest. Here the paint is never reported and that 3 s start is held, so the
 * test says when the app may start, whatever the machine's speed: `window.__letStart()`, or with
 * `afterSubmitMs` that long after a form is sent.
 */
async function holdAppStart(context: BrowserContext, afterSubmitMs: number | null = null): Promise<void> {
  await context.addInitScript((releaseAfterSubmit) => {
    const w = window as unknown as { PerformanceObserver: unknown; __letStart?: () => void };
    w.PerformanceObserver = class {
      observe() {}
      disconnect() {}
    };
    const nativeSetTimeout = window.setTimeout.bind(window);
    let held: (() => void) | undefined;
    window.setTimeout = ((run: () => void, delay?: number) => {
      if (delay === 3_000) {
        held = run;
        return 0;
      }
      return nativeSetTimeout(run, delay);
    }) as typeof window.setTimeout;
    w.__letStart = () => held?.();
    if (releaseAfterSubmit !== null)
      document.addEventListener("submit", () => nativeSetTimeout(() => held?.(), releaseAfterSubmit), true);
  }, afterSubmitMs);
}

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

test("sin JavaScript: marca dos números, reserva, paga con un PNG y queda «En revisión»; un número tomado entre medio vuelve con el mensaje", async ({
  browser,
  baseURL,
  server,
  allowConsoleError,
}) => {
  allowConsoleError(NO_SCRIPT_REFUSED);
  // The refused reservation's page comes with its 409, which the browser reports.
  allowConsoleError(/status of 409 \(Conflict\) \(http:\/\/[^/]+\/api\/raffles\/[0-9a-f-]+\/reservations\)$/);
  const raffleId = await createRaffle(baseURL as string, "Moto sin JavaScript", "chosen");
  const { api, context, page } = await buyerWithoutJavaScript(
    browser,
    baseURL as string,
    server,
    "Ana Sin Código",
  );

  await page.goto(`/rifas/${raffleId}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Elige tus números" })).toBeVisible();
  await cell(page, "12").click();
  await cell(page, "13").click();
  await expect(checkbox(page, "12")).toBeChecked();
  await main.getByRole("form", { name: "Reservar números" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/rifa-cuadricula-sin-js-390.png` });

  // Someone else takes 12 while the page is open.
  const other = await apiRequest.newContext({ baseURL });
  await registerBuyer(other, server, "Beto Con Prisa");
  const taken = await other.post(`/api/raffles/${raffleId}/reservations`, { data: { numbers: [12, 14] } });
  expect(taken.status(), await taken.text()).toBe(201);
  await other.dispose();

  await main.getByRole("button", { name: /^Reservar/ }).click();
  // The raffle page again: the message near the form, 13 still ticked, 12 now shown taken.
  const alert = main.getByRole("alert");
  await expect(alert).toContainText("El número 12 acaba de ser tomado por otra persona");
  await expect(page).toHaveURL(new RegExp(`/api/raffles/${raffleId}/reservations$`));
  await expect(checkbox(page, "13")).toBeChecked();
  await expect(checkbox(page, "12")).toBeDisabled();
  await expect(checkbox(page, "12")).not.toBeChecked();
  await alert.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/rifa-numero-tomado-sin-js-390.png` });

  // 13 stays; 42 added; reserved: the payment page, rendered for this buyer.
  await cell(page, "42").click();
  await main.getByRole("button", { name: /^Reservar/ }).click();
  await expect(page).toHaveURL(new RegExp(`/perfil/subir-comprobante/${raffleId}\\?reserva=[0-9a-f-]+$`));
  await expect(main.getByRole("list", { name: "Tus números" })).toHaveText(/13\s*42/);
  await expect(main.getByText(/Apartado hasta las? \d/)).toBeVisible();
  await expect(main.getByText("$10,00").first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pago-sin-js-390.png`, fullPage: true });

  const form = main.getByRole("form", { name: "Subir comprobante de pago" });
  await form.getByLabel("Método de pago").selectOption("zelle");
  await form.getByLabel("Referencia de la transacción").fill("ZL-20261129");
  await form.getByLabel("Monto pagado").fill("10");
  await form.getByLabel("Moneda").selectOption("USD");
  await form.getByLabel(/^Comprobante/).setInputFiles({
    name: "pago.png",
    mimeType: "image/png",
    buffer: makePng(320, 200),
  });
  await form.getByRole("button", { name: "Enviar Comprobante" }).click();
  await expect(page).toHaveURL(new RegExp(`/perfil/subir-comprobante/${raffleId}\\?reserva=`));
  await expect(main.getByText("Comprobante en revisión")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/pago-en-revision-sin-js-390.png` });

  // The proof is the buyer's, under review, as Mis Pagos lists it.
  const mine = (await (await api.get("/api/proofs/mine")).json()) as {
    items: { status: string; statusLabel?: string; raffleId: string | null }[];
  };
  expect(mine.items.find((p) => p.raffleId === raffleId)?.status).toBe("pending");
  await context.close();
  await api.dispose();
});

test("sin JavaScript: una rifa por cantidad reserva desde su campo de cantidad", async ({
  browser,
  baseURL,
  server,
  allowConsoleError,
}) => {
  allowConsoleError(NO_SCRIPT_REFUSED);
  const raffleId = await createRaffle(baseURL as string, "Nevera por cantidad sin JS", "random");
  const { api, context, page } = await buyerWithoutJavaScript(
    browser,
    baseURL as string,
    server,
    "Carla Sin Código",
  );
  await page.goto(`/rifas/${raffleId}`);
  const form = page.getByRole("main").getByRole("form", { name: "Comprar boletos" });
  await form.getByLabel("Cantidad de boletos").fill("3");
  await form.getByRole("button", { name: "Reservar boletos" }).click();
  await expect(page).toHaveURL(new RegExp(`/perfil/subir-comprobante/${raffleId}\\?reserva=`));
  await expect(page.getByRole("main").getByText("3 boletos").first()).toBeVisible();
  await expect(page.getByRole("main").getByRole("form", { name: "Subir comprobante de pago" })).toBeVisible();
  await context.close();
  await api.dispose();
});

test("antes de que llegue el código de la app: la reserva responde con la página de pago, con su dirección, y recargar no reserva otra vez", async ({
  browser,
  baseURL,
  server,
}) => {
  const raffleId = await createRaffle(baseURL as string, "Licuadora antes del código", "random");
  const { api, context, page } = await buyerWithoutJavaScript(
    browser,
    baseURL as string,
    server,
    "Dora Sin Señal",
    true,
  );
  // The page's scripts are held back, as on Slow 3G when a quick buyer taps: only the page's inline one
  // has run. (A first visit's page carries its code, decision 0036: this browser fetches it.)
  await codeAlreadyCached(context, baseURL as string);
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await context.route(/\/(boot\.js|assets\/index-[\w-]+\.js)$/, async (route) => {
    await arrived;
    await route.continue().catch(() => undefined);
  });
  const posts: number[] = [];
  page.on("response", (response) => {
    if (response.request().method() === "POST") posts.push(response.status());
  });

  // The load event would wait for the held scripts: the buyer acts on the painted page.
  await page.goto(`/rifas/${raffleId}`, { waitUntil: "commit" });
  const main = page.getByRole("main");
  await main.getByLabel("Cantidad de boletos").fill("2");
  await main.getByRole("button", { name: "Reservar boletos" }).click({ noWaitAfter: true });
  // The answer to the POST is the payment page itself: no 303, no second request.
  await expect(main.getByText(/Apartado hasta las? \d/)).toBeVisible();
  expect(posts).toEqual([200]);
  await page.screenshot({ path: `${SHOTS}/pago-respuesta-del-formulario-390.png`, fullPage: true });

  // The code arrives: /boot.js puts the page's own address in the bar, and the app takes the page over.
  release();
  await expect(page).toHaveURL(new RegExp(`/perfil/subir-comprobante/${raffleId}\\?reserva=[0-9a-f-]{36}$`));
  const address = page.url();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(main.getByRole("combobox", { name: "Método de pago" })).toBeVisible();

  // A reload asks for the page, not the form: the same reservation, and no other.
  await page.reload();
  await expect(page).toHaveURL(address);
  await expect(main.getByText("2 boletos").first()).toBeVisible();
  expect(posts).toEqual([200]);
  const mine = (await (await api.get("/api/reservations")).json()) as { items: { raffleId: string }[] };
  expect(mine.items.filter((r) => r.raffleId === raffleId)).toHaveLength(1);
  await context.close();
  await api.dispose();
});

test("una página cuyo formulario se está enviando no arranca su app: sus peticiones no comparten la línea con la página de pago", async ({
  browser,
  baseURL,
  server,
}) => {
  const raffleId = await createRaffle(baseURL as string, "Tostadora que se deja", "random");
  const { api, context, page } = await buyerWithoutJavaScript(
    browser,
    baseURL as string,
    server,
    "Elsa Se Va",
    true,
  );
  // The app may start only half a second after the form is sent: while its answer is awaited.
  await holdAppStart(context, 500);
  // The answer to the form takes 6 s, as on Slow 3G: the page being left stays, with its timers, meanwhile.
  let answered = false;
  await context.route(`**/api/raffles/${raffleId}/reservations`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    answered = true;
    await route.continue();
  });
  const started: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!answered && url.pathname.startsWith("/api/") && request.method() === "GET")
      started.push(url.pathname);
  });

  await page.goto(`/rifas/${raffleId}`);
  // The page's code is ready (its import map is in) and the app has not started.
  await expect(page.locator('script[type="importmap"]')).toHaveCount(1);
  expect(await page.evaluate(() => "hydrated" in document.documentElement.dataset)).toBe(false);
  const main = page.getByRole("main");
  await main.getByLabel("Cantidad de boletos").fill("2");
  await main.getByRole("button", { name: "Reservar boletos" }).click({ noWaitAfter: true });
  await expect(main.getByText(/Apartado hasta las? \d/)).toBeVisible({ timeout: 20_000 });
  expect(answered).toBe(true);
  // Nothing of the app's (its session, the raffle, the events): the page being left never started it.
  expect(started).toEqual([]);
  await context.close();
  await api.dispose();
});

test("la app no arranca mientras la compradora elige números en el formulario: espera a que pare y arranca con lo elegido", async ({
  browser,
  baseURL,
  server,
}) => {
  const raffleId = await createRaffle(baseURL as string, "Cafetera sin prisa", "chosen");
  const { api, context, page } = await buyerWithoutJavaScript(
    browser,
    baseURL as string,
    server,
    "Rosa Sin Prisa",
    true,
  );
  // The app may start right after her first tap. The page notes when she last touched the form.
  await holdAppStart(context);
  await context.addInitScript(() => {
    const w = window as unknown as { __lastTouch?: number };
    document.addEventListener(
      "pointerdown",
      (event) => {
        if ((event.target as Element).closest?.("form[data-form-key]")) w.__lastTouch = performance.now();
      },
      true,
    );
  });

  await page.goto(`/rifas/${raffleId}`);
  await expect(page.locator('script[type="importmap"]')).toHaveCount(1);
  await cell(page, "07").click();
  await page.evaluate(() => (window as unknown as { __letStart: () => void }).__letStart());
  await page.waitForTimeout(800);
  // Her second number: on the form's grid, or on the app's if it has started meanwhile.
  await cell(page, "12")
    .or(page.getByRole("main").getByRole("button", { name: /^Número 12, / }))
    .click();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });

  // The app started only after she had paused for the quiet time (@rifazo/shared/form-key-script), and
  // with both of her numbers chosen.
  const { lastTouch, hydratedAt } = await page.evaluate(() => ({
    lastTouch: (window as unknown as { __lastTouch: number }).__lastTouch,
    hydratedAt: performance.getEntriesByName("rifazo:hydrated")[0]?.startTime ?? 0,
  }));
  expect(hydratedAt - lastTouch).toBeGreaterThanOrEqual(FORM_QUIET_MS);
  const reserve = page.getByRole("main").getByRole("button", { name: /^Reservar 2 números/ });
  await expect(reserve).toBeVisible();
  await context.close();
  await api.dispose();
});
