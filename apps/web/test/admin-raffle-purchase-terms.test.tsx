// @vitest-environment happy-dom
import { NUMBER_MODE_WORDS } from "@rifazo/shared/domain/number-mode-words";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AdminRaffleDetail } from "../src/features/admin";
import { makeAdminRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// The organiser's raffle page shows how buyers buy: the combos (quantity → price, in the raffle's
// currency, es-VE money) and the number mode, in the glossary's words the public page uses too.

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const bolivares = makeAdminRaffle({
  id: "nevera",
  title: "Nevera",
  currency: "VES",
  price: 400,
  numberMode: "chosen",
  combos: [
    { quantity: 10, price: 3500 },
    { quantity: 5, price: 1800.5 },
  ],
});
const dollars = makeAdminRaffle({
  id: "moto",
  title: "Moto",
  currency: "USD",
  price: 3,
  numberMode: "random",
  combos: [],
});

beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === "/api/admin/raffles/nevera") return json(200, bolivares);
    if (url === "/api/admin/raffles/moto") return json(200, dollars);
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
});

/** The value of a "Descripción y venta" row, by its label. */
async function item(label: string): Promise<HTMLElement> {
  const term = await screen.findByText(label, { selector: "dt" });
  return term.nextElementSibling as HTMLElement;
}

describe("detalle de rifa en administración: combos y modo de números", () => {
  it("combos de menor a mayor, en bolívares; números a elección", async () => {
    renderWithProviders(<AdminRaffleDetail />, { path: "/admin/rifas/nevera", pattern: "/admin/rifas/:id" });
    const combos = within(await item("Combos")).getByRole("list", { name: "Combos" });
    expect(
      within(combos)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["5 boletos por Bs. 1.800,50", "10 boletos por Bs. 3.500,00"]);
    const mode = await item("Números de los boletos");
    expect(mode).toHaveTextContent(`${NUMBER_MODE_WORDS.chosen.label}: ${NUMBER_MODE_WORDS.chosen.detail}`);
    expect(mode).toHaveTextContent("Números a elección: cada comprador elige sus números en la cuadrícula");
  });

  it("sin combos lo dice; números al azar", async () => {
    renderWithProviders(<AdminRaffleDetail />, { path: "/admin/rifas/moto", pattern: "/admin/rifas/:id" });
    expect(await item("Combos")).toHaveTextContent("Sin combos: cada boleto al precio unitario");
    expect(await item("Números de los boletos")).toHaveTextContent(
      "Números al azar: los números se asignan al azar cuando se aprueba el pago.",
    );
  });
});

describe("detalle de rifa en administración: la fecha de fin es el cierre de ventas", () => {
  it("la fecha de fin se llama «Cierre de ventas», no «sorteo» (el sorteo llega tras la revisión)", async () => {
    renderWithProviders(<AdminRaffleDetail />, { path: "/admin/rifas/moto", pattern: "/admin/rifas/:id" });
    expect(await item("Cierre de ventas")).not.toHaveTextContent("Sin fecha");
    expect(screen.queryByText("Fecha y hora del sorteo", { selector: "dt" })).toBeNull();
  });
});
