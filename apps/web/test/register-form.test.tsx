// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { paths } from "../src/lib/paths";
import { RegisterPage } from "../src/pages/register-page";
import { CurrentLocation, renderWithProviders, stubFetch, testQueryClient } from "./render";

// After registering, the page says where the confirmation link went and what comes next, and the empty
// form is gone (a phone showed both, the form below the news, as if nothing had happened).

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const STRONG = "Tucan-Morichal-Llovizna-47";
const EMAIL = "maria.fernanda.gonzalez.rodriguez@correo-ejemplo.com.ve";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderRegister() {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, null);
  return renderWithProviders(
    <Routes>
      <Route path={paths.register} element={<RegisterPage />} />
      <Route path={paths.login} element={<CurrentLocation />} />
    </Routes>,
    { path: paths.register, client },
  );
}

async function register(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Nombre completo"), "María Fernanda González");
  await user.type(screen.getByLabelText("Correo electrónico"), EMAIL);
  await user.type(screen.getByLabelText("Teléfono celular"), "0414-5550101");
  await user.type(screen.getByLabelText("Contraseña"), STRONG);
  await user.type(screen.getByLabelText("Confirmar contraseña"), STRONG);
  await user.click(screen.getByRole("button", { name: "Crear Cuenta" }));
}

describe("registro hecho", () => {
  it("quita el formulario y dice adónde fue el enlace, qué sigue y cómo seguir", async () => {
    fetchMock.mockResolvedValue(json({ ok: true }, 201));
    const user = userEvent.setup();
    renderRegister();
    await register(user);

    const heading = await screen.findByRole("heading", { level: 2, name: "¡Ya casi terminas!" });
    // The submit button is gone with the form: the focus is on the news.
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(EMAIL).tagName).toBe("STRONG");
    const news = screen.getByRole("region", { name: "¡Ya casi terminas!" });
    expect(
      within(news)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([
      "Abre el correo de Rifazo (si no lo ves, revisa la carpeta de spam o promociones).",
      "Pulsa el enlace para confirmar tu cuenta.",
      "Inicia sesión con tu correo y tu contraseña.",
    ]);
    expect(screen.queryByLabelText("Nombre completo")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Correo electrónico")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Crear Cuenta" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reenviar correo de confirmación" })).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Ir a Iniciar Sesión" }));
    expect(await screen.findByText(paths.login)).toBeInTheDocument();
  });

  it("«Registrarme con otro correo» vuelve al formulario vacío", async () => {
    fetchMock.mockResolvedValue(json({ ok: true }, 201));
    const user = userEvent.setup();
    renderRegister();
    await register(user);
    await user.click(await screen.findByRole("button", { name: "Registrarme con otro correo" }));

    expect(screen.getByLabelText("Correo electrónico")).toHaveValue("");
    expect(screen.getByLabelText("Nombre completo")).toHaveValue("");
    expect(screen.queryByRole("heading", { name: "¡Ya casi terminas!" })).not.toBeInTheDocument();
  });
});
