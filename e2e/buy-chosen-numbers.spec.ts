// Buying chosen numbers the Venezuelan way on a 390 px phone (decisions 0013 and 0014): a buyer finds a
// number with the search and taps two more on the grid, reserves them, sees the countdown, the amount in
// bolívares at the published BCV rate and the Pago Móvil data with copy buttons, types the amount as
// "1.194,56", uploads the proof; the administrator approves it in the inbox; Mis pagos shows exactly those
// numbers without a reload; the receipt shows them with a QR code that decodes to the verifier link; the
// approval email lists them with the receipt link. And two buyers racing for one number: the loser is told
// at once, in Spanish, which number was taken.
//
// It runs against an empty server: the raffle, rate and Pago Móvil account are set up through the admin
// API, the buyers register and confirm their email through the mail sink.

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import jsQR from "jsqr";
import { expect, loggedStatus, ownServerTest } from "./support/fixtures";
import { horizontalOverflow } from "./support/layout";
import { linksIn } from "./support/mail-sink";
import { adminApi, createRaffleAs, makePng, registerBuyer, skipCookieBanner } from "./support/people";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/server";
import { PHONE } from "./support/sizes";

// 3 numbers × $5 = $15, and 15 × 79,6373 Bs/$ = 1.194,5595 → Bs. 1.194,56: the amount has both a
// thousands dot and a decimal comma, as a Venezuelan bank app shows it.
// Registers buyers: its own server keeps the per-address sign-up limit to this file.
const test = ownServerTest();

const RATE = 79.6373;
const PRICE = 5;
const AMOUNT_TEXT = "1.194,56";
const PAGO_MOVIL = { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" };
const SHOTS = path.join("test-results", "shots-e2e");
/** Another phone like this file's (PHONE, below), for a second person in the same test. */
const OTHER_PHONE = { ...PHONE, locale: "es-VE", timezoneId: "America/Caracas" };

// --- Set-up through the API ---

/** The BCV rate and the Pago Móvil and Zelle accounts, published as an administrator does. */
async function publishPaymentSettings(admin: APIRequestContext) {
  const rate = await admin.put("/api/admin/settings/exchange-rate", { data: { rate: RATE, source: "BCV" } });
  expect(rate.status(), await rate.text()).toBe(200);
  const accounts = await admin.put("/api/admin/settings/payment-accounts", {
    data: {
      pagoMovil: PAGO_MOVIL,
      zelle: { email: "pagos@rifazo.test", name: "Rifazo LLC" },
      binance: null,
    },
  });
  expect(accounts.status(), await accounts.text()).toBe(200);
}

/**
 * The payment settings published, then a chosen-numbers raffle in dollars with combos, paid by Pago Móvil
 * or Zelle, its numbers ready: as the administrator does it through the API.
 */
async function createChosenRaffle(baseURL: string, title: string): Promise<string> {
  const admin = await adminApi(baseURL);
  try {
    await publishPaymentSettings(admin);
    const id = await createRaffleAs(admin, {
      title,
      description: "Rifa de prueba con números elegidos.",
      price: PRICE,
      totalTickets: 1000,
      paymentMethods: ["Pago Móvil", "Zelle"],
      numberMode: "chosen",
      reservationMinutes: 15,
      // Not for 3 numbers: the buyer below pays the plain price, 3 × $5.
      combos: [
        { quantity: 5, price: 22 },
        { quantity: 10, price: 40 },
      ],
      prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
    });
    return id;
  } finally {
    await admin.dispose();
  }
}

async function phonePage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ ...OTHER_PHONE, baseURL });
  const page = await context.newPage();
  await skipCookieBanner(page);
  return page;
}

const cell = (page: Page, number: string, state: "disponible" | "seleccionado" | "ocupado") =>
  page
    .getByRole("grid", { name: "Números de la rifa" })
    .getByRole("button", { name: `Número ${number}, ${state}` });

