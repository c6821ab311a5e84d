// Public pages of spec 1 against the demo catalogue: the winners history and its filters, the contact
// form (validation, then a real message delivered to the support inbox through SMTP), the payment
// methods page with the seeded accounts, the terms, the privacy #cookies anchor, the visitor's
// 'Notificarme' on /proximamente, and no sideways scrolling on a phone.
//
// It runs against the demo catalogue (SEED_DEMO=1), with a support address (SUPPORT_EMAIL) whose mail
// arrives in the server's SMTP sink (support/server.ts).
import type { Locator, Page } from "@playwright/test";
import { FAIRNESS_HEADINGS } from "@rifazo/shared/fairness-texts";
import { demoTest, expect, NO_SCRIPT_REFUSED } from "./support/fixtures";
import { horizontalOverflow } from "./support/layout";
import { BOTH_SIZES, PHONE } from "./support/sizes";

const SUPPORT_EMAIL = "soporte@rifazo.test";
const test = demoTest({ SUPPORT_EMAIL });

/** apps/api/src/seed/demo-data.ts (DEMO_PAYMENT_ACCOUNTS, finished raffles). */
const SEEDED_PAGO_MOVIL = {
  bank: "Banco de Venezuela (0102)",
  phone: "0414-555-0123",
  idNumber: "J-50321478-6",
};
// The v1 draw, the announced raffle, and the v2 raffle drawn with quicknet's round 657413 (September 2023).
const FINISHED_TITLES = ['Smart TV 65" 4K UHD', "Combo de mercado de $300", "Samsung Galaxy S23 128 GB"];

const MESSAGES = {
  winnersEmptyFiltered: "No se encontraron ganadores con los criterios seleccionados.",
  nameRequired: "Por favor, ingresa tu nombre.",
  invalidEmail: "Por favor, proporciona un correo electrónico válido.",
  subjectRequired: "Por favor, ingresa el asunto de tu mensaje.",
  messageRequired: "Por favor, escribe tu mensaje.",
  contactSent: "¡Mensaje Enviado!",
};

interface WinnersEntry {
  raffle: { id: string; title: string; drawTrust: string };
  drawDate: string;
  winners: { ticketNumber: string; winnerName: string; prizeLevel: number }[];
}

test.beforeEach(async ({ page }) => {
  // A stored cookie choice: the banner would otherwise sit over the bottom of every page.
  await page.addInitScript(() => {
    if (!window.localStorage.getItem("rifazo_cookie_consent")) {
      window.localStorage.setItem(
        "rifazo_cookie_consent",
        JSON.stringify({ analytics: false, marketing: false, updatedAt: new Date().toISOString() }),
      );
    }
  });
});

/** The calendar year of an instant in Venezuela. */
function caracasYear(iso: string): number {
  return Number(
    new Intl.DateTimeFormat("en-US", { timeZone: "America/Caracas", year: "numeric" }).format(new Date(iso)),
  );
}

