// A cash prize from the draw to the winner's word, on the record (docs/decisions/0035-prizes-on-the-record.md):
// the organiser sells a raffle whose one prize is USD 100 in cash; the demo buyer buys on a 390 px phone,
// the proof is approved, the raffle freezes and the draw page's button draws (a local drand relay) → the
// buyer, the only one, wins → «Mis premios» and the prize page say the deadline and what to send → the
// claim goes with a photo of the cédula and the Pago Móvil to pay → the organiser publishes the day's BCV
// rate, opens the cédula, accepts the claim and records a Pago Móvil in bolívares: Bs 3.000,00 is refused
// with the figures, Bs 3.650,00 (100 × 36,50) is recorded → the winner sees the delivery and presses
// «Recibí mi premio» → the winners page and the draw page say so → the record verifies in the browser
// with its prize checks, and in Node with the shared verifier. Screenshots for a person to look at go to
// PRIZE_SHOTS_DIR (default: the test's output folder).
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { type DrawRecord, type RecordEntry, verifyRecord } from "@rifazo/shared/domain/draw-record";
import { dayText } from "@rifazo/shared/domain/prizes";
import { todayInVenezuela } from "@rifazo/shared/schemas/settings";
import { expectNoAxeViolations } from "./support/axe";
import { holdRelay } from "./support/drand";
import { drandTest, expect, loggedStatus } from "./support/fixtures";
import { expectFitsWidth } from "./support/layout";
import { makePng, signIn } from "./support/people";
import {
  adminDesktop,
  approveInInbox,
  buyTwoTickets,
  createCashRaffle,
  drawOnDrawPage,
} from "./support/prize-draw";
import { phonePage } from "./support/sellers";
import { DESKTOP } from "./support/sizes";

const test = drandTest({ seedDemo: true });

const BUYER = { name: "Carlos Pérez", email: "carlos.perez@example.com" };
const PRIZE = "USD 100 en efectivo";
const PAYOUT = "Pago Móvil: Banco de Venezuela (0102), V-12.345.678, 0414-5551234";
/** Sales end this long after the raffle is created: enough for the buyer to buy on the phone. */
const SALES_MS = 75_000;
const PHONE_SIZE = { width: 390, height: 844 };
/**
 * What the browser reports in the cédula's tab, which is not the app's doing. The file is served sandboxed
 * (the private-file headers): its document has an opaque origin, so Chromium's own favicon request is
 * refused by the site's Cross-Origin-Resource-Policy, and the trace recorder of a local run (trace:
 * "retain-on-failure") has its snapshot script refused. Nothing a person sees; the image itself loads.
 */
function sandboxedTab(winnerId: string): RegExp[] {
  return [
    /^console: Failed to load resource: net::ERR_BLOCKED_BY_RESPONSE\.NotSameOrigin \(http:\/\/[^/]+\/favicon\.ico\)$/,
    new RegExp(
      `^console: Blocked script execution in 'http://[^/]+/api/admin/prizes/${winnerId}/evidence' because the document's frame is sandboxed`,
    ),
  ];
}

function shot(name: string): string {
  const dir = process.env.PRIZE_SHOTS_DIR;
  return dir ? path.join(dir, name) : test.info().outputPath(name);
}

/**
 * A full-page screenshot for a person to look at, from the top: the sticky header is drawn where the
 * window is scrolled, over the content. A long page took over 10 s on a busy machine.
 */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: shot(name), fullPage: true, timeout: 30_000 });
}

/** axe, then nothing sticking out sideways (at 360 and 390 px on a phone-sized page). */
async function checkScreen(page: Page, label: string): Promise<void> {
  await expectNoAxeViolations(page, label);
  await expectFitsWidth(page, label);
}

