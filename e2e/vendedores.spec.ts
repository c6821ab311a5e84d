// Vendedores on a phone (390×844), docs/decisions/0034-vendedores.md: the organiser invites a vendedor and
// lets them sell a raffle for a commission; the vendedor accepts with their account and finds their link;
// a buyer who opens it sees whom the purchase is credited to, reserves and pays; the vendedor's area counts
// the link's tickets under review, then approved once the organiser approves the proof, with the
// commission the approval posted, the same on both sides.
import { request } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { demoTest, expect, loggedStatus } from "./support/fixtures";
import { horizontalOverflow } from "./support/layout";
import {
  adminApi,
  createRaffleAs,
  fillPagoMovilProof,
  makePng,
  randomRaffleWithPagoMovil,
  setUpPayments,
  signIn,
  signInAsAdmin,
  skipCookieBanner,
} from "./support/people";
import { phonePage, sellerOn } from "./support/sellers";
import { PHONE } from "./support/sizes";

const test = demoTest();
const VENDEDOR = "carlos.perez@example.com";
const BUYER = "ana.martinez@example.com";
/** A third demo account, for the offline test: the other two are vendedores already on the same server. */
const OFFLINE_VENDEDOR = "daniela.torres@example.com";

test.use(PHONE);

test("el organizador invita, el vendedor acepta y comparte su enlace, y la compra se le acredita @phone-only", async ({
  page,
  browser,
  baseURL,
  demoServer,
}) => {
  // Three people and a payment on one demo server; a busy 2-core machine needs more than the default minute.
  test.setTimeout(180_000);
  const origin = baseURL as string;
  const raffle = await randomRaffleWithPagoMovil(page.request);

  // The organiser invites by email; the link is shown once.
  await skipCookieBanner(page);
  await signInAsAdmin(page);
  await page.goto("/admin/vendedores");
  await page.getByRole("button", { name: "Invitar vendedor" }).click();
  const invite = page.getByRole("form", { name: "Invitar vendedor" });
  await invite.getByLabel("Nombre").fill("Carlos Pérez");
  await invite.getByLabel("Correo (opcional si das el celular)").fill(VENDEDOR);
  await invite.getByRole("button", { name: "Invitar" }).click();
  await expect(page.getByText("Este enlace se muestra una sola vez")).toBeVisible();
  const invitationUrl = (await page.getByTestId("invitation-url").textContent()) ?? "";
  expect(invitationUrl).toMatch(/\/vendedor\/invitacion\?token=[A-Za-z0-9_-]{43}$/);
  await page.getByRole("button", { name: "Listo" }).click();

  // ...and lets them sell the raffle for 10 % with a cash limit.
  await page.getByRole("link", { name: "Carlos Pérez" }).first().click();
  await expect(page).toHaveURL(/\/admin\/vendedores\/[0-9a-f-]{36}$/);
  const terms = page.getByRole("form", { name: raffle.title });
  await terms.getByRole("switch", { name: "Puede vender esta rifa" }).click();
  await terms.getByRole("radio", { name: "Porcentaje" }).check();
  await terms.getByLabel("Comisión (%)").fill("10");
  await terms.getByLabel(/^Límite de efectivo/).fill("150,00");
  await terms.getByRole("button", { name: "Guardar" }).click();
  await expect(terms.getByText(/Ahora: 10 %, límite/)).toBeVisible();
  expect(await horizontalOverflow(page), "desbordamiento en la ficha del vendedor").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, "ficha del vendedor");

  // The vendedor accepts with their own account and lands in their area, with the link to share.
  const vendedor = await phonePage(browser, origin);
  await signIn(vendedor, VENDEDOR, demoServer.demoPassword(VENDEDOR));
  await vendedor.goto(new URL(invitationUrl).pathname + new URL(invitationUrl).search);
  // The page is rendered in the browser from its own chunk: checked once it is there, not the shell.
  await expect(vendedor.getByRole("button", { name: "Aceptar invitación" })).toBeVisible();
  await expectNoAxeViolations(vendedor, "invitación de vendedor");
  await vendedor.getByRole("button", { name: "Aceptar invitación" }).click();
  await expect(vendedor).toHaveURL(/\/vendedor$/);
  await expect(vendedor.getByRole("heading", { level: 1, name: /^Hola, Carlos/ })).toBeVisible();
  const link = vendedor.getByRole("region", { name: `Tu enlace para ${raffle.title}` });
  const sellerUrl = (await link.getByText(/\/rifas\/[0-9a-f-]{36}\?v=[A-Z2-9]{6}$/).textContent()) ?? "";
  const code = new URL(sellerUrl).searchParams.get("v") ?? "";
  await expect(link.getByText(/0 boletos aprobados y 0 boletos en revisión/)).toBeVisible();
  await link.getByRole("button", { name: "Mostrar QR" }).click();
  await expect(link.getByRole("img", { name: `Código QR de tu enlace para ${raffle.title}` })).toBeVisible();
  expect(await horizontalOverflow(vendedor), "desbordamiento en el área del vendedor").toBeLessThanOrEqual(0);
  await expectNoAxeViolations(vendedor, "área del vendedor");
  // Their menu leads back to the area.
  await vendedor.goto("/");
  await vendedor.getByRole("button", { name: /Abrir menú de usuario/ }).click();
  await expect(vendedor.getByRole("menuitem", { name: "Área de vendedor" })).toBeVisible();

  // A buyer opens the link: the raffle page says whom the purchase is credited to; they reserve and pay.
  const buyer = await phonePage(browser, origin);
  await signIn(buyer, BUYER, demoServer.demoPassword(BUYER));
  await buyer.goto(new URL(sellerUrl).pathname + new URL(sellerUrl).search);
  await expect(
    buyer.getByText(`Llegaste por el enlace del vendedor ${code}: tu compra se le acreditará.`),
  ).toBeVisible();
  await expect(buyer.getByText(/^Tus boletos quedan apartados/)).toBeVisible();
  await expectNoAxeViolations(buyer, "rifa abierta por el enlace de un vendedor");
  await buyer.getByRole("button", { name: "Reservar boletos" }).click();
  await expect(buyer).toHaveURL(
    new RegExp(`/perfil/subir-comprobante/${raffle.id}\\?reserva=[0-9a-f-]{36}$`),
  );
  await fillPagoMovilProof(buyer, `VEND${Date.now()}`);
  await buyer
    .getByLabel("Comprobante de pago", { exact: true })
    .setInputFiles({ name: "pago-movil.png", mimeType: "image/png", buffer: makePng(320, 320) });
  await buyer.getByRole("button", { name: "Enviar Comprobante" }).click();
  await expect(buyer.getByText("Comprobante Enviado", { exact: true }).first()).toBeVisible();

  // The vendedor sees the link's tickets under review, then approved once the organiser approves.
  await vendedor.goto("/vendedor");
  await expect(link.getByText(/0 boletos aprobados y 2 boletos en revisión/)).toBeVisible();
  const mine = (await (await buyer.request.get("/api/reservations")).json()) as {
    items: { raffleId: string; proofId: string | null; sellerCode: string | null }[];
  };
  const purchase = mine.items.find((item) => item.raffleId === raffle.id);
  expect(purchase?.sellerCode).toBe(code);
  const admin = await adminApi(origin);
  try {
    const approved = await admin.post(`/api/admin/proofs/${purchase?.proofId}/approve`);
    expect(approved.status(), await approved.text()).toBe(200);
  } finally {
    await admin.dispose();
  }
  await vendedor.reload();
  await expect(link.getByText(/2 boletos aprobados y 0 boletos en revisión/)).toBeVisible();
  // ...and the commission the approval posted (10 % of what the buyer paid), as the organiser sees it too.
  const owed = (await link.getByText(/^Comisión por cobrar: /).textContent()) ?? "";
  expect(owed).toMatch(/^Comisión por cobrar: (Bs\.|\$)\s?[1-9][\d.]*,\d\d$/);
  const amount = owed.replace("Comisión por cobrar: ", "");
  await page.reload();
  await expect(page.getByText(`Comisión por pagar: ${amount}`)).toBeVisible();

  // The organiser pays it in cash ("liquidación"); both sides then show nothing owed and the same paid.
  await page.getByRole("button", { name: `Registrar pago de ${raffle.title}` }).click();
  const payment = page.getByRole("form", { name: "Registrar pago de comisión" });
  await payment.getByLabel(/^Monto pagado/).fill(amount.replace(/^(Bs\.|\$)\s?/, ""));
  await payment.getByRole("button", { name: "Registrar pago" }).click();
  await expect(page.getByRole("list", { name: "Liquidaciones registradas" })).toContainText(amount);
  await expect(page.getByRole("list", { name: "Comisiones por rifa" })).toContainText(`Pagado ${amount}`);
  await expectNoAxeViolations(page, "comisiones del vendedor");
  await vendedor.reload();
  await expect(link.getByText(/^Comisión por cobrar: /)).toHaveText(
    new RegExp(`^Comisión por cobrar: (Bs\\.|\\$)\\s?0,00 · ya cobrada: ${amount.replace(/[.$]/g, "\\$&")}$`),
  );
});

