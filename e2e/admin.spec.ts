// The admin panel end to end (spec 2): approving a seeded payment proof and what the buyer then sees,
// creating a raffle through the form, and every tab fitting a phone.
//
// It runs against the demo catalogue (pending proofs by known buyers, passwords from the server's log).
import type { Page } from "@playwright/test";
import { demoTest, expect } from "./support/fixtures";
import { horizontalOverflow } from "./support/layout";
import { signIn, signInAsAdmin as signInAdmin } from "./support/people";
import { PHONE } from "./support/sizes";

const test = demoTest();

/** apps/api/src/seed/demo-data.ts: Ana Martínez has a pending Pago Móvil proof for 2 tickets of the laptop. */
const BUYER = { name: "Ana Martínez", email: "ana.martinez@example.com" };
const BUYER_RAFFLE = "Laptop gamer Ryzen 7 con RTX 4060";

async function signInAsAdmin(page: Page) {
  await signInAdmin(page);
  // The first screen is today's summary.
  await expect(page.getByRole("tab", { name: "Hoy" })).toHaveAttribute("aria-selected", "true");
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("el administrador aprueba un comprobante y el comprador ve sus boletos en Mis Pagos", async ({
  page,
  browser,
  baseURL,
  demoServer,
}) => {
  await signInAsAdmin(page);
  await page.getByRole("tab", { name: "Comprobantes" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=payments$/);

  await pickOption(page, "Estado", "En Revisión");
  await page.getByLabel("Buscar").fill(BUYER.email);
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: BUYER_RAFFLE }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(BUYER.name, { exact: true })).toBeVisible();
  await expect(row.getByText("En Revisión")).toBeVisible();
  // The proof itself is shown inline.
  await expect(row.getByRole("img", { name: /Comprobante de Ana Martínez/ })).toBeVisible();

  await row.getByRole("button", { name: `Aprobar pago de ${BUYER.name}` }).click();
  // Approving asks first (buyer, amount, tickets).
  await page.getByRole("alertdialog").getByRole("button", { name: "Aprobar pago" }).click();
  // The demo laptop raffle has 400 tickets: 3 digits (ticketDigits).
  const toastText = page.getByText(new RegExp(`Boletos asignados a ${BUYER.name}: \\d{3}, \\d{3}\\.`));
  await expect(toastText).toBeVisible();
  const numbers = ((await toastText.textContent()) ?? "").match(/\b\d{3}\b/g) ?? [];
  expect(numbers).toHaveLength(2);
  // Approved proofs leave the "En Revisión" filter.
  await expect(row).toHaveCount(0);

  // The buyer, in a browser of their own.
  const buyer = await browser.newContext({ baseURL });
  const buyerPage = await buyer.newPage();
  await signIn(buyerPage, BUYER.email, demoServer.demoPassword(BUYER.email));

  // The same through the API: the approved proof carries exactly those numbers.
  const mine = await buyerPage.request.get("/api/proofs/mine?q=Laptop");
  expect(mine.ok()).toBe(true);
  const body = (await mine.json()) as {
    items: Array<{ raffleTitle: string | null; status: string; ticketNumbers: string[] }>;
  };
  const approved = body.items.find((item) => item.raffleTitle === BUYER_RAFFLE && item.status === "approved");
  expect(approved?.ticketNumbers.slice().sort()).toEqual(numbers.slice().sort());

  await buyerPage.goto("/perfil/pagos");
  const payment = buyerPage
    .getByRole("listitem")
    .filter({ has: buyerPage.getByRole("heading", { name: BUYER_RAFFLE }) })
    .filter({ hasText: "Aprobado" });
  await expect(payment).toHaveCount(1);
  for (const number of numbers) await expect(payment.getByText(number, { exact: true })).toBeVisible();

  // ...a notification about it in the bell, and the RifaPuntos credited through the ledger.
  await buyerPage.getByRole("button", { name: /^Notificaciones/ }).click();
  await expect(buyerPage.getByText("¡Pago Aprobado!").first()).toBeVisible();
  const club = (await (await buyerPage.request.get("/api/club")).json()) as {
    points: number;
    history: Array<{ pointsChange: number; reason: string }>;
  };
  const credit = club.history.find((entry) => entry.reason.startsWith(`Pago aprobado: ${BUYER_RAFFLE}`));
  expect(credit?.pointsChange).toBeGreaterThan(0);
  const me = (await (await buyerPage.request.get("/api/account/me")).json()) as { points: number };
  expect(me.points).toBe(club.points);
  await buyer.close();
});

