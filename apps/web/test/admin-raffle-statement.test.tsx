// @vitest-environment happy-dom
import type { RaffleStatement } from "@rifazo/shared/schemas/admin/raffle-statement";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { RaffleStatementSection } from "../src/features/admin/raffles/raffle-statement-section";
import { jsonResponse, notFoundResponse } from "./fixtures/http";
import { renderWithProviders, stubFetch } from "./render";

// «Estado de cuenta» on the raffle's admin page (docs/decisions/0035-prizes-on-the-record.md): each
// figure in its currency (es-VE money), each prize with its status and what was paid, the result, and the
// two downloads.

const fetchMock = stubFetch();

const STATEMENT: RaffleStatement = {
  raffle: { id: "r1", title: "Moto Bera", currency: "USD", status: "finished" },
  generatedAt: "2026-11-30T12:00:00.000Z",
  tickets: { total: 50, sold: 8, refunded: 3 },
  collected: { usd: 20, ves: 876 },
  proofs: 4,
  refunds: { paid: { usd: 4, ves: 0 }, pending: { usd: 0, ves: 146 }, count: 2 },
  commissions: {
    earned: { usd: 1.6, ves: 0 },
    paid: { usd: 1, ves: 0 },
    owed: { usd: 0.6, ves: 0 },
    sellers: 1,
  },
  prizes: {
    items: [
      {
        winnerId: "w-1",
        level: 1,
        description: "USD 100 en efectivo",
        ticketNumber: "05",
        winnerName: "Ana Pérez",
        cash: { currency: "USD", amount: 100 },
        status: "delivered",
        statusText: "Entregado el 28/11/2026",
        deliveredOn: "2026-11-28",
        paid: { currency: "VES", amount: 3700, rate: 36.5, rateDate: "2026-11-28" },
      },
      {
        winnerId: "w-2",
        level: 2,
        description: "Moto Bera",
        ticketNumber: "13",
        winnerName: "Ana Pérez",
        cash: null,
        status: "claimed",
        statusText: "Reclamado",
        deliveredOn: null,
        paid: null,
      },
    ],
    paid: { usd: 0, ves: 3700 },
  },
  result: { usd: 15, ves: -2824 },
};

function serve(response: () => Response) {
  fetchMock.mockImplementation(async (input) =>
    String(input) === "/api/admin/raffles/r1/statement" ? response() : notFoundResponse(),
  );
}

describe("Estado de cuenta de la rifa", () => {
  it("muestra cada cifra por moneda, los premios con su estado y pago, el resultado y las descargas", async () => {
    serve(() => jsonResponse(200, STATEMENT));
    const { container } = renderWithProviders(<RaffleStatementSection raffleId="r1" />, {
      path: "/admin/rifas/r1",
    });
    await screen.findByRole("heading", { name: "Estado de cuenta" });
    await screen.findByText("Cobrado");
    const line = (label: string) => screen.getByText(label).closest("div") as HTMLElement;
    expect(line("Cobrado")).toHaveTextContent("$20,00 en dólares · Bs. 876,00 en bolívares");
    expect(line("Reembolsos pagados")).toHaveTextContent("− $4,00 en dólares · Bs. 0,00 en bolívares");
    expect(line("Reembolsos por pagar")).toHaveTextContent("$0,00 en dólares · Bs. 146,00 en bolívares");
    expect(line("Comisiones pagadas")).toHaveTextContent("− $1,00");
    expect(line("Comisiones por pagar")).toHaveTextContent("$0,60");
    expect(line("Premios en dinero pagados")).toHaveTextContent(
      "$0,00 en dólares · − Bs. 3.700,00 en bolívares",
    );
    expect(line("Resultado")).toHaveTextContent("$15,00 en dólares · Bs. -2.824,00 en bolívares");
    expect(screen.getByText("8 de 50 boletos vendidos · 3 reembolsados")).toBeInTheDocument();

    const prizes = screen.getAllByRole("listitem");
    expect(prizes[0]).toHaveTextContent("Nivel 1 · USD 100 en efectivo");
    expect(prizes[0]).toHaveTextContent("Boleto 05 · Ana Pérez · Entregado el 28/11/2026");
    expect(prizes[0]).toHaveTextContent("Pagado Bs. 3.700,00 a 36,5000 Bs/USD (tasa BCV del 28/11/2026)");
    expect(prizes[1]).toHaveTextContent("Reclamado");
    expect(prizes[1]).toHaveTextContent("Premio en especie: sin monto");

    const csv = screen.getByRole("link", { name: "Descargar CSV" });
    expect(csv).toHaveAttribute("href", "/api/admin/raffles/r1/statement.csv");
    expect(screen.getByRole("link", { name: "Descargar Excel" })).toHaveAttribute(
      "href",
      "/api/admin/raffles/r1/statement.xlsx",
    );
    // Keyboard: the downloads are links in the tab order.
    csv.focus();
    expect(csv).toHaveFocus();

    const results = await axe.run(container, { resultTypes: ["violations"] });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  });

  it("si no carga, lo dice y ofrece reintentar", async () => {
    serve(() => jsonResponse(500, { error: { code: "INTERNAL", message: "Error" } }));
    renderWithProviders(<RaffleStatementSection raffleId="r1" />, { path: "/admin/rifas/r1" });
    expect(await screen.findByText("No se pudo cargar el estado de cuenta")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeInTheDocument();
  });
});
