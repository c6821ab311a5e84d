// Small things a newcomer trips over, on a phone: "EN VIVO" only when a draw is on the air, a toast ends
// with the page that raised it, and the live data says when it is reconnecting after a network drop.
//
// It runs against the demo catalogue (SEED_DEMO=1).
import { demoTest, expect, OFFLINE_FAILURE } from "./support/fixtures";
import { skipCookieBanner } from "./support/people";
import { PHONE } from "./support/sizes";

const test = demoTest();

test.use(PHONE);

test("transmisiones: nada dice EN VIVO sin un sorteo al aire; lo próximo con su fecha, lo terminado como tal @phone-only", async ({
  page,
}) => {
  await skipCookieBanner(page);
  await page.goto("/transmisiones-vivo");
  await expect(page.getByRole("heading", { level: 1, name: "Transmisiones en Vivo" })).toBeVisible();
  // The demo's YouTube raffle draws in 12 days and its Facebook one is over: nothing is on the air.
  await expect(page.getByText("EN VIVO", { exact: true })).toHaveCount(0);
  const youtube = page.getByRole("listitem").filter({ hasText: "Canal de YouTube de Rifazo" });
  await expect(youtube.getByText("Próximamente")).toBeVisible();
  await expect(youtube.getByText(/^Próximo sorteo: \d{1,2} de [a-z]+ de \d{4}/)).toBeVisible();
  const facebook = page.getByRole("listitem").filter({ hasText: "Sorteos por Facebook Live" });
  await expect(facebook.getByText("Finalizado")).toBeVisible();
});

test("un toast termina con su página; sin red, el aviso de conexión lo dice y vuelve solo @phone-only", async ({
  page,
  context,
  allowConsoleError,
}) => {
  // While the network is cut, a refetch or the stream's reconnection attempt fails like this.
  allowConsoleError(OFFLINE_FAILURE);
  await skipCookieBanner(page);
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Rifas destacadas" });
  await featured.getByRole("article").first().getByRole("button", { name: "Añadir a favoritos" }).click();
  const notice = page.getByText("Debes iniciar sesión para guardar favoritos.");
  await expect(notice).toBeVisible();
  // Another page: the toast about the home's heart does not follow.
  await page.getByRole("contentinfo").getByRole("link", { name: "Ganadores" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ganadores" })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // A raffle page listens to live sales. Offline: the one connection status says so (a blip of the
  // server alone would say "Reconectando…"), and "Conectado de nuevo" when it is back.
  await page.goto("/rifas");
  await page.getByRole("article").first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const status = page.getByRole("status").filter({ hasText: /Sin conexión|Reconectando|Conectado de nuevo/ });
  await context.setOffline(true);
  await expect(status).toHaveText(/^Sin conexión\./, { timeout: 5_000 });
  await context.setOffline(false);
  // "Conectado de nuevo" once the live data is connected again (at once, or after the quick retries of
  // lib/event-stream when the network is not quite back), and it goes by itself BACK_FOR_MS later.
  await expect(status).toHaveText("Conectado de nuevo", { timeout: 15_000 });
  await expect(status).toHaveCount(0, { timeout: 3_000 + 5_000 });
});