test("ganadores: muestra las rifas finalizadas sembradas y filtra por año y búsqueda", async ({ page }) => {
  const api = await page.request.get("/api/winners");
  expect(api.ok()).toBe(true);
  const history = (await api.json()) as { items: WinnersEntry[]; years: number[] };
  expect(history.items.map((entry) => entry.raffle.title).sort()).toEqual([...FINISHED_TITLES].sort());

  await page.goto("/ganadores");
  await expect(page.getByRole("heading", { level: 1, name: "Ganadores" })).toBeVisible();
  for (const entry of history.items) {
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: entry.raffle.title }) });
    await expect(card).toBeVisible();
    for (const winner of entry.winners) {
      await expect(card.getByText(winner.winnerName).first()).toBeVisible();
      await expect(card.getByText(winner.ticketNumber, { exact: true })).toBeVisible();
    }
    // A draw with a record links to its verification; one announced by the organiser says it has none.
    if (entry.raffle.drawTrust === "announced") {
      await expect(card.getByText("Anunciado por el organizador")).toBeVisible();
      await expect(card.getByRole("link", { name: /Verificar sorteo/ })).toHaveCount(0);
    } else {
      await expect(card.getByRole("link", { name: /Verificar sorteo/ })).toHaveAttribute(
        "href",
        `/sorteo/${entry.raffle.id}`,
      );
    }
  }

  // Year filter: the year of the draws shows them; a year without draws shows the filtered empty state.
  const drawYear = caracasYear(history.items[0]?.drawDate ?? "");
  const emptyYear = history.years.find(
    (year) => !history.items.some((e) => caracasYear(e.drawDate) === year),
  );
  const year = page.getByLabel("Año", { exact: true });
  await expect(year.locator("option")).toHaveCount(4);
  if (emptyYear) {
    await year.selectOption(String(emptyYear));
    await expect(page).toHaveURL(new RegExp(`anio=${emptyYear}`));
    await expect(page.getByText(MESSAGES.winnersEmptyFiltered)).toBeVisible();
    await expect(page.getByRole("heading", { name: FINISHED_TITLES[0] })).toHaveCount(0);
  }
  await year.selectOption(String(drawYear));
  await expect(page).toHaveURL(new RegExp(`anio=${drawYear}`));
  const drawnThatYear = history.items.filter((entry) => caracasYear(entry.drawDate) === drawYear);
  for (const entry of drawnThatYear) {
    await expect(page.getByRole("heading", { name: entry.raffle.title })).toBeVisible();
  }
  await expect(page.getByLabel("Mes", { exact: true }).locator("option")).toHaveCount(13);

  // Search narrows the list as you type.
  await page.getByLabel("Buscar ganadores").fill("mercado");
  await expect(page.getByRole("heading", { name: "Combo de mercado de $300" })).toBeVisible();
  await expect(page.getByRole("heading", { name: FINISHED_TITLES[0] })).toHaveCount(0);
  await expect(page).toHaveURL(/q=mercado/);
});

test("contacto: valida los campos y entrega el mensaje al correo de soporte", async ({
  page,
  demoServer,
}) => {
  await page.goto("/contacto");
  const form = page.getByRole("form", { name: "Formulario de contacto" });
  await form.getByRole("button", { name: "Enviar Mensaje" }).click();
  for (const message of [
    MESSAGES.nameRequired,
    MESSAGES.invalidEmail,
    MESSAGES.subjectRequired,
    MESSAGES.messageRequired,
  ]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel("Nombre")).toHaveAttribute("aria-invalid", "true");

  const tag = Date.now().toString(36);
  const subject = `Consulta sobre mi pago ${tag}`;
  const body = `Hola, hice un Pago Móvil con la referencia ${tag} y quiero confirmar que llegó.`;
  await form.getByLabel("Nombre").fill("Carlos Gómez");
  await form.getByLabel("Correo electrónico").fill(`carlos.${tag}@rifazo.test`);
  await form.getByLabel("Asunto").fill(subject);
  await form.getByLabel("Mensaje").fill(body);
  await form.getByRole("button", { name: "Enviar Mensaje" }).click();

  await expect(page.getByText(MESSAGES.contactSent)).toBeVisible();
  await expect(form.getByLabel("Nombre")).toHaveValue("");
  await expect(form.getByLabel("Asunto")).toHaveValue("");
  await expect(form.getByLabel("Mensaje")).toHaveValue("");

  const mail = await demoServer.mail.waitFor(SUPPORT_EMAIL, (m) => m.subject.includes(tag));
  expect(mail.subject).toBe(`Contacto: ${subject}`);
  expect(mail.text).toContain(body);
  expect(mail.text).toContain("Carlos Gómez");
  expect(mail.raw).toMatch(new RegExp(`^Reply-To: carlos\\.${tag}@rifazo\\.test`, "mi"));

  // Opening hours and the support channels are on the page too.
  await expect(page.getByText("Lunes a viernes: 9:00 a. m. – 5:00 p. m.")).toBeVisible();
  // The demo publishes no support WhatsApp: the WhatsApp-only Saturday hours are not offered.
  await expect(page.getByText(/solo soporte por WhatsApp/)).toHaveCount(0);
  await expect(page.getByText("Hora de Venezuela")).toBeVisible();
});

