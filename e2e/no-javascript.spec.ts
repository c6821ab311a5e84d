// Usable before the JavaScript arrives (docs/decisions/0018-usable-before-javascript.md): with JavaScript
// off, the catalogue filters and the ticket verifier are plain GET forms the server answers, and links are
// links; with it on, the same forms navigate inside the page (no full reload). Runs against the demo
// catalogue, at desktop and phone size; screenshots go to /tmp/shots-nojs/ for a person to look at.
import { type APIRequestContext, request as apiRequest, type Page } from "@playwright/test";
import { demoTest, expect, NO_SCRIPT_REFUSED } from "./support/fixtures";
import { registerBuyer, skipCookieBanner } from "./support/people";
import { BOTH_SIZES, sizeName } from "./support/sizes";

const test = demoTest();
const SHOTS = "/tmp/shots-nojs";

type Verification = {
  result: "winner" | "not_winner" | "not_sold" | "not_found";
  matches: { isWinner: boolean; sold: boolean; raffleStatus: string }[];
};

async function verification(request: APIRequestContext, ticket: string): Promise<Verification> {
  const response = await request.get(`/api/tickets/verify/${ticket}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/** A demo winner's ticket number, and the headline its check must show. */
async function winningTicket(request: APIRequestContext): Promise<{ ticket: string; headline: RegExp }> {
  const { items } = (await (await request.get("/api/winners")).json()) as {
    items: { winners: { ticketNumber: string }[] }[];
  };
  const ticket = items.flatMap((entry) => entry.winners)[0]?.ticketNumber;
  expect(ticket, "un ganador en los datos de ejemplo").toBeTruthy();
  const { matches } = await verification(request, ticket as string);
  const won = matches.filter((m) => m.isWinner).length;
  // The same number exists in every raffle: it may have won in one and not in the others.
  return {
    ticket: ticket as string,
    headline:
      won === matches.length
        ? /^¡Boleto Ganador!$/
        : new RegExp(`^Ganador en ${won} de ${matches.length} rifas$`),
  };
}

/** A number that won nowhere, and its headline (not a winner in a drawn raffle, or not sold). */
async function losingTicket(request: APIRequestContext): Promise<{ ticket: string; headline: RegExp }> {
  for (const ticket of ["0001", "0002", "0003", "0010", "0011", "0100"]) {
    const { result, matches } = await verification(request, ticket);
    if (result === "not_sold") return { ticket, headline: /^Boleto no Vendido$/ };
    if (result === "not_winner") {
      const pending = matches.some((m) => m.sold && m.raffleStatus !== "finished");
      return { ticket, headline: pending ? /^Boleto Vendido$/ : /^Boleto no Ganador$/ };
    }
  }
  throw new Error("ningún número de prueba sin premio");
}

/** The verifier's headline: the title of the answer's first message. */
const headline = (page: Page) =>
  page.getByText(
    /^(¡Boleto Ganador!|Ganador en \d+ de \d+ rifas|Boleto (no )?(Ganador|Vendido|Encontrado))$/,
  );

for (const size of BOTH_SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test("sin JavaScript: filtros del catálogo, verificador y enlaces funcionan con formularios GET @phone", async ({
      browser,
      baseURL,
      allowConsoleError,
      page,
    }) => {
      // Eight pages and two browsers: over the 60 s default on CI's busy 2-core machine (37 s there when
      // it passed), which is not a claim about speed (npm run bench:web is).
      test.setTimeout(120_000);
      // The context without JavaScript refuses to load the app's scripts (Chromium reports them as "csp").
      allowConsoleError(NO_SCRIPT_REFUSED);
      const shotSize = sizeName(page);
      const winner = await winningTicket(page.request);
      const loser = await losingTicket(page.request);
      const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport });
      const html = await context.newPage();

      // The catalogue: choose "Finalizadas" and press Buscar; the server renders that list.
      await html.goto("/rifas");
      const filters = html.getByRole("form", { name: "Filtrar rifas" });
      await filters.getByRole("combobox", { name: "Estado" }).selectOption({ label: "Finalizadas" });
      await filters.getByRole("button", { name: "Buscar" }).click();
      await expect(html).toHaveURL(/\/rifas\?q=&estado=finished$/);
      const finished = html.getByRole("main").getByRole("article");
      await expect(finished.first()).toBeVisible();
      const title = (await finished.first().getByRole("heading").textContent()) ?? "";
      expect(title).not.toBe("");
      // A search typed and sent with Enter keeps the chosen status.
      await filters.getByLabel("Buscar rifas").fill(title.split(" ")[0] ?? "");
      await filters.getByLabel("Buscar rifas").press("Enter");
      await expect(html).toHaveURL(
        new RegExp(`\\?q=${encodeURIComponent(title.split(" ")[0] ?? "")}&estado=finished$`),
      );
      await expect(filters.getByRole("combobox", { name: "Estado" })).toHaveValue("finished");
      await expect(html.getByRole("link", { name: title, exact: true })).toBeVisible();
      await html.screenshot({ path: `${SHOTS}/catalogo-filtros-sin-js-${shotSize}.png`, fullPage: false });
      // A card's title is a real link to its raffle.
      await html.getByRole("link", { name: title, exact: true }).click();
      await expect(html.getByRole("heading", { level: 1, name: title })).toBeVisible();

      // The verifier, reached from the header: on a phone the menu opens without the code (a link to it).
      if (viewport.width < 1024) {
        await html.getByRole("link", { name: "Abrir menú" }).click();
        await html
          .getByRole("navigation", { name: "Menú móvil" })
          .getByRole("link", { name: "Verificar Boleto" })
          .click();
      } else {
        await html
          .getByRole("navigation", { name: "Principal" })
          .getByRole("link", { name: "Verificar Boleto" })
          .click();
      }
      await expect(html).toHaveURL(/\/verificar-boleto$/);
      // Type a number, press Verificar: the server renders the answer and its headline.
      const form = html.getByRole("form", { name: "Verificar un boleto" });
      await form.getByLabel("Número de boleto").fill(winner.ticket);
      await form.getByRole("button", { name: "Verificar", exact: true }).click();
      await expect(html).toHaveURL(new RegExp(`/verificar-boleto\\?numero=${winner.ticket}$`));
      await expect(headline(html)).toHaveText(winner.headline);
      await expect(form.getByLabel("Número de boleto")).toHaveValue(winner.ticket);
      await html.screenshot({ path: `${SHOTS}/verificador-ganador-sin-js-${shotSize}.png`, fullPage: true });

      await form.getByLabel("Número de boleto").fill(loser.ticket);
      await form.getByLabel("Número de boleto").press("Enter");
      await expect(html).toHaveURL(new RegExp(`numero=${loser.ticket}$`));
      await expect(headline(html)).toHaveText(loser.headline);
      await expect(html.getByText("¡Boleto Ganador!")).toHaveCount(0);
      await html.screenshot({
        path: `${SHOTS}/verificador-no-ganador-sin-js-${shotSize}.png`,
        fullPage: true,
      });

      // What needs the code says so while it waits (here: forever).
      await html.goto("/contacto");
      await expect(html.getByRole("button", { name: "Enviar Mensaje (cargando…)" })).toBeDisabled();
      await context.close();
    });

    test("con JavaScript: los mismos formularios navegan dentro de la página, sin recargarla @phone", async ({
      page,
    }) => {
      const shotSize = sizeName(page);
      const winner = await winningTicket(page.request);
      const loser = await losingTicket(page.request);
      await skipCookieBanner(page);

      /** Marks this document: a full reload would make a new one without the mark. */
      const mark = () =>
        page.evaluate(() => {
          (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
        });
      const sameDocument = () =>
        page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

      await page.goto("/rifas");
      // Hydrated: the buttons that waited for the code no longer say "cargando".
      await expect(page.getByRole("button", { name: "Compartir rifa", exact: true }).first()).toBeEnabled();
      await mark();
      const filters = page.getByRole("form", { name: "Filtrar rifas" });
      await filters.getByRole("combobox", { name: "Estado" }).selectOption({ label: "Finalizadas" });
      await expect(page).toHaveURL(/\/rifas\?estado=finished$/);
      await filters.getByRole("button", { name: "Buscar" }).click();
      await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
      expect(await sameDocument(), "el filtro no recarga la página").toBe(true);
      await page.screenshot({ path: `${SHOTS}/catalogo-filtros-con-js-${shotSize}.png`, fullPage: false });

      await page.goto("/verificar-boleto");
      await expect(page.getByRole("button", { name: "Comprobar", exact: true })).toBeEnabled();
      await mark();
      const form = page.getByRole("form", { name: "Verificar un boleto" });
      await form.getByLabel("Número de boleto").fill(winner.ticket);
      await form.getByRole("button", { name: "Verificar", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/verificar-boleto\\?numero=${winner.ticket}$`));
      await expect(headline(page)).toHaveText(winner.headline);
      expect(await sameDocument(), "el verificador no recarga la página").toBe(true);
      await page.screenshot({ path: `${SHOTS}/verificador-ganador-con-js-${shotSize}.png`, fullPage: true });

      await form.getByLabel("Número de boleto").fill(loser.ticket);
      await form.getByRole("button", { name: "Verificar", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`numero=${loser.ticket}$`));
      await expect(headline(page)).toHaveText(loser.headline);
      expect(await sameDocument()).toBe(true);
      await page.screenshot({
        path: `${SHOTS}/verificador-no-ganador-con-js-${shotSize}.png`,
        fullPage: true,
      });
      // Back returns to the previous answer: the URL is the state.
      await page.goBack();
      await expect(headline(page)).toHaveText(winner.headline);
    });

    test("sin JavaScript: «Reservar boletos» de un visitante lleva a iniciar sesión, y al iniciarla se vuelve a la rifa @phone", async ({
      browser,
      baseURL,
      allowConsoleError,
      page,
      demoServer,
    }) => {
      allowConsoleError(NO_SCRIPT_REFUSED);
      const { items } = (await (await page.request.get("/api/raffles")).json()) as {
        items: { id: string }[];
      };
      // A raffle sold by quantity (a chosen-number one shows its grid instead), with tickets left.
      let raffle: { id: string } | undefined;
      for (const { id } of items) {
        const detail = (await (await page.request.get(`/api/raffles/${id}`)).json()) as {
          status: string;
          numberMode: string;
          remaining: number;
        };
        if (detail.status === "active" && detail.numberMode === "random" && detail.remaining >= 2) {
          raffle = { id };
          break;
        }
      }
      expect(raffle, "una rifa activa por cantidad en los datos de ejemplo").toBeTruthy();
      const raffleId = (raffle as { id: string }).id;
      const login = `/login?volver=${encodeURIComponent(`/rifas/${raffleId}`)}`;

      // Without the code, the server-rendered action is a real form (decision 0029): a visitor's submission
      // is sent to the sign-in page that names the way back.
      const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport });
      const html = await context.newPage();
      await html.goto(`/rifas/${raffleId}`);
      const reserve = html.getByRole("main").getByRole("button", { name: "Reservar boletos" });
      await reserve.scrollIntoViewIfNeeded();
      await html.screenshot({ path: `${SHOTS}/rifa-reservar-sin-js-${viewport.width}.png` });
      await reserve.click();
      await expect(html).toHaveURL(login);
      await context.close();

      // With it, signing in on that page returns to the raffle.
      const api = await apiRequest.newContext({ baseURL });
      const buyer = await registerBuyer(api, demoServer, "Compradora Sin Prisa");
      await api.dispose();
      await skipCookieBanner(page);
      await page.goto(login);
      const form = page.locator("form");
      await form.getByLabel("Correo electrónico").fill(buyer.email);
      await form.getByLabel("Contraseña", { exact: true }).fill(buyer.password);
      await form.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/rifas/${raffleId}$`));
      await expect(page.getByRole("main").getByRole("button", { name: "Reservar boletos" })).toBeEnabled();
    });
  });
}
