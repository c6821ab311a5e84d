// Draws already made stay verifiable, end to end, as a visitor (decision 0012: no new v1 draw is computed; a
// new draw is a drand draw, e2e/draw-v2.spec.ts). On the demo catalogue: the v1 draw of 'Smart TV 65"'
// (seed committed before the sale) → /sorteo/{id} shows '¡Tenemos ganadores!', the commitment and no
// draw button → one winning ticket is a '¡Boleto Ganador!' in /verificar-boleto → its links lead back to
// the draw and to the draw's entry on the transparency page → /transparencia-de-sorteos recomputes the v1
// draw in the browser ('Verificado en tu navegador: todo coincide'); the v2 raffle drawn with quicknet's
// round 657413 shows its winners and its acta, which verifies whole in the browser → `npm run verify-draw
// -- --all <site>` recomputes every draw and exits 0.
//
// It runs against the demo catalogue (SEED_DEMO=1), on PGlite or, when TEST_DATABASE_URL is set, a fresh
// PostgreSQL database (support/server.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { demoTest, expect } from "./support/fixtures";

const test = demoTest();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsxCli = path.join(root, "node_modules/tsx/dist/cli.mjs");

const V1_DRAWN = 'Smart TV 65" 4K UHD';
const V2_DRAWN = "Samsung Galaxy S23 128 GB";

const TEXT = {
  winners: "¡Tenemos ganadores!",
  // The headline names where the number won: the same 4 digits may be sold, not winning, in other raffles.
  winningTicket: /^(¡Boleto Ganador!|Ganador en \d+ de \d+ rifas)$/,
  verified: "Verificado en tu navegador: todo coincide",
};

interface RaffleSummary {
  id: string;
  title: string;
}

async function raffleByTitle(page: Page, title: string): Promise<RaffleSummary> {
  const list = await page.request.get("/api/raffles?status=all");
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: RaffleSummary[] };
  const found = items.find((r) => r.title === title);
  expect(found, `la rifa de ejemplo «${title}»`).toBeDefined();
  return found as RaffleSummary;
}

/** The tickets of the winners list on /sorteo/{id}, in the raffle's digits (2 to 4). */
async function winnerTickets(page: Page): Promise<string[]> {
  const items = page.getByRole("list", { name: "Ganadores" }).getByRole("listitem");
  return (await items.allTextContents()).map(
    (text) => text.match(/Boleto\s*(\d{2,4})(?!\d)/)?.[1] ?? `sin boleto en: ${text}`,
  );
}

/** Runs the public verifier the way `npm run verify-draw -- --all <url>` does, from the repo root. */
function runVerifyDraw(siteUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsxCli, "scripts/verify-draw.ts", "--all", siteUrl], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

test("un sorteo v1 ya realizado sigue verificable: ganadores, verificador de boletos y transparencia", async ({
  page,
}) => {
  const raffle = await raffleByTitle(page, V1_DRAWN);
  const detail = (await (await page.request.get(`/api/raffles/${raffle.id}`)).json()) as {
    drawSeedCommitment: string | null;
  };
  const commitment = detail.drawSeedCommitment ?? "";
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);

  // The draw page: the stored winners, the commitment published before the sale, no second draw.
  await page.goto(`/sorteo/${raffle.id}`);
  await expect(page.getByRole("heading", { level: 1, name: raffle.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: TEXT.winners })).toBeVisible();
  await expect(page.getByText("Sorteo verificable", { exact: true })).toBeVisible();
  await expect(page.getByText(commitment, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /sortear|Realizar Sorteo/i })).toHaveCount(0);
  const tickets = await winnerTickets(page);
  expect(tickets).toHaveLength(2);
  // The demo TV raffle has 250 tickets: 3 digits (ticketDigits).
  for (const ticket of tickets) expect(ticket).toMatch(/^\d{3}$/);
  const ticket = tickets[0] as string;

  // The public ticket verifier finds that ticket as a winner of this raffle.
  await page.goto("/verificar-boleto");
  await page.getByLabel("Número de boleto").fill(ticket);
  await page.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(page.getByText(TEXT.winningTicket)).toBeVisible();
  const match = page
    .getByRole("list", { name: "Rifas con este boleto" })
    .getByRole("listitem")
    .filter({ hasText: raffle.title });
  await expect(match).toContainText("Ganador");

  // From the result back to the draw, and from there to its entry on the transparency page.
  await match.getByRole("link", { name: "Ver el sorteo y su verificación" }).click();
  await expect(page).toHaveURL(new RegExp(`/sorteo/${raffle.id}$`));
  await expect(page.getByRole("heading", { name: TEXT.winners })).toBeVisible();
  await page.getByRole("link", { name: "Verificar este sorteo" }).click();
  await expect(page).toHaveURL(new RegExp(`/transparencia-de-sorteos#sorteo-${raffle.id}$`));
  const record = page.locator(`[id="sorteo-${raffle.id}"]`);
  await expect(record).toBeInViewport();

  // The transparency page, opened afresh, recomputes this draw in the browser from its public transcript.
  await page.goto("/transparencia-de-sorteos");
  await expect(page.getByRole("heading", { level: 2, name: "Sorteos realizados" })).toBeVisible();
  await expect(record).toBeVisible();
  await expect(record).toContainText(commitment);
  await expect(record).toContainText(ticket);
  await record.getByRole("button", { name: "Verificar", exact: true }).click();
  await expect(record.getByText(TEXT.verified)).toBeVisible();
});

test("el sorteo con drand de la demo: ganadores, su acta verificada, y el verificador de línea de comandos", async ({
  page,
  demoServer,
}) => {
  test.setTimeout(120_000);
  const raffle = await raffleByTitle(page, V2_DRAWN);

  // The draw page: the winners, no v1 commitment, no draw button, and the acta.
  await page.goto(`/sorteo/${raffle.id}`);
  await expect(page.getByRole("heading", { name: TEXT.winners })).toBeVisible();
  // The demo phone raffle has 200 tickets: 3 digits.
  for (const ticket of await winnerTickets(page)) expect(ticket).toMatch(/^\d{3}$/);
  await expect(page.getByText("Sorteo verificable", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /sortear|Realizar Sorteo/i })).toHaveCount(0);
  await page.getByRole("link", { name: "Ver el acta del sorteo" }).click();
  await expect(page).toHaveURL(new RegExp(`/sorteo/${raffle.id}/acta$`));
  await page.getByRole("button", { name: "Verificar el acta completa" }).click();
  await expect(page.getByText(TEXT.verified)).toBeVisible({ timeout: 20_000 });

  // And the command-line verifier, for every draw the site has published.
  const cli = await runVerifyDraw(demoServer.baseURL);
  expect(cli.code, `verify-draw:\n${cli.stdout}\n${cli.stderr}`).toBe(0);
  expect(cli.stdout).toContain("VERIFICADO");
  expect(cli.stdout).toContain(raffle.id);
  expect(cli.stdout).not.toContain("NO COINCIDE");
});