test("métodos de pago: muestra las cuentas sembradas y copia el teléfono de Pago Móvil", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.goto("/metodos-pago");
  const pagoMovil = page.getByRole("region", { name: "Pago Móvil" });
  await expect(pagoMovil.getByText(SEEDED_PAGO_MOVIL.bank)).toBeVisible();
  await expect(pagoMovil.getByText(SEEDED_PAGO_MOVIL.phone)).toBeVisible();
  await expect(pagoMovil.getByText(SEEDED_PAGO_MOVIL.idNumber)).toBeVisible();
  await expect(page.getByRole("region", { name: "Zelle" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Binance Pay" })).toBeVisible();
  await expect(page.getByText(/Bs\. 298,64/).first()).toBeVisible();

  await pagoMovil.getByRole("button", { name: "Copiar teléfono de Pago Móvil" }).click();
  await expect(page.getByText("Copiado", { exact: true }).first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SEEDED_PAGO_MOVIL.phone);

  await expect(page.getByRole("link", { name: "Subir Comprobante" })).toHaveAttribute(
    "href",
    "/perfil/subir-comprobante/general",
  );
});

test("términos: once secciones con su h2; la política de privacidad abre en #cookies", async ({ page }) => {
  await page.goto("/terminos-y-condiciones");
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(headings).toHaveCount(11);
  await expect(headings.first()).toHaveText("1. Elegibilidad");
  await expect(headings.last()).toHaveText("11. Contacto");

  await page.goto("/politica-de-privacidad#cookies");
  const cookies = page.getByRole("heading", { level: 2, name: "Política de Cookies" });
  await expect(cookies).toBeInViewport();
  for (const name of ["Necesarias", "Analíticas", "Marketing"]) {
    await expect(page.locator("#cookies").getByText(name, { exact: true })).toBeVisible();
  }
});

test("próximamente: 'Notificarme' lleva al visitante a entrar y deja el aviso en su cuenta", async ({
  page,
  demoServer,
}) => {
  await page.goto("/proximamente");
  const first = page.getByRole("main").getByRole("listitem").first();
  const title = (await first.getByRole("heading").first().textContent()) ?? "";
  const toggle = first.getByRole("button", { name: "Notificarme" });
  await expect(toggle).toBeEnabled();
  await expect(first.getByRole("timer")).toContainText(/Faltan? /);
  await toggle.click();
  // The notice is an email and an in-app notice: it needs an account. The choice waits in the browser.
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => window.localStorage.getItem("rifazo_upcoming_notify"));
  expect(JSON.parse(stored ?? "[]")).toHaveLength(1);
  const email = "ana.martinez@example.com";
  const form = page.locator("form");
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill(demoServer.demoPassword(email));
  await form.getByRole("button", { name: "Iniciar Sesión", exact: true }).click();

  // Back on the page, the choice is now the account's subscription, with its undo.
  await expect(page).toHaveURL(/\/proximamente$/);
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: title });
  const on = card.getByRole("button", { name: "Te avisaremos" });
  await expect(on).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(on).toBeVisible();
  await on.click();
  await expect(card.getByRole("button", { name: "Notificarme" })).toHaveAttribute("aria-pressed", "false");
});

for (const size of BOTH_SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test("las páginas públicas caben en un teléfono @phone", async ({ page }) => {
      for (const path of [
        "/ganadores",
        "/proximamente",
        "/metodos-pago",
        "/transmisiones-vivo",
        "/testimonios",
        "/terminos-y-condiciones",
        "/politica-de-privacidad",
        "/transparencia-de-sorteos",
        "/contacto",
        "/rifazo-club",
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        const overflow = await horizontalOverflow(page);
        expect(overflow, `desbordamiento horizontal en ${path}`).toBeLessThanOrEqual(0);
      }
    });
  });
}

