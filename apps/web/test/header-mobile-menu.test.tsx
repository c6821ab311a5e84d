// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Header } from "../src/app/layout/header";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { paths } from "../src/lib/paths";
import { renderWithProviders, testQueryClient } from "./render";

describe("the phone menu", () => {
  it("lists the five main links, then how to pay and how to reach support", async () => {
    const client = testQueryClient();
    client.setQueryData(sessionQueryKey, null);
    renderWithProviders(<Header />, { client });
    await userEvent.click(await screen.findByRole("button", { name: "Abrir menú" }));
    const menu = screen.getByRole("navigation", { name: "Menú móvil" });
    const links = within(menu)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["Inicio", paths.home],
      ["Rifas", paths.raffles],
      ["Ganadores", paths.winners],
      ["Club", paths.club],
      ["Verificar Boleto", paths.ticketVerifier],
      ["Métodos de pago", paths.paymentMethods],
      ["Contacto", paths.contact],
      ["Iniciar Sesión", paths.login],
      ["Registrarse", paths.register],
    ]);
  });
});
