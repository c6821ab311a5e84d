// @vitest-environment happy-dom

import type { LiveBroadcast } from "@rifazo/shared/schemas/content";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { BroadcastCard } from "../src/features/content";

// The pill follows the server's status (decided from the draws announced on the platform): "EN VIVO"
// only while one is on the air, never from a switch left on.

function broadcast(overrides: Partial<LiveBroadcast> = {}): LiveBroadcast {
  return {
    id: "b1",
    platform: "youtube",
    platformLabel: "YouTube Live",
    title: "Canal de YouTube de Rifazo",
    description: "Sorteos en vivo.",
    schedule: "Jueves 7:00 p. m.",
    url: "https://youtube.com/@rifazo",
    status: "none",
    nextDrawAt: null,
    isLive: false,
    ...overrides,
  };
}

describe("BroadcastCard", () => {
  it("says EN VIVO and offers to watch only while a draw is on the air", () => {
    render(<BroadcastCard broadcast={broadcast({ status: "live", isLive: true })} />);
    expect(screen.getByText("EN VIVO")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Ver en vivo/ })).toHaveAttribute(
      "href",
      "https://youtube.com/@rifazo",
    );
    expect(screen.queryByText("Próximamente")).toBeNull();
  });

  it("shows Próximamente with the next draw's date in es-VE, not EN VIVO", () => {
    render(
      <BroadcastCard broadcast={broadcast({ status: "upcoming", nextDrawAt: "2026-11-26T19:00:00.000Z" })} />,
    );
    expect(screen.queryByText("EN VIVO")).toBeNull();
    expect(screen.getByText("Próximamente")).toBeInTheDocument();
    // 19:00 UTC is 3:00 p. m. in Venezuela, whatever the test machine's zone.
    expect(
      screen.getByText(/^Próximo sorteo: 26 de noviembre de 2026(,| a las) 3:00\sp\.\sm\.$/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Ir a la transmisión/ })).toBeInTheDocument();
  });

  it("shows Finalizado once the last draw announced there is over", () => {
    render(<BroadcastCard broadcast={broadcast({ status: "finished" })} />);
    expect(screen.getByText("Finalizado")).toBeInTheDocument();
    expect(screen.queryByText("EN VIVO")).toBeNull();
    expect(screen.queryByText(/Próximo sorteo/)).toBeNull();
  });

  it("shows no pill when nothing is announced there, even if an old client sent isLive", () => {
    render(<BroadcastCard broadcast={broadcast({ status: "none", isLive: true })} />);
    expect(screen.queryByText("EN VIVO")).toBeNull();
    expect(screen.queryByText("Próximamente")).toBeNull();
    expect(screen.queryByText("Finalizado")).toBeNull();
    expect(screen.getByText("Jueves 7:00 p. m.")).toBeInTheDocument();
  });
});
