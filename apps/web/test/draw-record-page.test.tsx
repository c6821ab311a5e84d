// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { routePatterns } from "../src/lib/paths";
import { DrawRecordPage } from "../src/pages/draw-record-page";
import { RAFFLE_ID, v2Record } from "./fixtures/v2-record";
import { renderWithProviders, stubFetch } from "./render";

// The record page (/sorteo/:id/acta): entries in order with Spanish names, winners with the
// disqualification and its determined replacement, the frozen list with its tags.

const fetchMock = stubFetch();

describe("record page", () => {
  it("shows the record for people", async () => {
    const record = await v2Record();
    fetchMock.mockResolvedValue(Response.json(record));
    renderWithProviders(<DrawRecordPage />, {
      path: `/sorteo/${RAFFLE_ID}/acta`,
      pattern: routePatterns.drawRecord,
    });

    expect(
      await screen.findByRole("heading", { level: 1, name: "Acta: Moto Bera 2027" }),
    ).toBeInTheDocument();
    const entries = within(screen.getByRole("region", { name: "Entradas del acta" })).getAllByRole(
      "listitem",
    );
    expect(entries.map((e) => e.querySelector("p")?.textContent)).toEqual([
      "#0 Reglas publicadas",
      "#1 Cierre de ventas",
      "#2 Lista de boletos congelada",
      "#3 Ronda de drand fijada",
      "#4 Aleatoriedad recibida (drand)",
      "#5 Ganadores",
      "#6 Ganador descalificado",
    ]);
    const winners = within(screen.getByRole("region", { name: "Ganadores" }));
    expect(
      winners.getByText(/Descalificado el .*: No respondió dentro del plazo de reclamo publicado/),
    ).toBeInTheDocument();
    expect(winners.getByText(/Reemplazo determinado por el acta/)).toBeInTheDocument();
    const list = within(screen.getByRole("region", { name: /Lista congelada \(8 boletos\)/ }));
    expect(list.getAllByRole("row")).toHaveLength(9);
    expect(list.getByText("0512")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Verificar el acta completa/ })).toBeInTheDocument();
  });

  it("says when the raffle has no record yet", async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: "NOT_FOUND", message: "No existe." } }, { status: 404 }),
    );
    renderWithProviders(<DrawRecordPage />, { path: "/sorteo/r9/acta", pattern: routePatterns.drawRecord });
    expect(await screen.findByText("Esta rifa todavía no tiene acta publicada")).toBeInTheDocument();
  });
});
