import type { Page } from "@playwright/test";
import { expect, loggedStatus, test } from "./support/fixtures";
import { horizontalOverflow } from "./support/layout";
import { linksIn } from "./support/mail-sink";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RunningServer } from "./support/server";
import { BOTH_SIZES } from "./support/sizes";

const MESSAGES = {
  registered: "¡Registro Exitoso!",
  notConfirmed: "Tu correo electrónico aún no ha sido confirmado. Por favor, revisa tu bandeja de entrada.",
  invalidCredentials: "Credenciales de inicio de sesión inválidas. Verifica tu correo y contraseña.",
  emailConfirmed: "¡Correo confirmado! Ya puedes iniciar sesión.",
  signedOut: "Sesión Cerrada",
  notAuthorized: "Acceso No Autorizado",
};

let counter = 0;
function newUser() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return { fullName: "María José Pérez", email: `maria.${tag}@rifazo.test`, password: "ClaveSegura123!" };
}

/** The confirmation link from the email the server sent to `email`. */
async function verificationLink(server: RunningServer, email: string): Promise<string> {
  const mail = await server.mail.waitFor(email, (m) =>
    linksIn(m).some((l) => l.includes("/api/auth/verify-email")),
  );
  const link = linksIn(mail).find((l) => l.startsWith(`${server.baseURL}/api/auth/verify-email?token=`));
  expect(link, `enlace de confirmación en el correo:\n${mail.text}`).toBeTruthy();
  return link as string;
}

async function signIn(page: Page, email: string, password: string, submit = "Iniciar Sesión") {
  const form = page.locator("form");
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña", { exact: true }).fill(password);
  await form.getByRole("button", { name: submit, exact: true }).click();
}

test("registro, confirmación por correo, inicio y cierre de sesión", async ({
  page,
  server,
  allowConsoleError,
}) => {
  const user = newUser();
  // The refused sign-ins below (address not confirmed, then a wrong password) are answered 403 and 401.
  allowConsoleError(loggedStatus(403, "/api/account/login"));
  allowConsoleError(loggedStatus(401, "/api/account/login"));

  await page.goto("/registro");
  const form = page.locator("form");
  await form.getByLabel("Nombre completo").fill(user.fullName);
  await form.getByLabel("Correo electrónico").fill(user.email);
  await form.getByLabel("Teléfono celular").fill("0414-5550101");
  await form.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await form.getByLabel("Confirmar contraseña").fill(user.password);
  await form.getByRole("button", { name: "Crear Cuenta", exact: true }).click();
  await expect(page.getByText(MESSAGES.registered)).toBeVisible();

  const link = await verificationLink(server, user.email);

  // Before confirming the email, sign-in is refused with the spec's message.
  await page.goto("/login");
  await signIn(page, user.email, user.password);
  await expect(page.getByText(MESSAGES.notConfirmed)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // The link confirms the address and lands on the sign-in page with a success message.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByText(MESSAGES.emailConfirmed)).toBeVisible();

  // A wrong password for the now confirmed account.
  await signIn(page, user.email, "NoEsMiClave123!");
  await expect(page.getByText(MESSAGES.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/perfil\/info$/);

  // Sign out through the avatar menu in the header.
  await page.getByRole("banner").getByRole("button", { name: "Abrir menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Cerrar Sesión" }).click();
  await expect(page.getByText(MESSAGES.signedOut, { exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/\/perfil/);
});

test("un usuario sin rol de administrador no entra en /admin", async ({ page, server }) => {
  const user = newUser();
  // Account set-up through the API (same cookie jar as the page); the UI for it is covered above.
  const registered = await page.request.post("/api/account/register", {
    data: { ...user, confirmPassword: user.password },
  });
  expect(registered.status()).toBe(201);
  const verified = await page.request.get(await verificationLink(server, user.email), { maxRedirects: 0 });
  expect(verified.status()).toBeGreaterThanOrEqual(300);
  expect(verified.headers().location).toMatch(/\/login\?verificado=1$/);
  const login = await page.request.post("/api/account/login", {
    data: { email: user.email, password: user.password },
  });
  expect(login.status()).toBe(200);

  await page.goto("/admin");
  await expect(page.getByText(MESSAGES.notAuthorized).first()).toBeVisible();
  await expect(page).toHaveURL(`${server.baseURL}/`);
});

test("el administrador inicia sesión en /adminrifazo2025 y llega a /admin", async ({ page }) => {
  await page.goto("/adminrifazo2025");
  await expect(page.getByRole("heading", { name: "Inicio de Admin" })).toBeVisible();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD, "Ingresar al Panel");
  await expect(page).toHaveURL(/\/admin$/);
});

for (const size of BOTH_SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test("las páginas de acceso caben en un teléfono @phone", async ({ page }) => {
      for (const path of ["/", "/login", "/registro"]) {
        await page.goto(path);
        await expect(page.locator("main, form").first()).toBeVisible();
        const overflow = await horizontalOverflow(page);
        expect(overflow, `desbordamiento horizontal en ${path}`).toBeLessThanOrEqual(0);
      }
    });
  });
}

test("entra con un enlace enviado por correo desde la página de inicio de sesión", async ({
  page,
  server,
}) => {
  const user = newUser();
  const registered = await page.request.post("/api/account/register", {
    data: { ...user, confirmPassword: user.password },
  });
  expect(registered.status()).toBe(201);
  await page.request.get(await verificationLink(server, user.email), { maxRedirects: 0 });

  await page.goto("/login");
  await page.locator("form").getByLabel("Correo electrónico").fill(user.email);
  await page.getByRole("button", { name: "Recibir un enlace para entrar" }).click();
  await expect(page.locator("#sign-in-link-email")).toHaveValue(user.email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(
    page.getByText("Si el correo está registrado, te enviamos un enlace para entrar."),
  ).toBeVisible();

  const mail = await server.mail.waitFor(user.email, (m) =>
    linksIn(m).some((l) => l.includes("/api/auth/magic-link/verify")),
  );
  const link = linksIn(mail).find((l) => l.startsWith(`${server.baseURL}/api/auth/magic-link/verify?token=`));
  expect(link, `enlace para entrar en el correo:\n${mail.text}`).toBeTruthy();
  await page.goto(link as string);
  await expect(page).toHaveURL(`${server.baseURL}/`);
  await expect(page.getByRole("banner").getByRole("button", { name: "Abrir menú de usuario" })).toBeVisible();

  // The same link a second time: back to the sign-in page with a Spanish notice, and no session.
  await page.context().clearCookies();
  await page.goto(link as string);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText("Enlace no válido")).toBeVisible();
});
