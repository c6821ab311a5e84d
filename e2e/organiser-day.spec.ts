// The organiser's day in a real browser: three buyers send Pago Móvil proofs; the administrator uploads
// the bank's movements export (a Banesco CSV: account lines above the header, semicolons, Windows-1252,
// separate Débito/Crédito columns, totals below), confirms the proposed columns, checks the preview and
// imports it; the reconciliation view matches two proofs and flags the third (the bank got another amount);
// the two clean matches are approved in one action and the summary lists their tickets. Then the raffle is
// cancelled: each approved purchase gets a refund in "Reembolsos", one is marked paid with a reference and
// the transfer's receipt, and its buyer, signed in, sees "Reembolsado" with that reference in Mis pagos.
//
// It runs against an empty server: rate, payment account, raffle and buyers are set up through the API.
// Screenshots of each admin screen at 1280 and 390 px go to SHOTS_DIR (default test-results/shots-17).
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { request } from "@playwright/test";
import { type StatementMovement, statementCsv } from "../apps/api/test/statement-fixtures";
import { expect, test } from "./support/fixtures";
import { horizontalOverflow } from "./support/layout";
import {
  adminApi,
  createRaffleAs,
  makePng,
  type RegisteredBuyer,
  registerBuyer,
  signIn,
  signInAsAdmin,
  skipCookieBanner,
} from "./support/people";

const SHOTS = process.env.SHOTS_DIR ?? path.join("test-results", "shots-17");
// $5 a ticket at 245,67 Bs/$: 2 tickets are 2.456,70 Bs and 3 tickets 3.685,05 Bs, as the bank writes them.
const RATE = 245.67;
const PRICE = 5;
const PAGO_MOVIL = { bank: "0134 - Banesco", phone: "0414-1234567", idNumber: "J-12345678-9" };

/** Today in Venezuela (UTC−4 all year), as the bank dates a movement: YYYY-MM-DD. */
function venezuelanToday(): string {
  return new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);
}

