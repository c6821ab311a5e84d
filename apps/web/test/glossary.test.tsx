// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ContactDetails } from "../src/features/contact";
import { RaffleCard } from "../src/features/raffles/components/raffle-card";
import { notFoundResponse } from "./fixtures/http";
import { makeLifecycle, makeRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// One glossary (packages/shared/src/domain/glossary.ts): a raffle's state, its draw's moment and the link
// to its draw read the same everywhere, and never promise what the site does not have.

const fetchMock = stubFetch();
beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async () => notFoundResponse());
});

describe("tarjeta de rifa: el glosario", () => {
  it.each(["closed", "frozen"] as const)("a %s raffle waits for its draw: never 'FINALIZADA'", (status) => {
    renderWithProviders(<RaffleCard raffle={makeRaffle({ status, lifecycle: makeLifecycle(status) })} />);
    expect(screen.getByText("ESPERANDO EL SORTEO")).toBeInTheDocument();
    expect(screen.queryByText("FINALIZADA")).not.toBeInTheDocument();
  });

  it("a drawn raffle links to its result and record, not to an animation that does not exist", () => {
    renderWithProviders(
      <RaffleCard
        raffle={makeRaffle({ status: "finished", hasWinners: true, lifecycle: makeLifecycle("finished") })}
      />,
    );
    expect(screen.getByText("FINALIZADA")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ver el resultado y el acta del sorteo" })).toHaveAttribute(
      "href",
      "/sorteo/r1",
    );
    expect(screen.queryByText(/animación/i)).not.toBeInTheDocument();
  });

  it("the sales' close reads as one moment, weekday and time, in Venezuelan time", () => {
    renderWithProviders(<RaffleCard raffle={makeRaffle({ endDate: "2026-12-06T00:00:00.000Z" })} />);
    const moment = screen.getByText(/sábado 5 de diciembre de 2026, 8:00\sp\.\sm\./);
    expect(moment.parentElement).toHaveTextContent(/^Cierre de ventas:/);
  });
});

describe("contacto: WhatsApp solo con número publicado", () => {
  const serve = (whatsapp: string | null) =>
    fetchMock.mockImplementation(async (input) =>
      String(input) === "/api/settings/public"
        ? new Response(
            JSON.stringify({
              exchangeRate: null,
              paymentAccounts: { pagoMovil: null, zelle: null, binance: null },
              supportContact: { whatsapp },
            }),
            { status: 200, headers: { "content-type": "application/json" } },
          )
        : new Response("{}", { status: 404, headers: { "content-type": "application/json" } }),
    );

  it("without a published number, no WhatsApp hours are promised", async () => {
    serve(null);
    renderWithProviders(<ContactDetails />);
    expect(await screen.findByText("Lunes a viernes: 9:00 a. m. – 5:00 p. m.")).toBeInTheDocument();
    expect(screen.queryByText(/WhatsApp/)).not.toBeInTheDocument();
  });

  it("with a published number, the number and its Saturday hours", async () => {
    serve("+584127654321");
    renderWithProviders(<ContactDetails />);
    expect(await screen.findByText(/solo soporte por WhatsApp/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /412-765-4321/ })).toHaveAttribute(
      "href",
      "https://wa.me/584127654321",
    );
  });
});
