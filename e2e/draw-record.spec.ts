// The draw record (decision 0012) as a visitor and a buyer see it, on the demo catalogue: the raffle drawn with
// League of Entropy quicknet's real round 657413 links its acta from its page; the acta verifies whole in
// the browser (the BLS code downloads only then); the transparency list offers it; the raffle frozen
// awaiting a future round shows that round and its countdown; a buyer of the drawn raffle finds the
// receipt's verification code in Mis pagos and confirms every number is in the frozen list as theirs.
import { demoTest, expect } from "./support/fixtures";
import { adminApi, signIn, skipCookieBanner } from "./support/people";

const test = demoTest();

const DRAWN = "Samsung Galaxy S23 128 GB";
const FROZEN = "Nevera Samsung No Frost 14 pies";
const BUYER = { email: "luis.hernandez@example.com" };

interface RaffleSummary {
  id: string;
  title: string;
}

async function raffleId(page: import("@playwright/test").Page, title: string): Promise<string> {
  const list = await page.request.get("/api/raffles?status=all");
  const { items } = (await list.json()) as { items: RaffleSummary[] };
  const found = items.find((r) => r.title === title);
  expect(found, `la rifa de ejemplo «${title}»`).toBeDefined();
  return (found as RaffleSummary).id;
}

test("acta de un sorteo con drand: enlace, verificación completa en el navegador y transparencia", async ({
  page,
}) => {
  const id = await raffleId(page, DRAWN);
  await page.goto(`/rifas/${id}`);
  await page.getByRole("link", { name: "Ver el acta del sorteo" }).click();
  await expect(page).toHaveURL(new RegExp(`/sorteo/${id}/acta$`));
  await expect(page.getByRole("heading", { level: 1, name: `Acta: ${DRAWN}` })).toBeVisible();
  const entries = page.getByRole("region", { name: "Entradas del acta" }).getByRole("listitem");
  await expect(entries.first()).toContainText("Reglas publicadas");
  await expect(page.getByRole("region", { name: /Lista congelada \(\d+ boletos\)/ })).toBeVisible();

  // The verification code is not part of the page: it arrives on press.
  const bls: string[] = [];
  page.on("response", (response) => {
    if (/\/assets\/draw-record-(?!page-)[^/]+\.js$/.test(response.url())) bls.push(response.url());
  });
  expect(bls).toHaveLength(0);
  await page.getByRole("button", { name: "Verificar el acta completa" }).click();
  await expect(page.getByText("Verificado en tu navegador: todo coincide")).toBeVisible({ timeout: 20_000 });
  expect(bls).toHaveLength(1);
  const checks = page.getByRole("list", { name: "Comprobaciones" }).getByRole("listitem");
  await expect(checks.filter({ hasText: "Firma BLS del beacon" })).toContainText("✓");
  await expect(checks.filter({ hasText: "✗" })).toHaveCount(0);
  await expect(page.getByText(/no es de la League of Entropy/)).toHaveCount(0);

  // The transparency list links the same acta.
  await page.goto("/transparencia-de-sorteos");
  await expect(page.getByRole("heading", { level: 2, name: "Qué está garantizado y qué no" })).toBeVisible();
  const card = page.locator(`[id="sorteo-${id}"]`);
  await expect(card.getByRole("link", { name: "Ver el acta" })).toHaveAttribute("href", `/sorteo/${id}/acta`);
});

test("acta de una rifa congelada: la ronda fijada y su cuenta regresiva", async ({ page }) => {
  const id = await raffleId(page, FROZEN);
  await page.goto(`/sorteo/${id}/acta`);
  const waiting = page.getByRole("region", { name: "Esperando la ronda de drand" });
  await expect(waiting).toContainText(/Los ganadores saldrán de la ronda \d+ de drand/);
});

