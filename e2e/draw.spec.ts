// The verifiable draw, end to end, as a visitor: the demo raffle whose draw is due → /sorteo/{id} shows
// the commitment and '🎯 Realizar Sorteo' → the roulette ('Girando la tómbola...', '¡Momento de
// suspenso!') → '¡Tenemos ganadores!' with 4-digit tickets → one of them is a '¡Boleto Ganador!' in
// /verificar-boleto → its links lead back to the draw and to the draw's entry on the transparency page →
// /transparencia-de-sorteos recomputes the draw in the browser ('Verificado en tu navegador: todo
// coincide') → `npm run verify-draw -- --all <site>` recomputes every draw and exits 0.
//
// It runs against the demo catalogue (SEED_DEMO=1), on PGlite or, when TEST_DATABASE_URL is set, a fresh
// PostgreSQL database (support/server.ts).
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { demoTest, expect } from "./support/fixtures";

const test = demoTest();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsxCli = path.join(root, "node_modules/tsx/dist/cli.mjs");

const TEXT = {
  drawButton: "🎯 Realizar Sorteo",
  spinning: "Girando la tómbola...",
  suspense: "¡Momento de suspenso!",
  winners: "¡Tenemos ganadores!",
  // The headline names where the number won: the same 4 digits may be sold, not winning, in other raffles.
  winningTicket: /^(¡Boleto Ganador!|Ganador en \d+ de \d+ rifas)$/,
  verified: "Verificado en tu navegador: todo coincide",
};

interface RaffleSummary {
  id: string;
  title: string;
  status: string;
  announcementType: "internal" | "external";
  activationType: "date" | "percentage";
  endDate: string | null;
  soldTickets: number;
  drawnAt: string | null;
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

// The roulette is the point of this test: with reduced motion the page skips straight to the result.
test.use({ reducedMotion: "no-preference" });

test("sorteo verificable: tómbola, ganadores, verificador de boletos y transparencia", async ({
  page,
  demoServer,
}) => {
  test.setTimeout(120_000);

  // The seeded internal raffle whose draw is due: end date past, not drawn yet. The server closes and freezes
  // it (lifecycle, issue 15) at start or at the first read, so it may already be frozen.
  const list = await page.request.get("/api/raffles?status=all");
  expect(list.status()).toBe(200);
  const { items } = (await list.json()) as { items: RaffleSummary[] };
  const due = items.filter(
    (r) =>
      r.announcementType === "internal" &&
      ["active", "closed", "frozen"].includes(r.status) &&
      r.activationType === "date" &&
      r.endDate !== null &&
      Date.parse(r.endDate) < Date.now() &&
      r.drawnAt === null,
  );
  expect(due, "una rifa interna con el sorteo vencido en el catálogo de ejemplo").toHaveLength(1);
  const raffle = due[0] as RaffleSummary;
  expect(raffle.soldTickets).toBeGreaterThan(0);
  const detail = (await (await page.request.get(`/api/raffles/${raffle.id}`)).json()) as {
    drawSeedCommitment: string | null;
  };
  const commitment = detail.drawSeedCommitment ?? "";
  expect(commitment).toMatch(/^[0-9a-f]{64}$/);

  // The draw page before the draw: the published commitment and the button.
  await page.goto(`/sorteo/${raffle.id}`);
  await expect(page.getByRole("heading", { level: 1, name: raffle.title })).toBeVisible();
  await expect(page.getByText("Sorteo verificable")).toBeVisible();
  await expect(page.getByText(commitment, { exact: true })).toBeVisible();
  const drawButton = page.getByRole("button", { name: TEXT.drawButton });
  await expect(drawButton).toBeVisible();

  // The roulette: spin, suspense from 3.5 s, the result from 5 s.
  await drawButton.click();
  await expect(page.getByText(TEXT.spinning)).toBeVisible();
  await expect(page.getByText(TEXT.suspense)).toBeVisible({ timeout: 6_000 });
  await expect(page.getByRole("heading", { name: TEXT.winners })).toBeVisible({ timeout: 15_000 });
  await expect(drawButton).toHaveCount(0);

  // Four winners (1 + 1 + 2 prizes), each with a 4-digit ticket.
  const winnerList = page.getByRole("list", { name: "Ganadores" });
  await expect(winnerList.getByRole("listitem")).toHaveCount(4);
  const tickets = (await winnerList.getByRole("listitem").allInnerTexts()).map(
    (text) => text.match(/Boleto\s+(\d{4})\b/)?.[1] ?? `sin boleto en: ${text}`,
  );
  for (const ticket of tickets) expect(ticket).toMatch(/^\d{4}$/);
  expect(new Set(tickets).size).toBe(4);
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

  // And so does the command-line verifier, for every draw the site has published.
  const cli = await runVerifyDraw(demoServer.baseURL);
  expect(cli.code, `verify-draw:\n${cli.stdout}\n${cli.stderr}`).toBe(0);
  expect(cli.stdout).toContain("VERIFICADO");
  expect(cli.stdout).toContain(raffle.id);
  expect(cli.stdout).not.toContain("NO COINCIDE");
});
