// @vitest-environment happy-dom
import { encodeTaken } from "@rifazo/shared/domain/number-bitmap";
import { raffleCardState } from "@rifazo/shared/domain/raffle-card-state";
import type { RaffleDetail } from "@rifazo/shared/schemas/raffles";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { TicketPurchase, toCardInput } from "../src/features/raffles";
import { NumberPicker } from "../src/features/raffles/components/number-picker/number-picker";
import { formatDateTime } from "../src/lib/format";
import { RaffleFacts } from "../src/pages/raffle-detail/raffle-facts";
import { jsonResponse as json, makePublicSettings, notFoundResponse } from "./fixtures/http";
import { raffle } from "./fixtures/purchase";
import { BUYER } from "./fixtures/user";
import { renderRaffleRoute, renderWithProviders, stubFetch, testQueryClient } from "./render";

// Abonos on the raffle page (docs/decisions/0034-vendedores.md): beside «Reservar», «Apartar con abono»
// with the line that says the first payment, the deadline and the refund; it reserves with `abono: true`
// (numbers or a quantity), and a raffle that sells whole only offers nothing of it.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const END = "2026-12-05T00:00:00.000Z";

const withAbonos = (overrides: Partial<RaffleDetail> = {}) =>
  raffle({ installmentMinimum: 3, price: 5, currency: "USD", endDate: END, ...overrides });

/** The server: the raffle's numbers (none taken) and the reservations it makes, whose bodies it keeps. */
function serve(detail: RaffleDetail) {
  const bodies: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/raffles/r1/numbers")
      return json(200, {
        raffleId: "r1",
        totalTickets: detail.totalTickets,
        taken: 0,
        bitmap: encodeTaken(detail.totalTickets, []),
      });
    if (url === "/api/raffles/r1/numbers/mine") return json(200, { raffleId: "r1", held: [], owned: [] });
    if (url === "/api/raffles/r1/reservations" && init?.method === "POST") {
      bodies.push(JSON.parse(String(init.body)));
      return json(201, { id: `res-${bodies.length}`, raffleId: "r1" });
    }
    if (url === "/api/settings/public") return json(200, makePublicSettings());
    return notFoundResponse();
  });
  return bodies;
}

const offerLine = `Aparta tus números con un primer abono de al menos $3,00 y paga el resto antes del cierre (${formatDateTime(END)}). Si no completas el pago a tiempo, los números se liberan y te devolvemos lo abonado.`;

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.stubGlobal("EventSource", undefined);
  sessionStorage.clear();
});

