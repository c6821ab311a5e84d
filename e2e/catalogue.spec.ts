// Public catalogue on a phone (390×844): featured raffles on the home page, the /rifas filter kept in the
// URL, the detail page's ticket-quantity rules (spec 1 §5) and "Comprar Boletos" as a visitor.
//
// It runs against the demo catalogue (SEED_DEMO=1).
import { codeAlreadyCached, demoTest, expect, loggedStatus, NO_SCRIPT_REFUSED } from "./support/fixtures";
import { expectFitsWidth, horizontalOverflow } from "./support/layout";
import { adminApi, skipCookieBanner } from "./support/people";
import { PHONE } from "./support/sizes";

const test = demoTest();

test.use(PHONE);

const IPHONE = "iPhone 16 Pro Max 256 GB";
/** A buyer from the demo seed (apps/api/src/seed/demo-data.ts). */
const DEMO_EMAIL = "ana.martinez@example.com";

test("catálogo en el teléfono: destacadas, filtro en la URL, reglas de cantidad y compra como visitante @phone-only", async ({
  page,
  demoServer,
}) => {
  await skipCookieBanner(page);

  // Home: the featured raffles arrive as cards (at most 6).
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Rifas destacadas" });
  await expect(featured.getByRole("link", { name: IPHONE })).toBeVisible();
  const featuredCards = featured.getByRole("article");
  const count = await featuredCards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  await expect(featured.getByRole("link", { name: "Participar Ahora" }).first()).toBeVisible();
  const overflow = await horizontalOverflow(page);
  expect(overflow, "desbordamiento horizontal en /").toBeLessThanOrEqual(0);

  // /rifas: the default filter, then another one, kept in the URL.
  await page.getByRole("link", { name: "Ver Rifas Activas" }).click();
  await expect(page).toHaveURL(/\/rifas$/);
  const status = page.getByRole("combobox", { name: "Estado" });
  await expect(status.locator("option:checked")).toHaveText("Activas y Próximas");
  await expect(page.getByRole("link", { name: IPHONE })).toBeVisible();

  await status.selectOption({ label: "Finalizadas" });
  await expect(page).toHaveURL(/\/rifas\?estado=finished$/);
  await expect(page.getByRole("link", { name: 'Smart TV 65" 4K UHD' })).toBeVisible();
  await expect(page.getByRole("link", { name: IPHONE })).toHaveCount(0);

  // A search narrows the list too (typing is debounced into ?q=).
  await page.getByLabel("Buscar rifas").fill("zzz inexistente");
  await expect(page).toHaveURL(/q=zzz/);
  await expect(page.getByText("No se encontraron rifas con los criterios seleccionados.")).toBeVisible();
  await page.getByLabel("Buscar rifas").fill("");
  await expect(page).not.toHaveURL(/q=/);

  await status.selectOption({ label: "Activas" });
  await expect(page).toHaveURL(/\/rifas\?estado=active$/);
  // A shared link opens the same list.
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Estado" }).locator("option:checked")).toHaveText(
    "Activas",
  );

  // Detail of an active raffle.
  await page.getByRole("link", { name: IPHONE }).click();
  await expect(page).toHaveURL(/\/rifas\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: IPHONE })).toBeVisible();
  const raffleId = new URL(page.url()).pathname.split("/").pop() as string;
  const detail = await (await page.request.get(`/api/raffles/${raffleId}`)).json();
  const remaining: number = detail.remaining;
  const price: number = detail.price;
  expect(remaining).toBeGreaterThanOrEqual(3);

  const quantity = page.getByLabel("Cantidad de boletos");
  const total = page.getByTestId("purchase-total");
  // Formatted by the browser, as the page does (its ICU may differ from Node's).
  const money = (amount: number) =>
    page.evaluate(
      (value) =>
        new Intl.NumberFormat("es-VE", {
          style: "currency",
          currency: "USD",
          currencyDisplay: "narrowSymbol",
        }).format(value),
      amount,
    );
  await expect(quantity).toHaveValue("2");
  await expect(total).toHaveText(await money(2 * price));

  // Below the minimum: 'Compra Mínima' and back to 2.
  await quantity.fill("1");
  await quantity.blur();
  await expect(page.getByText("Compra Mínima", { exact: true })).toBeVisible();
  await expect(page.getByText("La compra mínima permitida es de 2 boletos.")).toBeVisible();
  await expect(quantity).toHaveValue("2");

  // The cap per buyer is shown (decision 0008); here it is above what is left, so that rule speaks.
  await expect(page.getByTestId("ticket-cap")).toHaveText(
    `Máximo ${detail.maxTicketsPerBuyer} boletos por persona`,
  );
  expect(detail.maxTicketsPerBuyer).toBeGreaterThanOrEqual(remaining);

  // More than what is left: 'Boletos Insuficientes' and the remaining count.
  await quantity.fill(String(remaining + 10));
  await expect(page.getByText("Boletos Insuficientes", { exact: true })).toBeVisible();
  await expect(page.getByText(`Solo quedan ${remaining} boletos disponibles.`)).toBeVisible();
  await expect(quantity).toHaveValue(String(remaining));
  await expect(total).toHaveText(await money(remaining * price));

  // The total follows the quantity (typing and the +/− buttons).
  await quantity.fill("3");
  await expect(total).toHaveText(await money(3 * price));
  await page.getByRole("button", { name: "Quitar un boleto" }).click();
  await expect(quantity).toHaveValue("2");
  await expect(total).toHaveText(await money(2 * price));
  await page.getByRole("button", { name: "Añadir un boleto" }).click();
  await expect(quantity).toHaveValue("3");
  await expect(total).toHaveText(await money(3 * price));

  // A visitor is sent to sign in first, and comes back to the raffle to reserve (nothing is held for a
  // visitor, so there is nothing to pay yet).
  await page.getByRole("button", { name: "Reservar boletos" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const form = page.locator("form");
  await form.getByLabel("Correo electrónico").fill(DEMO_EMAIL);
  await form.getByLabel("Contraseña", { exact: true }).fill(demoServer.demoPassword(DEMO_EMAIL));
  await form.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/rifas/${raffleId}$`));
  await expect(page.getByRole("button", { name: "Reservar boletos" })).toBeVisible();
});

test("una rifa que no existe muestra el error y vuelve a las rifas @phone-only", async ({
  page,
  allowConsoleError,
}) => {
  // The API answers 404 for the raffle, and the browser logs it.
  allowConsoleError(loggedStatus(404, "/api/raffles/00000000-0000-4000-8000-000000000000"));
  await skipCookieBanner(page);
  await page.goto("/rifas/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Rifa no encontrada." })).toBeVisible();
  await expect(
    page.getByText("No se pudo cargar la rifa. Puede que no exista o haya un problema de conexión."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Volver a Rifas" }).click();
  await expect(page).toHaveURL(/\/rifas$/);
});

test("favoritos: el visitante debe iniciar sesión; el usuario guarda y quita @phone-only", async ({
  page,
  demoServer,
}) => {
  await skipCookieBanner(page);
  await page.goto("/rifas");
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: IPHONE }) });
  await card.getByRole("button", { name: "Añadir a favoritos" }).click();
  await expect(page.getByText("Debes iniciar sesión para guardar favoritos.")).toBeVisible();

  const login = await page.request.post("/api/account/login", {
    data: { email: DEMO_EMAIL, password: demoServer.demoPassword(DEMO_EMAIL) },
  });
  expect(login.status()).toBe(200);
  await page.reload();
  await card.getByRole("button", { name: "Añadir a favoritos" }).click();
  await expect(page.getByText("Añadida a tus favoritos.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Quitar de favoritos" })).toBeVisible();

  await page.reload();
  await card.getByRole("button", { name: "Quitar de favoritos" }).click();
  await expect(page.getByText("Eliminada de tus favoritos.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Añadir a favoritos" })).toBeVisible();
});

test("las páginas públicas llegan renderizadas por el servidor y se hidratan sin errores @phone-only", async ({
  page,
  browser,
  baseURL,
  allowConsoleError,
}) => {
  // The context without JavaScript refuses to load the app's scripts (Chromium reports them as "csp").
  allowConsoleError(NO_SCRIPT_REFUSED);
  // Without JavaScript the content is already in the HTML: what a slow phone shows before the code arrives.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  const html = await noScript.newPage();
  await html.goto("/");
  await expect(
    html.getByRole("region", { name: "Rifas destacadas" }).getByRole("link", { name: IPHONE }),
  ).toBeVisible();
  await html.goto("/rifas?estado=finished");
  await expect(html.getByRole("link", { name: 'Smart TV 65" 4K UHD' })).toBeVisible();
  await expect(html.getByRole("link", { name: IPHONE })).toHaveCount(0);
  await html.getByRole("link", { name: 'Smart TV 65" 4K UHD' }).click();
  await expect(html.getByRole("heading", { level: 1, name: 'Smart TV 65" 4K UHD' })).toBeVisible();
  await expect(html).toHaveTitle('Smart TV 65" 4K UHD | Rifazo');
  await noScript.close();

  // With JavaScript, hydration adopts that HTML: React reports any difference as an error in the console.
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    // The anonymous session check answers 401 by design; the browser logs every 4xx response.
    if (message.type() === "error" && !message.text().includes("status of 401")) errors.push(message.text());
  });
  await skipCookieBanner(page);
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Rifas destacadas" });
  // Hydrated: the heart answers a visitor with the spec's toast.
  await featured.getByRole("article").first().getByRole("button", { name: "Añadir a favoritos" }).click();
  await expect(page.getByText("Debes iniciar sesión para guardar favoritos.")).toBeVisible();
  // Client-side navigation from the server-rendered page, then back.
  await featured.getByRole("link", { name: IPHONE }).click();
  await expect(page.getByRole("heading", { level: 1, name: IPHONE })).toBeVisible();
  await page.goBack();
  await expect(featured.getByRole("link", { name: IPHONE })).toBeVisible();

  // What a visitor does before the code has run is kept: the app's entry is held back until they act (a
  // page that carries its code has it sooner; this one fetches it, as with the code cached).
  await codeAlreadyCached(page.context(), page.url());
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const entry = /\/assets\/index-[\w-]+\.js$/;
  await page.route(entry, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/rifas?estado=finished");
  await page.getByRole("combobox", { name: "Estado" }).selectOption({ label: "Activas" });
  await page.getByLabel("Buscar rifas").fill("iphone");
  release();
  await expect(page).toHaveURL(/\/rifas\?estado=active&q=iphone$/);
  await expect(page.getByRole("link", { name: IPHONE })).toBeVisible();
  await expect(page.getByRole("link", { name: 'Smart TV 65" 4K UHD' })).toHaveCount(0);

  const raffleId = (await (await page.request.get("/api/raffles?status=active&q=iphone")).json()).items[0].id;
  const raffle = await (await page.request.get(`/api/raffles/${raffleId}`)).json();
  const heldAgain = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.unroute(entry);
  await page.route(entry, async (route) => {
    await heldAgain;
    await route.continue();
  });
  await page.goto(`/rifas/${raffleId}`);
  await page.getByLabel("Cantidad de boletos").fill("5");
  release();
  const fiveTickets = new Intl.NumberFormat("es-VE", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(raffle.price * 5);
  await expect(page.getByTestId("purchase-total")).toContainText(fiveTickets);
  await expect(page.getByLabel("Cantidad de boletos")).toHaveValue("5");
  expect(errors).toEqual([]);
});

test("galería del premio en el teléfono: varias imágenes en orden, con su texto y botones con nombre @phone-only", async ({
  page,
  baseURL,
}) => {
  const laptop = "Laptop gamer Ryzen 7 con RTX 4060";
  const admin = await adminApi(baseURL as string);
  // The demo seed's prize illustrations, as the form's gallery lists them.
  const gallery = (await (await admin.get("/api/admin/images?folder=prizes")).json()).items as Array<{
    url: string;
  }>;
  expect(gallery.length).toBeGreaterThanOrEqual(3);
  const raffles = (await (await admin.get("/api/admin/raffles")).json()).items as Array<{
    id: string;
    title: string;
  }>;
  const id = raffles.find((r) => r.title === laptop)?.id;
  expect(id).toBeDefined();
  const alts = ["Laptop abierta de frente", "Teclado iluminado", "Puertos del lateral"];
  const saved = await admin.patch(`/api/admin/raffles/${id}`, {
    data: { images: gallery.slice(0, 3).map((image, i) => ({ url: image.url, alt: alts[i] })) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await admin.dispose();

  await skipCookieBanner(page);
  await page.goto(`/rifas/${id}`);
  // The page arrives rendered by the server: the arrows answer once React has hydrated it, which the
  // header's account area shows (the session is known only then).
  await expect(page.getByRole("banner").getByRole("link", { name: "Registrarse" })).toBeVisible();
  const region = page.getByRole("region", { name: "Imágenes del premio" });
  for (const alt of alts) await expect(region.getByRole("img", { name: alt, exact: true })).toHaveCount(1);
  await expect(region.getByText("Imagen 1 de 3")).toBeVisible();
  await region.getByRole("button", { name: "Imagen siguiente" }).click();
  await expect(region.getByText("Imagen 2 de 3")).toBeVisible();
  await region.getByRole("button", { name: `Ver imagen 3 de 3: ${alts[2]}` }).click();
  await expect(region.getByText("Imagen 3 de 3")).toBeVisible();
  await expectFitsWidth(page, "galería del premio");
});
