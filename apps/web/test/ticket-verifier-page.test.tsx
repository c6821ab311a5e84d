// @vitest-environment happy-dom
import type { TicketVerificationResponse } from "@rifazo/shared/schemas/draws";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TicketVerifierPage } from "../src/pages/ticket-verifier-page";
import { renderWithProviders, stubFetch } from "./render";

// The ticket verifier: its headline follows what the cards below it say. A 4-digit number exists in every
// raffle, so one answer can hold a raffle where it won and others where it did not.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();

type Match = TicketVerificationResponse["matches"][number];
const match = (overrides: Partial<Match>): Match => ({
  raffleId: "r1",
  raffleTitle: "Moto Bera",
  raffleStatus: "finished",
  sold: true,
  isWinner: false,
  prize: null,
  drawDate: "2026-11-20T16:00:00.000Z",
  ownerName: "Ana P.",
  ...overrides,
});

async function search(answer: TicketVerificationResponse) {
  // The page also lists the raffles a receipt can be checked against.
  fetchMock.mockImplementation(async (input) =>
    String(input).startsWith("/api/raffles?") || String(input) === "/api/draws"
      ? Response.json(String(input) === "/api/draws" ? [] : { items: [] })
      : Response.json(answer),
  );
  renderWithProviders(<TicketVerifierPage />);
  await userEvent.type(screen.getByLabelText(/Número de boleto/), "0123");
  await userEvent.click(screen.getByRole("button", { name: /Verificar/ }));
  return screen.findByRole("list", { name: "Rifas con este boleto" });
}

describe("ticket verifier headline", () => {
  it("does not call a ticket the winner over a raffle where it did not win", async () => {
    await search({ result: "not_winner", ticketNumber: "0123", matches: [match({})] });
    expect(screen.queryByText("¡Boleto Ganador!")).not.toBeInTheDocument();
    expect(screen.getByText("Boleto Vendido")).toBeInTheDocument();
    expect(screen.getByText("Vendido, no ganó")).toBeInTheDocument();
  });

  it("names the raffle it won when others in the answer did not", async () => {
    const list = await search({
      result: "winner",
      ticketNumber: "0123",
      matches: [
        match({ raffleId: "r1", raffleTitle: "Moto Bera" }),
        match({ raffleId: "r2", raffleTitle: "iPhone 17", isWinner: true, prize: "iPhone 17" }),
      ],
    });
    expect(screen.queryByText("¡Boleto Ganador!")).not.toBeInTheDocument();
    expect(screen.getByText("Ganador en 1 de 2 rifas")).toBeInTheDocument();
    expect(
      screen.getByText(/resultó ganador en «iPhone 17»\. En la otra rifa de la lista no ganó/),
    ).toBeInTheDocument();
    const cards = within(list).getAllByRole("listitem");
    expect(within(cards[0] as HTMLElement).getByText("Vendido, no ganó")).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText("Ganador")).toBeInTheDocument();
  });

  it("says winner when every raffle listed was won", async () => {
    await search({
      result: "winner",
      ticketNumber: "0123",
      matches: [match({ isWinner: true, prize: "Moto Bera" })],
    });
    expect(screen.getByText("¡Boleto Ganador!")).toBeInTheDocument();
  });
});

describe("ticket verifier: check with the receipt code", () => {
  it("checks the typed numbers of a frozen raffle against the record, in the browser", async () => {
    const { v2Record, RAFFLE_ID, BUYER_SECRET } = await import("./fixtures/v2-record");
    const record = await v2Record();
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith("/api/raffles?")) {
        return Response.json({
          items: [
            { id: "r-open", title: "Rifa abierta", status: "active" },
            { id: RAFFLE_ID, title: "Moto Bera 2027", status: "finished" },
            { id: "r-v1", title: "Rifa de la versión 1", status: "finished" },
          ],
        });
      }
      if (url === `/api/raffles/${RAFFLE_ID}/record`) return Response.json(record);
      if (url === "/api/draws")
        return Response.json([{ raffleId: RAFFLE_ID, recordUrl: `/api/raffles/${RAFFLE_ID}/record` }]);
      return Response.json({ error: { code: "NOT_FOUND", message: "No existe." } }, { status: 404 });
    });
    renderWithProviders(<TicketVerifierPage />, { path: `/verificar-boleto?rifa=${RAFFLE_ID}` });
    const form = within(await screen.findByRole("form", { name: /Comprobar mis boletos/ }));
    await vi.waitFor(() => expect(form.getByRole("combobox")).toHaveValue(RAFFLE_ID));
    expect(form.queryByRole("option", { name: "Rifa abierta" })).not.toBeInTheDocument();
    expect(form.queryByRole("option", { name: "Rifa de la versión 1" })).not.toBeInTheDocument();

    await userEvent.type(form.getByLabelText("Código de verificación del recibo"), "no es un código");
    await userEvent.click(form.getByRole("button", { name: "Comprobar" }));
    expect(form.getByLabelText("Código de verificación del recibo")).toHaveAccessibleDescription(
      /El código de verificación no es válido/,
    );

    await userEvent.clear(form.getByLabelText("Código de verificación del recibo"));
    await userEvent.type(form.getByLabelText("Código de verificación del recibo"), BUYER_SECRET);
    await userEvent.type(form.getByLabelText("Tus números (opcional)"), "7, 0042, 8");
    await userEvent.click(form.getByRole("button", { name: "Comprobar" }));
    expect(await screen.findByText("1 de 3 boletos no coinciden")).toBeInTheDocument();
    const rows = within(screen.getByRole("list", { name: "Resultado por número" })).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      "✓0007 está en la lista congelada con tu etiqueta.",
      "✓0042 está en la lista congelada con tu etiqueta.",
      "✗0008 no está en la lista congelada.",
    ]);
  });
});
