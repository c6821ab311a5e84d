// The keyboard and a screen reader, end to end (WAI-ARIA grid and dialog patterns, WCAG 2.1.1 and 2.3.3):
// a buyer picks chosen numbers with the keyboard alone — Tab into the grid (one tab stop), arrows, a
// number typed to jump to it, Space and Enter — hears the count ("3 números seleccionados."), reserves
// with Enter, and pays (the proof is sent through the API: a file chooser belongs to the system, not to
// Rifazo). The sales end, the administrator approves, the raffle freezes and its drand round comes out
// (support/drand.ts); with prefers-reduced-motion the draw page's button, pressed with Enter, shows no
// spinning digits and no confetti canvas, and the result is said once in a polite live region.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { holdRelay } from "./support/drand";
import { drandTest, expect } from "./support/fixtures";
import {
  adminApi,
  createRaffleAs,
  makePng,
  registerBuyer,
  setUpPayments,
  skipCookieBanner,
} from "./support/people";
import { BOTH_SIZES } from "./support/sizes";

const test = drandTest();

const PRICE = 5;
/** Sales end this long after the raffle is created: enough to register and reserve by keyboard. */
const SALES_MS = 60_000;
const SHOTS = process.env.KBD_SHOTS_DIR ?? path.join("test-results", "shots-kbd");

async function createChosenRaffle(admin: APIRequestContext, title: string, endDate: Date): Promise<string> {
  await setUpPayments(admin);
  const id = await createRaffleAs(admin, {
    title,
    description: "Rifa de prueba con el teclado.",
    price: PRICE,
    totalTickets: 1000,
    endDate: endDate.toISOString(),
    paymentMethods: ["Pago Móvil", "Zelle"],
    numberMode: "chosen",
    reservationMinutes: 15,
    prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
  });
  return id;
}

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, matches: () => Promise<boolean>, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await matches()) return;
  }
  throw new Error("Tab never reached the control");
}

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "";
  });

