// What comes before a prize (docs/decisions/0035-prizes-on-the-record.md) in the browser tests: a raffle
// with a cash prize and a short sales window, the buyer's purchase, the approval in the inbox and the
// draw with the local drand relay (support/drand.ts), as e2e/draw-v2.spec.ts does them.
import type { Browser, Page } from "@playwright/test";
import type { DrandRelay } from "../../apps/api/test/drand-relay";
import { expect } from "./fixtures";
import {
  adminApi,
  createRaffleAs,
  fillPagoMovilProof,
  makePng,
  signInAsAdmin,
  skipCookieBanner,
} from "./people";

/** The draw page's button: "ready" within a minute of the round, "late" after it (draw-round-late.ts). */
const DRAW_BUTTON = /Obtener la ronda y sortear|Intentar obtener la ronda ahora/;

/** A raffle of 20 tickets at 5 USD whose one prize is USD `amount` in cash, its sales ending at `endDate`. */
export async function createCashRaffle(
  baseURL: string,
  form: { title: string; endDate: Date; prize: string; amount: number },
): Promise<string> {
  const admin = await adminApi(baseURL);
  try {
    return await createRaffleAs(admin, {
      title: form.title,
      description: "Rifa de prueba de un premio en efectivo.",
      totalTickets: 20,
      endDate: form.endDate.toISOString(),
      paymentMethods: ["Pago Móvil"],
      prizeLevels: [
        { description: form.prize, winnerCount: 1, prizeValue: form.amount, cashCurrency: "USD" },
      ],
    });
  } finally {
    await admin.dispose();
  }
}

/** Reserves the default 2 tickets and uploads a Pago Móvil proof, as a buyer does. */
export async function buyTwoTickets(page: Page, raffleId: string, title: string): Promise<void> {
  await page.goto(`/rifas/${raffleId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByLabel("Cantidad de boletos")).toHaveValue("2");
  // The app's own reservation, once it knows the buyer (before that the form posts itself, decision 0029).
  await expect(page.getByText(/^Tus boletos quedan apartados/)).toBeVisible();
  await page.getByRole("button", { name: "Reservar boletos" }).click();
  await expect(page).toHaveURL(new RegExp(`/perfil/subir-comprobante/${raffleId}\\?reserva=`));
  await fillPagoMovilProof(page, `PZ${Date.now()}`);
  await page
    .getByLabel("Comprobante de pago", { exact: true })
    .setInputFiles({ name: "pago.png", mimeType: "image/png", buffer: makePng(64, 64) });
  await page.getByRole("button", { name: "Enviar Comprobante" }).click();
  await expect(page.getByText("Comprobante Enviado", { exact: true }).first()).toBeVisible();
}

/** The administrator on a desktop browser of their own, signed in. */
export async function adminDesktop(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await skipCookieBanner(context);
  const page = await context.newPage();
  await signInAsAdmin(page);
  return page;
}

/** Approves the buyer's one proof of the raffle in the approvals inbox. */
export async function approveInInbox(
  admin: Page,
  buyer: { name: string; email: string },
  title: string,
): Promise<void> {
  await admin.goto("/admin?tab=payments");
  await admin.getByLabel("Estado", { exact: true }).click();
  await admin.getByRole("option", { name: "En Revisión", exact: true }).click();
  await admin.getByLabel("Buscar").fill(buyer.email);
  const row = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: title }) });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Aprobar pago de ${buyer.name}` }).click();
  // Approving asks first (buyer, amount, tickets).
  await admin.getByRole("alertdialog").getByRole("button", { name: "Aprobar pago" }).click();
  await expect(
    admin.getByText(new RegExp(`Boletos asignados a ${buyer.name}: \\d{2}, \\d{2}\\.`)).first(),
  ).toBeVisible();
  await expect(row).toHaveCount(0);
}

/** The raffle's lifecycle as the public API tells it. */
async function lifecycleState(page: Page, raffleId: string): Promise<string> {
  const detail = (await (await page.request.get(`/api/raffles/${raffleId}`)).json()) as {
    lifecycle: { state: string };
  };
  return detail.lifecycle.state;
}

/**
 * Waits for the freeze (nothing pending once the proof is approved), then presses the draw page's button
 * (anyone may) once the round is out: the server fetches it from the relay and draws. The relay was held
 * (holdRelay) and answers again only now, so the press, not the job, draws. Returns the winning ticket as
 * the page shows it.
 */
export async function drawOnDrawPage(page: Page, raffleId: string, relay: DrandRelay): Promise<string> {
  await expect.poll(() => lifecycleState(page, raffleId), { timeout: 30_000 }).toBe("frozen");
  await page.goto(`/sorteo/${raffleId}`);
  const button = page.getByRole("button", { name: DRAW_BUTTON });
  await expect(button).toBeVisible({ timeout: 20_000 });
  relay.failWith(null);
  await button.click();
  await expect(page.getByRole("heading", { name: "¡Tenemos ganadores!" })).toBeVisible({ timeout: 30_000 });
  const text = (await page.getByRole("list", { name: "Ganadores" }).textContent()) ?? "";
  const ticket = (text.match(/Boleto\s*(\d{2})(?!\d)/) ?? [])[1];
  expect(ticket, text).toBeTruthy();
  return ticket as string;
}
