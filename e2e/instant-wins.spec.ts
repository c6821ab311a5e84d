// Instant prizes nobody can aim (docs/decisions/0035-prizes-on-the-record.md, "Instant wins"): the organiser
// sells a raffle of 20 tickets with 20 instant prizes (so every ticket wins one and the test knows the
// outcome; which ticket gets which slot is still the round's), the demo buyer buys 2 on a 390 px phone, the
// proof is approved → «Mis pagos» says which drand round decides the purchase → the draw job fetches that
// round from the local relay once it is out and decides it → the buyer sees «¡Ganaste 2 premios
// instantáneos!» and goes to claim one → the raffle page counts what is left → the record verifies in the
// browser and in Node, its instant draw recomputed. Screenshots go to PRIZE_SHOTS_DIR (default: the test's
// output folder).
import path from "node:path";
import type { Page } from "@playwright/test";
import { type DrawRecord, type RecordEntry, verifyRecord } from "@rifazo/shared/domain/draw-record";
import { expectNoAxeViolations } from "./support/axe";
import { drandTest, expect } from "./support/fixtures";
import { expectFitsWidth } from "./support/layout";
import { adminApi, createRaffleAs, signIn } from "./support/people";
import { adminDesktop, approveInInbox, buyTwoTickets } from "./support/prize-draw";
import { phonePage } from "./support/sellers";

const test = drandTest({ seedDemo: true });

const BUYER = { name: "Carlos Pérez", email: "carlos.perez@example.com" };
const BONUS = "Bono de USD 5";
const TICKETS = 20;

function shot(name: string): string {
  const dir = process.env.PRIZE_SHOTS_DIR;
  return dir ? path.join(dir, name) : test.info().outputPath(name);
}

async function checkScreen(page: Page, label: string): Promise<void> {
  await expectNoAxeViolations(page, label);
  await expectFitsWidth(page, label);
}

/** The buyer's payment card in «Mis pagos» for this raffle. */
function paymentCard(page: Page, title: string) {
  return page.getByRole("listitem").filter({ has: page.getByText(title, { exact: true }) });
}

test("premios instantáneos: la compra aprobada espera su ronda de drand, el comprador ve lo que ganó y el acta lo verifica", async ({
  browser,
  baseURL,
  drand,
}) => {
  test.setTimeout(300_000);
  const base = baseURL as string;
  const title = `Instantáneos ${Date.now().toString(36)}`;
  const admin = await adminApi(base);
  const raffleId = await createRaffleAs(admin, {
    title,
    description: "Rifa de prueba con un bono instantáneo por boleto.",
    totalTickets: TICKETS,
    paymentMethods: ["Pago Móvil"],
    prizeLevels: [{ description: "Moto", winnerCount: 1 }],
    instantPrizes: [{ description: BONUS, count: TICKETS, prizeValue: 5, cashCurrency: "USD" }],
  });
  await admin.dispose();

  // The raffle page says what there is to win and why nobody can aim it.
  const phone = await phonePage(browser, base);
  await signIn(phone, BUYER.email, drand.server.demoPassword(BUYER.email));
  await phone.goto(`/rifas/${raffleId}`);
  const block = phone.locator("section").filter({
    has: phone.getByRole("heading", { name: "Premios instantáneos" }),
  });
  await expect(block).toContainText(`${TICKETS} premios instantáneos: quedan ${TICKETS}`);
  await expect(block).toContainText("nadie, ni Rifazo, puede elegir ni saber qué boleto gana");
  await checkScreen(phone, "rifa con premios instantáneos, teléfono");
  await block.screenshot({ path: shot("instantaneos-rifa-390.png") });

  await buyTwoTickets(phone, raffleId, title);
  const desk = await adminDesktop(browser, base);
  await approveInInbox(desk, BUYER, title);

  // Approved: the purchase names a future drand round, and says so.
  await phone.goto("/perfil/pagos");
  const card = paymentCard(phone, title);
  await expect(card.getByRole("status")).toContainText(
    /^Premios instantáneos: esta compra se decide con la ronda \d+ de drand \(hacia las? \d{1,2}:\d{2} [ap]\. m\.\)\.$/,
  );
  await checkScreen(phone, "pago esperando su ronda, teléfono");
  await card.screenshot({ path: shot("instantaneo-esperando-390.png") });

  // The round comes out a minute later; the draw job decides it and the page (it asks every 15 s) shows it.
  await expect(card.getByText("¡Ganaste 2 premios instantáneos!")).toBeVisible({ timeout: 150_000 });
  const wins = card.getByRole("status").getByRole("listitem");
  await expect(wins).toHaveCount(2);
  await expect(wins.first()).toContainText(new RegExp(`^Boleto \\d{2}: ${BONUS}`));
  await checkScreen(phone, "premio instantáneo revelado, teléfono");
  await card.screenshot({ path: shot("instantaneo-ganado-390.png") });

  // Each win is a prize to claim through the same flow as the draw's.
  await wins
    .first()
    .getByRole("link", { name: /^Reclamar mi premio/ })
    .click();
  await expect(phone).toHaveURL(/\/perfil\/premios\/[^/?#]+$/);
  await expect(phone.getByText(BONUS).first()).toBeVisible();
  await expect(phone.getByRole("form", { name: "Reclamar mi premio" })).toBeVisible();
  await phone.screenshot({ path: shot("instantaneo-reclamo-390.png"), fullPage: true });

  // The raffle page counts what is left and lists the wins.
  await phone.goto(`/rifas/${raffleId}`);
  await expect(block).toContainText(`${TICKETS} premios instantáneos: quedan ${TICKETS - 2}`);
  await expect(block.getByRole("listitem").filter({ hasText: BONUS })).not.toHaveCount(0);

  // The record: verified in the browser, instant entries and all.
  await phone.goto(`/sorteo/${raffleId}/acta`);
  const entries = phone.getByRole("region", { name: "Entradas del acta" });
  await expect(entries).toContainText("Premios instantáneos decididos");
  await phone.getByRole("button", { name: "Verificar el acta completa" }).click();
  await expect(phone.getByText("Verificado en tu navegador: todo coincide")).toBeVisible({
    timeout: 30_000,
  });
  await checkScreen(phone, "acta verificada con premios instantáneos, teléfono");
  await phone.screenshot({ path: shot("instantaneo-acta-390.png"), fullPage: true });

  // And in Node with the shared verifier: one final, one draw, both tickets winning consecutive slots.
  const response = await phone.request.get(`/api/raffles/${raffleId}/record`);
  expect(response.status()).toBe(200);
  const record = (await response.json()) as DrawRecord;
  const finals = record.entries.filter((e) => e.type === "instant_final") as RecordEntry<"instant_final">[];
  const draws = record.entries.filter((e) => e.type === "instant_draw") as RecordEntry<"instant_draw">[];
  expect(finals).toHaveLength(1);
  expect(draws).toHaveLength(1);
  expect(draws[0]?.data.decided).toEqual([
    {
      final: finals[0]?.seq,
      wins: (finals[0]?.data.tickets ?? []).map((ticketNumber, index) => ({
        ticketNumber,
        index,
        description: BONUS,
      })),
    },
  ]);
  const verification = await verifyRecord(record);
  expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
  expect(verification.ok).toBe(true);
  expect(verification.instant.wins).toHaveLength(2);
  expect(verification.instant.left).toBe(TICKETS - 2);
});
