// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
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
    expect(
      winners.getByText(/Reemplazo de un ganador descalificado, sorteado según el acta/),
    ).toBeInTheDocument();
    // Decision 0021: every disqualification is listed prominently, with its reason, not only in the entries.
    const disqualifications = within(screen.getByRole("region", { name: "Descalificaciones (1)" }));
    expect(disqualifications.getByText(/Motivo: /)).toBeInTheDocument();
    const list = within(screen.getByRole("region", { name: /Lista congelada \(8 boletos\)/ }));
    expect(list.getAllByRole("row")).toHaveLength(9);
    expect(list.getByText("512")).toBeInTheDocument();
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

describe("record page, checkpoints (docs/draw-protocol.md §14)", () => {
  it("checks the receipt's checkpoint in the link, then a pasted one the record contradicts", async () => {
    const record = await v2Record();
    const { formatCheckpoint } = await import("@rifazo/shared/domain/draw-checkpoint");
    const held = formatCheckpoint({
      raffleId: RAFFLE_ID,
      length: 2,
      headHash: record.entries[1]?.hash as string,
      round: null,
    });
    const rewritten = formatCheckpoint({
      raffleId: RAFFLE_ID,
      length: 2,
      headHash: "ab".repeat(32),
      round: null,
    });
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes("/record")
        ? Response.json(record)
        : Response.json({ error: { code: "UNAUTHENTICATED", message: "Inicia sesión." } }, { status: 401 }),
    );
    renderWithProviders(<DrawRecordPage />, {
      path: `/sorteo/${RAFFLE_ID}/acta?punto=${encodeURIComponent(held)}`,
      pattern: routePatterns.drawRecord,
    });
    const section = within(await screen.findByRole("region", { name: "Puntos de control" }));
    expect(
      section.getByText("El acta publicada extiende el punto de control presentado."),
    ).toBeInTheDocument();
    await userEvent.type(section.getByLabelText(/Pega uno o más puntos de control/), `${held} ${rewritten}`);
    await userEvent.click(section.getByRole("button", { name: "Comprobar puntos de control" }));
    expect(await section.findByText("El acta publicada contradice un punto de control")).toBeInTheDocument();
    expect(
      section.getByText(
        /contradice el acta: su entrada 2 tiene la huella .*; el acta se reescribió desde entonces/,
      ),
    ).toBeInTheDocument();
  });
});

describe("record page, external lottery", () => {
  it("shows the official result, its visible correction and the corrected winner", async () => {
    const { externalRecord } = await import("./fixtures/v2-record");
    fetchMock.mockResolvedValue(Response.json(await externalRecord()));
    renderWithProviders(<DrawRecordPage />, {
      path: `/sorteo/${RAFFLE_ID}/acta`,
      pattern: routePatterns.drawRecord,
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Acta: Moto con la lotería" }),
    ).toBeInTheDocument();
    const entries = within(screen.getByRole("region", { name: "Entradas del acta" })).getAllByRole(
      "listitem",
    );
    expect(entries.map((e) => e.querySelector("p")?.textContent)).toEqual([
      "#0 Reglas publicadas",
      "#1 Lista de boletos congelada",
      "#2 Resultado oficial de la lotería",
      "#3 Corrección del resultado oficial",
    ]);
    expect(entries[3]).toHaveTextContent(
      "Corrige la entrada 2: resultado 1007. Motivo: Se transcribió mal el número oficial",
    );
    const winners = within(screen.getByRole("region", { name: "Ganadores" }));
    expect(winners.getByText("007")).toBeInTheDocument();
    expect(winners.queryByText("512")).not.toBeInTheDocument();
  });

  it("before the result, says which lottery and rule will decide", async () => {
    const { externalRecord } = await import("./fixtures/v2-record");
    fetchMock.mockResolvedValue(Response.json(await externalRecord({ withResult: false })));
    renderWithProviders(<DrawRecordPage />, {
      path: `/sorteo/${RAFFLE_ID}/acta`,
      pattern: routePatterns.drawRecord,
    });
    const waiting = within(await screen.findByRole("region", { name: "Esperando el resultado oficial" }));
    expect(waiting.getByText("Triple Zulia (4:45 p. m.)")).toBeInTheDocument();
    expect(waiting.getByText(/Las 3 últimas cifras del número oficial/)).toBeInTheDocument();
  });
});

describe("record page, waiting for the round", () => {
  it("after the round's time anyone can ask the server to fetch it; its refusal is shown", async () => {
    const full = await v2Record();
    const waiting = { ...full, entries: full.entries.slice(0, 4) };
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === "POST"
        ? Response.json(
            {
              error: {
                code: "SERVICE_UNAVAILABLE",
                message: "Ningún relay de drand respondió. Inténtalo más tarde.",
              },
            },
            { status: 503 },
          )
        : Response.json(waiting),
    );
    renderWithProviders(<DrawRecordPage />, {
      path: `/sorteo/${RAFFLE_ID}/acta`,
      pattern: routePatterns.drawRecord,
    });
    const region = within(await screen.findByRole("region", { name: "Esperando la ronda de drand" }));
    // Its time has passed (a 2023 round): the page does not say it is still unpublished.
    expect(region.getByText(/Ya es su hora: falta obtenerla de drand/)).toBeInTheDocument();
    expect(region.queryByText(/todavía no se ha publicado/)).not.toBeInTheDocument();
    await userEvent.click(region.getByRole("button", { name: "Obtener la ronda y sortear" }));
    expect(
      await region.findByText("Ningún relay de drand respondió. Inténtalo más tarde."),
    ).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toBe(`/api/raffles/${RAFFLE_ID}/draw`);
  });
});
