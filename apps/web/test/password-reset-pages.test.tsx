// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { paths } from "../src/lib/paths";
import { ForgotPasswordPage } from "../src/pages/forgot-password-page";
import { LoginPage } from "../src/pages/login-page";
import { ResetPasswordPage } from "../src/pages/reset-password-page";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// "¿Olvidaste tu contraseña?": the link on the sign-in page, the request page (one neutral answer) and the
// page the emailed link opens (registration's password rule and meter), then back to sign in.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const STRONG = "Tucan-Morichal-Llovizna-47";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderAt(path: string) {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, null);
  return renderWithProviders(
    <Routes>
      <Route path={paths.login} element={<LoginPage />} />
      <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
    </Routes>,
    { path, client },
  );
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe("recuperar la contraseña", () => {
  it("el inicio de sesión enlaza a la página que pide el correo, y la respuesta es neutra", async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    const user = userEvent.setup();
    renderAt(paths.login);
    await user.click(screen.getByRole("link", { name: "¿Olvidaste tu contraseña?" }));
    const email = await screen.findByLabelText("Correo electrónico");

    await user.type(email, "no-es-un-correo");
    await user.click(screen.getByRole("button", { name: "Enviar enlace" }));
    expect(
      await screen.findByText("Por favor, proporciona un correo electrónico válido."),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, "  Maria@Example.com ");
    await user.click(screen.getByRole("button", { name: "Enviar enlace" }));
    expect(
      await screen.findByText(/Si el correo está registrado, te enviamos un enlace/),
    ).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/account/password-reset/request");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "maria@example.com" });
  });

  it("la nueva contraseña sigue la regla del registro con su medidor, y luego lleva a iniciar sesión", async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    const user = userEvent.setup();
    renderAt(`${paths.resetPassword}?token=tok123`);
    const password = screen.getByLabelText("Nueva contraseña");
    expect(screen.getByText(/Una frase de varias palabras poco comunes/)).toBeInTheDocument();

    await user.type(password, "password123");
    await user.type(screen.getByLabelText("Confirmar contraseña"), "password123");
    await user.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    await waitFor(() => expect(password).toHaveAttribute("aria-invalid", "true"));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, STRONG);
    await user.clear(screen.getByLabelText("Confirmar contraseña"));
    await user.type(screen.getByLabelText("Confirmar contraseña"), `${STRONG}x`);
    await user.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    expect(await screen.findByText("Las contraseñas ingresadas no son iguales.")).toBeInTheDocument();

    await user.clear(screen.getByLabelText("Confirmar contraseña"));
    await user.type(screen.getByLabelText("Confirmar contraseña"), STRONG);
    await user.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/account/password-reset");
    expect(JSON.parse(String(init?.body))).toEqual({
      token: "tok123",
      newPassword: STRONG,
      confirmPassword: STRONG,
    });
    expect(await screen.findByRole("button", { name: "Iniciar Sesión" })).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Contraseña actualizada" }));
  });

  it("un enlace usado o vencido lo dice y ofrece pedir otro", async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          error: {
            code: "INVALID_TOKEN",
            message: "El enlace no es válido o ha expirado. Solicita uno nuevo.",
          },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderAt(`${paths.resetPassword}?token=viejo`);
    await user.type(screen.getByLabelText("Nueva contraseña"), STRONG);
    await user.type(screen.getByLabelText("Confirmar contraseña"), STRONG);
    await user.click(screen.getByRole("button", { name: "Guardar contraseña" }));
    expect(
      await screen.findByText("El enlace no es válido o ha expirado. Solicita uno nuevo."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pedir un enlace nuevo" })).toHaveAttribute(
      "href",
      paths.forgotPassword,
    );
  });

  it("sin token no hay formulario", () => {
    renderAt(paths.resetPassword);
    expect(screen.queryByLabelText("Nueva contraseña")).toBeNull();
    expect(screen.getByRole("link", { name: "Pedir un enlace nuevo" })).toBeInTheDocument();
  });
});