test("el administrador crea una rifa con el formulario y aparece en la lista", async ({ page }) => {
  const title = `Rifa de prueba ${Date.now().toString(36)}`;
  await signInAsAdmin(page);
  await page.getByRole("tab", { name: "Rifas" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=raffles$/);
  await page.getByRole("button", { name: "Crear Rifa", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Crear Rifa" });
  await expect(dialog).toBeVisible();

  // Submitting it empty lists what is missing, as the spec words it.
  await dialog.getByRole("button", { name: "Crear Rifa", exact: true }).click();
  await expect(page.getByText("Campos Requeridos", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Por favor, completa o corrige: Nombre de la Rifa, Precio/)).toBeVisible();
  // No total is chosen for the organiser: the field starts empty and says so.
  await expect(dialog.getByLabel("Total de Boletos")).toHaveValue("");
  await expect(dialog.getByText(/^Elige cuántos boletos tiene la rifa/)).toBeVisible();

  // The last prize level cannot be removed.
  await dialog.getByRole("button", { name: "Eliminar nivel 1" }).click();
  await expect(dialog.getByText("Debe haber al menos un nivel de premio.")).toBeVisible();

  await dialog.getByLabel("Nombre de la Rifa").fill(title);
  await dialog.getByLabel("Precio").fill("2.50");
  await dialog.getByLabel("Total de Boletos").fill("150");
  await dialog.getByLabel("Fecha y Hora del Sorteo").fill("2031-01-15T19:00");
  await dialog.getByLabel("Descripción del premio").fill("Bicicleta montañera rin 29");
  await dialog.getByRole("button", { name: "Añadir nivel" }).click();
  await dialog.getByLabel("Descripción del premio").nth(1).fill("Casco y guantes");
  await dialog.getByRole("button", { name: "Crear Rifa", exact: true }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText("Rifa Creada", { exact: true })).toBeVisible();
  const item = page.getByRole("listitem", { name: title });
  await expect(item).toBeVisible();
  await expect(item.getByText("Próximamente")).toBeVisible();
  await expect(item.getByText("0 / 150")).toBeVisible();
  // Ticket generation runs in the background; the spinner goes once the pool exists.
  await expect(item.getByText("Generando boletos...")).toBeHidden({ timeout: 20_000 });

  // The read-only view shows it too, and its back button returns to the raffles tab.
  await item.getByRole("link", { name: `Ver ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const prizes = page.getByRole("list").filter({ hasText: "Casco y guantes" });
  await expect(prizes.getByRole("listitem")).toHaveText([
    /^1Bicicleta montañera rin 29/,
    /^2Casco y guantes/,
  ]);
  await page.getByRole("link", { name: "Volver al Panel" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=raffles$/);
  await expect(page.getByRole("listitem", { name: title })).toBeVisible();

  // "Editar" on the detail goes back to the list, which opens that raffle's form.
  await page
    .getByRole("listitem", { name: title })
    .getByRole("link", { name: `Ver ${title}` })
    .click();
  await page.getByRole("link", { name: "Editar", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Editar Rifa" });
  await expect(edit.getByLabel("Nombre de la Rifa")).toHaveValue(title);
  await expect(edit.getByLabel("Total de Boletos")).toBeDisabled();
  await edit.getByRole("button", { name: "Cancelar" }).click();
  await expect(edit).toBeHidden();
});

test.describe("teléfono", () => {
  test.use(PHONE);

  test("las pestañas del panel caben en un teléfono @phone-only", async ({ page }) => {
    // Eleven tabs, each loading its data; a busy 2-core machine needs more than the default minute.
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    // As the organiser does: one load, then a tap on each tab of the panel (a new tab is covered too).
    const tabs = page.getByRole("tablist", { name: "Secciones del panel" }).getByRole("tab");
    await expect(tabs).toHaveCount(11);
    for (let index = 0; index < 11; index++) {
      const tab = tabs.nth(index);
      const name = (await tab.textContent()) ?? "";
      await tab.click();
      await expect(tab).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tabpanel")).toBeVisible();
      // Loaded: no skeleton left (the realtime stream keeps the network busy, so "networkidle" never comes).
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      const overflow = await horizontalOverflow(page);
      expect(overflow, `desbordamiento horizontal en la pestaña ${name}`).toBeLessThanOrEqual(0);
    }
  });
});

test("las visitas se cuentan solo con cookies de analítica aceptadas y el administrador las ve", async ({
  page,
  browser,
  baseURL,
}) => {
  // A visitor who rejects analytics is never counted; one who accepts is, once per page.
  const rejecting = await browser.newContext({ baseURL });
  const visitor = await rejecting.newPage();
  await visitor.goto("/contacto");
  await visitor.getByRole("button", { name: "Rechazar No Esenciales" }).click();
  await visitor.goto("/ganadores");
  await rejecting.close();

  const accepting = await browser.newContext({ baseURL });
  const reader = await accepting.newPage();
  await reader.goto("/metodos-pago");
  const counted = reader.waitForResponse((r) => r.url().endsWith("/api/analytics/page-view"));
  await reader.getByRole("button", { name: "Aceptar Todas" }).click();
  expect((await counted).status()).toBe(204);
  const second = reader.waitForResponse((r) => r.url().endsWith("/api/analytics/page-view"));
  await reader.getByRole("link", { name: "Contacto" }).first().click();
  expect((await second).status()).toBe(204);
  await accepting.close();

  await signInAsAdmin(page);
  await page.goto("/admin?tab=stats");
  const pages = page.getByRole("list", { name: "Páginas más vistas" });
  await expect(pages.getByText("/metodos-pago", { exact: true })).toBeVisible();
  await expect(pages.getByText("/contacto", { exact: true })).toBeVisible();
  await expect(pages.getByText("/ganadores", { exact: true })).toHaveCount(0);
});
