// @vitest-environment happy-dom
import type { RaffleInstantPrizes } from "@rifazo/shared/schemas/instant";
import { screen, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { makeRaffleDetail } from "./fixtures/raffle";
import {
  renderRaffleDetailPage,
  serveRaffleDetail,
  stubRaffleDetailPage,
} from "./fixtures/raffle-detail-page";

// The raffle page's instant prizes (docs/decisions/0035-prizes-on-the-record.md): the kinds as sold, how
// many are left, why nobody can aim them, and the latest wins; nothing at all for a raffle without them.

const NOW = new Date("2026-11-26T20:00:00.000Z");
const FAIRNESS =
  "Se deciden con drand un minuto después de aprobar cada compra: nadie, ni Rifazo, puede elegir ni saber qué boleto gana.";

const fetchMock = stubRaffleDetailPage(NOW);

const wins = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ticketNumber: String(100 + i).padStart(4, "0"),
    description: "Camiseta",
    at: new Date(NOW.getTime() - i * 60_000).toISOString(),
  }));

function prizes(overrides: Partial<RaffleInstantPrizes> = {}): RaffleInstantPrizes {
  return {
    kinds: [
      { description: "Bono de $20", count: 2, prizeValue: 20, cashCurrency: "USD" },
      { description: "Camiseta", count: 1, prizeValue: null, cashCurrency: null },
    ],
    total: 3,
    left: 2,
    wins: [{ ticketNumber: "0042", description: "Camiseta", at: "2026-11-26T19:05:40.000Z" }],
    ...overrides,
  };
}

const section = () =>
  screen.getByRole("heading", { name: "Premios instantáneos" }).closest("section") as HTMLElement;

describe("raffle page: instant prizes", () => {
  it("shows the kinds, what is left, the fairness sentence and the latest win; axe-clean", async () => {
    serveRaffleDetail(fetchMock, makeRaffleDetail({ instantPrizes: prizes() }));
    renderRaffleDetailPage();
    await screen.findByRole("heading", { name: "Premios instantáneos" });
    const block = within(section());
    expect(block.getByText("3 premios instantáneos: quedan 2")).toBeInTheDocument();
    expect(block.getByText("Bono de $20")).toBeInTheDocument();
    expect(block.getByText("2 premios de $20,00 cada uno")).toBeInTheDocument();
    expect(block.getByText("1 premio")).toBeInTheDocument();
    expect(block.getByText(FAIRNESS)).toBeInTheDocument();
    const latest = block.getByRole("heading", { name: "Últimos premios instantáneos ganados" });
    const item = within(latest.parentElement as HTMLElement).getByRole("listitem");
    expect(item).toHaveTextContent("Boleto 0042");
    expect(item).toHaveTextContent("Camiseta");
    expect(item.querySelector("time")).toHaveAttribute("dateTime", "2026-11-26T19:05:40.000Z");
    expect((await axe.run(section())).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("lists the five newest wins only, and says when every prize is won", async () => {
    serveRaffleDetail(
      fetchMock,
      makeRaffleDetail({ instantPrizes: prizes({ total: 8, left: 0, wins: wins(8) }) }),
    );
    renderRaffleDetailPage();
    await screen.findByRole("heading", { name: "Premios instantáneos" });
    const block = within(section());
    expect(block.getByText("8 premios instantáneos: ya se ganaron todos")).toBeInTheDocument();
    const latest = block.getByRole("heading", { name: "Últimos premios instantáneos ganados" });
    const items = within(latest.parentElement as HTMLElement).getAllByRole("listitem");
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent("Boleto 0100");
  });

  it("no block without instant prizes, nor a wins list before the first win", async () => {
    serveRaffleDetail(fetchMock, makeRaffleDetail({ instantPrizes: null }));
    const { unmount } = renderRaffleDetailPage();
    await screen.findByRole("heading", { name: "Premios" });
    expect(screen.queryByRole("heading", { name: "Premios instantáneos" })).toBeNull();
    expect(screen.queryByText(FAIRNESS)).toBeNull();
    unmount();

    serveRaffleDetail(fetchMock, makeRaffleDetail({ instantPrizes: prizes({ left: 3, wins: [] }) }));
    renderRaffleDetailPage();
    await screen.findByRole("heading", { name: "Premios instantáneos" });
    expect(within(section()).getByText("3 premios instantáneos: quedan 3")).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Últimos premios instantáneos ganados" })).toBeNull();
  });
});
