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
  fetchMock.mockResolvedValue(Response.json(answer));
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