describe("apartar con abono: números al azar", () => {
  it("ofrece «Apartar con abono» con su explicación, y reserva la cantidad con abono", async () => {
    const bodies = serve(withAbonos({ numberMode: "random", totalTickets: 100, remaining: 100 }));
    renderRaffleRoute(
      <TicketPurchase raffle={withAbonos({ numberMode: "random", totalTickets: 100, remaining: 100 })} />,
      BUYER,
    );
    const button = screen.getByRole("button", { name: "Apartar con abono" });
    expect(button).toHaveAccessibleDescription(offerLine);
    expect(screen.getByTestId("abono-offer")).toHaveTextContent(offerLine);
    await userEvent.click(button);
    expect(await screen.findByTestId("location")).toHaveTextContent(
      "/perfil/subir-comprobante/r1?reserva=res-1",
    );
    expect(bodies).toEqual([{ quantity: 2, abono: true }]);
  });

  it("«Reservar boletos» sigue siendo la compra completa: sin abono en la petición", async () => {
    const detail = withAbonos({ numberMode: "random", totalTickets: 100, remaining: 100 });
    const bodies = serve(detail);
    renderRaffleRoute(<TicketPurchase raffle={detail} />, BUYER);
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("reserva=res-1");
    expect(bodies).toEqual([{ quantity: 2 }]);
  });

  it("una rifa sin abonos no ofrece apartar con abono", () => {
    const detail = raffle({
      numberMode: "random",
      totalTickets: 100,
      remaining: 100,
      installmentMinimum: null,
    });
    serve(detail);
    renderRaffleRoute(<TicketPurchase raffle={detail} />, BUYER);
    expect(screen.getByRole("button", { name: "Reservar boletos" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Apartar con abono/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/primer abono/)).not.toBeInTheDocument();
  });

  it("sin fecha de cierre (por porcentaje vendido) dice «antes del cierre de la rifa»", () => {
    const detail = withAbonos({ numberMode: "random", totalTickets: 100, remaining: 100, endDate: null });
    serve(detail);
    renderRaffleRoute(<TicketPurchase raffle={detail} />, BUYER);
    expect(screen.getByTestId("abono-offer")).toHaveTextContent(
      "paga el resto antes del cierre de la rifa. Si no completas el pago a tiempo",
    );
  });

  it("mientras no se sabe quién es el comprador, el botón del abono espera (el formulario del navegador no lo envía)", async () => {
    const detail = withAbonos({ numberMode: "random", totalTickets: 100, remaining: 100 });
    const bodies = serve(detail);
    const served = fetchMock.getMockImplementation();
    fetchMock.mockImplementation((input, init) =>
      String(input).startsWith("/api/account/")
        ? new Promise<Response>(() => {})
        : (served?.(input, init) as Promise<Response>),
    );
    const client = testQueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/rifas/r1"]}>
          <TicketPurchase raffle={detail} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const button = screen.getByRole("button", { name: "Apartar con abono" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("type", "button");
    // Once the buyer is known it reserves with the abono itself.
    act(() => client.setQueryData(sessionQueryKey, BUYER));
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(bodies).toEqual([{ quantity: 2, abono: true }]));
  });

  it("sin violaciones de axe", async () => {
    const detail = withAbonos({ numberMode: "random", totalTickets: 100, remaining: 100 });
    serve(detail);
    const { container } = renderRaffleRoute(<TicketPurchase raffle={detail} />, BUYER);
    const result = await axe.run(container);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

describe("apartar con abono: números elegidos", () => {
  it("aparta los números elegidos con abono", async () => {
    const detail = withAbonos({ totalTickets: 100, remaining: 100 });
    const bodies = serve(detail);
    renderRaffleRoute(<NumberPicker raffle={detail} />, BUYER);
    await screen.findByRole("grid", { name: "Números de la rifa" });
    await userEvent.click(await screen.findByRole("button", { name: "Número 07, disponible" }));
    await userEvent.click(screen.getByRole("button", { name: "Número 42, disponible" }));
    expect(screen.getByRole("button", { name: "Apartar con abono" })).toHaveAccessibleDescription(offerLine);
    await userEvent.click(screen.getByRole("button", { name: "Apartar con abono" }));
    await waitFor(() => expect(bodies).toEqual([{ numbers: [7, 42], abono: true }]));
    expect(await screen.findByTestId("location")).toHaveTextContent("reserva=res-1");
  });

  it("con menos del mínimo de números, el abono tampoco reserva y lo dice", async () => {
    const detail = withAbonos({ totalTickets: 100, remaining: 100 });
    const bodies = serve(detail);
    renderRaffleRoute(<NumberPicker raffle={detail} />, BUYER);
    await screen.findByRole("grid", { name: "Números de la rifa" });
    await userEvent.click(await screen.findByRole("button", { name: "Número 07, disponible" }));
    await userEvent.click(screen.getByRole("button", { name: "Apartar con abono" }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Compra Mínima" }));
    expect(bodies).toEqual([]);
  });
});

describe("las reglas de la rifa", () => {
  it("dicen el abono mínimo cuando la rifa admite abonos, y nada cuando no", () => {
    const detail = withAbonos({ currency: "VES", price: 400, installmentMinimum: 120 });
    const { unmount } = renderWithProviders(
      <RaffleFacts raffle={detail} state={raffleCardState(toCardInput(detail), new Date())} />,
    );
    expect(screen.getByText("Se puede apartar con un abono de al menos Bs. 120,00.")).toBeInTheDocument();
    unmount();
    const whole = raffle({ installmentMinimum: null });
    renderWithProviders(
      <RaffleFacts raffle={whole} state={raffleCardState(toCardInput(whole), new Date())} />,
    );
    expect(screen.queryByText(/apartar con un abono/)).not.toBeInTheDocument();
  });
});