/** Reads the QR code the page draws as an SVG path, pixel by pixel, and decodes it with jsQR. */
async function decodeQr(page: Page, name: string): Promise<string | null> {
  const image = await page.getByRole("img", { name }).evaluate((svg) => {
    const box = (svg.getAttribute("viewBox") ?? "").split(" ").map(Number);
    const extent = box[2] ?? 0;
    const scale = 8;
    const canvas = document.createElement("canvas");
    canvas.width = extent * scale;
    canvas.height = extent * scale;
    const ctx = canvas.getContext("2d");
    const d = svg.querySelector("path")?.getAttribute("d");
    if (!ctx || !d) return null;
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.scale(scale, scale);
    ctx.fillStyle = "#000000";
    ctx.fill(new Path2D(d));
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, pixels: Array.from(data.data) };
  });
  if (!image) return null;
  return jsQR(Uint8ClampedArray.from(image.pixels), image.width, image.height)?.data ?? null;
}

test.describe.configure({ mode: "serial" });
test.use(PHONE);

test("elegir números, reservar, pagar en Bs con 1.194,56, aprobación, recibo con QR y correo @phone-only", async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  // Reserve, pay, approve, receipt with its QR and email: over two minutes on a loaded CI machine.
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const title = `Moto elegida ${Date.now().toString(36)}`;
  const raffleId = await createChosenRaffle(baseURL as string, title);

  await skipCookieBanner(page);
  const buyer = await registerBuyer(page.request, server, "Luisa Fernández");

  // The raffle page on the phone: the grid of chosen numbers, with the combos.
  await page.goto(`/rifas/${raffleId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const picker = page.getByRole("region", { name: "Elige tus números" });
  await expect(picker.getByText(/Combos: /)).toBeVisible();
  await expect(cell(page, "003", "disponible")).toBeVisible();

  // Two taps near the top, then one number found with the search.
  await cell(page, "003", "disponible").tap();
  await cell(page, "008", "disponible").tap();
  await expect(cell(page, "003", "seleccionado")).toBeVisible();
  await picker.getByLabel("Buscar número").fill("742");
  await picker.getByRole("button", { name: "Ir", exact: true }).tap();
  await expect(cell(page, "742", "disponible")).toBeVisible();
  await cell(page, "742", "disponible").tap();
  const chosen = picker.getByRole("list", { name: "Números elegidos" }).getByRole("listitem");
  await expect(chosen).toHaveText([/^003/, /^008/, /^742/]);
  await page.screenshot({ path: path.join(SHOTS, "1-grid.png"), fullPage: true });

  // Reserve: on to the payment page of the reservation.
  await picker.getByRole("button", { name: "Reservar 3 números" }).tap();
  await expect(page).toHaveURL(new RegExp(`/perfil/subir-comprobante/${raffleId}\\?reserva=[0-9a-f-]{36}$`));
  const reservationId = new URL(page.url()).searchParams.get("reserva") as string;
  await expect(page.getByRole("list", { name: "Tus números" }).getByRole("listitem")).toHaveText([
    "003",
    "008",
    "742",
  ]);
  // The countdown runs by the server's clock: 15 minutes, going down.
  const timer = page.getByRole("timer", { name: "Tiempo para pagar" });
  await expect(timer).toHaveText(/Tiempo para pagar: 1[45]:\d\d/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first as string);

  // Pago Móvil: the amount in bolívares at the BCV rate, and the bank data with copy buttons.
  const methods = page.getByRole("tablist", { name: "Métodos de pago" });
  await expect(methods.getByRole("tab")).toHaveText(["Pago Móvil", "Zelle"]);
  await methods.getByRole("tab", { name: "Pago Móvil" }).tap();
  const panel = page.getByRole("tabpanel", { name: "Pago Móvil" });
  await expect(panel.getByText(`Bs. ${AMOUNT_TEXT}`, { exact: true })).toBeVisible();
  await expect(panel.getByText(/^Tasa BCV del .+: 79,64 Bs\/\$$/)).toBeVisible();
  for (const [label, value] of [
    ["Banco", PAGO_MOVIL.bank],
    ["Teléfono", PAGO_MOVIL.phone],
    ["Cédula/RIF", PAGO_MOVIL.idNumber],
  ] as const) {
    await expect(panel.getByText(value, { exact: true })).toBeVisible();
    await expect(panel.getByRole("button", { name: `Copiar ${label}` })).toBeVisible();
  }
  await expect(panel.getByRole("button", { name: "Copiar Monto a pagar" })).toBeVisible();
  // Zelle is paid in dollars: the plain $15.
  await methods.getByRole("tab", { name: "Zelle" }).tap();
  await expect(
    page.getByRole("tabpanel", { name: "Zelle" }).getByText("$15,00", { exact: true }),
  ).toBeVisible();
  await methods.getByRole("tab", { name: "Pago Móvil" }).tap();

  // The proof, with the amount typed as the bank app shows it.
  const form = page.getByRole("form", { name: "Subir comprobante de pago" });
  await form.getByRole("combobox", { name: "Método de pago" }).selectOption({ label: "Pago Móvil" });
  await expect(form.getByLabel("Moneda")).toHaveValue("VES");
  const reference = `PM${Date.now()}`;
  await form.getByLabel("Referencia de la transacción").fill(reference);
  await form.getByLabel("Monto pagado").fill(AMOUNT_TEXT);
  await form
    .getByLabel("Comprobante de pago", { exact: true })
    .setInputFiles({ name: "pago-movil.png", mimeType: "image/png", buffer: makePng(240, 320) });
  // Named .jpg once the browser has re-encoded it smaller (decision 0030); either goes.
  await expect(form.getByText(/^pago-movil\.(png|jpg)$/)).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS, "2-pago.png"), fullPage: true });
  await form.getByRole("button", { name: "Enviar Comprobante" }).tap();
  await expect(page.getByText("Comprobante Enviado", { exact: true }).first()).toBeVisible();

  // The reservation is now under review; Mis pagos stays open while the administrator approves.
  await expect(page.getByText("Comprobante en revisión", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Ver Mis Pagos" }).tap();
  await expect(page).toHaveURL(/\/perfil\/pagos$/);
  const payment = page.getByRole("main").getByRole("listitem").filter({ hasText: reference });
  await expect(payment).toContainText("En Revisión");

  const adminPage = await phonePage(browser, baseURL as string);
  await adminPage.goto("/adminrifazo2025");
  const adminForm = adminPage.locator("form");
  await adminForm.getByLabel("Correo electrónico").fill(ADMIN_EMAIL);
  await adminForm.getByLabel("Contraseña", { exact: true }).fill(ADMIN_PASSWORD);
  await adminForm.getByRole("button", { name: "Ingresar al Panel", exact: true }).tap();
  await expect(adminPage).toHaveURL(/\/admin$/);
  await adminPage.getByRole("tab", { name: "Comprobantes" }).tap();
  const row = adminPage
    .getByRole("listitem")
    .filter({ has: adminPage.getByRole("heading", { name: title }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(buyer.name, { exact: true })).toBeVisible();
  await row.getByRole("button", { name: `Aprobar pago de ${buyer.name}` }).tap();
  // Approving asks first (buyer, amount, tickets).
  await adminPage.getByRole("alertdialog").getByRole("button", { name: "Aprobar pago" }).tap();
  await expect(adminPage.getByText(`Boletos asignados a ${buyer.name}: 003, 008, 742.`)).toBeVisible();
  await adminPage.context().close();

  // The buyer's open page follows without a reload: approved, with exactly the chosen numbers.
  await expect(payment).toContainText("Aprobado");
  for (const number of ["003", "008", "742"]) {
    await expect(payment.getByText(number, { exact: true })).toBeVisible();
  }
  const mine = (await (await page.request.get("/api/proofs/mine")).json()) as {
    items: Array<{ transactionRef: string; status: string; ticketNumbers: string[] }>;
  };
  const proof = mine.items.find((item) => item.transactionRef === reference);
  expect(proof?.status).toBe("approved");
  expect([...(proof?.ticketNumbers ?? [])].sort()).toEqual(["003", "008", "742"]);
  const reservation = await page.request.get(`/api/reservations/${reservationId}`);
  expect(((await reservation.json()) as { status: string }).status).toBe("approved");

  // The receipt: the numbers and a QR code that decodes to the ticket verifier link.
  await payment.getByRole("link", { name: `Ver recibo: ${title}` }).tap();
  await expect(page).toHaveURL(/\/recibo\/[A-Za-z0-9_-]{20,}$/);
  const token = new URL(page.url()).pathname.split("/").pop() as string;
  await expect(page.getByRole("list", { name: "Tus números" }).getByRole("listitem")).toHaveText([
    "003",
    "008",
    "742",
  ]);
  await expect(page.getByText(`Bs. ${AMOUNT_TEXT}`).first()).toBeVisible();
  const qrName = "Código QR del verificador de boletos";
  await expect(page.getByRole("img", { name: qrName })).toBeVisible();
  const receipt = (await (await page.request.get(`/api/receipts/${token}`)).json()) as {
    verifierUrl: string;
    numbers: string[];
  };
  expect(receipt.numbers).toEqual(["003", "008", "742"]);
  expect(await decodeQr(page, qrName)).toBe(receipt.verifierUrl);
  await page.screenshot({ path: path.join(SHOTS, "3-recibo.png"), fullPage: true });
  const overflow = await horizontalOverflow(page);
  expect(overflow, "desbordamiento horizontal en el recibo").toBeLessThanOrEqual(0);

  // The approval email lists the numbers and links to the receipt.
  const mail = await server.mail.waitFor(buyer.email, (m) => m.subject.includes("aprobado"));
  expect(mail.text).toContain("003, 008, 742");
  expect(linksIn(mail)).toContain(`${server.baseURL}/recibo/${token}`);
});

test("dos compradores por el mismo número: quien pierde lo ve tomado al instante @phone-only", async ({
  page,
  browser,
  baseURL,
  server,
  allowConsoleError,
}) => {
  const title = `Carrera ${Date.now().toString(36)}`;
  const raffleId = await createChosenRaffle(baseURL as string, title);
  // The loser's reservation is refused with 409, which the browser logs.
  allowConsoleError(loggedStatus(409, `/api/raffles/${raffleId}/reservations`));

  await skipCookieBanner(page);
  const other = await phonePage(browser, baseURL as string);
  await registerBuyer(page.request, server, "Pedro Gómez");
  await registerBuyer(other.request, server, "Rosa Díaz");

  // Both want 005 (1,000 tickets: 3 digits); each adds a number of their own.
  for (const [buyerPage, own] of [
    [page, "001"],
    [other, "002"],
  ] as const) {
    await buyerPage.goto(`/rifas/${raffleId}`);
    await cell(buyerPage, "005", "disponible").tap();
    await cell(buyerPage, own, "disponible").tap();
    await expect(buyerPage.getByRole("button", { name: "Reservar 2 números" })).toBeEnabled();
  }

  // Both tap "Reservar" at the same moment: exactly one gets it.
  await Promise.all([
    page.getByRole("button", { name: "Reservar 2 números" }).tap(),
    other.getByRole("button", { name: "Reservar 2 números" }).tap(),
  ]);
  const paid = /\/perfil\/subir-comprobante\/[^?]+\?reserva=/;
  const message = "El número 005 acaba de ser tomado por otra persona. Elige otro.";
  await expect
    .poll(async () => [page, other].filter((p) => paid.test(p.url())).length, { timeout: 10_000 })
    .toBe(1);
  const loser = paid.test(page.url()) ? other : page;
  await expect(loser.getByText(message).first()).toBeVisible();
  await expect(cell(loser, "005", "ocupado")).toBeVisible();
  await expect(loser.getByRole("list", { name: "Números elegidos" }).getByRole("listitem")).toHaveCount(1);
  await other.context().close();
});