/** A 12-digit bank reference, different on every run (a proof's reference is unique per method). */
function bankReference(): string {
  return `0134${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
}

/** The page at 1280 px and at 390 px (a phone), with no sideways scroll at either width. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
    // What sticks out past the right edge (the innermost elements), named for the failure message.
    const wide = await page.evaluate(() => {
      const out: string[] = [];
      for (const el of Array.from(document.body.querySelectorAll("*"))) {
        const box = el.getBoundingClientRect();
        if (box.right <= window.innerWidth + 0.5 || box.width === 0) continue;
        if (Array.from(el.children).some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5))
          continue;
        out.push(`${el.tagName.toLowerCase()}.${el.className}: ${(el.textContent ?? "").slice(0, 40)}`);
      }
      const root = document.documentElement;
      return root.scrollWidth > root.clientWidth ? out.slice(0, 5) : [];
    });
    expect(wide, `desbordamiento horizontal a 390 px: ${name}`).toEqual([]);
  } finally {
    await page.setViewportSize(size);
  }
}

async function publishPaymentSettings(admin: APIRequestContext) {
  const rate = await admin.put("/api/admin/settings/exchange-rate", { data: { rate: RATE, source: "BCV" } });
  expect(rate.status(), await rate.text()).toBe(200);
  const accounts = await admin.put("/api/admin/settings/payment-accounts", {
    data: { pagoMovil: PAGO_MOVIL, zelle: null, binance: null },
  });
  expect(accounts.status(), await accounts.text()).toBe(200);
}

/** A raffle sold at random numbers in dollars, paid by Pago Móvil, its ticket pool ready. */
async function createRaffle(admin: APIRequestContext, title: string): Promise<string> {
  const id = await createRaffleAs(admin, {
    title,
    description: "Rifa de prueba de la conciliación con el banco.",
    price: PRICE,
    paymentMethods: ["Pago Móvil"],
    numberMode: "random",
    prizeLevels: [{ description: "Un televisor de 55 pulgadas", winnerCount: 1 }],
  });
  return id;
}

interface Purchase {
  buyer: RegisteredBuyer;
  api: APIRequestContext;
  /** What the buyer typed as the reference (the whole one, or its last digits as many do). */
  typed: string;
  /** The reference as the bank's statement shows it. */
  reference: string;
  quantity: number;
  amountText: string;
  proofId: string;
}

/** A buyer registers, confirms the email and sends a Pago Móvil proof (random numbers: no reservation first). */
async function buyerPays(
  baseURL: string,
  server: Parameters<typeof registerBuyer>[1],
  raffleId: string,
  name: string,
  quantity: number,
  amountText: string,
  typedDigits?: number,
): Promise<Purchase> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const buyer = await registerBuyer(api, server, name);
  const reference = bankReference();
  const typed = typedDigits ? reference.slice(-typedDigits) : reference;
  const sent = await api.post("/api/proofs", {
    multipart: {
      raffleId,
      paymentMethod: "pago_movil",
      transactionRef: typed,
      amount: amountText,
      currency: "VES",
      quantity: String(quantity),
      file: { name: "pago-movil.png", mimeType: "image/png", buffer: makePng(200, 360) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const proof = (await sent.json()) as { id: string; status: string };
  expect(proof.status).toBe("pending");
  return { buyer, api, typed, reference, quantity, amountText, proofId: proof.id };
}

async function proofStatus(purchase: Purchase): Promise<string | undefined> {
  const mine = (await (await purchase.api.get("/api/proofs/mine")).json()) as {
    items: Array<{ id: string; status: string }>;
  };
  return mine.items.find((item) => item.id === purchase.proofId)?.status;
}

test("conciliar con el extracto del banco, aprobar en bloque, cancelar la rifa y reembolsar", async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL as string;
  const title = `Televisor conciliado ${Date.now().toString(36)}`;
  const admin = await adminApi(origin);
  let raffleId: string;
  try {
    await publishPaymentSettings(admin);
    raffleId = await createRaffle(admin, title);
  } finally {
    await admin.dispose();
  }

  // Three buyers pay by Pago Móvil. The bank got what Luisa and Pedro sent (Pedro typed only the last six
  // digits of the reference, as the bank app shows them); for Rosa's reference it got another amount.
  const luisa = await buyerPays(origin, server, raffleId, "Luisa Fernández", 2, "2.456,70");
  const pedro = await buyerPays(origin, server, raffleId, "Pedro Gómez", 3, "3.685,05", 6);
  const rosa = await buyerPays(origin, server, raffleId, "Rosa Díaz", 2, "2.456,70");
  const purchases = [luisa, pedro, rosa];

  const today = venezuelanToday();
  const movements: StatementMovement[] = [
    { date: today, reference: "0134000012345", description: "COMISIÓN PAGO MÓVIL", amount: -3.5 },
    {
      date: today,
      reference: luisa.reference,
      description: "PAGO MÓVIL RECIBIDO DE LUISA FERNÁNDEZ",
      amount: 2456.7,
    },
    {
      date: today,
      reference: "0102998877",
      description: "TRANSFERENCIA RECIBIDA DE MARÍA NÚÑEZ",
      amount: 150,
    },
    {
      date: today,
      reference: pedro.reference,
      description: "PAGO MÓVIL RECIBIDO DE PEDRO GÓMEZ",
      amount: 3685.05,
    },
    { date: today, reference: rosa.reference, description: "PAGO MÓVIL RECIBIDO DE ROSA DÍAZ", amount: 2450 },
    { date: today, reference: "0134000054321", description: "TRANSFERENCIA A TERCEROS", amount: -1200 },
  ];
  const credits = movements.filter((m) => m.amount > 0).length;
  const filename = `banesco-movimientos-${today}.csv`;
  // The mapping step's title: the file's name, its kind and how many rows it has.
  const mappingTitle = new RegExp(`^${filename.replace(/\./g, "\\.")} \\(CSV, \\d+ filas\\)$`);

  // --- The administrator: today's summary first, then the inbox with the three proofs ---
  await skipCookieBanner(page);
  await signInAsAdmin(page);
  await expect(page.getByRole("tab", { name: "Hoy" })).toHaveAttribute("aria-selected", "true");
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText(/^El más antiguo llegó el .+ [ap]\. m\.$/)).toBeVisible();
  await shoot(page, "1-hoy");

  await page.getByRole("tab", { name: /^Comprobantes/ }).click();
  await expect(page).toHaveURL(/\/admin\?tab=payments$/);
  for (const { buyer } of purchases) {
    await expect(
      page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { name: title }) })
        .filter({ hasText: buyer.name }),
    ).toHaveCount(1);
  }
  await shoot(page, "2-comprobantes");

  // --- Conciliación: upload the statement ---
  await page.getByRole("tab", { name: "Conciliación" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=reconciliation$/);
  await page
    .getByLabel("Archivo del extracto (CSV o XLSX)")
    .setInputFiles({ name: filename, mimeType: "text/csv", buffer: statementCsv("banesco", movements) });
  await page.getByRole("button", { name: "Subir extracto", exact: true }).click();

  // The mapping step: the file as read (the header found below the account lines) and the columns proposed.
  await expect(page.getByRole("heading", { name: mappingTitle })).toBeVisible();
  const headerRowButton = page.getByRole("button", { name: /^Fila \d+ como encabezado$/, pressed: true });
  await expect(headerRowButton).toHaveCount(1);
  await expect(page.getByRole("row").filter({ has: headerRowButton })).toContainText("Referencia");
  const selected = (label: string) => page.getByLabel(label, { exact: true }).locator("option:checked");
  await expect(selected("Fecha")).toHaveText(/· Fecha$/);
  await expect(selected("Referencia")).toHaveText(/· Referencia$/);
  await expect(selected("Cómo viene el monto")).toHaveText("Créditos y débitos aparte");
  await expect(selected("Créditos")).toHaveText(/· Crédito$/);
  await expect(selected("Débitos")).toHaveText(/· Débito$/);
  await expect(selected("Orden de la fecha")).toHaveText(/^día\/mes\/año/);
  await expect(selected("Separador decimal")).toHaveText(/coma decimal/);
  // Adjusted by hand: the description column (whatever was proposed for it).
  await page.getByLabel("Descripción (opcional)", { exact: true }).selectOption({ label: "C · Descripción" });

  // The preview: the credits only (the debits, totals and blank lines are left out), nothing unreadable.
  const preview = page.getByRole("region", { name: "Vista previa" });
  const count = (label: string) =>
    preview
      .locator("dl > div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(count("Movimientos")).toHaveText(String(credits));
  await expect(count("Filas ilegibles")).toHaveText("0");
  const previewTable = preview.getByRole("table");
  await expect(previewTable.getByRole("row").filter({ hasText: luisa.reference })).toContainText(
    "2.456,70 Bs",
  );
  await expect(previewTable.getByRole("row").filter({ hasText: pedro.reference })).toContainText(
    "PAGO MÓVIL RECIBIDO DE PEDRO GÓMEZ",
  );
  await shoot(page, "3-conciliacion-columnas");

  await page.getByLabel("Nombre del banco", { exact: true }).fill("Banesco");
  await page.getByRole("button", { name: "Importar movimientos" }).click();
  const imported = page.getByRole("status").filter({ hasText: `Extracto importado: ${filename}` });
  await expect(imported).toBeVisible();
  await expect(imported).toContainText(`${credits} movimientos importados`);
  await expect(imported).toContainText("0 repetidos");

  // --- The reconciliation view: two clean matches, one amount that differs ---
  const compared = page.getByRole("list", { name: "Comprobantes comparados" });
  const matchRow = (purchase: Purchase) => compared.getByRole("listitem", { name: purchase.buyer.name });
  await expect(matchRow(luisa)).toContainText("Coincide");
  await expect(matchRow(pedro)).toContainText("Coincide");
  await expect(matchRow(pedro)).toContainText(`Banco: ${pedro.reference}`);
  await expect(matchRow(rosa)).toContainText("Monto distinto");
  await expect(matchRow(rosa)).toContainText("Banco: 2.450,00 Bs");
  await expect(matchRow(rosa).getByRole("checkbox")).toHaveCount(0);
  await shoot(page, "4-conciliacion-coincidencias");

  await page.getByRole("checkbox", { name: "Seleccionar todas las coincidencias (2)" }).check();
  await page.getByRole("button", { name: "Aprobar 2 pagos" }).click();
  const confirm = page.getByRole("alertdialog", { name: "¿Aprobar 2 pagos?" });
  await expect(confirm).toContainText("6.141,75 Bs");
  await confirm.getByRole("button", { name: "Aprobar pagos" }).click();
  await expect(confirm).toBeHidden();

  // The summary: who was approved, with the tickets each one got.
  const summary = page.getByRole("status").filter({ hasText: "2 pagos aprobados" });
  await expect(summary).toBeVisible();
  const approvedList = summary.getByRole("list", { name: "Pagos aprobados" });
  await expect(approvedList.getByRole("listitem")).toHaveCount(2);
  await expect(approvedList.getByRole("listitem").filter({ hasText: luisa.buyer.name })).toHaveText(
    /boletos \d{2}, \d{2}$/,
  );
  await expect(approvedList.getByRole("listitem").filter({ hasText: pedro.buyer.name })).toHaveText(
    /boletos \d{2}, \d{2}, \d{2}$/,
  );
  // Approved proofs leave the comparison; Rosa's stays for a look by hand. A tolerance of 7 Bs would
  // accept the bank's 2.450,00 for her 2.456,70; the organiser looks and goes back to none.
  await expect(matchRow(luisa)).toHaveCount(0);
  await expect(matchRow(rosa)).toContainText("Monto distinto");
  const tolerance = page.getByLabel("Tolerancia (Bs)", { exact: true });
  await tolerance.fill("7,00");
  await expect(matchRow(rosa)).toContainText("Coincide");
  await tolerance.fill("0,00");
  await expect(matchRow(rosa)).toContainText("Monto distinto");

  // The buyers' proofs are approved (their own view of them); Rosa's is still under review.
  expect(await proofStatus(luisa)).toBe("approved");
  expect(await proofStatus(pedro)).toBe("approved");
  expect(await proofStatus(rosa)).toBe("pending");

  // The same statement uploaded again, with the columns remembered for the bank, imports nothing new.
  await page.getByRole("button", { name: "Subir otro extracto" }).click();
  await page
    .getByLabel("Archivo del extracto (CSV o XLSX)")
    .setInputFiles({ name: filename, mimeType: "text/csv", buffer: statementCsv("banesco", movements) });
  await page.getByLabel("Banco (opcional)", { exact: true }).selectOption({ label: "Banesco" });
  await page.getByRole("button", { name: "Subir extracto", exact: true }).click();
  await expect(page.getByRole("heading", { name: mappingTitle })).toBeVisible();
  await expect(page.getByLabel("Nombre del banco", { exact: true })).toHaveValue("Banesco");
  await expect(selected("Descripción (opcional)")).toHaveText("C · Descripción");
  await expect(count("Movimientos")).toHaveText(String(credits));
  await page.getByRole("button", { name: "Importar movimientos" }).click();
  const again = page.getByRole("status").filter({ hasText: `Extracto importado: ${filename}` });
  await expect(again).toContainText("0 movimientos importados");
  await expect(again).toContainText(`${credits} repetidos`);
  // Both files are kept, with who uploaded them.
  await expect(
    page.getByRole("list", { name: "Extractos subidos" }).getByRole("listitem").filter({ hasText: filename }),
  ).toHaveCount(2);

  // --- The raffle is cancelled: the approved purchases get refunds ---
  await page.getByRole("tab", { name: "Rifas" }).click();
  await page
    .getByRole("listitem", { name: title })
    .getByRole("button", { name: `Cancelar ${title}` })
    .click();
  const cancel = page.getByRole("alertdialog", { name: "¿Cancelar esta rifa?" });
  await cancel.getByLabel("Motivo de la cancelación").fill("No se vendieron suficientes boletos.");
  await cancel.getByRole("button", { name: "Cancelar rifa" }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByText("Rifa cancelada", { exact: true }).first()).toBeVisible();

  await page.getByRole("tab", { name: "Reembolsos" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=refunds$/);
  const refunds = page.getByRole("list", { name: "Lista de reembolsos" });
  const refundOf = (purchase: Purchase) =>
    refunds.getByRole("listitem").filter({ hasText: purchase.buyer.name });
  // In the currency paid: bolívares, by Pago Móvil, at the purchase's frozen rate.
  await expect(refundOf(luisa)).toContainText("2.456,70 Bs");
  await expect(refundOf(luisa)).toContainText(`ref. ${luisa.typed}`);
  await expect(refundOf(pedro)).toContainText("3.685,05 Bs");
  await expect(refundOf(luisa)).toContainText("Reembolso pendiente");
  // Rosa's proof was under review: it is rejected with the reason, not refunded.
  await expect(refundOf(rosa)).toHaveCount(0);
  expect(await proofStatus(rosa)).toBe("rejected");
  // The points of the approved purchases are taken back through the ledger.
  const club = (await (await luisa.api.get("/api/club")).json()) as {
    points: number;
    history: Array<{ pointsChange: number }>;
  };
  expect(club.history.some((entry) => entry.pointsChange < 0)).toBe(true);
  expect(club.points).toBe(0);
  await shoot(page, "5-reembolsos");

  // Marked paid with the transfer's reference and its receipt.
  const refundReference = `RB${Date.now().toString().slice(-8)}`;
  await refundOf(luisa)
    .getByRole("button", { name: `Marcar pagado el reembolso de ${luisa.buyer.name}` })
    .click();
  const payDialog = page.getByRole("dialog", { name: "Marcar reembolso pagado" });
  await payDialog.getByLabel("Referencia del pago *").fill(refundReference);
  await payDialog
    .getByLabel("Comprobante (opcional)")
    .setInputFiles({ name: "reembolso.png", mimeType: "image/png", buffer: makePng(120, 200) });
  await payDialog.getByRole("button", { name: "Marcar pagado" }).click();
  await expect(payDialog).toBeHidden();
  await expect(page.getByText("Reembolso pagado", { exact: true }).first()).toBeVisible();
  await expect(refundOf(luisa)).toHaveCount(0);
  await expect(refundOf(pedro)).toContainText("Reembolso pendiente");

  await page.getByLabel("Estado", { exact: true }).click();
  await page.getByRole("option", { name: "Pagados", exact: true }).click();
  await expect(refundOf(luisa)).toContainText("Reembolsado");
  await expect(refundOf(luisa)).toContainText(`Referencia ${refundReference}`);
  await shoot(page, "6-reembolsos-pagados");

  // --- The buyer signs in and sees the refund in Mis pagos ---
  const buyerContext = await browser.newContext({ baseURL: origin, viewport: { width: 390, height: 844 } });
  const buyerPage = await buyerContext.newPage();
  await skipCookieBanner(buyerPage);
  await signIn(buyerPage, luisa.buyer.email, luisa.buyer.password);
  await buyerPage.goto("/perfil/pagos");
  const payment = buyerPage
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: buyerPage.getByRole("heading", { name: title }) });
  await expect(payment).toHaveCount(1);
  const notice = payment.getByRole("status").filter({ hasText: "Reembolsado" });
  await expect(notice).toContainText("2.456,70");
  await expect(notice).toContainText(`Referencia del reembolso: ${refundReference}`);
  await expect(notice).not.toContainText("..");
  await expect(notice.getByRole("link", { name: "Ver comprobante del reembolso" })).toBeVisible();
  // The purchase's state is the refund, never a green "Aprobado"; its tickets and receipt are void.
  await expect(payment.getByText("Aprobado", { exact: true })).toHaveCount(0);
  await expect(payment.getByText("Reembolsado", { exact: true })).toBeVisible();
  await expect(payment.getByText("Boletos anulados:")).toBeVisible();
  await expect(payment.getByRole("link", { name: `Ver recibo anulado: ${title}` })).toBeVisible();
  expect(await horizontalOverflow(buyerPage), "desbordamiento horizontal en Mis Pagos").toBeLessThanOrEqual(
    0,
  );
  await buyerPage.screenshot({ path: path.join(SHOTS, "7-mis-pagos-reembolsado-390.png"), fullPage: true });
  await buyerContext.close();

  // ...and was told by email.
  await server.mail.waitFor(luisa.buyer.email, (m) => m.text.includes(refundReference));

  // --- Statistics: what was paid minus what was refunded (paid or owed): this raffle nets zero ---
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("tab", { name: "Estadísticas" }).click();
  await expect(page.getByTestId("revenue-collected").first()).toContainText("Ingresos cobrados");
  await expect(page.getByTestId("revenue-refunded").first()).toContainText("Bs. 6.141,75");
  await expect(page.getByTestId("revenue-net").first()).toContainText("$0,00 · Bs. 0,00");
  await shoot(page, "8-estadisticas");
  for (const purchase of purchases) await purchase.api.dispose();
});
