// Reaching and paying back a buyer in a real browser: the sign-up form asks for the mobile; a raffle paid
// by Pago Móvil is cancelled; the buyer, in Mis pagos, gives the bank, cédula and Pago Móvil phone for the
// refund; the administrator sees them in Reembolsos with copy buttons. Screenshots at 390 and 1280 px.

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { request } from "@playwright/test";
import { expect, ownServerTest } from "./support/fixtures";

import {
  adminApi,
  createRaffleAs,
  makePng,
  registerBuyer,
  signIn,
  signInAsAdmin,
  skipCookieBanner,
} from "./support/people";

// Registers buyers: its own server keeps the per-address sign-up limit to this file.
const test = ownServerTest();

const SHOTS = process.env.SHOTS_DIR ?? path.join("test-results", "shots-contact");

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await page.screenshot({ path: path.join(SHOTS, `${name}-390.png`), fullPage: true });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow, `desbordamiento horizontal a 390 px: ${name}`).toBe(false);
  } finally {
    await page.setViewportSize(size);
  }
}

async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await skipCookieBanner(page);
  return { context, page };
}

test("celular al registrarse; datos de Pago Móvil para el reembolso; el organizador los ve", async ({
  page,
  browser,
  baseURL,
  server,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL as string;

  // --- The sign-up form asks for the mobile, in Spanish ---
  await skipCookieBanner(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/registro");
  const form = page.locator("form");
  await form.getByLabel("Nombre completo").fill("Rosa Márquez");
  await form.getByLabel("Correo electrónico").fill("rosa@example.com");
  await form.getByLabel("Teléfono celular").fill("0212-5550101");
  await form.getByRole("button", { name: "Crear Cuenta", exact: true }).click();
  await expect(form.getByText(/Ingresa un celular venezolano válido/)).toBeVisible();
  await shoot(page, "registro");

  // --- A Pago Móvil purchase, approved, then the raffle is cancelled ---
  const admin = await adminApi(origin);
  const rate = await admin.put("/api/admin/settings/exchange-rate", {
    data: { rate: 245.67, source: "BCV" },
  });
  expect(rate.status(), await rate.text()).toBe(200);
  const accounts = await admin.put("/api/admin/settings/payment-accounts", {
    data: {
      pagoMovil: { bank: "0134 - Banesco", phone: "0414-1234567", idNumber: "J-12345678-9" },
      zelle: null,
      binance: null,
    },
  });
  expect(accounts.status(), await accounts.text()).toBe(200);
  const raffleId = await createRaffleAs(admin, {
    title: `Moto cancelada ${Date.now().toString(36)}`,
    description: "Rifa de prueba de los datos del reembolso.",
    paymentMethods: ["Pago Móvil"],
    numberMode: "random",
    prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
  });

  const buyerApi = await request.newContext({ baseURL: origin, extraHTTPHeaders: { origin } });
  const buyer = await registerBuyer(buyerApi, server, "Beto Bolívares");
  const sent = await buyerApi.post("/api/proofs", {
    multipart: {
      raffleId,
      paymentMethod: "pago_movil",
      transactionRef: `0134${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      amount: "2.456,70",
      currency: "VES",
      quantity: "2",
      file: { name: "pago-movil.png", mimeType: "image/png", buffer: makePng(200, 360) },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const proofId = ((await sent.json()) as { id: string }).id;
  await buyerApi.dispose();
  expect((await admin.post(`/api/admin/proofs/${proofId}/approve`)).status()).toBe(200);
  const cancelled = await admin.post(`/api/admin/raffles/${raffleId}/cancel`, {
    data: { reason: "No se vendieron suficientes boletos." },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await admin.dispose();

  // --- The buyer gives the payout data in Mis pagos ---
  const buyerPage = await phonePage(browser, origin);
  await signIn(buyerPage.page, buyer.email, buyer.password);
  await buyerPage.page.goto("/perfil/pagos");
  const payout = buyerPage.page.getByRole("form", { name: "Datos para tu reembolso" });
  await expect(payout).toContainText("tienes 7 días");
  await payout.getByLabel("Banco").selectOption("0134");
  await payout.getByLabel("Cédula").fill("12345678");
  await shoot(buyerPage.page, "mis-pagos-datos-reembolso");
  await payout.getByLabel("Teléfono de Pago Móvil").fill("0414-7654321");
  await payout.getByRole("button", { name: "Enviar mis datos" }).click();
  await expect(buyerPage.page.getByText(/0134 · Banesco · V-12345678 · 0414-7654321/)).toBeVisible();
  await shoot(buyerPage.page, "mis-pagos-datos-enviados");
  await buyerPage.context.close();

  // --- The administrator sees them in Reembolsos ---
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  await page.goto("/admin?tab=refunds");
  const row = page.getByRole("list", { name: "Lista de reembolsos" }).getByRole("listitem").filter({
    hasText: "Beto Bolívares",
  });
  const data = row.getByLabel("Datos bancarios de Beto Bolívares");
  await expect(data).toContainText("0134 · Banesco");
  await expect(data).toContainText("V-12345678");
  await expect(data).toContainText("0414-7654321");
  await expect(data.getByRole("button", { name: "Copiar cédula" })).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await shoot(page, "admin-reembolso-datos");
});
