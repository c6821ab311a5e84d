// Buying tickets on a phone (390×844), as a signed-in demo user: an active raffle → 2 tickets →
// "Reservar boletos" → the reservation's payment page → proof upload, the amount typed in bolívares →
// 'Comprobante Enviado' → Mis Pagos shows it 'En Revisión'. A text file renamed to .png is refused on the
// spot, and a notification sent by an administrator appears in the open page, without reloading, within
// 2 s (realtime over /api/events).
//
// It runs against the demo catalogue (SEED_DEMO=1), with the administrator account of support/server.ts
// sending the notification.
import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import { type Page, request } from "@playwright/test";
import { demoTest, expect } from "./support/fixtures";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./support/server";

const test = demoTest();

const BUYER = "carlos.perez@example.com";
const READER = "ana.martinez@example.com";

const TEXT = {
  fileType: "Solo se permiten imágenes (JPG, PNG) o PDF.",
  sent: "Comprobante Enviado",
  pending: "En Revisión",
};

test.use({ viewport: { width: 390, height: 844 } });

// --- A real PNG, made here: signature, IHDR, IDAT (noise, so it stays a few hundred KB), IEND ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function makePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Accepts the cookie banner before the page loads, so it never covers the buttons under test. */
async function skipCookieBanner(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem(
      "rifazo_cookie_consent",
      JSON.stringify({
        necessary: true,
        analytics: false,
        marketing: false,
        updatedAt: new Date().toISOString(),
      }),
    );
  });
}

/** Signs in as a demo buyer, with the password the server generated and logged for it. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  const form = page.locator("form");
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/perfil\/info$/);
}

interface RaffleSummary {
  id: string;
  title: string;
  price: number;
  currency: string;
  status: string;
}

test("compra de 2 boletos con comprobante, y Mis Pagos lo muestra En Revisión @phone-only", async ({
  page,
  demoServer,
}) => {
  await skipCookieBanner(page);
  await signIn(page, BUYER, demoServer.demoPassword(BUYER));

  // An active raffle with tickets left, sold at random (not by chosen numbers), opened from the list.
  const list = (await (await page.request.get("/api/raffles?status=active")).json()) as {
    items: RaffleSummary[];
  };
  let raffle: RaffleSummary | undefined;
  for (const candidate of list.items) {
    const detail = (await (await page.request.get(`/api/raffles/${candidate.id}`)).json()) as {
      remaining: number;
      numberMode: string;
      acceptedMethods: string[];
    };
    if (
      detail.remaining >= 2 &&
      detail.numberMode === "random" &&
      detail.acceptedMethods.includes("pago_movil")
    ) {
      raffle = candidate;
      break;
    }
  }
  if (!raffle) throw new Error("El catálogo de demostración no tiene una rifa activa con boletos.");
  await page.goto("/rifas");
  await page.getByRole("link", { name: raffle.title, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/rifas/${raffle.id}$`));

  // Two tickets (the minimum, and the default) are reserved, then the payment page of that reservation.
  await expect(page.getByLabel("Cantidad de boletos")).toHaveValue("2");
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
  await page.getByRole("combobox", { name: "Método de pago" }).click();
  await page.getByRole("option", { name: "Pago Móvil" }).click();
  await page.getByLabel("Referencia de la transacción").fill(reference);
  // The amount is typed as the bank app shows it: the one the Pago Móvil tab asks for, in bolívares.
  const due = await page
    .getByRole("tabpanel", { name: "Pago Móvil" })
    .getByText(/^Bs\. [\d.]+,\d\d$/)
    .textContent();
  await page.getByLabel("Monto pagado").fill((due ?? "").replace("Bs. ", ""));
  await fileInput.setInputFiles({ name: "pago-movil.png", mimeType: "image/png", buffer: makePng(320, 320) });
  await expect(page.getByText(TEXT.fileType)).toBeHidden();
  await expect(page.getByText("pago-movil.png")).toBeVisible();
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

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
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
