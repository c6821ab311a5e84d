// @vitest-environment happy-dom
import { encodeTaken } from "@rifazo/shared/domain/number-bitmap";
import type { SessionUser } from "@rifazo/shared/schemas/auth";
import type { RaffleDetail } from "@rifazo/shared/schemas/raffles";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { reservationKeys } from "../src/features/proofs";
import { TicketPurchase } from "../src/features/raffles";
import { RaffleCard } from "../src/features/raffles/components/raffle-card";
import { registerPagePreloader } from "../src/lib/page-preload";
import { RaffleDetailPage } from "../src/pages/raffle-detail-page";
import { FakeEventSource } from "./fixtures/event-source";
import { jsonResponse as json, makePublicSettings, notFoundResponse } from "./fixtures/http";
import { raffle } from "./fixtures/purchase";
import { BUYER } from "./fixtures/user";
import { renderRaffleRoute, stubFetch, testQueryClient } from "./render";

// Random-mode purchases (a quantity, combos as quick picks, "Reservar boletos" → payment page), the
// combos on the raffle card, and the raffle page choosing the grid or the quantity box by number mode.

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();

const randomRaffle = (overrides: Partial<RaffleDetail> = {}) =>
  raffle({
    numberMode: "random",
    totalTickets: 100,
    remaining: 100,
    maxTicketsPerBuyer: 20,
    combos: [
      { quantity: 10, price: 35 },
      { quantity: 5, price: 20 },
    ],
    ...overrides,
  });

/** What GET /numbers answers as taken right now (a raffle event announces each change). */
const live: { taken: number[] } = { taken: [] };

function serve(detail: RaffleDetail, reserve?: (body: unknown) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/raffles/r1") return json(200, detail);
    if (url === "/api/raffles/r1/numbers")
      return json(200, {
        raffleId: "r1",
        totalTickets: detail.totalTickets,
        taken: live.taken.length,
        bitmap: encodeTaken(detail.totalTickets, live.taken),
      });
    if (url === "/api/raffles/r1/reservations" && init?.method === "POST" && reserve)
      return reserve(JSON.parse(String(init.body)));
    if (url === "/api/settings/public") {
      return json(200, makePublicSettings());
    }
    return notFoundResponse();
  });
}

function renderAt(element: React.ReactElement, user: SessionUser | null = BUYER) {
  return renderRaffleRoute(element, user);
}

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.stubGlobal("EventSource", undefined);
  live.taken = [];
});

