// @vitest-environment happy-dom
import { encodeTaken } from "@rifazo/shared/domain/number-bitmap";
import type { SessionUser } from "@rifazo/shared/schemas/auth";
import type { RaffleDetail } from "@rifazo/shared/schemas/raffles";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservations";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import axe from "axe-core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { NumberPicker } from "../src/features/raffles/components/number-picker/number-picker";
import { jsonResponse as json, makePublicSettings, notFoundResponse } from "./fixtures/http";
import { raffle } from "./fixtures/purchase";
import { BUYER } from "./fixtures/user";
import { renderRaffleRoute, stubFetch } from "./render";

// The number grid of chosen-number raffles: windowed rows for 10 000 numbers, taken numbers from the
// server's bitmap, "Al azar", the total with combos, the keyboard, and the answers to "Reservar".

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();

interface Server {
  total: number;
  taken: number[];
  reserve?: (body: unknown) => Response;
  /** The bitmap's refetch never answers (to see what the page does before it). */
  hold?: boolean;
  /** The signed-in buyer's own numbers (GET /numbers/mine); none by default. */
  mine?: { held: number[]; owned: number[] };
}

function serve(server: Server) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/raffles/r1/numbers") {
      if (server.hold) return new Promise<Response>(() => {});
      return json(200, {
        raffleId: "r1",
        totalTickets: server.total,
        taken: server.taken.length,
        bitmap: encodeTaken(server.total, server.taken),
      });
    }
    if (url === "/api/raffles/r1/numbers/mine") {
      return json(200, { raffleId: "r1", held: [], owned: [], ...server.mine });
    }
    if (url === "/api/raffles/r1/reservations" && init?.method === "POST" && server.reserve) {
      return server.reserve(JSON.parse(String(init.body)));
    }
    if (url === "/api/settings/public") {
      return json(200, makePublicSettings());
    }
    return notFoundResponse();
  });
}

function renderPicker(detail: RaffleDetail, user: SessionUser | null = BUYER) {
  return renderRaffleRoute(<NumberPicker raffle={detail} />, user);
}

const grid = () => screen.findByRole("grid", { name: "Números de la rifa" });
const cell = (label: string) => screen.getByRole("button", { name: label });

beforeEach(() => {
  vi.mocked(toast).mockClear();
  sessionStorage.clear();
});