test.describe("teléfono", () => {
  test.use(PHONE);

  test("las páginas públicas llegan renderizadas por el servidor y se hidratan sin errores @phone-only", async ({
    page,
    browser,
    baseURL,
    demoServer,
    allowConsoleError,
  }) => {
    // The context without JavaScript refuses to load the app's scripts (Chromium reports them as "csp").
    allowConsoleError(NO_SCRIPT_REFUSED);
    test.setTimeout(180_000);
    const raffles = (await (await page.request.get("/api/raffles?status=all")).json()) as {
      items: { id: string; title: string }[];
    };
    const raffleId = (title: string) => {
      const id = raffles.items.find((raffle) => raffle.title === title)?.id;
      expect(id, `la rifa de ejemplo «${title}»`).toBeTruthy();
      return id as string;
    };
    const upcoming = (await (await page.request.get("/api/raffles/upcoming")).json()) as {
      items: { id: string; title: string; startDate: string | null }[];
    };
    const firstUpcoming = [...upcoming.items].sort(
      (a, b) => Date.parse(a.startDate ?? "9999") - Date.parse(b.startDate ?? "9999"),
    )[0];
    expect(firstUpcoming, "una rifa próxima en el catálogo de ejemplo").toBeTruthy();
    const broadcasts = (await (await page.request.get("/api/live-broadcasts")).json()) as {
      items: { title: string }[];
    };
    const stories = (await (await page.request.get("/api/testimonials")).json()) as {
      items: { name: string }[];
    };

    // Each page: its h1 and something of its first screen that only the server's data (or text) can give.
    const pages: { path: string; heading: string; content: (p: Page) => Locator }[] = [
      {
        path: "/ganadores",
        heading: "Ganadores",
        content: (p) => p.getByRole("heading", { level: 2, name: FINISHED_TITLES[0] }),
      },
      {
        path: `/ganadores?q=mercado`,
        heading: "Ganadores",
        content: (p) => p.getByRole("heading", { level: 2, name: "Combo de mercado de $300" }),
      },
      {
        path: "/proximamente",
        heading: "Próximamente",
        content: (p) => p.getByRole("heading", { level: 2, name: firstUpcoming?.title }),
      },
      {
        path: "/metodos-pago",
        heading: "Métodos de Pago",
        content: (p) => p.getByRole("region", { name: "Pago Móvil" }).getByText(SEEDED_PAGO_MOVIL.phone),
      },
      {
        path: "/transmisiones-vivo",
        heading: "Transmisiones en Vivo",
        content: (p) => p.getByRole("heading", { level: 2, name: broadcasts.items[0]?.title }),
      },
      {
        path: "/testimonios",
        heading: "Testimonios",
        content: (p) => p.getByText(stories.items[0]?.name ?? "", { exact: true }).first(),
      },
      {
        path: "/terminos-y-condiciones",
        heading: "Términos y Condiciones",
        content: (p) => p.getByRole("heading", { level: 2, name: "11. Contacto" }),
      },
      {
        path: "/politica-de-privacidad",
        heading: "Política de Privacidad",
        content: (p) => p.getByRole("heading", { level: 2, name: "Política de Cookies" }),
      },
      {
        path: "/transparencia-de-sorteos",
        heading: "Transparencia de Sorteos",
        content: (p) => p.getByRole("heading", { level: 3, name: FINISHED_TITLES[0] }),
      },
      {
        path: "/contacto",
        heading: "Contacto",
        content: (p) => p.getByRole("form", { name: "Formulario de contacto" }).getByLabel("Asunto"),
      },
      {
        path: "/rifazo-club",
        heading: "Rifazo Club",
        content: (p) => p.getByRole("heading", { level: 2, name: "Niveles del club" }),
      },
      {
        path: "/verificar-boleto",
        heading: "Verificar Boleto",
        content: (p) => p.getByLabel("Número de boleto"),
      },
      {
        // A date countdown, to the second.
        path: `/sorteo/${raffleId("Moto Bera SBR 150 cc 0 km")}`,
        heading: "Moto Bera SBR 150 cc 0 km",
        content: (p) => p.getByRole("timer"),
      },
      {
        // Sales ended: frozen at the server's start, waiting for its named drand round, two minutes later: a
        // countdown, once the round is out the draw button (which waits for the code), and a minute after
        // that, with no relay reachable here, the late round's notice. A loaded machine reaches any of them.
        path: `/sorteo/${raffleId("Bono en efectivo de $1.000")}`,
        heading: "Bono en efectivo de $1.000",
        content: (p) =>
          p.getByRole("heading", {
            level: 2,
            name: new RegExp(
              `^(Esperando la ronda \\d+ de drand|¡Todo listo para el sorteo!|${FAIRNESS_HEADINGS.lateRound})$`,
            ),
          }),
      },
      {
        path: `/sorteo/${raffleId(FINISHED_TITLES[0] as string)}`,
        heading: FINISHED_TITLES[0] as string,
        content: (p) => p.getByRole("heading", { level: 2, name: "¡Tenemos ganadores!" }),
      },
    ];

    // Without JavaScript the content is already in the HTML.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      baseURL,
      viewport: { width: 390, height: 844 },
    });
    const html = await noScript.newPage();
    for (const { path, heading, content } of pages) {
      await html.goto(path);
      await expect(html.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      await expect(content(html), path).toBeVisible();
    }
    // What needs the code arrives disabled, rather than doing nothing when pressed.
    await html.goto("/contacto");
    await expect(html.getByRole("button", { name: "Enviar Mensaje" })).toBeDisabled();
    await html.goto("/proximamente");
    await expect(html.getByRole("button", { name: "Notificarme" }).first()).toBeDisabled();
    await noScript.close();

    // With JavaScript, hydration adopts that HTML: React reports any difference as an error in the console.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      // The anonymous session check answers 401 by design; the browser logs every 4xx response.
      if (message.type() === "error" && !message.text().includes("status of 401"))
        errors.push(`${page.url()}: ${message.text()}`);
    });
    // A visitor who asked to be told about the first upcoming raffle before signing in: the choice waits in
    // the browser for the account, so the button stays "Notificarme" for the visitor.
    await page.addInitScript((id) => {
      window.localStorage.setItem("rifazo_upcoming_notify", JSON.stringify([id]));
    }, firstUpcoming?.id);
    for (const { path, heading, content } of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading }), path).toBeVisible();
      await expect(content(page), path).toBeVisible();
      // Hydrated: the buttons that wait for the code are enabled.
      if (path === "/contacto")
        await expect(page.getByRole("button", { name: "Enviar Mensaje" })).toBeEnabled();
      if (path === "/verificar-boleto")
        await expect(page.getByRole("button", { name: "Verificar", exact: true })).toBeEnabled();
    }
    await page.goto("/proximamente");
    const first = page.getByRole("main").getByRole("listitem").filter({ hasText: firstUpcoming?.title });
    await expect(first.getByRole("button", { name: "Notificarme" })).toBeEnabled();
    // The countdown runs on this browser's clock once hydrated.
    const seconds = first.getByRole("timer").locator("span.tabular-nums").last();
    const before = await seconds.textContent();
    await expect(seconds).not.toHaveText(before ?? "");

    // A member's club: the server sends the visitor's view, and their own view replaces it after hydration.
    const login = await page.request.post("/api/account/login", {
      data: {
        email: "ana.martinez@example.com",
        password: demoServer.demoPassword("ana.martinez@example.com"),
      },
    });
    expect(login.status()).toBe(200);
    await page.goto("/rifazo-club");
    await expect(page.getByRole("link", { name: "Volver a Mi Perfil" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Crear Cuenta" })).toHaveCount(0);

    expect(errors).toEqual([]);
  });
});