/** The winner on the phone: Mis premios, then the prize page, the deadline and what to send, the claim. */
async function claimOnPhone(phone: Page, title: string, ticket: string): Promise<string> {
  await phone.goto("/perfil/premios");
  const item = phone
    .getByRole("list", { name: "Tus premios" })
    .getByRole("listitem")
    .filter({ hasText: title });
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Por reclamar");
  await expect(item).toContainText("Premio en dinero: $100,00");
  await expect(item).toContainText(`Boleto ${ticket}`);
  await expect(item.getByText(/^Reclama antes del \d{1,2} de [a-z]+ de \d{4}$/)).toBeVisible();
  await checkScreen(phone, "Mis premios, teléfono");
  await item.getByRole("link", { name: new RegExp(`^Ver mi premio\\s*: ${PRIZE}$`) }).click();
  await expect(phone).toHaveURL(/\/perfil\/premios\/[^/?#]+$/);
  const winnerId = decodeURIComponent(new URL(phone.url()).pathname.split("/").pop() as string);

  await expect(
    phone.getByText(/^Según las reglas de la rifa, tienes hasta el .+ para reclamarlo\.$/),
  ).toBeVisible();
  const toSend = phone.getByText("Qué enviar:").locator("xpath=following-sibling::ul[1]");
  await expect(toSend.getByRole("listitem")).toHaveText([
    "Foto de tu cédula de identidad",
    "La cuenta o el Pago Móvil donde quieres recibirlo",
  ]);
  const form = phone.getByRole("form", { name: "Reclamar mi premio" });
  await form
    .getByLabel("Foto de tu cédula de identidad")
    .setInputFiles({ name: "cedula.png", mimeType: "image/png", buffer: makePng(320, 200) });
  await expect(form.getByText("Elegiste cedula.png")).toBeVisible();
  await form.getByLabel("La cuenta o el Pago Móvil donde quieres recibirlo").fill(PAYOUT);
  await form.getByLabel("Teléfono de contacto (opcional)").fill("0414-5551234");
  await checkScreen(phone, "reclamo del premio, teléfono");
  await screenshot(phone, "reclamo-390.png");
  await form.getByRole("button", { name: "Enviar reclamo" }).click();
  await expect(phone.getByText("Reclamo enviado", { exact: true }).first()).toBeVisible();
  await expect(phone.getByText("En revisión por el organizador")).toBeVisible();
  await expect(phone.getByText("Estado del premio: Reclamado").first()).toBeAttached();
  return winnerId;
}

/** Ajustes: today's BCV rate, as the organiser publishes it. */
async function publishRate(admin: Page, rate: string): Promise<void> {
  await admin.goto("/admin?tab=settings");
  await admin.getByLabel("Bolívares por dólar (Bs./USD)").fill(rate);
  await admin.getByRole("button", { name: "Guardar Tasa" }).click();
  await expect(admin.getByText("Tasa Actualizada", { exact: true }).first()).toBeVisible();
}

/** «Ver cédula» opens a new tab that answers 200 with the image (a private file, for admins only). */
async function openCedula(admin: Page, card: Locator, winnerId: string): Promise<void> {
  const answered = admin
    .context()
    .waitForEvent("response", (r) => new URL(r.url()).pathname === `/api/admin/prizes/${winnerId}/evidence`);
  const opened = admin.context().waitForEvent("page");
  await card.getByRole("link", { name: /^Ver cédula/ }).click();
  const [response, tab] = await Promise.all([answered, opened]);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\/png/);
  await expect(tab.locator("img")).toBeVisible();
  await tab.close();
}

/** The organiser's «Premios» on desktop: the claim, the cédula, the acceptance and the delivery. */
async function deliverAsOrganiser(admin: Page, raffleId: string, winnerId: string, day: string) {
  await admin.goto(`/admin/rifas/${raffleId}`);
  const card = admin.getByRole("article", { name: `Nivel 1 · ${PRIZE}` });
  await expect(card).toContainText("Reclamo por revisar");
  await expect(card).toContainText(PAYOUT);
  await expect(card).toContainText("Premio en dinero: $100,00");
  await openCedula(admin, card, winnerId);
  await card.getByRole("button", { name: "Aceptar reclamo" }).click();
  await expect(admin.getByText("Reclamo aceptado", { exact: true }).first()).toBeVisible();

  const form = card.getByRole("form", { name: "Registrar la entrega" });
  await expect(form.getByLabel("Cómo se entregó")).toHaveValue("pago_movil");
  await form.getByLabel("Moneda del pago").selectOption({ label: "Bolívares (VES)" });
  await expect(form).toContainText(
    `Al cambio BCV del ${day} (Bs. 36,5000 por dólar), el mínimo es Bs. 3.650,00.`,
  );
  await form.getByLabel("Monto pagado").fill("3.000,00");
  const proof = form.getByLabel("Prueba de la entrega");
  await proof.setInputFiles({ name: "pago-movil.png", mimeType: "image/png", buffer: makePng(200, 120) });
  await form.getByRole("button", { name: "Registrar entrega" }).click();
  // The server's refusal, read out at once beside the amount, with the figures a reader can redo.
  await expect(form.getByRole("alert")).toHaveText(
    `El monto pagado (Bs. 3.000,00) es menor que el premio al cambio BCV del ${day}: $100,00 × 36,5000 = Bs. 3.650,00.`,
  );
  await expect(form.getByLabel("Monto pagado")).toHaveValue("3.000,00");
  await checkScreen(admin, "Premios con la entrega rechazada, escritorio");
  await screenshot(admin, "entrega-rechazada-1280.png");
  await card.screenshot({ path: shot("premio-admin-rechazo-1280.png") });
  await admin.setViewportSize(PHONE_SIZE);
  await expect(form.getByRole("alert")).toBeVisible();
  await checkScreen(admin, "Premios con la entrega rechazada, 390 px");
  await screenshot(admin, "entrega-rechazada-390.png");
  await card.screenshot({ path: shot("premio-admin-rechazo-390.png") });
  await admin.setViewportSize(DESKTOP.viewport);

  await form.getByLabel("Monto pagado").fill("3.650,00");
  await expect(form.getByRole("alert")).toHaveCount(0);
  await form.getByRole("button", { name: "Registrar entrega" }).click();
  await expect(admin.getByText("Entrega registrada", { exact: true }).first()).toBeVisible();
  const deliveries = card.getByRole("list", { name: /^Entregas del premio de / });
  await expect(deliveries).toContainText(`Pago Móvil · ${day}`);
  await expect(deliveries).toContainText(`Pagado Bs. 3.650,00 a 36,5000 Bs/USD (tasa BCV del ${day})`);
  await expect(card).toContainText(`Entregado el ${day}`);
  await expect(card.getByRole("form", { name: "Registrar la entrega" })).toHaveCount(0);
}

/** The winner sees the delivery (method, amount, rate) and says «Recibí mi premio». */
async function confirmOnPhone(phone: Page, day: string): Promise<void> {
  await phone.reload();
  const delivery = phone.getByRole("list", { name: "Entregas registradas" }).getByRole("listitem");
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText(`Pago Móvil · ${day}`);
  await expect(delivery).toContainText(
    `Pagado Bs. 3.650,00 a 36,5000 Bs/USD (tasa BCV del ${day}) por un premio de $100,00.`,
  );
  await expect(phone.getByText(`Estado del premio: Entregado el ${day}`).first()).toBeAttached();
  await checkScreen(phone, "premio entregado, teléfono");
  await screenshot(phone, "premio-entregado-390.png");
  await phone.getByRole("button", { name: "Recibí mi premio" }).click();
  await expect(phone.getByText("¡Gracias por confirmar!", { exact: true }).first()).toBeVisible();
  await expect(phone.getByText("¡Premio recibido!", { exact: true })).toBeVisible();
  await expect(phone.getByRole("button", { name: "Recibí mi premio" })).toHaveCount(0);
  await expect(
    phone.getByText(`Estado del premio: Entregado el ${day} y confirmado por el ganador`).first(),
  ).toBeAttached();
  await screenshot(phone, "premio-confirmado-390.png");
}

/** The public pages: the winners page (phone and desktop) and the draw page say the same. */
async function checkPublicPages(
  pages: { phone: Page; desktop: Page },
  raffleId: string,
  title: string,
  day: string,
) {
  const status = `Entregado el ${day} y confirmado por el ganador`;
  const paid = `Pago Móvil · Pagado Bs. 3.650,00 a 36,5000 Bs/USD (tasa BCV del ${day})`;
  for (const [size, page] of [
    ["390", pages.phone],
    ["1280", pages.desktop],
  ] as const) {
    await page.goto("/ganadores");
    const winners = page.getByRole("list", { name: `Ganadores de ${title}` });
    await expect(winners).toContainText(status);
    await expect(winners).toContainText(paid);
    await screenshot(page, `ganadores-${size}.png`);
  }
  await pages.phone.goto(`/sorteo/${raffleId}`);
  const drawWinners = pages.phone.getByRole("list", { name: "Ganadores" });
  await expect(drawWinners).toContainText(status);
  await expect(drawWinners).toContainText(paid);
}

/** The record: verified in the browser with the prize checks passing. */
async function verifyInBrowser(page: Page, raffleId: string, title: string, day: string) {
  await page.goto(`/sorteo/${raffleId}`);
  await page.getByRole("link", { name: "Ver el acta del sorteo" }).click();
  await expect(page).toHaveURL(new RegExp(`/sorteo/${raffleId}/acta$`));
  await expect(page.getByRole("heading", { level: 1, name: `Acta: ${title}` })).toBeVisible();
  const entries = page.getByRole("region", { name: "Entradas del acta" });
  await expect(entries).toContainText("reclamó su premio");
  await expect(entries).toContainText(
    `Pagado Bs. 3.650,00 a 36,5000 Bs/USD (tasa BCV del ${day}) por un premio de $100,00.`,
  );
  await expect(entries).toContainText("confirmó que recibió su premio");
  await page.getByRole("button", { name: "Verificar el acta completa" }).click();
  await expect(page.getByText("Verificado en tu navegador: todo coincide")).toBeVisible({ timeout: 20_000 });
  const checks = page.getByRole("list", { name: "Comprobaciones" }).getByRole("listitem");
  for (const what of ["reclamo", "entrega", "confirmación del ganador"]) {
    const check = checks.filter({
      hasText: new RegExp(`^\\S?\\s*Premio 1\\.º, ganador 1: ${what} \\(entrada \\d+\\)`),
    });
    await expect(check).toHaveCount(1);
    await expect(check).toContainText("✓");
  }
  await expect(checks.filter({ hasText: "✗" })).toHaveCount(0);
}

type PrizeEntryType = "prize_claimed" | "prize_delivered" | "prize_confirmation";

/** The same record in Node: its prize entries as decided, and the shared verifier passes it whole. */
async function verifyInNode(page: Page, raffleId: string, ticket: string, today: string) {
  const response = await page.request.get(`/api/raffles/${raffleId}/record`);
  expect(response.status()).toBe(200);
  const record = (await response.json()) as DrawRecord;
  const of = <T extends PrizeEntryType>(type: T) =>
    record.entries.filter((e) => e.type === type) as unknown as RecordEntry<T>[];
  const ref = { level: 1, index: 0, ticketNumber: Number(ticket) };
  expect(of("prize_claimed").map((e) => e.data)).toEqual([ref]);
  const delivered = of("prize_delivered");
  expect(delivered).toHaveLength(1);
  expect(delivered[0]?.data).toMatchObject({ ...ref, method: "pago_movil", deliveredOn: today });
  expect(delivered[0]?.data.proofHash).toMatch(/^[0-9a-f]{64}$/);
  expect(delivered[0]?.data.cash).toEqual({
    prizeCurrency: "USD",
    prizeValue: "100.00",
    paidCurrency: "VES",
    paidAmount: "3650.00",
    rate: "36.5000",
    rateDate: today,
  });
  expect(of("prize_confirmation").map((e) => e.data)).toEqual([{ ...ref, outcome: "received" }]);

  const verification = await verifyRecord(record);
  expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
  expect(verification.ok).toBe(true);
  expect(verification.prizes).toHaveLength(1);
  expect(verification.prizes[0]).toMatchObject({
    ...ref,
    deliveredOn: today,
    method: "pago_movil",
    proofHash: delivered[0]?.data.proofHash,
    confirmedAt: of("prize_confirmation")[0]?.at,
    claimedAt: of("prize_claimed")[0]?.at,
    disputeOpen: false,
  });
}

/**
 * The raffle's statement on the organiser's page: the cash prize paid in bolívares is subtracted in its own
 * currency, never converted; and it reads at 390 px.
 */
async function checkStatement(admin: Page, raffleId: string): Promise<void> {
  await admin.goto(`/admin/rifas/${raffleId}`);
  const heading = admin.getByRole("heading", { name: "Estado de cuenta" });
  await expect(heading).toBeVisible();
  const section = admin.locator("div").filter({ has: heading }).filter({ hasText: "Resultado" }).last();
  const paid = section
    .locator("div")
    .filter({ has: admin.getByText("Premios en dinero pagados", { exact: true }) })
    .last();
  await expect(paid).toHaveText(/\$0,00 en dólares · − Bs\. 3\.650,00 en bolívares$/);
  await expect(section).toContainText("Pagado Bs. 3.650,00 a 36,5000 Bs/USD");
  await admin.setViewportSize(PHONE_SIZE);
  await checkScreen(admin, "Estado de cuenta, 390 px");
  await section.screenshot({ path: shot("estado-de-cuenta-390.png") });
  await admin.setViewportSize(DESKTOP.viewport);
}

test("premio en efectivo: sorteo, reclamo con cédula, entrega en bolívares a la tasa BCV, confirmación del ganador y acta verificada", async ({
  browser,
  baseURL,
  drand,
  allowConsoleError,
}) => {
  test.setTimeout(360_000);
  const base = baseURL as string;
  const title = `Premio en efectivo ${Date.now().toString(36)}`;
  const endDate = new Date(Date.now() + SALES_MS);
  const raffleId = await createCashRaffle(base, { title, endDate, prize: PRIZE, amount: 100 });

  // The demo buyer buys 2 tickets on the phone while the raffle is on sale.
  const phone = await phonePage(browser, base);
  await signIn(phone, BUYER.email, drand.server.demoPassword(BUYER.email));
  await buyTwoTickets(phone, raffleId, title);
  expect(Date.now(), "la compra terminó antes del cierre de ventas").toBeLessThan(endDate.getTime());

  // The sales end; the organiser approves; the raffle freezes and the draw page's button draws.
  await phone.waitForTimeout(Math.max(0, endDate.getTime() - Date.now() + 1_000));
  await expect(async () => {
    await phone.goto(`/rifas/${raffleId}`);
    await expect(phone.getByText("Cerrada: revisando pagos").first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const admin = await adminDesktop(browser, base);
  holdRelay(drand.relay);
  await approveInInbox(admin, BUYER, title);
  const ticket = await drawOnDrawPage(phone, raffleId, drand.relay);

  // The only buyer wins: the claim on the phone.
  const winnerId = await claimOnPhone(phone, title, ticket);

  // The organiser publishes today's rate, then accepts the claim and records the delivery.
  const today = todayInVenezuela();
  const day = dayText(today);
  await publishRate(admin, "36,50");
  allowConsoleError(loggedStatus(400, `/api/admin/prizes/${winnerId}/deliveries`));
  for (const pattern of sandboxedTab(winnerId)) allowConsoleError(pattern);
  await deliverAsOrganiser(admin, raffleId, winnerId, day);
  await checkStatement(admin, raffleId);

  await confirmOnPhone(phone, day);
  await checkPublicPages({ phone, desktop: admin }, raffleId, title, day);
  await verifyInBrowser(phone, raffleId, title, day);
  await verifyInNode(admin, raffleId, ticket, today);
});
