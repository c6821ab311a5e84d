// A vendedor's whole story on a 390 px phone (docs/decisions/0034-vendedores.md): the organiser invites a
// vendedor; the vendedor loses signal and records three sales (cash, Pago Móvil, an abono); the signal
// returns, one number was taken meanwhile and the sale is completed at random; the buyer opens the receipt
// link without an account and later claims it into a new account; the organiser approves the Pago Móvil
// sale in the inbox, pays the commission and receives the cash, and both sides read the same balances; the
// abono is paid whole; the raffle freezes and the buyer's receipt code finds the vendedor's tickets in the
// frozen list as theirs. (The invitation through the organiser's screens is the first vendedores test.)
import { request } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { demoTest, expect, loggedStatus } from "./support/fixtures";
import { horizontalOverflow } from "./support/layout";
import { adminApi, createRaffleAs, registerBuyer, setUpPayments, signInAsAdmin } from "./support/people";
import { phonePage, sellerOn } from "./support/sellers";
import { PHONE } from "./support/sizes";

const test = demoTest();
const VENDEDOR = "carlos.perez@example.com";
const OTHER = "ana.martinez@example.com";

test.use(PHONE);

test("de la invitación a la lista congelada: ventas sin señal, un conflicto, un abono, el recibo reclamado y las cuentas iguales @phone-only", async ({
  page,
  browser,
  baseURL,
  demoServer,
  allowConsoleError,
}) => {
  test.setTimeout(300_000);
  allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
  allowConsoleError(loggedStatus(409, "/api/seller/sales"));
  const origin = baseURL as string;
  const admin = await adminApi(origin);
  const title = `Rifa de punta a punta ${Date.now()}`;
  const buyerEmail = `jesus.${Date.now().toString(36)}@rifazo.test`;
  try {
    await setUpPayments(admin);
    // Sold by chosen numbers, with abonos from $3; closes once 5 % is sold (the organiser may close it then).
    const raffleId = await createRaffleAs(admin, {
      title,
      description: "Rifa vendida en la calle",
      numberMode: "chosen",
      activationType: "percentage",
      activationPercentage: 5,
      endDate: undefined,
      installmentMinimum: "3,00",
      paymentMethods: ["Pago Móvil", "Zelle"],
      prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
    });
    const { seller, vendedor } = await sellerOn(
      { admin, browser, origin, password: demoServer.demoPassword(VENDEDOR) },
      { raffleId, name: "Carlos Calle", email: VENDEDOR, creditLimit: "50,00" },
    );
    const numbersLoaded = vendedor.waitForResponse(
      (response) => response.url().includes(`/api/raffles/${raffleId}/numbers`) && response.ok(),
    );
    await vendedor.goto("/vendedor");
    const sellButton = vendedor.getByRole("button", { name: `Registrar venta de ${title}` });
    await expect(sellButton).toBeVisible();
    await numbersLoaded;

    // No signal: three sales saved on the phone.
    await vendedor.context().setOffline(true);
    await expect(vendedor.getByText("Sin conexión: las ventas se guardan en este teléfono")).toBeVisible();
    const dialog = vendedor.getByRole("dialog", { name: "Registrar venta" });
    const grid = dialog.getByRole("grid", { name: "Números de la rifa" });
    const sale = async (
      numbers: string[],
      buyer: { name: string; phone: string; email?: string },
      pay: (form: typeof dialog) => Promise<void>,
    ) => {
      await sellButton.click();
      for (const n of numbers) await grid.getByRole("button", { name: `Número ${n}, disponible` }).click();
      await dialog.getByLabel("Nombre y apellido").fill(buyer.name);
      await dialog.getByLabel("Celular").fill(buyer.phone);
      if (buyer.email) await dialog.getByLabel("Correo del comprador (opcional)").fill(buyer.email);
      await pay(dialog);
      await dialog.getByRole("button", { name: "Registrar venta" }).click();
      await expect(
        dialog.getByRole("heading", { name: "Guardada sin conexión: se enviará cuando vuelva la señal" }),
      ).toBeVisible();
      await dialog.getByRole("button", { name: "Cerrar" }).first().click();
    };
    await sale(["20", "21"], { name: "Jesús Calle", phone: "0412-3334455", email: buyerEmail }, (form) =>
      form.getByRole("radio", { name: "Efectivo (USD)" }).check(),
    );
    await sale(["30", "31"], { name: "Rosa Calle", phone: "0424-1112233" }, async (form) => {
      await form.getByRole("radio", { name: "Pago Móvil" }).check();
      await form.getByLabel("Referencia del pago").fill(`CALLE${Date.now()}`);
    });
    await sale(["10", "11"], { name: "Marta Abono", phone: "0416-9998877" }, async (form) => {
      await form.getByRole("radio", { name: "Apartar con abono" }).check();
      await form.getByRole("radio", { name: "Efectivo (USD)" }).check();
      await form.getByLabel("Monto cobrado (US$)").fill("4,00");
    });
    const queue = vendedor.getByRole("list", { name: "Ventas guardadas en este teléfono" });
    await expect(queue.getByRole("listitem")).toHaveCount(3);
    await vendedor.screenshot({ path: test.info().outputPath("cola-sin-senal-390.png"), fullPage: true });

    // Meanwhile someone online takes number 21.
    const other = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
    const login = await other.post("/api/account/login", {
      data: { email: OTHER, password: demoServer.demoPassword(OTHER) },
    });
    expect(login.status(), await login.text()).toBe(200);
    const held = await other.post(`/api/raffles/${raffleId}/reservations`, { data: { numbers: [21, 22] } });
    expect(held.status(), await held.text()).toBe(201);
    await other.dispose();

    // The signal returns: two sales go, the cash one conflicts on 21 and is completed at random.
    await vendedor.context().setOffline(false);
    await expect(queue.getByText(/^Conflicto: .*21/)).toBeVisible({ timeout: 30_000 });
    await queue.getByRole("button", { name: "Asignar al azar" }).click();
    const sales = vendedor.getByRole("list", { name: "Ventas registradas" });
    await expect(sales.getByRole("listitem")).toHaveCount(3, { timeout: 30_000 });
    await expect(vendedor.getByRole("list", { name: "Ventas guardadas en este teléfono" })).toHaveCount(0);
    await expect(sales).toContainText("Abono: pagado $4,00 de $10,00");
    await expectNoAxeViolations(vendedor, "ventas tras volver la señal");
    expect(await horizontalOverflow(vendedor), "desbordamiento en las ventas").toBeLessThanOrEqual(0);
    await vendedor.screenshot({
      path: test.info().outputPath("ventas-sincronizadas-390.png"),
      fullPage: true,
    });

    // The buyer opens the receipt link without an account...
    const receiptUrl =
      (await sales
        .getByRole("link", { name: /recibo de Jesús Calle/ })
        .first()
        .getAttribute("href")) ?? "";
    expect(receiptUrl).toMatch(/\/recibo\/[A-Za-z0-9_-]{43}$/);
    const buyer = await phonePage(browser, origin);
    await buyer.goto(new URL(receiptUrl).pathname);
    await expect(buyer.getByText("Jesús C.").first()).toBeVisible();
    await expect(buyer.getByText("20").first()).toBeVisible();
    await expect(buyer.getByText("¿Quieres ver estos boletos en tu cuenta?")).toBeVisible();
    await expectNoAxeViolations(buyer, "recibo sin cuenta");

    // ...and later claims it into a new account confirmed with the email the vendedor wrote down.
    await registerBuyer(buyer.request, demoServer, "Jesús Calle", buyerEmail);
    await buyer.reload();
    await buyer.getByRole("button", { name: "Reclamar en mi cuenta" }).click();
    await expect(buyer.getByText("Boletos agregados a tu cuenta")).toBeVisible();
    const mine = (await (await buyer.request.get("/api/proofs/mine")).json()) as {
      items: { raffleTitle: string | null; status: string }[];
    };
    expect(mine.items.filter((p) => p.raffleTitle === title).map((p) => p.status)).toEqual(["approved"]);

    // The organiser approves the Pago Móvil sale in the inbox; the abono is paid whole in cash.
    await signInAsAdmin(page);
    await page.goto("/admin?tab=payments");
    const row = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: title }) })
      .filter({ hasText: "Rosa Calle" });
    await expect(row.getByText("Vendido por Carlos Calle")).toBeVisible();
    await row.getByRole("button", { name: "Aprobar pago de Rosa Calle" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Aprobar pago" }).click();
    await expect(page.getByText("Boletos asignados a Rosa Calle: 30, 31.")).toBeVisible();
    await vendedor.reload();
    await vendedor.getByRole("button", { name: "Registrar abono de Marta Abono" }).click();
    const abono = vendedor.getByRole("dialog", { name: "Registrar abono" });
    await abono.getByRole("radio", { name: "Efectivo (USD)" }).check();
    await abono.getByLabel("Monto del abono (US$)").fill("6,00");
    await abono.getByRole("button", { name: "Registrar abono" }).click();
    await expect(abono.getByRole("heading", { name: "Abono registrado" })).toBeVisible();
    await abono.getByRole("button", { name: "Cerrar" }).first().click();
    await expect(sales).toContainText("Pagada completa");

    // Commission and cash: what the vendedor's area says is what the organiser's page says.
    const link = vendedor.getByRole("region", { name: `Tu enlace para ${title}` });
    // 10 % of the three sales of $10,00, once the area has read the abono's commission.
    const owed = "$3,00";
    await expect(link.getByText(/^Comisión por cobrar: /)).toHaveText(`Comisión por cobrar: ${owed}`);
    await page.goto(`/admin/vendedores/${seller.id}`);
    await expect(page.getByText(`Comisión por pagar: ${owed}`)).toBeVisible();
    await page.getByRole("button", { name: `Registrar pago de ${title}` }).click();
    const payment = page.getByRole("form", { name: "Registrar pago de comisión" });
    await payment.getByLabel(/^Monto pagado/).fill("3,00");
    await payment.getByRole("button", { name: "Registrar pago" }).click();
    await expect(page.getByRole("list", { name: "Liquidaciones registradas" })).toContainText("$3,00");
    await page.getByRole("button", { name: `Registrar entrega de efectivo de ${title}` }).click();
    const handover = page.getByRole("form", { name: "Registrar entrega de efectivo" });
    await handover.getByLabel(/^Monto recibido/).fill("20,00");
    await handover.getByRole("button", { name: "Registrar entrega" }).click();
    await expectNoAxeViolations(page, "cuentas del vendedor");
    await page.screenshot({ path: test.info().outputPath("cuentas-organizador-390.png"), fullPage: true });
    await vendedor.reload();
    await expect(link.getByText(/^Comisión por cobrar: /)).toHaveText(
      "Comisión por cobrar: $0,00 · ya cobrada: $3,00",
    );
    await expect(vendedor.getByText(/Efectivo por entregar: \$0,00 de \$50,00/)).toBeVisible();

    // The organiser closes the sales (5 % reached): with nothing under review, the list freezes.
    const closed = await admin.post(`/api/admin/raffles/${raffleId}/close`);
    expect(closed.status(), await closed.text()).toBe(200);
    const record = (await (await admin.get(`/api/raffles/${raffleId}/record`)).json()) as {
      entries: { type: string; data: { tickets?: { number: number }[] } }[];
    };
    const frozen = record.entries.find((entry) => entry.type === "frozen");
    const listed = (frozen?.data.tickets ?? []).map((t) => t.number);
    expect(listed).toEqual(expect.arrayContaining([20, 30, 31, 10, 11]));

    // The buyer's receipt code finds their numbers in the frozen list, marked as theirs.
    await buyer.goto(new URL(receiptUrl).pathname);
    const receiptCode =
      (await buyer
        .getByRole("region", { name: "Código de verificación del recibo" })
        .getByText(/^[0-9a-f]{64}$/)
        .textContent()) ?? "";
    await buyer.getByRole("link", { name: "Comprobar mis boletos en la lista congelada" }).click();
    const token = new URL(receiptUrl).pathname.split("/").pop();
    const bought = (
      (await (await buyer.request.get(`/api/receipts/${token}`)).json()) as { numbers: string[] }
    ).numbers;
    expect(bought).toHaveLength(2);
    expect(bought).toContain("20");
    // The receipt's raffle is chosen once the list of frozen raffles has arrived (a request of its own).
    await expect(buyer.getByRole("combobox", { name: "Rifa" })).toHaveValue(raffleId);
    await buyer.getByLabel("Código de verificación del recibo").fill(receiptCode);
    await buyer.getByLabel("Tus números (opcional)").fill(bought.join(", "));
    await buyer.getByRole("button", { name: "Comprobar", exact: true }).click();
    await expect(
      buyer.getByText("Tus 2 boletos están en la lista congelada y marcados como tuyos"),
    ).toBeVisible({
      timeout: 30_000,
    });
    await buyer.screenshot({ path: test.info().outputPath("recibo-verificado-390.png"), fullPage: true });
  } finally {
    await admin.dispose();
  }
});
