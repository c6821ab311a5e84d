// A PDF payment proof is previewed inside the admin inbox (spec 2 §2 "Payment proofs tab"): the
// browser's PDF viewer loads in the same-origin frame and no Content-Security-Policy rule blocks it.
//
// It runs against the demo catalogue (a demo buyer sends the PDF through the API).
import { request } from "@playwright/test";
import { receiptPdf } from "../apps/api/test/receipt-pdf";
import { demoTest, expect } from "./support/fixtures";
import { signInAsAdmin } from "./support/people";

const test = demoTest();

const BUYER = "carlos.perez@example.com";

test("el administrador ve un comprobante en PDF dentro de la bandeja de Comprobantes", async ({
  page,
  baseURL,
  demoServer,
}) => {
  const reference = `PDF${Date.now().toString(36).toUpperCase()}`;
  const buyer = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  const login = await buyer.post("/api/account/login", {
    data: { email: BUYER, password: demoServer.demoPassword(BUYER) },
  });
  expect(login.status(), await login.text()).toBe(200);
  const sent = await buyer.post("/api/proofs", {
    multipart: {
      raffleId: "general",
      paymentMethod: "zelle",
      transactionRef: reference,
      amount: "10.00",
      currency: "USD",
      quantity: "1",
      file: { name: "recibo.pdf", mimeType: "application/pdf", buffer: receiptPdf() },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const proof = (await sent.json()) as { id: string };
  await buyer.dispose();

  const blocked: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to|blocked(?! by Playwright)/i.test(message.text()))
      blocked.push(message.text());
  });
  await signInAsAdmin(page);
  await page.getByRole("tab", { name: "Comprobantes" }).click();
  await page.getByLabel("Buscar").fill(reference);

  // The inbox shows what the buyer typed as "Ref. <reference>".
  await expect(page.getByText(`Ref. ${reference}`, { exact: true })).toBeVisible();
  // The PDF document loads in the row and Chromium's PDF viewer (an extension frame) starts inside it.
  await expect
    .poll(() => page.frames().some((frame) => frame.url().endsWith(`/api/proofs/${proof.id}/file`)))
    .toBe(true);
  await expect
    .poll(() => page.frames().some((frame) => frame.url().startsWith("chrome-extension://")))
    .toBe(true);
  expect(blocked).toEqual([]);
  // A same-origin frame with a name (the page CSP allows frames from this origin and no objects).
  const preview = page.locator(`iframe[src="/api/proofs/${proof.id}/file"]`);
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAccessibleName(new RegExp(`referencia ${reference} \\(PDF\\)`));
});