for (const size of BOTH_SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test("comprar números elegidos solo con el teclado y ver el sorteo anunciado y sin movimiento @phone", async ({
      page,
      baseURL,
      drand,
    }) => {
      test.setTimeout(240_000);
      mkdirSync(SHOTS, { recursive: true });
      const base = baseURL as string;
      const title = `Moto con teclado ${Date.now().toString(36)}`;
      const endDate = new Date(Date.now() + SALES_MS);
      const admin = await adminApi(base);
      try {
        const raffleId = await createChosenRaffle(admin, title, endDate);
        await skipCookieBanner(page);
        await registerBuyer(page.request, drand.server, "Teresa Teclado");

        await page.goto(`/rifas/${raffleId}`);
        const grid = page.getByRole("grid", { name: "Números de la rifa" });
        // The numbers' bitmap loads after the page (a busy machine can take a while).
        await expect(grid.getByRole("button", { name: "Número 000, disponible" })).toBeVisible({
          timeout: 30_000,
        });
        // Tab reaches the grid once, on its first number.
        await tabTo(page, async () => (await focusedName(page)).startsWith("Número "));
        await expect(grid.getByRole("button", { name: "Número 000, disponible" })).toBeFocused();

        // 1,000 tickets: 3 digits (ticketDigits). Arrows and Space: 003. Down a row and Enter: 003 + one row. Typing 742 jumps there; Space.
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("ArrowRight");
        await page.keyboard.press("Space");
        await expect(grid.getByRole("button", { name: "Número 003, seleccionado" })).toBeFocused();
        const status = page.getByRole("status").filter({ hasText: /seleccionado/ });
        await expect(status).toHaveText("1 número seleccionado.");
        await page.keyboard.press("ArrowDown");
        const below = await focusedName(page);
        expect(below).toMatch(/^Número 0(0[4-9]|1\d), disponible$/);
        await page.keyboard.press("Enter");
        await page.keyboard.type("742");
        await expect(grid.getByRole("button", { name: "Número 742, disponible" })).toBeFocused();
        await page.keyboard.press("Space");
        await expect(status).toHaveText("3 números seleccionados.");
        await expect(grid.getByRole("button", { name: "Número 742, seleccionado" })).toBeFocused();
        // Seen as well as focused: the page scrolls when the grid is below the fold.
        await expect(grid.getByRole("button", { name: "Número 742, seleccionado" })).toBeInViewport({
          ratio: 1,
        });
        // The focus ring is drawn (focus-visible after keyboard use).
        const outline = await page.evaluate(
          () => getComputedStyle(document.activeElement as Element).outlineStyle,
        );
        expect(outline).toBe("solid");
        await page.screenshot({ path: path.join(SHOTS, `grid-focus-${page.viewportSize()?.width}.png`) });
        await grid.screenshot({ path: path.join(SHOTS, `grid-only-${page.viewportSize()?.width}.png`) });

        // Still one tab stop: Tab leaves the grid, and on to "Reservar 3 números" with Enter.
        await tabTo(page, async () => (await focusedName(page)).startsWith("Reservar 3 números"));
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(
          new RegExp(`/perfil/subir-comprobante/${raffleId}\\?reserva=[0-9a-f-]{36}$`),
        );
        const reservationId = new URL(page.url()).searchParams.get("reserva") as string;
        await expect(page.getByRole("list", { name: "Tus números" }).getByRole("listitem")).toHaveText([
          "003",
          below.slice(7, 10),
          "742",
        ]);

        // The proof, through the API (the file chooser is the system's).
        const proof = await page.request.post("/api/proofs", {
          headers: { origin: base },
          multipart: {
            raffleId,
            reservationId,
            paymentMethod: "zelle",
            transactionRef: `KBD-${Date.now()}`,
            amount: (3 * PRICE).toFixed(2),
            currency: "USD",
            quantity: "3",
            file: { name: "pago.png", mimeType: "image/png", buffer: makePng(32, 32) },
          },
        });
        expect(proof.status(), await proof.text()).toBe(201);
        const proofId = ((await proof.json()) as { id: string }).id;

        // Sales end; the administrator approves; the raffle freezes and its round is due at once. The
        // relay is held until the button shows, so the press, not the server's draw job, draws.
        await page.waitForTimeout(Math.max(0, endDate.getTime() - Date.now() + 1_000));
        holdRelay(drand.relay);
        const approved = await admin.post(`/api/admin/proofs/${proofId}/approve`);
        expect(approved.status(), await approved.text()).toBe(200);
        await expect
          .poll(
            async () =>
              (
                (await (await page.request.get(`/api/raffles/${raffleId}`)).json()) as {
                  lifecycle: { state: string };
                }
              ).lifecycle.state,
            { timeout: 30_000 },
          )
          .toBe("frozen");

        // Reduced motion: the draw, pressed with Enter, is calm and said once.
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.goto(`/sorteo/${raffleId}`);
        // Ready within a minute of its round; past that the page calls the round late (draw-round-late.ts).
        const drawButton = page.getByRole("button", {
          name: /Obtener la ronda y sortear|Intentar obtener la ronda ahora/,
        });
        await expect(drawButton).toBeVisible({ timeout: 30_000 });
        await expect(drawButton).toBeEnabled();
        drand.relay.failWith(null);
        await drawButton.focus();
        await page.keyboard.press("Enter");
        await expect(page.getByRole("heading", { name: "¡Tenemos ganadores!" })).toBeVisible({
          timeout: 20_000,
        });
        await expect(page.getByText("Girando la tómbola...")).toHaveCount(0);
        const said = page.getByRole("status").filter({ hasText: "¡Tenemos ganadores!" });
        await expect(said).toHaveText(/^¡Tenemos ganadores! Primer premio, Una moto: boleto \d{3}, Teresa/);
        await expect(said).toHaveCount(1);
        // No confetti canvas is ever added to the page.
        await page.waitForTimeout(1_000);
        await expect(page.locator("canvas")).toHaveCount(0);
        await page.screenshot({ path: path.join(SHOTS, `reveal-calm-${page.viewportSize()?.width}.png`) });
      } finally {
        await admin.dispose();
      }
    });
  });
}
