// A payment proof sent from a phone (390×844) over a bad connection (decision 0030): a 1080×2400 PNG
// screenshot of ~1.5 MB leaves the browser as a much smaller JPEG the server accepts, the upload shows its
// progress in bytes, and when the network drops in the middle the form and the file stay, the buyer is
// told, and the proof goes again by itself once the network is back — with the same idempotency key, so
// the server holds exactly one proof under review.
//
// It runs against the demo catalogue (SEED_DEMO=1), as purchase.spec.ts does.
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { receiptSpecs, renderReceipt } from "../apps/api/test/receipt-images";
import { demoTest, expect, OFFLINE_FAILURE } from "./support/fixtures";
import { fillPagoMovilProof, randomRaffleWithPagoMovil, signIn, skipCookieBanner } from "./support/people";
import { PHONE } from "./support/sizes";

const test = demoTest();
test.use(PHONE);

const BUYER = "carlos.perez@example.com";
const SHOTS = process.env.PROOF_SHOTS_DIR;

/**
 * A phone's screenshot of a Pago Móvil receipt: the receipt drawn 1080 px wide on a 1080×2400 screen
 * whose lower part is a grainy wallpaper, which is what makes real screenshots weigh 1–2 MB as PNG.
 */
async function phoneScreenshot(): Promise<Buffer> {
  const [spec] = receiptSpecs(1, Date.now() % 100_000);
  if (!spec) throw new Error("sin recibo");
  const receipt = await renderReceipt(spec, { scale: 1.5 });
  return sharp({
    create: {
      width: 1080,
      height: 2400,
      channels: 3,
      background: "#bebebe",
      noise: { type: "gaussian", mean: 190, sigma: 5 },
    },
  })
    .composite([{ input: receipt, top: 0, left: 0 }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * Worse than Chrome's "Slow 3G" on the way up (200 kbit/s instead of 400; 400 ms, 400 kbit/s down), from
 * now on in this page: the ~170 kB proof then takes seconds, time for the test to cut the network midway.
 */
async function weakSignal(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 400,
    downloadThroughput: (400 * 1024) / 8,
    uploadThroughput: (200 * 1024) / 8,
  });
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

test("un comprobante de 1,5 MB sube reducido, con su progreso, y sobrevive a un corte de conexión @phone-only", async ({
  page,
  context,
  demoServer,
  allowConsoleError,
}) => {
  // Requests made while the test has cut the network (the live events, the upload) fail on purpose.
  allowConsoleError(OFFLINE_FAILURE);
  await skipCookieBanner(page);
  await signIn(page, BUYER, demoServer.demoPassword(BUYER));

  // An active raffle sold at random that takes Pago Móvil: 2 tickets reserved, then its payment page.
  const { id: raffleId } = await randomRaffleWithPagoMovil(page.request);
  await page.goto(`/rifas/${raffleId}`);
  // The app's own reservation (the form posts itself until the page knows the buyer, decision 0029).
  await expect(page.getByText(/^Tus boletos quedan apartados/)).toBeVisible();
  await page.getByRole("button", { name: "Reservar boletos" }).click();
  await expect(page).toHaveURL(/\/perfil\/subir-comprobante\/[^?]+\?reserva=[0-9a-f-]{36}$/);

  const reference = `NET${Date.now()}`;
  await fillPagoMovilProof(page, reference);

  // The screenshot is re-encoded in the browser; the preview is the file that will be sent.
  const original = await phoneScreenshot();
  expect(original.length).toBeGreaterThan(1_200_000);
  await page.getByLabel("Comprobante de pago", { exact: true }).setInputFiles({
    name: "Screenshot_pago.png",
    mimeType: "image/png",
    buffer: original,
  });
  await expect(
    page.getByText(
      /^Imagen reducida para que suba más rápido: 1,\d MB → \d+ kB\. La vista previa es lo que se envía\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText("Screenshot_pago.jpg")).toBeVisible();

  // Each try's idempotency key, and the answers with the size of the body that got through.
  const isUpload = (method: string, url: string) =>
    method === "POST" && new URL(url).pathname === "/api/proofs";
  const keys: (string | undefined)[] = [];
  const answers: Promise<{ status: number; bodyBytes: number }>[] = [];
  page.on("request", (request) => {
    if (isUpload(request.method(), request.url())) keys.push(request.headers()["idempotency-key"]);
  });
  page.on("response", (response) => {
    if (!isUpload(response.request().method(), response.url())) return;
    // The body itself is a file the browser streams, which Playwright does not report: its length is.
    answers.push(
      response
        .request()
        .allHeaders()
        .then((headers) => ({ status: response.status(), bodyBytes: Number(headers["content-length"]) })),
    );
  });

  await weakSignal(page);
  await page.getByRole("button", { name: "Enviar Comprobante" }).click();
  const bar = page.getByRole("progressbar");
  await expect(bar).toBeVisible();
  await expect(page.getByText(/^Subiendo… \d+ % \(\d+ kB de \d+ kB\)$/)).toBeVisible();
  // Some of it is on its way when the network goes.
  await expect
    .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 20_000 })
    .toBeGreaterThan(10);
  await shot(page, "proof-upload-progress");
  await context.setOffline(true);

  await expect(page.getByText("Se cortó la conexión")).toBeVisible();
  await expect(page.getByText(/^Envío detenido en \d+ %$/)).toBeVisible();
  await expect(page.getByLabel("Referencia de la transacción")).toHaveValue(reference);
  await expect(page.getByText("Screenshot_pago.jpg")).toBeVisible();
  await expect(page.getByRole("button", { name: "Reintentar" })).toBeVisible();
  await shot(page, "proof-upload-connection-dropped");

  // Back online: sent again by itself, and the page shows the reservation under review.
  await context.setOffline(false);
  await expect(page.getByText("Comprobante en revisión", { exact: true })).toBeVisible({ timeout: 30_000 });

  // Every try carried the same key; the one answered sent a body of a fraction of the screenshot.
  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Set(keys).size).toBe(1);
  const answered = await Promise.all(answers);
  expect(answered).toHaveLength(1);
  expect(answered[0]?.status).toBe(201);
  expect(answered[0]?.bodyBytes).toBeGreaterThan(20_000);
  expect(answered[0]?.bodyBytes).toBeLessThan(original.length / 5);

  // The server holds one proof for that reference, under review, and its file is the JPEG.
  const mine = (await (await page.request.get(`/api/proofs/mine?q=${reference}`)).json()) as {
    items: { id: string; transactionRef: string; status: string; statusLabel: string }[];
  };
  const proofs = mine.items.filter((proof) => proof.transactionRef === reference);
  expect(proofs).toHaveLength(1);
  expect(proofs[0]?.statusLabel).toBe("En Revisión");
  const file = await page.request.get(`/api/proofs/${proofs[0]?.id}/file`);
  expect(file.headers()["content-type"]).toBe("image/jpeg");
  const stored = await file.body();
  expect(stored.length).toBeLessThan(answered[0]?.bodyBytes ?? 0);
  const meta = await sharp(stored).metadata();
  // A 1080×2400 screenshot keeps its pixels: only the PNG became a JPEG.
  expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1080, 2400]);
});
