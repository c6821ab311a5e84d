// Background Sync of a vendedor's queue (docs/decisions/0034-vendedores.md, "Offline sales"): a sale saved
// without signal asks the browser to send it when signal returns; with the vendedor's area closed and no
// page of the app open, only the service worker is left to do it, and Chromium fires its sync when the
// connection comes back.
import { expect as baseExpect } from "@playwright/test";
import { demoTest, expect } from "./support/fixtures";
import { adminApi, createRaffleAs } from "./support/people";
import { sellerOn } from "./support/sellers";
import { PHONE } from "./support/sizes";

const test = demoTest();
const VENDEDOR = "carlos.perez@example.com";

test.use(PHONE);

test("con el área cerrada, el service worker envía la venta guardada sin señal al volver la señal @phone-only", async ({
  browser,
  baseURL,
  demoServer,
  allowConsoleError,
}) => {
  test.setTimeout(180_000);
  // Without signal the browser reports the requests it could not make: that is the point of this test.
  allowConsoleError(/ERR_INTERNET_DISCONNECTED/);
  const origin = baseURL as string;
  const admin = await adminApi(origin);
  const title = `Rifa en segundo plano ${Date.now()}`;
  try {
    const raffleId = await createRaffleAs(admin, {
      title,
      description: "Rifa vendida sin señal",
      numberMode: "chosen",
      prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
    });
    const { vendedor } = await sellerOn(
      {
        admin,
        browser,
        origin,
        password: demoServer.demoPassword(VENDEDOR),
        contextOptions: { serviceWorkers: "allow" },
      },
      { raffleId, name: "Carlos Segundo Plano", email: VENDEDOR, creditLimit: "50,00" },
    );
    const numbersLoaded = vendedor.waitForResponse(
      (response) => response.url().includes(`/api/raffles/${raffleId}/numbers`) && response.ok(),
    );
    await vendedor.goto("/vendedor");
    await expect(vendedor.getByRole("button", { name: `Registrar venta de ${title}` })).toBeVisible();
    await numbersLoaded;
    // The service worker that will send the queue is installed and in charge of the page. It may have
    // activated while this page was still loading (registered on the sign-in page): such a page stays
    // uncontrolled until its next load, as any browser does, so it is loaded again once the worker is active.
    await vendedor.waitForFunction(
      async () => Boolean((await navigator.serviceWorker.ready).active),
      undefined,
      {
        timeout: 90_000,
      },
    );
    if (!(await vendedor.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await vendedor.reload();
      await expect(vendedor.getByRole("button", { name: `Registrar venta de ${title}` })).toBeVisible();
    }
    await vendedor.waitForFunction(
      () => navigator.serviceWorker.controller?.state === "activated",
      undefined,
      {
        timeout: 30_000,
      },
    );

    const context = vendedor.context();
    await context.setOffline(true);
    await vendedor.getByRole("button", { name: `Registrar venta de ${title}` }).click();
    const dialog = vendedor.getByRole("dialog", { name: "Registrar venta" });
    const grid = dialog.getByRole("grid", { name: "Números de la rifa" });
    await grid.getByRole("button", { name: "Número 30, disponible" }).click();
    await grid.getByRole("button", { name: "Número 31, disponible" }).click();
    await dialog.getByLabel("Nombre y apellido").fill("Eva Segundo Plano");
    await dialog.getByLabel("Celular").fill("0412-5556677");
    await dialog.getByRole("radio", { name: "Efectivo (USD)" }).check();
    await dialog.getByRole("button", { name: "Registrar venta" }).click();
    await expect(
      dialog.getByRole("heading", { name: "Guardada sin conexión: se enviará cuando vuelva la señal" }),
    ).toBeVisible();

    const sales = async () =>
      ((await (await context.request.get("/api/seller/sales")).json()) as { items: { buyerName: string }[] })
        .items;
    // Nothing goes while there is no signal.
    await vendedor.waitForTimeout(3_000);
    expect(await sales()).toEqual([]);
    // The vendedor closes the area; the signal returns with nothing of the app open but its worker.
    const blank = await context.newPage();
    await vendedor.close();
    await context.setOffline(false);
    // Recorded by the worker: the cash sale is paid, and the phone's queue is empty when the area reopens.
    await baseExpect
      .poll(async () => (await sales()).map((s) => s.buyerName), { timeout: 20_000 })
      .toEqual(["Eva Segundo Plano"]);
    await blank.goto("/vendedor");
    const list = blank.getByRole("list", { name: "Ventas registradas" });
    await expect(list).toContainText("Eva Segundo Plano");
    await expect(list).toContainText("Pagada");
    await expect(blank.getByRole("list", { name: "Ventas guardadas en este teléfono" })).toHaveCount(0);
  } finally {
    await admin.dispose();
  }
});
