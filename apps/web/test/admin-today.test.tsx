// @vitest-environment happy-dom
import type { AdminToday } from "@rifazo/shared/schemas/admin";
import { screen, within } from "@testing-library/react";
import axe from "axe-core";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AdminDashboard } from "../src/features/admin/dashboard/admin-dashboard";
import { makeAdminPrize, pendingClaim } from "./fixtures/admin-prize";
import { renderWithProviders, stubFetch } from "./render";

// The panel's first screen, "Hoy": what needs the organiser today, each count linking to where it is
// handled, reservations about to expire with a WhatsApp link, and sales per day in USD and Bs.

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A day's revenue: collected and refunded as [usd, ves]; net is their difference. */
function revenue([cu, cv]: [number, number], [ru, rv]: [number, number] = [0, 0], proofs = 0) {
  return {
    collected: { usd: cu, ves: cv },
    refunded: { usd: ru, ves: rv },
    refundPending: { usd: 0, ves: 0 },
    net: { usd: Math.round((cu - ru) * 100) / 100, ves: Math.round((cv - rv) * 100) / 100 },
    proofs,
  };
}
const days: AdminToday["salesPerDay"] = Array.from({ length: 14 }, (_, i) => ({
  day: `2026-11-${String(13 + i).padStart(2, "0")}`,
  revenue: revenue([0, 0]),
  proofs: 0,
}));
days[12] = { day: "2026-11-25", revenue: revenue([1000, 36500], [0, 0], 3), proofs: 3 };
// A cancelled raffle's refunds were created on the 26th.
days[13] = { day: "2026-11-26", revenue: revenue([234.56, 8_561.44], [34.56, 1_261.44], 2), proofs: 2 };

const TODAY: AdminToday = {
  pendingProofs: { count: 7, oldestAt: "2026-11-25T14:30:00.000Z" },
  lateDraws: [],
  awaitingDecision: [],
  backgroundJobs: [],
  expiringReservations: [
    {
      id: "r1",
      raffleId: "raffle-1",
      raffleTitle: "Moto Bera",
      buyerName: "María Pérez",
      buyerPhone: "0414-1234567",
      quantity: 3,
      expiresAt: "2026-11-26T15:40:00.000Z",
      status: "active",
    },
    {
      id: "r2",
      raffleId: "raffle-1",
      raffleTitle: "Moto Bera",
      buyerName: "Luis Sin Teléfono",
      buyerPhone: null,
      quantity: 1,
      expiresAt: "2026-11-26T15:50:00.000Z",
      status: "rejected",
    },
  ],
  closingRaffles: [
    {
      id: "raffle-1",
      title: "Moto Bera",
      endDate: "2026-11-27T00:00:00.000Z",
      soldTickets: 40,
      totalTickets: 100,
      minTickets: 50,
    },
  ],
  refundsToPay: { count: 2, totalUsd: 17.25, totalVes: 365.5 },
  salesPerDay: days,
  prizes: { pendingReview: 0, openDisputes: [], claimsDueSoon: 0 },
};

beforeEach(() => {
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async (input) =>
    String(input) === "/api/admin/today"
      ? json(200, TODAY)
      : json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } }),
  );
});

