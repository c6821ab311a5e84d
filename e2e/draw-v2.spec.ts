// A draw nobody can steer (decision 0012), end to end in real browsers, with a local drand relay
// (support/drand.ts) instead of the network: a buyer buys 2 tickets of two fresh raffles and uploads the
// proofs → the sales end (a short end date) and each raffle page says 'Cerrada: revisando pagos' with 1
// pending → the relay stops answering (a machine without network) → the administrator approves the
// proofs in the approvals inbox → each raffle freezes, its record names a drand round
// (DRAW_ROUND_DELAY_MINUTES=0: due within seconds) shown on the draw page → raffle A: the draw button
// gets the server's refusal and the way out, and the administrator's 'Pegar beacon' with the relay's
// signature draws it → raffle B: the relay answers again and the draw page's button (anyone may press
// it) has the server fetch the round and draw → each winner is one of the buyer's tickets → both records
// verify whole in the browser → the buyer confirms their numbers in the frozen list with the receipt code.
import type { Browser, Page } from "@playwright/test";
import { drandTest, expect, loggedStatus } from "./support/fixtures";
import { adminApi, createRaffleAs, makePng, signInAsAdmin, skipCookieBanner } from "./support/people";

const test = drandTest({ seedDemo: true });

const BUYER = { name: "Carlos Pérez", email: "carlos.perez@example.com" };
/** The draw page's button: "ready" within a minute of the round, "late" after it (draw-round-late.ts). */
const DRAW_BUTTON = /Obtener la ronda y sortear|Intentar obtener la ronda ahora/;
/** Sales end this long after the raffles are created: enough for the buyer to buy in both. */
const SALES_MS = 75_000;

/** Creates an internal raffle on sale through the admin API, its sales ending at `endDate`. */
async function createRaffle(baseURL: string, title: string, endDate: Date): Promise<string> {
  const admin = await adminApi(baseURL);
  try {
    return await createRaffleAs(admin, {
      title,
      description: "Rifa de prueba para el sorteo con drand.",
      totalTickets: 20,
      endDate: endDate.toISOString(),
      paymentMethods: ["Pago Móvil"],
      prizeLevels: [{ description: "Una bicicleta", winnerCount: 1 }],
    });
  } finally {
    await admin.dispose();
  }
}

