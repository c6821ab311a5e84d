// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { ChangePasswordForm } from "../src/features/security/components/change-password-form";
import { renderWithProviders, stubFetch, testQueryClient } from "./render";

// The change-password form (spec 1 §5 "Password change", §8): the shared changePasswordFormSchema's
// messages with the spec's toast titles, then the body sent to the API.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const STRONG = "Tucan-Morichal-Llovizna-47";

const CURRENT = "Mi-Clave-De-Antes-2025";

function renderForm(session: { email: string; fullName: string } | null = null) {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, session);
  return renderWithProviders(<ChangePasswordForm />, { client });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const submit = () => screen.getByRole("button", { name: "Actualizar Contraseña" });

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe("ChangePasswordForm", () => {
  it("shows the spec's titles in order and sends nothing", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(submit());
    // Both fields are empty: each says so.
    expect(await screen.findAllByText("Completa la nueva contraseña y su confirmación.")).toHaveLength(2);
    expect(screen.getByLabelText("Nueva contraseña")).toHaveFocus();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Campos Vacíos" }));

    await user.type(screen.getByLabelText("Nueva contraseña"), "corta");
    await user.type(screen.getByLabelText("Confirmar nueva contraseña"), "corta");
    await user.click(submit());
    expect(await screen.findByText("La contraseña debe tener al menos 8 caracteres.")).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Contraseña Nueva Corta" }));

    await user.clear(screen.getByLabelText("Nueva contraseña"));
    await user.type(screen.getByLabelText("Nueva contraseña"), STRONG);
    await user.clear(screen.getByLabelText("Confirmar nueva contraseña"));
    await user.type(screen.getByLabelText("Confirmar nueva contraseña"), `${STRONG}x`);
    await user.click(submit());
    expect(await screen.findByText("Las contraseñas ingresadas no son iguales.")).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Contraseñas no Coinciden" }));

    // The current password is required: a session alone cannot change it.
    await user.clear(screen.getByLabelText("Confirmar nueva contraseña"));
    await user.type(screen.getByLabelText("Confirmar nueva contraseña"), STRONG);
    await user.click(submit());
    expect(await screen.findByText("Escribe tu contraseña actual.")).toBeInTheDocument();
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Falta la Contraseña Actual" }));

    await user.type(screen.getByLabelText("Contraseña actual"), STRONG);
    await user.click(submit());
    expect(
      await screen.findByText("La nueva contraseña no puede ser igual a la anterior."),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("labels the current password as required, not optional", () => {
    renderForm();
    expect(screen.getByLabelText("Contraseña actual")).toBeInTheDocument();
    expect(screen.queryByText(/opcional/i)).toBeNull();
  });

  it("marks the current password when the server says it is wrong", async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: {
          code: "INVALID_PASSWORD",
          message: "La contraseña actual no es correcta.",
          fields: { currentPassword: "La contraseña actual no es correcta." },
        },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText("Contraseña actual"), "Equivocada-123");
    await user.type(screen.getByLabelText("Nueva contraseña"), STRONG);
    await user.type(screen.getByLabelText("Confirmar nueva contraseña"), STRONG);
    await user.click(submit());
    await waitFor(() =>
      expect(screen.getByLabelText("Contraseña actual")).toHaveAccessibleDescription(
        expect.stringContaining("La contraseña actual no es correcta."),
      ),
    );
    expect(toast).toHaveBeenLastCalledWith(
      expect.objectContaining({ description: "La contraseña actual no es correcta." }),
    );
  });

  it("an account without a password (or that forgot it) asks for the emailed link instead", async () => {
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    const user = userEvent.setup();
    renderForm({ email: "ana@example.com", fullName: "Ana Pérez" });
    await user.click(screen.getByRole("button", { name: /enviarme un enlace/i }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/account/password-reset/request");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ana@example.com" });
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ variant: "success" }));
  });

  it("sends a valid change and clears the form", async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ ok: true }), {
        status: 200,
        headers: { "content-type": "application/json" },
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText("Contraseña actual"), CURRENT);
    await user.type(screen.getByLabelText("Nueva contraseña"), STRONG);
    await user.type(screen.getByLabelText("Confirmar nueva contraseña"), STRONG);
    await user.click(submit());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/account/change-password");
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: CURRENT,
      newPassword: STRONG,
      confirmPassword: STRONG,
    });
    await waitFor(() => expect(screen.getByLabelText("Nueva contraseña")).toHaveValue(""));
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: "Contraseña Actualizada" }));
  });
});
