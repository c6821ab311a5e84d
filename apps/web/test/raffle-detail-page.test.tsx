// @vitest-environment happy-dom
import type { RaffleDetail } from "@rifazo/shared/schemas/raffles";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeLifecycle, makeRaffleDetail } from "./fixtures/raffle";
import {
  renderRaffleDetailPage,
  serveRaffleDetail,
  stubRaffleDetailPage,
} from "./fixtures/raffle-detail-page";

// The raffle page shows the server's lifecycle state (decision 0012): the review window from the start, "Cerrada:
// revisando pagos" with the count pending, "Lista congelada: esperando el sorteo", and "Cancelada".

const NOW = new Date("2026-11-20T16:00:00.000Z");
const HOUR = 3_600_000;

function raffle(
  state: RaffleDetail["status"],
  lifecycle: Partial<RaffleDetail["lifecycle"]> = {},
): RaffleDetail {
  return makeRaffleDetail({
    status: state,
    endDate: new Date(NOW.getTime() - HOUR).toISOString(),
    lifecycle: makeLifecycle(state, lifecycle),
    cancelReason: state === "cancelled" ? "El premio no llegó a tiempo." : null,
  });
}

const fetchMock = stubRaffleDetailPage(NOW);

describe("RaffleDetailPage: estado del ciclo de vida", () => {
  it("en venta: la ventana de revisión de pagos se muestra desde el principio", async () => {
    serveRaffleDetail(fetchMock, {
      ...raffle("active"),
      endDate: new Date(NOW.getTime() + 50 * HOUR).toISOString(),
    });
    renderRaffleDetailPage();
    expect(
      await screen.findByText("Revisión de pagos: hasta 48 horas después del cierre"),
    ).toBeInTheDocument();
    expect(screen.queryByText("Cerrada: revisando pagos")).not.toBeInTheDocument();
  });

  it("cerrada: 'Cerrada: revisando pagos' con el número pendiente y la fecha límite", async () => {
    serveRaffleDetail(
      fetchMock,
      raffle("closed", {
        closedAt: new Date(NOW.getTime() - HOUR).toISOString(),
        reviewDeadline: new Date(NOW.getTime() + 47 * HOUR).toISOString(),
        pendingProofs: 3,
      }),
    );
    renderRaffleDetailPage();
    const notice = await screen.findByRole("status", { name: "Cerrada: revisando pagos" });
    expect(notice).toHaveTextContent("Quedan 3 pagos en revisión.");
    expect(notice).toHaveTextContent(/se revisan hasta el/);
    expect(screen.queryByRole("button", { name: /Comprar|Participar/ })).not.toBeInTheDocument();
  });

  it("congelada: 'Lista congelada: esperando el sorteo'", async () => {
    serveRaffleDetail(fetchMock, raffle("frozen", { frozenAt: NOW.toISOString() }));
    renderRaffleDetailPage();
    const notice = await screen.findByRole("status", { name: "Lista congelada: esperando el sorteo" });
    expect(notice).toHaveTextContent("La lista de boletos quedó fija");
  });

  it("cancelada: 'Cancelada' con el motivo, sin compra ni sorteo", async () => {
    serveRaffleDetail(fetchMock, raffle("cancelled"));
    renderRaffleDetailPage();
    const notice = await screen.findByRole("status", { name: "Cancelada" });
    expect(notice).toHaveTextContent("Motivo: El premio no llegó a tiempo.");
    expect(screen.queryByRole("link", { name: /Ver Sorteo/ })).not.toBeInTheDocument();
  });
});

describe("RaffleDetailPage: plazo para reclamar el premio (decisión 0021)", () => {
  const active = (overrides: Partial<RaffleDetail>) =>
    makeRaffleDetail({ endDate: new Date(NOW.getTime() + 50 * HOUR).toISOString(), ...overrides });

  it("lo muestra en las reglas con el plural en español y lo que pasa si no se reclama", async () => {
    serveRaffleDetail(fetchMock, active({ claimPeriodDays: 1 }));
    renderRaffleDetailPage();
    expect(
      await screen.findByText(
        /^Plazo para reclamar el premio: 1 día desde que el acta nombra al ganador\. Pasado ese plazo, el organizador puede anular el premio no reclamado, y el premio pasa a otro boleto sorteado con una ronda futura de drand\.$/,
      ),
    ).toBeInTheDocument();
    // The closed list of reasons the record's rules publish, before the first sale.
    const reasons = screen.getByRole("list", { name: "Motivos de descalificación" });
    expect(reasons).toHaveTextContent(/no reclamó el premio dentro del plazo/);
    expect(reasons).toHaveTextContent(/Fraude comprobado/);
  });

  it("7 días en una rifa de lotería; nada en una rifa anunciada por el organizador (no tiene acta)", async () => {
    serveRaffleDetail(
      fetchMock,
      active({ claimPeriodDays: 7, announcementType: "external", drawTrust: "lottery" }),
    );
    const first = renderRaffleDetailPage();
    expect(await screen.findByText(/^Plazo para reclamar el premio: 7 días desde/)).toBeInTheDocument();
    first.unmount();
    serveRaffleDetail(fetchMock, active({ announcementType: "external", drawTrust: "announced" }));
    renderRaffleDetailPage();
    expect(await screen.findByRole("heading", { name: "Cómo se decide el ganador" })).toBeInTheDocument();
    expect(screen.queryByText(/Plazo para reclamar el premio/)).not.toBeInTheDocument();
  });
});
