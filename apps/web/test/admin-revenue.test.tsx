// @vitest-environment happy-dom
import type { AdminStats } from "@rifazo/shared/schemas/admin";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AdminRaffleDetail } from "../src/features/admin";
import { StatsTab } from "../src/features/admin/stats/stats-tab";
import { makeAdminRaffle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// Revenue is shown as "Ingresos cobrados", "Reembolsado" and "Neto" in USD and Bs (es-VE), from the
// API's one revenue figure: never price × tickets sold (the Moto raffle once read $594).

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Revenue = AdminStats["revenue"];
/** A raffle with no payment yet: every figure zero. */
const NO_REVENUE: Revenue = makeAdminRaffle().revenue;
const MOTO: Revenue = {
  ...NO_REVENUE,
  collected: { usd: 20.1, ves: 885 },
  net: { usd: 20.1, ves: 885 },
  proofs: 2,
};
/** Cancelled after two payments: all refunded, part of it still to pay out. */
const CANCELLED: Revenue = {
  ...NO_REVENUE,
  collected: { usd: 20, ves: 500 },
  refunded: { usd: 20, ves: 500 },
  refundPending: { usd: 10, ves: 500 },
  proofs: 2,
};
/** The statistics' total is the sum of the raffles' figures, as the API adds them. */
function sum(a: Revenue, b: Revenue): Revenue {
  const add = (key: "collected" | "refunded" | "refundPending" | "net") => ({
    usd: a[key].usd + b[key].usd,
    ves: a[key].ves + b[key].ves,
  });
  return {
    collected: add("collected"),
    refunded: add("refunded"),
    refundPending: add("refundPending"),
    net: add("net"),
    proofs: a.proofs + b.proofs,
  };
}
const TOTAL = sum(MOTO, CANCELLED);
const moto = makeAdminRaffle({ id: "moto", title: "Moto", price: 3, soldTickets: 8, revenue: MOTO });
const cancelled = makeAdminRaffle({
  id: "cancelada",
  title: "Cancelada",
  status: "cancelled",
  soldTickets: 4,
  revenue: CANCELLED,
});
const row = (r: typeof moto) => ({
  id: r.id,
  title: r.title,
  status: r.status,
  currency: r.currency,
  price: r.price,
  soldTickets: r.soldTickets,
  totalTickets: r.totalTickets,
  revenue: r.revenue,
});
const STATS: AdminStats = {
  totalUsers: 3,
  registeredToday: 1,
  revenue: TOTAL,
  totalRaffles: 2,
  rafflesByStatus: { upcoming: 0, active: 1, closed: 0, frozen: 0, finished: 0, cancelled: 1 },
  proofsByStatus: { pending: 1, approved: 4, verified: 0, rejected: 1 },
  ticketsSold: 12,
  revenueByRaffle: [row(moto), row(cancelled)],
  salesByDay: [],
};

beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith("/api/admin/stats")) return json(200, STATS);
    if (url.startsWith("/api/admin/raffles/moto")) return json(200, moto);
    if (url.startsWith("/api/admin/raffles")) return json(200, { items: [moto, cancelled] });
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
});

const figure = (key: string) => screen.getAllByTestId(`revenue-${key}`)[0] as HTMLElement;

describe("ingresos", () => {
  it("estadísticas: cobrado, reembolsado y neto en USD y Bs; por rifa, el neto", async () => {
    renderWithProviders(<StatsTab />, { path: "/admin" });
    await screen.findByText("Ingresos cobrados");
    expect(figure("collected")).toHaveTextContent("Ingresos cobrados$40,10 · Bs. 1.385,00");
    expect(figure("refunded")).toHaveTextContent("Reembolsado− $20,00 · Bs. 500,00");
    expect(figure("net")).toHaveTextContent("Neto$20,10 · Bs. 885,00");
    expect(screen.getByText("De lo reembolsado, falta pagar $10,00 · Bs. 500,00.")).toBeInTheDocument();
    expect(screen.queryByText(/Ingresos estimados|Precio × boletos/)).toBeNull();
    const bars = within(screen.getByRole("list", { name: "Ingresos netos por rifa" })).getAllByRole(
      "listitem",
    );
    expect(bars[0]).toHaveTextContent("Moto");
    expect(bars[0]).toHaveTextContent("Neto $20,10 · Bs. 885,00 · 8 boletos");
    expect(bars[1]).toHaveTextContent("Cancelada");
    expect(bars[1]).toHaveTextContent("Neto $0,00 · Bs. 0,00 · Reembolsado $20,00 · Bs. 500,00");
  });

  it("el gráfico de otra rifa, mientras carga, dice que aún se ven las ventas de la elección anterior y no se atenúa", async () => {
    let release: (response: Response) => void = () => {};
    const base = fetchMock.getMockImplementation();
    const withSales = {
      ...STATS,
      salesByDay: [
        { date: "2026-11-01", count: 3 },
        { date: "2026-11-02", count: 5 },
      ],
    };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes("raffleId=cancelada")) return new Promise<Response>((resolve) => (release = resolve));
      if (url.startsWith("/api/admin/stats")) return json(200, withSales);
      return (base as NonNullable<typeof base>)(input, init);
    });
    const user = userEvent.setup();
    renderWithProviders(<StatsTab />, { path: "/admin" });
    // The chart starts on the newest active raffle (Moto), once its sales are in.
    const chosen = await screen.findByRole("combobox", { name: "Rifa del gráfico" });
    await vi.waitFor(() => expect(chosen).toHaveTextContent("Moto"));
    await vi.waitFor(() => expect(screen.queryByText(/Cargando las ventas de la rifa elegida/)).toBeNull());
    const caption = screen.getByText(/^Boletos vendidos por día/, { selector: "figcaption" });

    await user.click(chosen);
    await user.click(await screen.findByRole("option", { name: "Cancelada" }));
    expect(await screen.findByText(/^Cargando las ventas de la rifa elegida/)).toHaveTextContent(
      "Cargando las ventas de la rifa elegida; mientras tanto se ven las de la elección anterior.",
    );
    // Nothing on the chart is faded: dimmed text would fail the contrast check (WCAG 1.4.3).
    for (let node: HTMLElement | null = caption; node; node = node.parentElement)
      expect(node.className).not.toMatch(/opacity-/);

    release(json(200, withSales));
    await vi.waitFor(() => expect(screen.queryByText(/Cargando las ventas de la rifa elegida/)).toBeNull());
  });

  it("la página de la rifa en administración muestra sus ingresos", async () => {
    renderWithProviders(<AdminRaffleDetail />, { path: "/admin/rifas/moto", pattern: "/admin/rifas/:id" });
    await screen.findByRole("heading", { name: "Ingresos" });
    expect(figure("collected")).toHaveTextContent("$20,10 · Bs. 885,00");
    expect(figure("refunded")).toHaveTextContent("$0,00 · Bs. 0,00");
    expect(figure("net")).toHaveTextContent("$20,10 · Bs. 885,00");
  });
});
