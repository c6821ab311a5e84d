// @vitest-environment happy-dom
import { LIFECYCLE_MESSAGES } from "@rifazo/shared/domain/raffle-lifecycle";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeLifecycle, makeRaffleDetail } from "./fixtures/raffle";
import {
  renderRaffleDetailPage,
  serveRaffleDetail,
  stubRaffleDetailPage,
} from "./fixtures/raffle-detail-page";

// The raffle page states its minimum of tickets ("Se sortea si se venden al menos 1.000 boletos") and,
// once sales ended below it, that the raffle is not drawn and waits for the organiser's decision.

const NOW = new Date("2026-11-20T16:00:00.000Z");
const HOUR = 3_600_000;

const fetchMock = stubRaffleDetailPage(NOW);

describe("RaffleDetailPage: mínimo de boletos", () => {
  it("en venta: dice cuántos boletos deben venderse para sortear", async () => {
    serveRaffleDetail(
      fetchMock,
      makeRaffleDetail({
        totalTickets: 5000,
        minTickets: 1000,
        endDate: new Date(NOW.getTime() + 50 * HOUR).toISOString(),
      }),
    );
    renderRaffleDetailPage();
    expect(await screen.findByText(/Se sortea si se venden al menos 1\.000 boletos\./)).toBeInTheDocument();
  });

  it("sin mínimo no dice nada", async () => {
    serveRaffleDetail(
      fetchMock,
      makeRaffleDetail({ endDate: new Date(NOW.getTime() + 50 * HOUR).toISOString() }),
    );
    renderRaffleDetailPage();
    await screen.findByText("Revisión de pagos: hasta 48 horas después del cierre");
    expect(screen.queryByText(/Se sortea si se venden/)).not.toBeInTheDocument();
  });

  it("cerrada por debajo del mínimo: no se sortea y espera la decisión del organizador", async () => {
    serveRaffleDetail(
      fetchMock,
      makeRaffleDetail({
        status: "closed",
        minTickets: 500,
        soldTickets: 120,
        endDate: new Date(NOW.getTime() - HOUR).toISOString(),
        lifecycle: makeLifecycle("closed", {
          awaitingDecision: true,
          label: LIFECYCLE_MESSAGES.awaitingDecision,
          closedAt: new Date(NOW.getTime() - HOUR).toISOString(),
        }),
      }),
    );
    renderRaffleDetailPage();
    const notice = await screen.findByRole("status", { name: LIFECYCLE_MESSAGES.awaitingDecision });
    expect(notice).toHaveTextContent("sin alcanzar el mínimo de boletos");
    expect(notice).toHaveTextContent("prorroga la fecha o cancela la rifa");
  });
});
