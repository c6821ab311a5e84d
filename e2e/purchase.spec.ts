// Buying tickets on a phone (390×844), as a signed-in demo user: an active raffle → 2 tickets →
// "Reservar boletos" → the reservation's payment page → proof upload, the amount typed in bolívares →
// 'Comprobante Enviado' → Mis Pagos shows it 'En Revisión'. A text file renamed to .png is refused on the
// spot, and a notification sent by an administrator appears in the open page, without reloading, within
// 2 s (realtime over /api/events).
//
// It runs against the demo catalogue (SEED_DEMO=1), with the administrator account of support/server.ts
// sending the notification.
import { request } from "@playwright/test";
import { demoTest, expect } from "./support/fixtures";
import { horizontalOverflow } from "./support/layout";
import {
  fillPagoMovilProof,
  makePng,
  randomRaffleWithPagoMovil,
  signIn,
  skipCookieBanner,
} from "./support/people";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/server";
import { PHONE } from "./support/sizes";

const test = demoTest();

const BUYER = "carlos.perez@example.com";
const READER = "ana.martinez@example.com";

const TEXT = {
  fileType: "Solo se permiten imágenes (JPG, PNG) o PDF.",
  sent: "Comprobante Enviado",
  pending: "En Revisión",
};

test.use(PHONE);

test("compra de 2 boletos con comprobante, y Mis Pagos lo muestra En Revisión @phone-only", async ({
  page,
  demoServer,
}) => {
  await skipCookieBanner(page);
  await signIn(page, BUYER, demoServer.demoPassword(BUYER));

  // An active raffle with tickets left, sold at random (not by chosen numbers), opened from the list.
  const raffle = await randomRaffleWithPagoMovil(page.request);
  await page.goto("/rifas");
  await page.getByRole("link", { name: raffle.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/rifas/${raffle.id}$`));

  // Two tickets (the minimum, and the default) are reserved, then the payment page of that reservation.
  await expect(page.getByLabel("Cantidad de boletos")).toHaveValue("2");
  // The app's own reservation, once it knows the buyer (before that the form posts itself, decision 0029).
  await expect(page.getByText(/^Tus boletos quedan apartados/)).toBeVisible();
  await page.getByRole("button", { name: "Reservar boletos" }).click();
  await expect(page).toHaveURL(new RegExp(`/perfil/subir-comprobante/${raffle.id}\\?reserva=[0-9a-f-]{36}$`));
  await expect(page.getByLabel("Cantidad de boletos")).toHaveValue("2");
  await expect(page.getByLabel("Cantidad de boletos")).toHaveAttribute("readonly", "");

  // A text file named .png is refused before anything is sent.
  const fileInput = page.getByLabel("Comprobante de pago", { exact: true });
  await fileInput.setInputFiles({
    name: "comprobante.png",
    mimeType: "image/png",
    buffer: Buffer.from("esto no es una imagen, solo texto"),
  });
  await expect(page.getByText(TEXT.fileType)).toBeVisible();

  // The real proof.
  const reference = `E2E${Date.now()}`;
  await fillPagoMovilProof(page, reference);
  await fileInput.setInputFiles({ name: "pago-movil.png", mimeType: "image/png", buffer: makePng(320, 320) });
  await expect(page.getByText(TEXT.fileType)).toBeHidden();
  // Named .jpg once the browser has re-encoded it smaller (decision 0030); either goes.
  await expect(page.getByText(/^pago-movil\.(png|jpg)$/)).toBeVisible();
  await page.getByRole("button", { name: "Enviar Comprobante" }).click();

  // The form (and its progress bar) gives way to the reservation's new state as soon as it is sent.
  await expect(page.getByText(TEXT.sent, { exact: true }).first()).toBeVisible();
  // The reservation is now under review, followed in Mis Pagos.
  await expect(page.getByText("Comprobante en revisión", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Ver Mis Pagos" }).click();
  await expect(page).toHaveURL(/\/perfil\/pagos$/);

  // Mis Pagos: newest first, with the raffle's title, under review.
  const item = page.getByRole("listitem").filter({ hasText: reference });
  await expect(item).toBeVisible();
  await expect(item.getByText(raffle.title)).toBeVisible();
  await expect(item.getByText(TEXT.pending)).toBeVisible();
  const first = page.getByRole("main").getByRole("listitem").first();
  await expect(first).toContainText(reference);

  const overflow = await horizontalOverflow(page);
  expect(overflow, "desbordamiento horizontal en Mis Pagos").toBeLessThanOrEqual(0);
});

test("una notificación del administrador llega a la página abierta sin recargar @phone-only", async ({
  page,
  baseURL,
  demoServer,
}) => {
  await skipCookieBanner(page);
  await signIn(page, READER, demoServer.demoPassword(READER));
  const me = (await (await page.request.get("/api/account/me")).json()) as { id: string };

  // The dropdown is open and its list loaded before the message is sent.
  const bell = page.getByRole("button", { name: /^Notificaciones/ });
  await bell.click();
  const dropdown = page.getByRole("dialog", { name: "Notificaciones" });
  await expect(dropdown.getByText("Cargando notificaciones...")).toBeHidden();

  const title = `Mensaje de prueba ${Date.now().toString(36)}`;
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL as string } });
  try {
    const login = await admin.post("/api/account/login", {
      data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    const sent = await admin.post(`/api/admin/users/${me.id}/notify`, {
      data: { title, message: "Tu pago fue recibido y está en revisión." },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  } finally {
    await admin.dispose();
  }

  // Realtime: the event arrives over /api/events and the list refreshes, with no reload.
  await expect(dropdown.getByText(title)).toBeVisible({ timeout: 2_000 });
  await expect(bell).toHaveAccessibleName(/sin leer/);

  // An admin message opens in a dialog with its whole text.
  await dropdown.getByRole("button", { name: new RegExp(`^Sin leer: ${title}`) }).click();
  const detail = page.getByRole("dialog", { name: title });
  await expect(detail.getByText("Tu pago fue recibido y está en revisión.")).toBeVisible();
});
