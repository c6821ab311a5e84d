// @vitest-environment happy-dom
import type { WinnersEntry } from "@rifazo/shared/schemas/raffles";
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { RaffleCard } from "../src/features/raffles/components/raffle-card";
import { WinnerEntryCard } from "../src/features/winners/winner-entry-card";
import { notFoundResponse } from "./fixtures/http";
import { makeLifecycle, makeRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// Each place a draw appears says which kind of trust it gives (packages/shared/src/domain/draw-trust.ts),
// without a click: a raffle announced by the organiser is never offered as verifiable.

const fetchMock = stubFetch();
beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async () => notFoundResponse());
});

function entry(drawTrust: WinnersEntry["raffle"]["drawTrust"]): WinnersEntry {
  return {
    raffle: {
      id: "r1",
      title: "Moto Bera",
      prizeImage: null,
      imageAlt: null,
      announcementType: drawTrust === "announced" || drawTrust === "lottery" ? "external" : "internal",
      endDate: "2026-11-20T16:00:00.000Z",
      drawnAt: "2026-11-20T18:00:00.000Z",
      drawTrust,
    },
    drawDate: "2026-11-20T18:00:00.000Z",
    winners: [
      {
        ticketNumber: "0042",
        winnerName: "María P.",
        prizeLevel: 1,
        prizeDescription: "Moto",
        source: "internal",
        announcedAt: "2026-11-20T18:00:00.000Z",
        prize: null,
      },
    ],
  };
}

describe("ganadores: cómo se decidió cada sorteo", () => {
  it("drand: 'Verificar sorteo' and the label", () => {
    renderWithProviders(<WinnerEntryCard entry={entry("drand")} />);
    expect(screen.getByText("Sorteo verificable con drand")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Verificar sorteo/ })).toHaveAttribute("href", "/sorteo/r1");
  });

  it("announced: the organiser's word only, and no verify link that leads to nothing", () => {
    renderWithProviders(<WinnerEntryCard entry={entry("announced")} />);
    expect(screen.getByText("Anunciado por el organizador")).toBeInTheDocument();
    expect(screen.getByText(/No hay un acta verificable/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Verificar/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Anunciada el/)).toBeInTheDocument();
  });

  it("a chain that is not the League of Entropy's: the warning in full", () => {
    renderWithProviders(<WinnerEntryCard entry={entry("drand-unknown-chain")} />);
    expect(screen.getByText(/no es de la League of Entropy/)).toHaveTextContent(/predecir a los ganadores/);
  });
});

describe("tarjeta de rifa", () => {
  it("an announced raffle says so, and offers no draw animation", () => {
    renderWithProviders(
      <RaffleCard
        raffle={makeRaffle({
          status: "finished",
          announcementType: "external",
          drawTrust: "announced",
          hasWinners: true,
          lifecycle: makeLifecycle("finished", { label: "Ganadores anunciados por el organizador" }),
        })}
      />,
    );
    expect(screen.getByText("Anunciado por el organizador")).toBeInTheDocument();
    expect(screen.queryByText("Ver el resultado y el acta del sorteo")).not.toBeInTheDocument();
  });

  it("a drand raffle on the League of Entropy carries no warning on its card", () => {
    renderWithProviders(<RaffleCard raffle={makeRaffle()} />);
    expect(document.querySelector("[data-draw-trust]")).toBeNull();
  });
});