describe("NumberPicker", () => {
  it("con 10 000 números solo existen en la página las filas a la vista", async () => {
    serve({ total: 10_000, taken: [] });
    renderPicker(raffle());
    const element = await grid();
    expect(element).toHaveAttribute("aria-rowcount", "2000");
    // The API lets browsers keep the bitmap 3 s: a refetch after an event must not get that copy back.
    const numbersCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/numbers"));
    expect(numbersCall?.[1]?.cache).toBe("no-cache");
    const buttons = within(element).getAllByRole("button");
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.length).toBeLessThanOrEqual(5 * 14);
    expect(cell("Número 0000, disponible")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Número 9999/ })).not.toBeInTheDocument();

    // Scrolled to the end: the last rows replace the first ones.
    act(() => {
      element.scrollTop = 1999 * 48;
      fireEvent.scroll(element);
    });
    expect(cell("Número 9999, disponible")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Número 0000/ })).not.toBeInTheDocument();
    expect(within(element).getAllByRole("button").length).toBeLessThanOrEqual(5 * 14);
  });

  it("con 100 números muestra 00 a 99, como los espera el comprador", async () => {
    serve({ total: 100, taken: [7] });
    renderPicker(raffle({ totalTickets: 100, remaining: 99 }));
    const element = await grid();
    const shown = () =>
      within(element)
        .getAllByRole("button")
        .map((b) => b.textContent);
    expect(shown().slice(0, 3)).toEqual(["00", "01", "02"]);
    expect(cell("Número 07, ocupado")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Número 0000/ })).not.toBeInTheDocument();
    act(() => {
      element.scrollTop = 19 * 48;
      fireEvent.scroll(element);
    });
    expect(cell("Número 99, disponible")).toBeInTheDocument();
    expect(shown().every((text) => /^\d{2}$/.test(text ?? ""))).toBe(true);
    // The search box takes the raffle's 2 digits and says its range in them.
    const search = screen.getByLabelText("Buscar número");
    expect(search).toHaveAttribute("maxLength", "2");
    expect(search).toHaveAttribute("placeholder", "00");
    await userEvent.click(screen.getByRole("button", { name: "Ir" }));
    expect(await screen.findByText("Escribe un número entre 00 y 99.")).toBeInTheDocument();
    await userEvent.type(search, "42");
    await userEvent.click(screen.getByRole("button", { name: "Ir" }));
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName("Número 42, disponible"));
    await userEvent.keyboard(" ");
    const chosen = within(screen.getByRole("list", { name: "Números elegidos" }));
    expect(chosen.getByRole("button", { name: "Quitar 42" })).toBeInTheDocument();
  });

  it("marca como ocupados los números del bitmap y no deja elegirlos", async () => {
    serve({ total: 10_000, taken: [1, 3] });
    renderPicker(raffle());
    await grid();
    const taken = await screen.findByRole("button", { name: "Número 0001, ocupado" });
    expect(cell("Número 0003, ocupado")).toBeInTheDocument();
    expect(cell("Número 0002, disponible")).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(taken);
    expect(taken).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText(/Tu selección \(0 números\)/)).toBeInTheDocument();
  });

  it("los números propios se distinguen: apartados por ti y tuyos, con leyenda; los de otros, ocupados", async () => {
    // 7 and 42 held by this buyer, 5 bought by them, 3 taken by someone else: all four are in the bitmap.
    serve({ total: 100, taken: [3, 5, 7, 42], mine: { held: [7, 42], owned: [5] } });
    renderPicker(raffle({ totalTickets: 100 }));
    await grid();
    const held = await screen.findByRole("button", { name: "Número 07, apartado por ti" });
    expect(held).toHaveTextContent("apartado");
    expect(held).toHaveAttribute("data-own", "held");
    const owned = cell("Número 05, tuyo");
    expect(owned).toHaveTextContent("tuyo");
    expect(cell("Número 03, ocupado")).not.toHaveAttribute("data-own");
    const legend = screen.getByRole("list", { name: "Leyenda" });
    expect(legend).toHaveTextContent("Apartado por ti");
    expect(legend).toHaveTextContent("Tuyo");
    // Neither can be chosen again.
    await userEvent.click(held);
    await userEvent.click(owned);
    expect(screen.getByText(/Tu selección \(0 números\)/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === "/api/raffles/r1/numbers/mine")).toBe(true);
  });

  it("un visitante no pide números propios ni ve esa leyenda", async () => {
    serve({ total: 100, taken: [7], mine: { held: [7], owned: [] } });
    renderPicker(raffle({ totalTickets: 100 }), null);
    await grid();
    expect(await screen.findByRole("button", { name: "Número 07, ocupado" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith("/numbers/mine"))).toBe(false);
    expect(screen.getByRole("list", { name: "Leyenda" })).not.toHaveTextContent("Apartado por ti");
  });

  it("'Al azar' añade solo números disponibles", async () => {
    serve({ total: 20, taken: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16] });
    renderPicker(raffle({ totalTickets: 20, remaining: 3 }));
    // 20 tickets: numbers have 2 digits (ticketDigits).
    await screen.findByRole("button", { name: "Número 00, ocupado" });
    const count = screen.getByLabelText("Números al azar");
    await userEvent.clear(count);
    await userEvent.type(count, "3");
    await userEvent.click(screen.getByRole("button", { name: "Al azar" }));
    const chosen = within(screen.getByRole("list", { name: "Números elegidos" }));
    expect(chosen.getAllByRole("listitem").map((li) => li.textContent?.slice(0, 2))).toEqual([
      "17",
      "18",
      "19",
    ]);
    expect(cell("Número 18, seleccionado")).toHaveAttribute("aria-pressed", "true");
  });

  it("la selección muestra el total con el combo y la regla combo o nivel", async () => {
    serve({ total: 10_000, taken: [] });
    renderPicker(raffle({ combos: [{ quantity: 3, price: 12 }] }), { ...BUYER, level: "Plata" });
    await grid();
    await userEvent.click(cell("Número 0000, disponible"));
    await userEvent.click(cell("Número 0001, disponible"));
    // Two tickets: no combo fits, the Plata 5 % applies.
    expect(screen.getByTestId("purchase-total")).toHaveTextContent("9,50");
    expect(screen.getByTestId("purchase-discount")).toHaveTextContent("Descuento nivel Plata (5 %)");
    await userEvent.click(cell("Número 0002, disponible"));
    // Three: the combo ($12) beats 5 % off $15 ($14,25); never both.
    expect(screen.getByTestId("purchase-total")).toHaveTextContent("12,00");
    expect(screen.getByTestId("purchase-discount")).toHaveTextContent("Combo: 3 boletos por");
    expect(screen.getByText(/el que más te convenga; no se suman/)).toBeInTheDocument();
    // Removing one from the list updates the total.
    await userEvent.click(screen.getByRole("button", { name: "Quitar 0002" }));
    expect(screen.getByTestId("purchase-total")).toHaveTextContent("9,50");
  });

  it("con el teclado: flechas mueven el foco y Espacio elige", async () => {
    serve({ total: 10_000, taken: [] });
    renderPicker(raffle());
    await grid();
    const first = cell("Número 0000, disponible");
    expect(first).toHaveAttribute("tabindex", "0");
    first.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(document.activeElement).toBe(cell("Número 0001, disponible"));
    await userEvent.keyboard(" ");
    expect(cell("Número 0001, seleccionado")).toHaveAttribute("aria-pressed", "true");
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement).toHaveAccessibleName("Número 0006, disponible");
    await userEvent.keyboard("{Enter}");
    expect(cell("Número 0006, seleccionado")).toHaveAttribute("aria-pressed", "true");
    await userEvent.keyboard("{ArrowLeft}{Home}");
    expect(document.activeElement).toHaveAccessibleName("Número 0005, disponible");
    // Only the focused cell is in the tab order.
    const tabbable = screen.getAllByRole("button").filter((b) => b.dataset.n && b.tabIndex === 0);
    expect(tabbable).toEqual([document.activeElement]);
  });

  it("con el teclado: un solo tope de tabulación, Fin, Ctrl+Fin, AvPág y RePág", async () => {
    serve({ total: 10_000, taken: [] });
    renderPicker(raffle());
    const element = await grid();
    // Tab from the search form's last control lands in the grid once, on its first number.
    screen.getByRole("button", { name: "Al azar" }).focus();
    await userEvent.tab();
    expect(document.activeElement).toHaveAccessibleName("Número 0000, disponible");
    expect(element).toHaveAttribute("aria-describedby");
    expect(document.getElementById(element.getAttribute("aria-describedby") ?? "")).toHaveTextContent(
      /escribe un número para ir a él/,
    );
    await userEvent.keyboard("{End}");
    expect(document.activeElement).toHaveAccessibleName("Número 0004, disponible");
    await userEvent.keyboard("{PageDown}");
    // Seven rows of five fit the 336 px window: a page down is 35 numbers.
    expect(document.activeElement).toHaveAccessibleName("Número 0039, disponible");
    await userEvent.keyboard("{PageUp}");
    expect(document.activeElement).toHaveAccessibleName("Número 0004, disponible");
    await userEvent.keyboard("{Control>}{End}{/Control}");
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName("Número 9999, disponible"));
    await userEvent.keyboard("{Control>}{Home}{/Control}");
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName("Número 0000, disponible"));
    // Still one tab stop: Tab leaves the grid for what follows it.
    await userEvent.tab();
    expect(document.activeElement?.closest('[role="grid"]')).toBeNull();
  });

  it("con el teclado: un número ocupado no se elige y la cantidad elegida se anuncia", async () => {
    serve({ total: 10_000, taken: [1] });
    renderPicker(raffle());
    await screen.findByRole("button", { name: "Número 0001, ocupado" });
    const status = screen.getByText((_, el) => el?.getAttribute("role") === "status" && el.tagName === "P");
    // Nothing is said when the page opens.
    expect(status).toHaveTextContent(/^$/);
    cell("Número 0000, disponible").focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(document.activeElement).toHaveAccessibleName("Número 0001, ocupado");
    expect(document.activeElement).toHaveAttribute("aria-disabled", "true");
    await userEvent.keyboard(" ");
    await userEvent.keyboard("{Enter}");
    expect(document.activeElement).toHaveAttribute("aria-pressed", "false");
    expect(status).toHaveTextContent(/^$/);
    await userEvent.keyboard("{ArrowRight} ");
    expect(document.activeElement).toHaveAccessibleName("Número 0002, seleccionado");
    expect(status).toHaveTextContent("1 número seleccionado.");
    await userEvent.keyboard("{ArrowRight}{Enter}");
    expect(status).toHaveTextContent("2 números seleccionados.");
    await userEvent.keyboard("{Enter}");
    expect(status).toHaveTextContent("1 número seleccionado.");
  });

  it("escribir un número dentro de la cuadrícula lleva el foco a él", async () => {
    serve({ total: 10_000, taken: [] });
    renderPicker(raffle());
    await grid();
    cell("Número 0000, disponible").focus();
    await userEvent.keyboard("4217");
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName("Número 4217, disponible"));
    await userEvent.keyboard(" ");
    expect(document.activeElement).toHaveAccessibleName("Número 4217, seleccionado");
    // After a pause, the next digits start a new number.
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 5_000);
    await userEvent.keyboard("42");
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName("Número 0042, disponible"));
    clock.mockRestore();
  });

  it("buscar un número lo trae a la vista y le da el foco", async () => {
    serve({ total: 10_000, taken: [] });
    renderPicker(raffle());
    await grid();
    await userEvent.type(screen.getByLabelText("Buscar número"), "7342");
    await userEvent.click(screen.getByRole("button", { name: "Ir" }));
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName("Número 7342, disponible"));
    await userEvent.clear(screen.getByLabelText("Buscar número"));
    await userEvent.type(screen.getByLabelText("Buscar número"), "abc");
    await userEvent.click(screen.getByRole("button", { name: "Ir" }));
    expect(await screen.findByText("Escribe un número entre 0000 y 9999.")).toBeInTheDocument();
  });

  it("Reservar envía los números y abre la página de pago de la reserva", async () => {
    const bodies: unknown[] = [];
    serve({
      total: 10_000,
      taken: [],
      reserve: (body) => {
        bodies.push(body);
        return json(201, { id: "res-1" });
      },
    });
    renderPicker(raffle());
    await grid();
    await userEvent.click(cell("Número 0004, disponible"));
    await userEvent.click(cell("Número 0002, disponible"));
    await userEvent.click(screen.getByRole("button", { name: /Reservar 2 números/ }));
    expect(await screen.findByTestId("location")).toHaveTextContent(
      "/perfil/subir-comprobante/r1?reserva=res-1",
    );
    expect(bodies).toEqual([{ numbers: [2, 4] }]);
    const headers = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/reservations"))?.[1]
      ?.headers as Record<string, string>;
    expect(headers["idempotency-key"]).toBeTruthy();
  });

  it("409 NUMBERS_TAKEN: marca los números tomados al instante, los quita y avisa en español", async () => {
    const server: Server = {
      total: 10_000,
      taken: [],
      reserve: () =>
        json(409, {
          error: {
            code: "NUMBERS_TAKEN",
            message: RESERVATION_MESSAGES.numbersTaken(["0001"]),
            details: { taken: ["0001"] },
          },
        }),
    };
    serve(server);
    renderPicker(raffle());
    await grid();
    await userEvent.click(cell("Número 0001, disponible"));
    await userEvent.click(cell("Número 0002, disponible"));
    await userEvent.click(cell("Número 0003, disponible"));
    // Marked from the answer alone, before any new bitmap arrives.
    server.hold = true;
    await userEvent.click(screen.getByRole("button", { name: /Reservar 3 números/ }));
    expect(await screen.findByRole("button", { name: "Número 0001, ocupado" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Quitar 0001" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Quitar 0002" })).toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ description: RESERVATION_MESSAGES.numbersTaken(["0001"]) }),
    );
    expect(screen.queryByTestId("location")).not.toBeInTheDocument();
  });

  it("409 RESERVATION_ACTIVE: lleva a la página de pago de la reserva que ya tiene", async () => {
    serve({
      total: 10_000,
      taken: [],
      reserve: () =>
        json(409, {
          error: {
            code: "RESERVATION_ACTIVE",
            message: RESERVATION_MESSAGES.activeExists,
            details: { reservationId: "res-9" },
          },
        }),
    });
    renderPicker(raffle());
    await grid();
    await userEvent.click(cell("Número 0001, disponible"));
    await userEvent.click(cell("Número 0002, disponible"));
    await userEvent.click(screen.getByRole("button", { name: /Reservar 2 números/ }));
    expect(await screen.findByTestId("location")).toHaveTextContent(
      "/perfil/subir-comprobante/r1?reserva=res-9",
    );
  });

  it("sin violaciones de axe, con números ocupados, propios, elegidos y combos", async () => {
    serve({ total: 10_000, taken: [1, 3, 5, 6], mine: { held: [5], owned: [6] } });
    const { container } = renderPicker(raffle({ combos: [{ quantity: 5, price: 20 }] }));
    await screen.findByRole("button", { name: "Número 0001, ocupado" });
    await screen.findByRole("button", { name: "Número 0005, apartado por ti" });
    expect(cell("Número 0006, tuyo")).toBeInTheDocument();
    await userEvent.click(cell("Número 0002, disponible"));
    await userEvent.click(cell("Número 0004, disponible"));
    const result = await axe.run(container);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("un visitante va a iniciar sesión y su selección se guarda", async () => {
    serve({ total: 10_000, taken: [] });
    renderPicker(raffle(), null);
    await grid();
    await userEvent.click(cell("Número 0001, disponible"));
    await userEvent.click(cell("Número 0002, disponible"));
    await userEvent.click(screen.getByRole("button", { name: /Reservar 2 números/ }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/login");
    expect(JSON.parse(sessionStorage.getItem("rifazo:numeros:r1") ?? "[]")).toEqual([1, 2]);
  });
});