test("Mis pagos: el código del recibo confirma los boletos en la lista congelada", async ({
  page,
  demoServer,
}) => {
  await page.goto("/login");
  const form = page.locator("form");
  await form.getByLabel("Correo electrónico").fill(BUYER.email);
  await form.getByLabel("Contraseña", { exact: true }).fill(demoServer.demoPassword(BUYER.email));
  await form.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/perfil/);
  await page.goto(`/perfil/pagos?q=${encodeURIComponent("Galaxy")}`);
  await page
    .getByRole("button", { name: `Ver detalle del pago: ${DRAWN}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  const code = dialog.getByRole("region", { name: "Código de verificación del recibo" });
  await expect(code.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await code.getByRole("button", { name: "Comprobar mis boletos en la lista congelada" }).click();
  await expect(
    code.getByText(/^Tus \d+ boletos están en la lista congelada y marcados como tuyos$/),
  ).toBeVisible();
});

/** apps/api/src/seed/demo-data.ts: María González has a pending Zelle proof for 4 tickets of the moto (on sale). */
const MARIA = { email: "maria.gonzalez@example.com", raffle: "Moto Bera SBR 150 cc 0 km" };
const SHOTS = "/tmp/shots/h-checkpoints";

test("punto de control: la aprobación lo da, el recibo lo muestra y el acta lo extiende; uno alterado se contradice", async ({
  page,
  baseURL,
  demoServer,
}) => {
  await skipCookieBanner(page);
  await signIn(page, MARIA.email, demoServer.demoPassword(MARIA.email));
  const mine = (await (await page.request.get("/api/proofs/mine")).json()) as {
    items: Array<{ id: string; status: string; raffleId: string | null; raffleTitle: string | null }>;
  };
  const pending = mine.items.find((p) => p.status === "pending" && p.raffleTitle === MARIA.raffle);
  expect(pending, "el comprobante pendiente de María").toBeDefined();
  const raffleId = pending?.raffleId as string;
  // The raffle is on sale: its record is public already (rules as sold), before any draw.
  const published = await page.request.get(`/api/raffles/${raffleId}/record`);
  expect(published.status(), await published.text()).toBe(200);
  const before = (await published.json()) as {
    entries: Array<{ type: string; hash: string }>;
  };
  expect(before.entries[0]?.type).toBe("rules_published");

  const admin = await adminApi(baseURL as string);
  const approved = await admin.post(`/api/admin/proofs/${pending?.id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
  await admin.dispose();
  const proof = (await (await page.request.get(`/api/proofs/${pending?.id}`)).json()) as {
    receiptToken: string;
    checkpoint: string;
  };
  const head = before.entries.at(-1)?.hash as string;
  expect(proof.checkpoint).toMatch(new RegExp(`^rifazo-cp-1:${raffleId}:${before.entries.length}:${head}:`));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/recibo/${proof.receiptToken}`);
  const section = page.getByRole("region", { name: "Punto de control del acta" });
  await expect(
    section.getByText(
      new RegExp(
        `^Punto de control del acta: entrada ${before.entries.length}, huella ${head.slice(0, 12)}…`,
      ),
    ),
  ).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/receipt-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/receipt-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await section.getByRole("link", { name: "Comprobar el acta con este punto de control" }).click();
  await expect(page).toHaveURL(new RegExp(`/sorteo/${raffleId}/acta\\?punto=`));
  const check = page.getByRole("region", { name: "Puntos de control" });
  await expect(check.getByText("El acta publicada extiende el punto de control presentado.")).toBeVisible();

  // A checkpoint of a record rewritten since (another head at that position) is contradicted, in words.
  const forged = proof.checkpoint.replace(head, "0".repeat(64));
  await check.getByLabel(/Pega uno o más puntos de control/).fill(forged);
  await check.getByRole("button", { name: "Comprobar puntos de control" }).click();
  await expect(check.getByText("El acta publicada contradice un punto de control")).toBeVisible();
  await expect(check.getByText(/el acta se reescribió desde entonces/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/record-checkpoints-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/record-checkpoints-1280.png`, fullPage: true });
});
