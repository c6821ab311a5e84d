// @vitest-environment happy-dom
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "../src/app/query-client";
import { toast } from "../src/components/ui/toast";
import { fetchSessionUser } from "../src/features/auth/api/account-api";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { clearSuspended } from "../src/features/auth/suspended-state";
import { ApiError } from "../src/lib/api-client";
import { paths } from "../src/lib/paths";
import { LoginPage } from "../src/pages/login-page";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// A suspended account is told so and how to appeal: at sign-in (403 ACCOUNT_SUSPENDED) and when an open
// session is ended by the suspension (the API answers ACCOUNT_SUSPENDED instead of a plain 401).

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const SUSPENDED = {
  error: {
    code: "ACCOUNT_SUSPENDED",
    message: "Tu cuenta está suspendida. Contacta a soporte si crees que es un error.",
  },
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function renderLogin() {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, null);
  return renderWithProviders(<LoginPage />, { path: paths.login, client });
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
});
afterEach(() => {
  act(() => clearSuspended());
});

describe("cuenta suspendida", () => {
  it("al iniciar sesión dice que la cuenta está suspendida y cómo apelar", async () => {
    fetchMock.mockResolvedValue(json(SUSPENDED, 403));
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText("Correo electrónico"), "rosa@example.com");
    await user.type(screen.getByLabelText("Contraseña"), "ClaveSegura123");
    await user.click(screen.getByRole("button", { name: "Iniciar Sesión" }));
    expect(await screen.findByText("Tu cuenta está suspendida")).toBeInTheDocument();
    expect(screen.getByText(SUSPENDED.error.message)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contacto" })).toHaveAttribute("href", paths.contact);
    expect(screen.getByRole("link", { name: "soporte@rifazo.com.ve" })).toHaveAttribute(
      "href",
      "mailto:soporte@rifazo.com.ve",
    );
  });

  it("una sesión terminada por la suspensión lleva al inicio de sesión con el aviso", async () => {
    fetchMock.mockResolvedValue(json(SUSPENDED, 403));
    // The session check that finds the session gone is told why.
    await expect(fetchSessionUser()).resolves.toBeNull();
    renderLogin();
    expect(screen.getByText("Tu cuenta está suspendida")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contacto" })).toBeInTheDocument();
  });

  it("cualquier consulta que recibe ACCOUNT_SUSPENDED cierra la sesión local y lo avisa", async () => {
    queryClient.setQueryData(sessionQueryKey, { id: "u1" });
    await queryClient
      .fetchQuery({
        queryKey: ["notificaciones-de-prueba"],
        queryFn: () => Promise.reject(new ApiError(403, "ACCOUNT_SUSPENDED", SUSPENDED.error.message)),
      })
      .catch(() => undefined);
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: "Cuenta Suspendida", description: SUSPENDED.error.message }),
    );
    queryClient.clear();
    // The sign-in page the guards lead to explains it.
    renderLogin();
    expect(screen.getByText("Tu cuenta está suspendida")).toBeInTheDocument();
  });

  it("otro error de inicio de sesión no muestra el aviso", async () => {
    fetchMock.mockResolvedValue(
      json({ error: { code: "INVALID_CREDENTIALS", message: "Correo o contraseña incorrectos." } }, 401),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText("Correo electrónico"), "rosa@example.com");
    await user.type(screen.getByLabelText("Contraseña"), "ClaveSegura123");
    await user.click(screen.getByRole("button", { name: "Iniciar Sesión" }));
    expect(await screen.findByText("Correo o contraseña incorrectos.")).toBeInTheDocument();
    expect(screen.queryByText("Tu cuenta está suspendida")).toBeNull();
  });
});