describe("TicketPurchase (números al azar)", () => {
  it("los combos son atajos de cantidad y el total aplica el mejor descuento", async () => {
    const detail = randomRaffle();
    serve(detail);
    renderAt(<TicketPurchase raffle={detail} />, { ...BUYER, level: "Oro" });
    const combos = within(screen.getByRole("group", { name: "Combos" }));
    // Smallest package first.
    expect(combos.getAllByRole("button").map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^5 boletos por \$\s?20,00$/),
      expect.stringMatching(/^10 boletos por \$\s?35,00$/),
    ]);
    // 2 tickets: no combo, Oro 10 %.
    expect(screen.getByTestId("purchase-total")).toHaveTextContent("9,00");
    await userEvent.click(combos.getByRole("button", { name: /^5 boletos/ }));
    expect(screen.getByLabelText("Cantidad de boletos")).toHaveValue(5);
    expect(combos.getByRole("button", { name: /^5 boletos/ })).toHaveAttribute("aria-pressed", "true");
    // 5 tickets: combo $20 against 10 % off $25 ($22,50).
    expect(screen.getByTestId("purchase-total")).toHaveTextContent("20,00");
    expect(screen.getByText(/el que más te convenga; no se suman/)).toBeInTheDocument();
  });

  it("sin conexión, «Reservar» lo dice al momento con «Reintentar», y al volver la conexión reserva", async () => {
    const detail = randomRaffle();
    const bodies: unknown[] = [];
    serve(detail, (body) => {
      bodies.push(body);
      return json(201, { id: "res-8" });
    });
    const setOnline = (online: boolean) =>
      Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
    try {
      setOnline(false);
      renderAt(<TicketPurchase raffle={detail} />);
      await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
      const alert = screen.getByRole("alert");
      expect(alert).toHaveTextContent(
        "Sin conexión: no se pudo reservar. Revisa tu conexión e inténtalo de nuevo.",
      );
      // Said at once, no request queued behind the buyer's back, and the button is not spinning.
      expect(bodies).toEqual([]);
      expect(screen.getByRole("button", { name: "Reservar boletos" })).toBeEnabled();

      setOnline(true);
      await userEvent.click(within(alert).getByRole("button", { name: "Reintentar" }));
      expect(await screen.findByTestId("location")).toHaveTextContent(
        "/perfil/subir-comprobante/r1?reserva=res-8",
      );
      expect(bodies).toEqual([{ quantity: 2 }]);
    } finally {
      setOnline(true);
    }
  });

  it("una reserva que no llega al servidor (la red se cortó) dice «Sin conexión», no un error genérico", async () => {
    const detail = randomRaffle();
    serve(detail, () => {
      throw new TypeError("Failed to fetch");
    });
    renderAt(<TicketPurchase raffle={detail} />);
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Sin conexión: no se pudo reservar.");
    expect(toast).not.toHaveBeenCalled();
  });

  it("mientras la sesión no se conoce, el formulario se envía solo (el servidor conoce al comprador)", async () => {
    const detail = randomRaffle();
    const bodies: unknown[] = [];
    serve(detail, (body) => {
      bodies.push(body);
      return json(201, { id: "res-9" });
    });
    const served = fetchMock.getMockImplementation();
    // The session's answer is still on its way (a slow link): the app does not know who is tapping.
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
    const form = screen.getByRole("form", { name: "Comprar boletos" });
    // Not prevented: the browser posts the form to the reservations route, which answers with the
    // payment page or the sign-in page (decision 0029); the app sends nothing of its own.
    expect(fireEvent.submit(form)).toBe(true);
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/raffles/r1/reservations");
    expect(bodies).toEqual([]);

    // Once the buyer is known, the app reserves itself and the browser's post is prevented.
    act(() => client.setQueryData(sessionQueryKey, BUYER));
    expect(await screen.findByText(/^Tus boletos quedan apartados/)).toBeInTheDocument();
    expect(fireEvent.submit(form)).toBe(false);
    await waitFor(() => expect(bodies).toEqual([{ quantity: 2 }]));
  });

  it("al reservar, el código de la página de pago baja junto con la reserva, que la página ya tiene", async () => {
    const detail = randomRaffle();
    const reservation = { id: "res-10", raffleId: "r1", quantity: 2 };
    const order: string[] = [];
    serve(detail, () => {
      order.push("POST reserva");
      return json(201, reservation);
    });
    const preload = vi.fn(async (pathname: string) => void order.push(`código de ${pathname}`));
    registerPagePreloader(preload);
    const client = testQueryClient();
    client.setQueryData(sessionQueryKey, BUYER);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/rifas/r1"]}>
          <TicketPurchase raffle={detail} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    await waitFor(() => expect(order).toContain("POST reserva"));
    // Asked for right after the request went out, not after its answer.
    expect(order).toEqual(["POST reserva", "código de /perfil/subir-comprobante/r1"]);
    await waitFor(() => expect(client.getQueryData(reservationKeys.one("res-10"))).toEqual(reservation));
  });

  it("Reservar boletos envía la cantidad y abre la página de pago", async () => {
    const detail = randomRaffle();
    const bodies: unknown[] = [];
    serve(detail, (body) => {
      bodies.push(body);
      return json(201, { id: "res-7" });
    });
    renderAt(<TicketPurchase raffle={detail} />);
    await userEvent.click(screen.getByRole("button", { name: /^10 boletos/ }));
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(
      "/perfil/subir-comprobante/r1?reserva=res-7",
    );
    expect(bodies).toEqual([{ quantity: 10 }]);
  });

  it("sin celular (422 PHONE_REQUIRED) lo pide en línea, lo guarda en el perfil y reserva", async () => {
    const detail = randomRaffle();
    const bodies: unknown[] = [];
    let phone: string | null = null;
    serve(detail, (body) => {
      bodies.push(body);
      return phone
        ? json(201, { id: "res-8" })
        : json(422, {
            error: { code: "PHONE_REQUIRED", message: "Antes de comprar, agrega tu teléfono celular." },
          });
    });
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === "/api/profile" && init?.method === "PATCH") {
        phone = JSON.parse(String(init.body)).phone;
        return json(200, { ...BUYER, phone });
      }
      return (base as typeof fetch)(input, init);
    });
    renderAt(<TicketPurchase raffle={detail} />, { ...BUYER, phone: null });
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    const prompt = await screen.findByRole("form", { name: "Agrega tu teléfono celular" });
    expect(screen.queryByTestId("location")).toBeNull();
    await userEvent.type(within(prompt).getByLabelText("Teléfono celular"), "0416-2223344");
    await userEvent.click(within(prompt).getByRole("button", { name: "Guardar y continuar" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(
      "/perfil/subir-comprobante/r1?reserva=res-8",
    );
    expect(phone).toBe("+584162223344");
    expect(bodies).toEqual([{ quantity: 2 }, { quantity: 2 }]);
  });

  it("antes de que llegue el código (HTML del servidor) «Reservar boletos» envía un formulario real que reserva", () => {
    const detail = randomRaffle();
    const client = testQueryClient();
    client.setQueryData(sessionQueryKey, null);
    document.body.innerHTML = renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={["/rifas/r1"]}>
          <TicketPurchase raffle={detail} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // Decision 0029: the browser posts it itself; the API reserves, or sends a visitor to sign in and back.
    const form = screen.getByRole("form", { name: "Comprar boletos" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/api/raffles/r1/reservations");
    expect(screen.getByLabelText("Cantidad de boletos")).toHaveAttribute("name", "cantidad");
    const button = screen.getByRole("button", { name: "Reservar boletos" });
    expect(button).toHaveAttribute("type", "submit");
    expect(button).toBeEnabled();
    expect(screen.queryByRole("link", { name: "Reservar boletos" })).toBeNull();
    document.body.innerHTML = "";
  });

  it("hidratada, «Reservar boletos» es el botón del formulario y un visitante va a iniciar sesión", async () => {
    const detail = randomRaffle();
    serve(detail);
    renderAt(<TicketPurchase raffle={detail} />, null);
    expect(screen.queryByRole("link", { name: "Reservar boletos" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(/^\/login$/);
  });

  it("un error del servidor se muestra en español y no navega", async () => {
    const detail = randomRaffle();
    const message = "Las ventas de esta rifa están cerradas.";
    serve(detail, () => json(409, { error: { code: "SALES_CLOSED", message } }));
    renderAt(<TicketPurchase raffle={detail} />);
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    await vi.waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: message, variant: "error" })),
    );
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });
});

