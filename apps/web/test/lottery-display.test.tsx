// @vitest-environment happy-dom
import type { DrawRecord } from "@rifazo/shared/domain/draw-record";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LotteryResultList } from "../src/features/draws";
import { RaffleCard } from "../src/features/raffles/components/raffle-card";
import { makeRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// Decision 0024: buyers see which lottery, when and by what rule before buying (the card), and the draw
// page shows a correction with both results, both administrators and the publication file.

const fetchMock = stubFetch();
beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockResolvedValue(
    Response.json({ error: { code: "NOT_FOUND", message: "No." } }, { status: 404 }),
  );
});

const H1 = "a".repeat(64);
const H2 = "b".repeat(64);
const base = { prevHash: "0".repeat(64), hash: "1".repeat(64) };
const winner = (n: number) => ({
  level: 1,
  index: 0,
  ticketNumber: n,
  tag: "0".repeat(32),
  description: "Moto",
});
const record = {
  format: "rifazo-record-3",
  raffleId: "r9",
  entries: [
    { ...base, seq: 0, type: "rules_published", at: "2026-11-01T12:00:00.000Z", data: {} },
    { ...base, seq: 1, type: "frozen", at: "2026-11-23T12:00:00.000Z", data: {} },
    {
      ...base,
      seq: 2,
      type: "external_result",
      at: "2026-11-23T23:30:00.000Z",
      data: {
        result: "1009",
        sourceUrl: "https://loteria.example/a",
        publicationHash: H1,
        winners: [winner(9)],
      },
    },
    {
      ...base,
      seq: 3,
      type: "external_correction",
      at: "2026-11-24T10:00:00.000Z",
      data: {
        result: "1006",
        sourceUrl: "https://loteria.example/b",
        publicationHash: H2,
        winners: [winner(6)],
        corrects: 2,
        reason: "Fe de erratas de la lotería",
        proposedBy: "1111111111111111",
        proposedAt: "2026-11-24T09:00:00.000Z",
        confirmedBy: "2222222222222222",
      },
    },
  ],
} as unknown as DrawRecord;

describe("lotería en la página del sorteo", () => {
  it("muestra la corrección con ambos resultados, los dos administradores y las publicaciones", () => {
    renderWithProviders(<LotteryResultList record={record} />);
    const section = screen.getByRole("region", { name: "Resultado oficial corregido (1 corrección)" });
    expect(section).toHaveTextContent("Resultado anterior: 1009 → nuevo: 1006");
    expect(section).toHaveTextContent("Motivo: Fe de erratas de la lotería");
    expect(section).toHaveTextContent(/administrador 1111111111111111.*otro administrador, 2222222222222222/);
    const links = within(section).getAllByRole("link", { name: "Ver la publicación oficial (archivo)" });
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      `/api/raffles/r9/publications/${H1}`,
      `/api/raffles/r9/publications/${H2}`,
    ]);
  });
});

describe("lotería en la tarjeta", () => {
  it("dice la lotería, su fecha y la regla antes de comprar", () => {
    renderWithProviders(
      <RaffleCard
        raffle={makeRaffle({
          announcementType: "external",
          drawTrust: "lottery",
          lottery: {
            name: "Lotería del Táchira, Triple A 7:00 p. m.",
            drawAt: "2026-12-06T23:00:00.000Z",
            ruleText: "Gana el boleto formado por las últimas 2 cifras.",
            fallbackText: "x",
            correctionWindowHours: 24,
          },
        })}
      />,
    );
    expect(screen.getByText("Decidido por una lotería oficial")).toBeInTheDocument();
    expect(screen.getByText("Lotería del Táchira, Triple A 7:00 p. m.")).toBeInTheDocument();
    expect(screen.getByText("Gana el boleto formado por las últimas 2 cifras.")).toBeInTheDocument();
  });
});