describe("pestaña Hoy", () => {
  it("un sorteo cuya ronda de drand se atrasó va primero, con la salida (Pegar beacon)", async () => {
    const late = {
      ...TODAY,
      lateDraws: [
        { id: "raffle-9", title: "Moto atrasada", round: 12345678, roundAt: "2026-11-26T22:17:00.000Z" },
      ],
    };
    fetchMock.mockImplementation(async () => json(200, late));
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const region = await screen.findByRole("region", { name: "1 sorteo espera su ronda de drand" });
    expect(region).toHaveTextContent("Moto atrasada: ronda 12345678, disponible desde el");
    expect(region).toHaveTextContent(/Pegar beacon/);
    expect(region).toHaveTextContent("/api/health");
    expect(within(region).getByRole("link", { name: "Pegar beacon de Moto atrasada" })).toHaveAttribute(
      "href",
      "/admin/rifas/raffle-9",
    );
  });

  it("rifas bajo su mínimo que esperan la decisión: vendidos/mínimo, desde cuándo y a dónde ir a decidir", async () => {
    const waiting = {
      ...TODAY,
      awaitingDecision: [
        {
          id: "raffle-7",
          title: "Moto sin vender",
          soldTickets: 12,
          minTickets: 40,
          closedAt: "2026-11-25T16:00:00.000Z",
          extendable: true,
          extensionsUsed: 1,
          maxExtensions: 2,
        },
        {
          id: "raffle-8",
          title: "Nevera por porcentaje",
          soldTickets: 8,
          minTickets: 10,
          closedAt: "2026-11-24T16:00:00.000Z",
          extendable: false,
          extensionsUsed: 0,
          maxExtensions: 2,
        },
      ],
    };
    fetchMock.mockImplementation(async () => json(200, waiting));
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const region = await screen.findByRole("region", {
      name: "2 rifas no alcanzaron su mínimo y esperan tu decisión",
    });
    const items = within(
      within(region).getByRole("list", { name: "Rifas que esperan tu decisión" }),
    ).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [moto, nevera] = items as [HTMLElement, HTMLElement];
    expect(moto).toHaveTextContent(
      "12 de 40 boletos vendidos (mínimo para sortear) · espera desde el 25 de noviembre de 2026",
    );
    expect(moto).toHaveTextContent("Prórrogas usadas: 1 de 2.");
    expect(within(moto).getByRole("link", { name: "Extender o cancelar Moto sin vender" })).toHaveAttribute(
      "href",
      "/admin/rifas/raffle-7",
    );
    expect(nevera).toHaveTextContent("Ya no se puede prorrogar");
    expect(
      within(nevera).getByRole("link", { name: "Cancelar con reembolsos Nevera por porcentaje" }),
    ).toHaveAttribute("href", "/admin/rifas/raffle-8");
  });

  it("sin rifas que esperen decisión no hay aviso", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    await screen.findByRole("region", { name: "Comprobantes por revisar" });
    expect(screen.queryByText(/esperan? tu decisión/)).not.toBeInTheDocument();
  });

  it("sin sorteos atrasados no hay aviso", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    await screen.findByRole("region", { name: "Comprobantes por revisar" });
    expect(screen.queryByText(/espera su ronda de drand|esperan su ronda de drand/)).not.toBeInTheDocument();
  });

  it("es la primera pestaña y la que abre /admin", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const tabs = screen.getAllByRole("tab");
    expect(tabs[0]).toHaveTextContent("Hoy");
    expect(screen.getByRole("tab", { name: "Hoy" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("region", { name: "Comprobantes por revisar" })).toBeInTheDocument();
  });

  it("tarjetas con sus cantidades y enlaces a donde se atienden", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const pending = await screen.findByRole("region", { name: "Comprobantes por revisar" });
    expect(within(pending).getByText("7")).toBeInTheDocument();
    expect(within(pending).getByRole("link", { name: "Ir a Comprobantes" })).toHaveAttribute(
      "href",
      "/admin?tab=payments",
    );
    const refunds = screen.getByRole("region", { name: "Reembolsos por pagar" });
    expect(within(refunds).getByText("2")).toBeInTheDocument();
    expect(refunds).toHaveTextContent("$17,25 y Bs. 365,50");
    expect(within(refunds).getByRole("link", { name: "Ir a Reembolsos" })).toHaveAttribute(
      "href",
      "/admin?tab=refunds",
    );
    const closing = screen.getByRole("list", { name: "Rifas que cierran pronto" });
    expect(within(closing).getByRole("link", { name: "Moto Bera" })).toHaveAttribute(
      "href",
      "/admin/rifas/raffle-1",
    );
    expect(closing).toHaveTextContent("40 de 100 vendidos · mínimo 50");
    expect(within(closing).getByText("Faltan 10 para el mínimo")).toBeInTheDocument();
  });

  it("reservas por vencer con 'Escribir por WhatsApp' solo si hay teléfono", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const list = await screen.findByRole("list", { name: "Reservas por vencer" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const link = within(items[0] as HTMLElement).getByRole("link", {
      name: "Escribir por WhatsApp a María Pérez",
    });
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const href = new URL(link.getAttribute("href") as string);
    expect(href.origin + href.pathname).toBe("https://wa.me/584141234567");
    const text = href.searchParams.get("text") ?? "";
    expect(text).toMatch(
      /^Hola María, te escribimos de Rifazo: tu reserva de 3 boletos en «Moto Bera» vence a las /,
    );
    expect(within(items[1] as HTMLElement).queryByRole("link")).toBeNull();
    expect(items[1]).toHaveTextContent("comprobante rechazado");
  });

  it("ingresos por día en un teléfono: una lista con las cifras apiladas, los días sin movimientos en una línea", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const list = await screen.findByRole("list", { name: "Ingresos por día, últimos 14 días" });
    // The table is hidden below sm; the list is hidden from sm up (one of the two at a time).
    expect(list).toHaveClass("sm:hidden");
    expect(screen.getByRole("region", { name: "Ingresos por día" })).toHaveClass("hidden", "sm:block");
    const items = within(list).getAllByRole("listitem");
    // 14 days and the total.
    expect(items).toHaveLength(15);
    expect(items[0]).toHaveTextContent("Sin movimientos");
    const day = items[13] as HTMLElement;
    expect(day).toHaveTextContent("26 nov. 2026 · 2 pagos");
    const figures = (item: HTMLElement) =>
      within(item)
        .getAllByRole("term")
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(figures(day)).toEqual([
      "Ingresos cobrados: $234,56Bs. 8.561,44",
      "Reembolsado: $34,56Bs. 1.261,44",
      "Neto: $200,00Bs. 7.300,00",
    ]);
    const total = items[14] as HTMLElement;
    expect(total).toHaveTextContent("Total · 5 pagos");
    expect(figures(total)).toEqual([
      "Ingresos cobrados: $1.234,56Bs. 45.061,44",
      "Reembolsado: $34,56Bs. 1.261,44",
      "Neto: $1.200,00Bs. 43.800,00",
    ]);
  });

  it("ingresos por día: cobrado, reembolsado y neto, en USD y Bs, con totales", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const table = await screen.findByRole("table", {
      name: "Ingresos cobrados, reembolsado y neto por día, últimos 14 días",
    });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(["Ingresos cobrados", "Reembolsado", "Neto"]));
    const rows = within(table).getAllByRole("row");
    // Header, 14 days, total.
    expect(rows).toHaveLength(16);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole("cell")
        .map((td) => td.textContent);
    // Pagos, cobrado, (bar), reembolsado, neto.
    expect(cells(rows[14] as HTMLElement)).toEqual([
      "2",
      "$234,56Bs. 8.561,44",
      "",
      "$34,56Bs. 1.261,44",
      "$200,00Bs. 7.300,00",
    ]);
    const total = rows[15] as HTMLElement;
    expect(within(total).getByRole("rowheader")).toHaveTextContent("Total");
    expect(cells(total)).toEqual([
      "5",
      "$1.234,56Bs. 45.061,44",
      "",
      "$34,56Bs. 1.261,44",
      "$1.200,00Bs. 43.800,00",
    ]);
  });
  it("tareas en segundo plano: nombre en español, estado y último éxito", async () => {
    const job = {
      intervalMs: 60_000,
      running: false,
      lastRunAt: "2026-11-26T15:00:00.000Z",
      lastSuccessAt: "2026-11-26T15:00:00.000Z",
      lastErrorAt: null,
      lastError: null,
      failures: 0,
      nextRunAt: "2026-11-26T15:01:00.000Z",
    };
    const withJobs = {
      ...TODAY,
      backgroundJobs: [
        { ...job, name: "reservation-expiry" },
        { ...job, name: "draw", running: true },
        {
          ...job,
          name: "mail-outbox",
          lastSuccessAt: null,
          lastErrorAt: "2026-11-26T15:00:00.000Z",
          lastError: "SMTP caído",
          failures: 3,
        },
        { ...job, name: "proof-analysis", lastError: "OCR sin memoria", failures: 1 },
        { ...job, name: "some-new-job", lastRunAt: null, lastSuccessAt: null },
      ],
    };
    fetchMock.mockImplementation(async () => json(200, withJobs));
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const list = await screen.findByRole("list", { name: "Tareas en segundo plano" });
    expect(screen.getByRole("heading", { name: "Tareas en segundo plano" })).toBeInTheDocument();
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(5);
    const [expiry, draw, mail, analysis, unknown] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(expiry).toHaveTextContent("Vencimiento de reservas");
    expect(expiry).toHaveTextContent("Al día");
    expect(expiry).toHaveTextContent(/Último éxito: 26 .*2026/);
    expect(draw).toHaveTextContent("Sorteos programados");
    expect(draw).toHaveTextContent("Ejecutándose");
    expect(mail).toHaveTextContent("Envío de correos");
    expect(mail).toHaveTextContent("Falló: SMTP caído (3 veces seguidas)");
    expect(mail).toHaveTextContent("Aún sin ejecuciones exitosas");
    // A single failure is not a streak: no count after it.
    expect(analysis).toHaveTextContent(/Falló: OCR sin memoria(?! \()/);
    expect(unknown).toHaveTextContent("some-new-job");
    // Never run yet: pending, not «Al día».
    expect(unknown).toHaveTextContent("Pendiente");
    expect(unknown).not.toHaveTextContent("Al día");
  });

  it("Premios: cada disputa abierta con su rifa, boleto y mensaje, los reclamos por revisar y enlaces a la rifa", async () => {
    const withPrizes: AdminToday = {
      ...TODAY,
      prizes: {
        pendingReview: 1,
        claimsDueSoon: 2,
        openDisputes: [
          {
            winnerId: "w-7",
            raffleId: "raffle-3",
            raffleTitle: "Moto Bera",
            ticketNumber: "0042",
            openedAt: "2026-11-25T14:30:00.000Z",
            message: "Me pagaron Bs. 20.000 y el premio era de $1.000.",
          },
        ],
      },
    };
    const review = makeAdminPrize({
      winnerId: "w-9",
      raffleId: "raffle-5",
      raffleTitle: "Nevera",
      ticketNumber: "007",
      winnerName: "Ana Gómez",
      claim: pendingClaim(),
    });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === "/api/admin/today") return json(200, withPrizes);
      if (url === "/api/admin/prizes?status=review") return json(200, { items: [review] });
      return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
    });
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const card = await screen.findByRole("region", { name: "Premios" });
    const disputes = within(within(card).getByRole("list", { name: "Disputas abiertas" })).getAllByRole(
      "listitem",
    );
    expect(disputes).toHaveLength(1);
    const [dispute] = disputes as [HTMLElement];
    expect(dispute).toHaveTextContent("Moto Bera · boleto 0042");
    expect(dispute).toHaveTextContent("Me pagaron Bs. 20.000 y el premio era de $1.000.");
    expect(within(card).getByRole("heading", { name: "1 disputa abierta" })).toBeInTheDocument();
    expect(
      within(dispute).getByRole("link", { name: "Resolver la disputa de Moto Bera, boleto 0042" }),
    ).toHaveAttribute("href", "/admin/rifas/raffle-3#premio-w-7");

    const claims = await within(card).findByRole("list", { name: "Reclamos por revisar" });
    expect(within(card).getByRole("heading", { name: "1 reclamo por revisar" })).toBeInTheDocument();
    expect(claims).toHaveTextContent("Nevera · boleto 007");
    expect(within(claims).getByRole("link", { name: "Revisar el reclamo de Ana Gómez" })).toHaveAttribute(
      "href",
      "/admin/rifas/raffle-5#premio-w-9",
    );
    expect(card).toHaveTextContent("2 premios sin reclamar: sus plazos vencen en las próximas 48 horas.");
    const result = await axe.run(card);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it("Premios sin nada pendiente lo dice y no pide la lista de reclamos", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    const card = await screen.findByRole("region", { name: "Premios" });
    expect(card).toHaveTextContent("Nada pendiente: ningún reclamo por revisar ni disputas abiertas.");
    expect(within(card).queryByRole("list")).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith("/api/admin/prizes"))).toBe(false);
  });

  it("sin tareas informadas no hay sección de tareas", async () => {
    renderWithProviders(<AdminDashboard />, { path: "/admin" });
    await screen.findByRole("region", { name: "Comprobantes por revisar" });
    expect(screen.queryByText("Tareas en segundo plano")).not.toBeInTheDocument();
  });
});