describe("combos en la tarjeta y el detalle", () => {
  it("la tarjeta muestra '5 x $20' por cada combo", () => {
    serve(randomRaffle());
    renderAt(<RaffleCard raffle={randomRaffle()} />, null);
    const list = within(screen.getByRole("list", { name: "Combos" }));
    expect(list.getAllByRole("listitem").map((li) => li.querySelector("[aria-hidden]")?.textContent)).toEqual(
      [expect.stringMatching(/^5 x \$\s?20,00$/), expect.stringMatching(/^10 x \$\s?35,00$/)],
    );
  });

  it("sin combos la tarjeta no muestra la lista", () => {
    serve(randomRaffle({ combos: [] }));
    renderAt(<RaffleCard raffle={randomRaffle({ combos: [] })} />, null);
    expect(screen.queryByRole("list", { name: "Combos" })).not.toBeInTheDocument();
  });

  it("la página de una rifa al azar muestra combos y la caja de cantidad, no la cuadrícula", async () => {
    serve(randomRaffle());
    renderAt(<RaffleDetailPage />, null);
    expect(await screen.findByRole("list", { name: "Combos" })).toBeInTheDocument();
    expect(screen.getByLabelText("Cantidad de boletos")).toBeInTheDocument();
    expect(screen.queryByRole("grid")).not.toBeInTheDocument();
  });

  it("la página de una rifa con números elegidos carga la cuadrícula", async () => {
    serve(raffle({ totalTickets: 100, remaining: 100 }));
    renderAt(<RaffleDetailPage />, null);
    expect(
      await screen.findByRole("grid", { name: "Números de la rifa" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("Cantidad de boletos")).not.toBeInTheDocument();
  });

  it("en vivo: un evento de la rifa vuelve a pedir el bitmap y un número elegido que otro tomó sale de la selección", async () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    serve(raffle({ totalTickets: 100, remaining: 100 }));
    renderAt(<RaffleDetailPage />);
    await screen.findByRole("grid", { name: "Números de la rifa" }, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: "Número 07, disponible" }));
    await userEvent.click(screen.getByRole("button", { name: "Número 08, disponible" }));
    live.taken = [7];
    FakeEventSource.last?.dispatchEvent(new MessageEvent("raffle", { data: "{}" }));
    expect(
      await screen.findByRole("button", { name: "Número 07, ocupado" }, { timeout: 3000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Quitar 07" })).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Quitar 08" })).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        description: "El número 07 acaba de ser tomado por otra persona. Elige otro.",
      }),
    );
  });
});
