// What several specs do the same way: a real PNG for a proof, the cookie banner out of the way, a buyer
// registered and confirmed through the mail sink, the administrator signed in (API or browser), a raffle
// on sale created through the admin API.
import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import { type APIRequestContext, type BrowserContext, expect, type Page, request } from "@playwright/test";
import { linksIn } from "./mail-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer } from "./server";

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

/** An RGB PNG of random pixels: every call gives a different image (no two proofs look alike). */
export function makePng(width: number, height: number): Buffer {
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

/**
 * Accepts the cookie banner before the page loads, so it never covers the buttons under test; given a
 * browser context, in each of its pages.
 */
export async function skipCookieBanner(page: Page | BrowserContext) {
  await page.addInitScript(() => {
    // Sandboxed frames (the proof preview) have no storage: the banner is the top page's only.
    try {
      window.localStorage.setItem(
        "rifazo_cookie_consent",
        JSON.stringify({
          necessary: true,
          analytics: false,
          marketing: false,
          updatedAt: new Date().toISOString(),
        }),
      );
    } catch {
      // nothing to skip in such a frame
    }
  });
}

/** Waits for a new raffle's ticket pool, made in the background after creation; chosen numbers wait for it. */
export async function waitForTicketPool(admin: APIRequestContext, raffleId: string) {
  await expect
    .poll(
      async () =>
        ((await (await admin.get(`/api/admin/raffles/${raffleId}`)).json()) as { ticketsGenerated?: boolean })
          .ticketsGenerated,
      { timeout: 30_000 },
    )
    .toBe(true);
}

/**
 * Creates an internal raffle on sale through the admin API: 100 tickets at 5 USD until a week from now
 * unless `form` says otherwise. Returns once its ticket pool (made in the background) is ready.
 */
export async function createRaffleAs(
  admin: APIRequestContext,
  form: { title: string; description: string } & Record<string, unknown>,
): Promise<string> {
  const created = await admin.post("/api/admin/raffles", {
    data: {
      price: 5,
      currency: "USD",
      totalTickets: 100,
      status: "active",
      activationType: "date",
      endDate: new Date(Date.now() + 7 * 24 * 3600_000).toISOString(),
      announcementType: "internal",
      ...form,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = ((await created.json()) as { id: string }).id;
  await waitForTicketPool(admin, id);
  return id;
}

/** The BCV rate (80) and the Pago Móvil and Zelle accounts, set as an administrator does before selling. */
export async function setUpPayments(admin: APIRequestContext): Promise<void> {
  const rate = await admin.put("/api/admin/settings/exchange-rate", { data: { rate: 80, source: "BCV" } });
  expect(rate.status(), await rate.text()).toBe(200);
  const accounts = await admin.put("/api/admin/settings/payment-accounts", {
    data: {
      pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
      zelle: { email: "pagos@rifazo.test", name: "Rifazo LLC" },
      binance: null,
    },
  });
  expect(accounts.status(), await accounts.text()).toBe(200);
}

/** An active raffle of the demo catalogue sold at random, with 2 tickets left, that takes Pago Móvil. */
export async function randomRaffleWithPagoMovil(
  api: APIRequestContext,
): Promise<{ id: string; title: string }> {
  const list = (await (await api.get("/api/raffles?status=active")).json()) as {
    items: { id: string; title: string }[];
  };
  for (const candidate of list.items) {
    const detail = (await (await api.get(`/api/raffles/${candidate.id}`)).json()) as {
      remaining: number;
      numberMode: string;
      acceptedMethods: string[];
    };
    if (
      detail.remaining >= 2 &&
      detail.numberMode === "random" &&
      detail.acceptedMethods.includes("pago_movil")
    ) {
      return candidate;
    }
  }
  throw new Error("El catálogo de demostración no tiene una rifa activa al azar con Pago Móvil.");
}

/**
 * The app's proof form paid by Pago Móvil: method, reference, and the amount typed as the bank app shows
 * it, the one the Pago Móvil tab asks for in bolívares.
 */
export async function fillPagoMovilProof(page: Page, reference: string): Promise<void> {
  await page.getByRole("combobox", { name: "Método de pago" }).selectOption({ label: "Pago Móvil" });
  await page.getByLabel("Referencia de la transacción").fill(reference);
  const due = await page
    .getByRole("tabpanel", { name: "Pago Móvil" })
    .getByText(/^Bs\. [\d.]+,\d\d$/)
    .textContent();
  await page.getByLabel("Monto pagado").fill((due ?? "").replace("Bs. ", ""));
}

/** An API client signed in as the administrator of support/server.ts. Dispose it when done. */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const login = await admin.post("/api/account/login", {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  return admin;
}

/** The administrator signs in on the hidden login page and lands on /admin. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/adminrifazo2025");
  const form = page.locator("form");
  await form.getByLabel("Correo electrónico").fill(ADMIN_EMAIL);
  await form.getByLabel("Contraseña", { exact: true }).fill(ADMIN_PASSWORD);
  await form.getByRole("button", { name: "Ingresar al Panel", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** A buyer signs in on /login, as a person would. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  const form = page.locator("form");
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();
  await expect(page).toHaveURL(/\/perfil\/info$/);
}

export interface RegisteredBuyer {
  email: string;
  name: string;
  password: string;
}

let counter = 0;

/**
 * A buyer registered and confirmed through the email link, then signed in on `api` (a page's request
 * context, or one made with request.newContext: its cookies are the buyer's session).
 */
export async function registerBuyer(
  api: APIRequestContext,
  server: RunningServer,
  name: string,
  chosenEmail?: string,
): Promise<RegisteredBuyer> {
  counter += 1;
  const email = chosenEmail ?? `comprador.${Date.now().toString(36)}${counter}@rifazo.test`;
  const password = "ClaveSegura123!";
  const registered = await api.post("/api/account/register", {
    // A purchase needs the buyer's mobile (PHONE_REQUIRED otherwise): given on sign-up, as the form does.
    data: {
      fullName: name,
      email,
      password,
      confirmPassword: password,
      phone: `0414${String(counter).padStart(7, "0")}`,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const mail = await server.mail.waitFor(email, (m) =>
    linksIn(m).some((l) => l.includes("/api/auth/verify-email")),
  );
  const link = linksIn(mail).find((l) => l.startsWith(`${server.baseURL}/api/auth/verify-email?token=`));
  expect(link, mail.text).toBeTruthy();
  const verified = await api.get(link as string, { maxRedirects: 0 });
  expect(verified.status()).toBeGreaterThanOrEqual(300);
  const login = await api.post("/api/account/login", { data: { email, password } });
  expect(login.status(), await login.text()).toBe(200);
  return { email, name, password };
}