test("el vendedor registra ventas en la calle, el comprador abre su recibo sin cuenta y el organizador recibe el efectivo @phone-only", async ({
  page,
  browser,
  baseURL,
  demoServer,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL as string;
  const admin = await adminApi(origin);
  let raffleId = "";
  const title = `Rifa de calle ${Date.now()}`;
  try {
    await setUpPayments(admin);
    raffleId = await createRaffleAs(admin, {
      title,
      description: "Rifa vendida por vendedores",
      numberMode: "chosen",
      paymentMethods: ["Pago Móvil", "Zelle"],
      prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
    });
    // The vendedor (a demo account) is invited, accepts and may sell it: 10 %, up to $20 in cash.
    const { seller, vendedor } = await sellerOn(
      { admin, browser, origin, password: demoServer.demoPassword(BUYER) },
      { raffleId, name: "Luisa Calle", email: BUYER, creditLimit: "20,00" },
    );

    // A cash sale of two chosen numbers: paid as recorded, with the receipt to share.
    await vendedor.goto("/vendedor");
    await vendedor.getByRole("button", { name: `Registrar venta de ${title}` }).click();
    const dialog = vendedor.getByRole("dialog", { name: "Registrar venta" });
    const grid = dialog.getByRole("grid", { name: "Números de la rifa" });
    await grid.getByRole("button", { name: "Número 07, disponible" }).click();
    await grid.getByRole("button", { name: "Número 08, disponible" }).click();
    await dialog.getByLabel("Nombre y apellido").fill("Pedro Calle");
    await dialog.getByLabel("Celular").fill("0414-7654321");
    await dialog.getByRole("radio", { name: "Efectivo (USD)" }).check();
    await expect(dialog.getByLabel(/^Monto cobrado/)).toHaveValue("10,00");
    await expectNoAxeViolations(vendedor, "formulario de venta del vendedor");
    await vendedor.screenshot({ path: test.info().outputPath("venta-formulario-390.png") });
    await dialog.getByRole("button", { name: "Registrar venta" }).click();
    await expect(dialog.getByRole("heading", { name: "Venta registrada" })).toBeVisible();
    await expect(dialog.getByText("07, 08")).toBeVisible();
    const receiptLink =
      (await dialog.getByRole("link", { name: /recibo de Pedro Calle/ }).getAttribute("href")) ?? "";
    expect(receiptLink).toMatch(/\/recibo\/[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByRole("link", { name: "Enviar por WhatsApp a Pedro Calle" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/584147654321\?text=/,
    );
    expect(await horizontalOverflow(vendedor), "desbordamiento en la venta registrada").toBeLessThanOrEqual(
      0,
    );
    await vendedor.screenshot({ path: test.info().outputPath("venta-registrada-390.png") });
    await dialog.getByRole("button", { name: "Registrar otra venta" }).click();

    // A Pago Móvil sale waits for the organiser, who sees it in the inbox without a file.
    await grid.getByRole("button", { name: "Número 13, disponible" }).click();
    await grid.getByRole("button", { name: "Número 14, disponible" }).click();
    await dialog.getByLabel("Nombre y apellido").fill("Rosa Calle");
    await dialog.getByLabel("Celular").fill("0424-1112233");
    await dialog.getByRole("radio", { name: "Pago Móvil" }).check();
    await dialog.getByLabel("Referencia del pago").fill(`CALLE${Date.now()}`);
    await expect(dialog.getByLabel(/^Monto cobrado/)).toHaveValue("800,00");
    await dialog.getByRole("button", { name: "Registrar venta" }).click();
    await expect(dialog.getByRole("heading", { name: "Venta registrada" })).toBeVisible();
    await expect(dialog.getByText("En revisión").first()).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).first().click();
    const sales = vendedor.getByRole("list", { name: "Ventas registradas" });
    await expect(sales.getByRole("listitem")).toHaveCount(2);
    await expect(vendedor.getByText(/Efectivo por entregar: \$10,00 de \$20,00/)).toBeVisible();
    await expectNoAxeViolations(vendedor, "ventas del vendedor");
    await vendedor.screenshot({ path: test.info().outputPath("ventas-vendedor-390.png"), fullPage: true });

    // The buyer opens the receipt without an account.
    const visitor = await phonePage(browser, origin);
    await visitor.goto(new URL(receiptLink, origin).pathname);
    await expect(visitor.getByText("Pedro C.").first()).toBeVisible();
    await expect(visitor.getByText("07").first()).toBeVisible();
    await expectNoAxeViolations(visitor, "recibo de una venta del vendedor");

    // The organiser approves the Pago Móvil sale and records the cash handed over.
    await skipCookieBanner(page);
    await signInAsAdmin(page);
    await page.goto("/admin?tab=payments");
    const unfiled = page.getByText(/sin captura del pago/).first();
    await expect(unfiled).toBeVisible();
    await expect(page.getByText("Vendido por Luisa Calle").first()).toBeVisible();
    await unfiled.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath("bandeja-venta-vendedor-390.png") });
    await page.goto(`/admin/vendedores/${seller.id}`);
    await page.getByRole("button", { name: `Registrar entrega de efectivo de ${title}` }).click();
    const handover = page.getByRole("form", { name: "Registrar entrega de efectivo" });
    await handover.getByLabel(/^Monto recibido/).fill("10,00");
    await handover.getByRole("button", { name: "Registrar entrega" }).click();
    await expect(page.getByRole("list", { name: "Liquidaciones registradas" })).toContainText("$10,00");
    await expectNoAxeViolations(page, "efectivo del vendedor");
    await vendedor.reload();
    await expect(vendedor.getByText(/Efectivo por entregar: \$0,00 de \$20,00/)).toBeVisible();
  } finally {
    await admin.dispose();
  }
});

test("sin señal: el vendedor guarda la venta en el teléfono, vuelve la señal, un número chocó y se resuelve al azar @phone-only", async ({
  browser,
  baseURL,
  demoServer,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // Without signal the browser reports the requests it could not make: that is the point of this test.
  allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
  // The conflict is the server's 409, as the test intends.
  allowConsoleError(loggedStatus(409, "/api/seller/sales"));
  const origin = baseURL as string;
  const admin = await adminApi(origin);
  const title = `Rifa sin señal ${Date.now()}`;
  try {
    const raffleId = await createRaffleAs(admin, {
      title,
      description: "Rifa vendida sin señal",
      numberMode: "chosen",
      prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
    });
    const { vendedor } = await sellerOn(
      { admin, browser, origin, password: demoServer.demoPassword(OFFLINE_VENDEDOR) },
      { raffleId, name: "Daniela Sin Señal", email: OFFLINE_VENDEDOR, creditLimit: "50,00" },
    );
    // With signal the area loads the raffle's numbers ahead; the vendedor leaves once they are in.
    const numbersLoaded = vendedor.waitForResponse(
      (response) => response.url().includes(`/api/raffles/${raffleId}/numbers`) && response.ok(),
    );
    await vendedor.goto("/vendedor");
    await expect(vendedor.getByRole("button", { name: `Registrar venta de ${title}` })).toBeVisible();
    await numbersLoaded;

    // No signal: the sale is saved on the phone, signed for this session.
    await vendedor.context().setOffline(true);
    await expect(vendedor.getByText("Sin conexión: las ventas se guardan en este teléfono")).toBeVisible();
    await vendedor.getByRole("button", { name: `Registrar venta de ${title}` }).click();
    const dialog = vendedor.getByRole("dialog", { name: "Registrar venta" });
    const grid = dialog.getByRole("grid", { name: "Números de la rifa" });
    await grid.getByRole("button", { name: "Número 20, disponible" }).click();
    await grid.getByRole("button", { name: "Número 21, disponible" }).click();
    await dialog.getByLabel("Nombre y apellido").fill("Jesús Sin Señal");
    await dialog.getByLabel("Celular").fill("0412-3334455");
    await dialog.getByRole("radio", { name: "Efectivo (USD)" }).check();
    await dialog.getByRole("button", { name: "Registrar venta" }).click();
    await expect(
      dialog.getByRole("heading", { name: "Guardada sin conexión: se enviará cuando vuelva la señal" }),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Cerrar" }).first().click();
    await expect(vendedor.getByRole("list", { name: "Ventas guardadas en este teléfono" })).toContainText(
      "Jesús Sin Señal",
    );

    // Meanwhile someone online takes number 21.
    const other = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
    const login = await other.post("/api/account/login", {
      data: { email: VENDEDOR, password: demoServer.demoPassword(VENDEDOR) },
    });
    expect(login.status(), await login.text()).toBe(200);
    const held = await other.post(`/api/raffles/${raffleId}/reservations`, { data: { numbers: [21, 22] } });
    expect(held.status(), await held.text()).toBe(201);
    await other.dispose();

    // The signal returns: the sale is sent, number 21 conflicts, never sold twice; the vendedor lets the
    // server's free numbers complete the sale and the buyer keeps two tickets.
    await vendedor.context().setOffline(false);
    const queue = vendedor.getByRole("list", { name: "Ventas guardadas en este teléfono" });
    await expect(queue.getByText(/^Conflicto: .*21/)).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(vendedor, "venta en conflicto");
    await queue.screenshot({ path: test.info().outputPath("venta-conflicto-390.png") });
    await queue.getByRole("button", { name: "Asignar al azar" }).click();
    const sales = vendedor.getByRole("list", { name: "Ventas registradas" });
    await expect(sales.getByRole("listitem")).toHaveCount(1, { timeout: 20_000 });
    await expect(sales).toContainText("Jesús Sin Señal");
    await expect(sales).toContainText("Pagada");
    await expect(sales).toContainText("20");
    await expect(vendedor.getByRole("list", { name: "Ventas guardadas en este teléfono" })).toHaveCount(0);
  } finally {
    await admin.dispose();
  }
});