/** Reserves the default 2 tickets of a raffle and uploads the proof, as purchase.spec.ts does. */
async function buyTwo(page: Page, raffleId: string, title: string) {
  await page.goto(`/rifas/${raffleId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel("Cantidad de boletos")).toHaveValue("2");
  // The app's own reservation, once it knows the buyer (before that the form posts itself, decision 0029).
  await expect(page.getByText(/^Tus boletos quedan apartados/)).toBeVisible();
  await page.getByRole("button", { name: "Reservar boletos" }).click();
  await expect(page).toHaveURL(new RegExp(`/perfil/subir-comprobante/${raffleId}\\?reserva=`));
  await page.getByRole("combobox", { name: "Método de pago" }).selectOption({ label: "Pago Móvil" });
  await page.getByLabel("Referencia de la transacción").fill(`V2${Date.now()}`);
  // The amount in bolívares the Pago Móvil tab asks for, typed as the bank app shows it.
  const due = await page
    .getByRole("tabpanel", { name: "Pago Móvil" })
    .getByText(/^Bs\. [\d.]+,\d\d$/)
    .textContent();
  await page.getByLabel("Monto pagado").fill((due ?? "").replace("Bs. ", ""));
  await page
    .getByLabel("Comprobante de pago", { exact: true })
    .setInputFiles({ name: "pago.png", mimeType: "image/png", buffer: makePng(64, 64) });
  await page.getByRole("button", { name: "Enviar Comprobante" }).click();
  await expect(page.getByText("Comprobante Enviado", { exact: true }).first()).toBeVisible();
}

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await skipCookieBanner(context);
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

/** The raffle's lifecycle as the public API tells it. */
async function lifecycleOf(page: Page, raffleId: string) {
  const detail = (await (await page.request.get(`/api/raffles/${raffleId}`)).json()) as {
    lifecycle: { state: string; drawRound: number | null; drawRoundAt: string | null };
  };
  return detail.lifecycle;
}

test("sorteo con drand: compra, cierre, aprobación, congelación, beacon pegado y botón, acta verificada y recibo", async ({
  page,
  browser,
  baseURL,
  drand,
  allowConsoleError,
}) => {
  test.setTimeout(300_000);
  const base = baseURL as string;
  const suffix = Date.now().toString(36);
  const pasted = { title: `Bicicleta drand A ${suffix}`, id: "" };
  const pressed = { title: `Bicicleta drand B ${suffix}`, id: "" };
  const endDate = new Date(Date.now() + SALES_MS);
  pasted.id = await createRaffle(base, pasted.title, endDate);
  pressed.id = await createRaffle(base, pressed.title, endDate);

  // The buyer buys 2 tickets of each raffle while they are on sale.
  await skipCookieBanner(page);
  await page.goto("/login");
  const login = page.locator("form");
  await login.getByLabel("Correo electrónico").fill(BUYER.email);
  await login.getByLabel("Contraseña", { exact: true }).fill(drand.server.demoPassword(BUYER.email));
  await login.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/perfil/);
  await buyTwo(page, pasted.id, pasted.title);
  await buyTwo(page, pressed.id, pressed.title);
  expect(Date.now(), "la compra terminó antes del cierre de ventas").toBeLessThan(endDate.getTime());

  // The end date passes: the raffle closes by itself (the server, never the page, decides) with 1 pending.
  await page.waitForTimeout(Math.max(0, endDate.getTime() - Date.now() + 1_000));
  for (const raffle of [pasted, pressed]) {
    await expect(async () => {
      await page.goto(`/rifas/${raffle.id}`);
      await expect(page.getByText("Cerrada: revisando pagos").first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText("Queda 1 pago en revisión.").first()).toBeVisible();
  }

  // The relay stops answering (a machine without network): the server cannot fetch the rounds by itself.
  drand.relay.failWith(503);

  // The administrator approves both proofs in the approvals inbox.
  const admin = await adminPage(browser, base);
  await admin.getByRole("tab", { name: "Comprobantes" }).click();
  await admin.getByLabel("Estado", { exact: true }).click();
  await admin.getByRole("option", { name: "En Revisión", exact: true }).click();
  await admin.getByLabel("Buscar").fill(BUYER.email);
  const numbers: Record<string, string[]> = {};
  for (const raffle of [pasted, pressed]) {
    const row = admin
      .getByRole("listitem")
      .filter({ has: admin.getByRole("heading", { name: raffle.title }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText(/Rifa cerrada · revisar antes del/)).toBeVisible();
    await row.getByRole("button", { name: `Aprobar pago de ${BUYER.name}` }).click();
    // Approving asks first (buyer, amount, tickets).
    await admin.getByRole("alertdialog").getByRole("button", { name: "Aprobar pago" }).click();
    await expect(
      // 20 tickets: 2 digits (ticketDigits).
      admin.getByText(new RegExp(`Boletos asignados a ${BUYER.name}: \\d{2}, \\d{2}\\.`)).first(),
    ).toBeVisible();
    await expect(row).toHaveCount(0);
  }
  // The buyer's numbers, as Mis pagos has them. Polled: the toast checked above may be the previous
  // raffle's, still on screen, while this approval's answer is on its way.
  for (const raffle of [pasted, pressed]) {
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/proofs/mine?q=${encodeURIComponent(raffle.title)}`);
          const mine = (await response.json()) as {
            items?: Array<{ raffleTitle: string | null; status: string; ticketNumbers: string[] }>;
          };
          const proof = mine.items?.find((item) => item.raffleTitle === raffle.title);
          numbers[raffle.id] = proof?.status === "approved" ? proof.ticketNumbers : [];
          return `${response.status()} ${proof?.status ?? "sin comprobante"} ${proof?.ticketNumbers.length ?? 0}`;
        },
        { timeout: 15_000 },
      )
      .toBe("200 approved 2");
  }

  // Nothing pending: each raffle froze and its record named a drand round, shown on the draw page.
  for (const raffle of [pasted, pressed]) {
    await expect.poll(async () => (await lifecycleOf(page, raffle.id)).state).toBe("frozen");
    const { drawRound } = await lifecycleOf(page, raffle.id);
    expect(drawRound).toBeGreaterThan(0);
    await page.goto(`/sorteo/${raffle.id}`);
    await expect(page.getByText(new RegExp(`ronda ${drawRound} de drand`)).first()).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ver el acta del sorteo" })).toBeVisible();
  }

  // Raffle A, once its round is out: the draw button gets the server's refusal (no relay answers) and
  // the way out; the administrator then pastes the round's beacon (the relay's signature).
  const roundA = (await lifecycleOf(page, pasted.id)).drawRound as number;
  allowConsoleError(loggedStatus(503, `/api/raffles/${pasted.id}/draw`));
  allowConsoleError(new RegExp(`^HTTP 503: POST http://[^/]+/api/raffles/${pasted.id}/draw$`));
  await page.goto(`/sorteo/${pasted.id}`);
  // Within a minute of its round the page is ready to draw; later, the round is late (no relay answered)
  // and the page says what it waits for (draw-round-late.ts). Either way the button only asks the server.
  const buttonA = page.getByRole("button", { name: DRAW_BUTTON });
  await expect(buttonA).toBeVisible({ timeout: 20_000 });
  const late = (await buttonA.textContent())?.includes("Intentar") ?? false;
  await buttonA.click();
  await expect(page.getByText(`No pudimos obtener la ronda ${roundA} de drand`).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(
    page.getByText(
      late
        ? "el organizador puede ingresar la ronda a mano"
        : `un administrador puede pegar el beacon de la ronda ${roundA}`,
      { exact: false },
    ),
  ).toBeVisible();
  // A draw that cannot happen is never animated.
  await expect(page.getByText("Girando la tómbola...")).toHaveCount(0);

  await admin.goto(`/admin/rifas/${pasted.id}`);
  const beaconForm = admin.getByRole("form", { name: "Pegar beacon" });
  await expect(beaconForm.getByLabel("Ronda")).toHaveValue(String(roundA));
  await beaconForm.getByLabel("Firma (signature)").fill(drand.relay.chain.beacon(roundA).signature);
  await beaconForm.getByRole("button", { name: "Verificar y sortear" }).click();
  await expect(admin.getByText("Beacon verificado").first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "¡Tenemos ganadores!" })).toBeVisible();
  const winnerA = page.getByRole("list", { name: "Ganadores" }).getByRole("listitem");
  await expect(winnerA).toHaveCount(1);
  const ticketA = (((await winnerA.textContent()) ?? "").match(/Boleto\s*(\d{2})(?!\d)/) ?? [])[1];
  expect(numbers[pasted.id]).toContain(ticketA);
  await expect(page.getByRole("button", { name: /sortear/i })).toHaveCount(0);

  // Raffle B: the buyer (anyone) presses the draw page's button; the server fetches the round from the relay.
  await page.goto(`/sorteo/${pressed.id}`);
  const drawButton = page.getByRole("button", { name: DRAW_BUTTON });
  await expect(drawButton).toBeVisible({ timeout: 20_000 });
  drand.relay.failWith(null);
  await drawButton.click();
  // The server answers with the winners, then the roulette reveals them (no reduced motion here).
  await expect(page.getByText("Girando la tómbola...")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "¡Tenemos ganadores!" })).toBeVisible({ timeout: 20_000 });
  const textB = (await page.getByRole("list", { name: "Ganadores" }).textContent()) ?? "";
  const ticketB = (textB.match(/Boleto\s*(\d{2})(?!\d)/) ?? [])[1];
  expect(numbers[pressed.id]).toContain(ticketB);
  const roundB = (await lifecycleOf(page, pressed.id)).drawRound as number;
  expect(drand.relay.requests.some((path) => path.endsWith(`/public/${roundB}`))).toBe(true);

  // Both records verify whole in the browser, with the beacon's source written in them.
  for (const raffle of [pasted, pressed]) {
    await page.goto(`/sorteo/${raffle.id}/acta`);
    await expect(page.getByRole("heading", { level: 1, name: `Acta: ${raffle.title}` })).toBeVisible();
    await page.getByRole("button", { name: "Verificar el acta completa" }).click();
    await expect(page.getByText("Verificado en tu navegador: todo coincide")).toBeVisible({
      timeout: 20_000,
    });
    const checks = page.getByRole("list", { name: "Comprobaciones" }).getByRole("listitem");
    await expect(checks.filter({ hasText: "Firma BLS del beacon" })).toContainText("✓");
    await expect(checks.filter({ hasText: "✗" })).toHaveCount(0);
  }

  // The buyer confirms, with the receipt's code, that their numbers are in the frozen list as theirs.
  await page.goto(`/perfil/pagos?q=${encodeURIComponent(pasted.title)}`);
  await page
    .getByRole("button", { name: `Ver detalle del pago: ${pasted.title}` })
    .first()
    .click();
  const code = page.getByRole("dialog").getByRole("region", { name: "Código de verificación del recibo" });
  await expect(code.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await code.getByRole("button", { name: "Comprobar mis boletos en la lista congelada" }).click();
  await expect(
    code.getByText("Tus 2 boletos están en la lista congelada y marcados como tuyos"),
  ).toBeVisible();
});
