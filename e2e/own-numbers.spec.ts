// A buyer's own numbers at every step on a 390 px phone (and at 1280 px): the grid shows the numbers
// they hold and the ones they bought apart from others' taken ones, Mis pagos lists the numbers held for
// a proof under review ("Números apartados"), and so does the administrator's inbox. Screenshots go to
// test-results/shots-e2e/own-numbers-*.png.

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, ownServerTest } from "./support/fixtures";

import { horizontalOverflow } from "./support/layout";
import {
  adminApi,
  createRaffleAs,
  makePng,
  registerBuyer,
  signInAsAdmin,
  skipCookieBanner,
} from "./support/people";
import { BOTH_SIZES, sizeName } from "./support/sizes";

// Registers buyers: its own server keeps the per-address sign-up limit to this file.
const test = ownServerTest();

const SHOTS = path.join("test-results", "shots-e2e");

async function setUp(admin: APIRequestContext, title: string): Promise<string> {
  const accounts = await admin.put("/api/admin/settings/payment-accounts", {
    data: { pagoMovil: null, zelle: { email: "pagos@rifazo.test", name: "Rifazo LLC" }, binance: null },
  });
  expect(accounts.status(), await accounts.text()).toBe(200);
  const id = await createRaffleAs(admin, {
    title,
    description: "Rifa de prueba con números elegidos.",
    paymentMethods: ["Zelle"],
    numberMode: "chosen",
    reservationMinutes: 15,
    prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
  });
  return id;
}

/** Reserves the numbers and sends a Zelle proof for them, as the buyer of `page`. */
async function reserveAndPay(page: Page, baseURL: string, raffleId: string, numbers: number[]) {
  const headers = { origin: baseURL };
  const reserved = await page.request.post(`/api/raffles/${raffleId}/reservations`, {
    data: { numbers },
    headers,
  });
  expect(reserved.status(), await reserved.text()).toBe(201);
  const reservation = (await reserved.json()) as {
    id: string;
    methods: { method: string; amount: number }[];
  };
  // What the reservation quoted (a level discount may apply after the first purchase).
  const due = reservation.methods.find((m) => m.method === "zelle")?.amount ?? numbers.length * 5;
  const proof = await page.request.post("/api/proofs", {
    headers,
    multipart: {
      raffleId,
      reservationId: reservation.id,
      paymentMethod: "zelle",
      currency: "USD",
      amount: due.toFixed(2).replace(".", ","),
      transactionRef: `ZL${Date.now()}${numbers[0]}`,
      file: { name: "zelle.png", mimeType: "image/png", buffer: makePng(240, 320) },
    },
  });
  expect(proof.status(), await proof.text()).toBe(201);
  return ((await proof.json()) as { id: string }).id;
}

for (const size of BOTH_SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test("los números propios se ven en la cuadrícula, en Mis pagos y en la bandeja @phone", async ({
      page,
      baseURL,
      server,
    }) => {
      test.setTimeout(120_000);
      mkdirSync(SHOTS, { recursive: true });
      const shot = (name: string) => path.join(SHOTS, `own-numbers-${name}-${sizeName(page)}.png`);
      const title = `Moto propia ${Date.now().toString(36)}`;
      const admin = await adminApi(baseURL as string);
      try {
        const raffleId = await setUp(admin, title);
        await skipCookieBanner(page);

        // Someone else holds 12 and 13.
        const otherPage = await page.context().browser()?.newContext({ baseURL });
        const other = await otherPage?.newPage();
        if (!other) throw new Error("sin navegador");
        await registerBuyer(other.request, server, "Pedro Pérez");
        await reserveAndPay(other, baseURL as string, raffleId, [12, 13]);
        await otherPage?.close();

        // This buyer bought 3 and 4 (approved), and holds 07, 42, 99 with a proof under review.
        await registerBuyer(page.request, server, "Luisa Fernández");
        const bought = await reserveAndPay(page, baseURL as string, raffleId, [3, 4]);
        const approved = await admin.post(`/api/admin/proofs/${bought}/approve`);
        expect(approved.status(), await approved.text()).toBe(200);
        await reserveAndPay(page, baseURL as string, raffleId, [7, 42, 99]);

        await page.goto(`/rifas/${raffleId}`);
        const grid = page.getByRole("grid", { name: "Números de la rifa" });
        await expect(grid.getByRole("button", { name: "Número 07, apartado por ti" })).toBeVisible();
        await expect(grid.getByRole("button", { name: "Número 03, tuyo" })).toBeVisible();
        await expect(grid.getByRole("button", { name: "Número 12, ocupado" })).toBeVisible();
        await expect(page.getByRole("list", { name: "Leyenda" })).toContainText("Apartado por ti");
        // The legend and the top of the grid in view, below the sticky header.
        await page.getByRole("list", { name: "Leyenda" }).evaluate((legend) => {
          window.scrollTo(0, legend.getBoundingClientRect().top + window.scrollY - 96);
        });
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: shot("grid") });

        await page.goto("/perfil/pagos");
        const pending = page.getByRole("main").getByRole("listitem").filter({ hasText: "En Revisión" });
        await expect(pending).toContainText("Números apartados:");
        for (const n of ["07", "42", "99"]) await expect(pending.getByText(n, { exact: true })).toBeVisible();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: shot("mis-pagos"), fullPage: true });

        // The administrator's inbox, in the same window.
        await page.context().clearCookies();
        await signInAsAdmin(page);
        await page.getByRole("tab", { name: "Comprobantes" }).click();
        const row = page
          .getByRole("listitem")
          .filter({ has: page.getByRole("heading", { name: title }) })
          .filter({ hasText: "Luisa" });
        await expect(row.getByText("Números apartados: 07, 42, 99")).toBeAttached();
        expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        await row.screenshot({ path: shot("bandeja") });
      } finally {
        await admin.dispose();
      }
    });
  });
}
