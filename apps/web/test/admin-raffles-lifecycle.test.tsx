// @vitest-environment happy-dom
import type { AdminRaffle } from "@rifazo/shared/schemas/admin";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "../src/components/ui/toast";
import { RafflesTab } from "../src/features/admin/raffles/raffles-tab";
import { makeAdminRaffle, makeLifecycle } from "./fixtures/raffle";
import { renderWithProviders, stubFetch } from "./render";

// The admin's raffles list (decision 0012): each raffle's lifecycle state, and only the transitions the state
// machine allows: Abrir ventas, Cerrar antes de tiempo, Cancelar (with a reason).

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

function raffle(id: string, state: AdminRaffle["status"], extra: Partial<AdminRaffle> = {}): AdminRaffle {
  return makeAdminRaffle({
    id,
    title: `Rifa ${id}`,
    description: "",
    status: state,
    endDate: "2030-01-01T00:00:00.000Z",
    totalTickets: 10,
    soldTickets: 2,
    maxTicketsPerBuyer: 5,
    daysUntilActivationTeaser: 10,
    createdAt: `2026-11-0${id.length}T12:00:00.000Z`,
    lifecycle: makeLifecycle(state, { pendingProofs: state === "closed" ? 2 : 0 }),
    paymentProofCount: 2,
    ...extra,
  });
}

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const RAFFLES = [
  raffle("up", "upcoming", { soldTickets: 0 }),
  raffle("sell", "active"),
  raffle("full", "active", { soldTickets: 10 }),
  raffle("clos", "closed"),
  raffle("froze", "frozen"),
];

beforeEach(() => {
  vi.mocked(toast).mockClear();
  vi.stubGlobal("EventSource", undefined);
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/admin/raffles" && (init?.method ?? "GET") === "GET")
      return json(200, { items: RAFFLES });
    const cancel = /^\/api\/admin\/raffles\/(\w+)\/cancel$/.exec(url);
    if (cancel && init?.method === "POST") {
      const target = RAFFLES.find((r) => r.id === cancel[1]) as AdminRaffle;
      const { reason } = JSON.parse(String(init.body)) as { reason: string };
      return json(200, raffle(target.id, "cancelled", { cancelReason: reason }));
    }
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
});

const row = (title: string) => screen.getByRole("listitem", { name: title });

describe("RafflesTab: acciones del ciclo de vida", () => {
  it("ofrece solo las transiciones que el estado permite", async () => {
    renderWithProviders(<RafflesTab />);
    await screen.findByRole("listitem", { name: "Rifa up" });
    const has = (title: string, name: string) =>
      within(row(title)).queryByRole("button", { name: `${name} ${title}` }) !== null;

    expect(has("Rifa up", "Abrir ventas de")).toBe(true);
    expect(has("Rifa up", "Cancelar")).toBe(true);
    expect(has("Rifa sell", "Abrir ventas de")).toBe(false);
    // A date raffle with tickets left sells until its date; a sold-out one may close now.
    expect(has("Rifa sell", "Cerrar antes de tiempo")).toBe(false);
    expect(has("Rifa full", "Cerrar antes de tiempo")).toBe(true);
    expect(has("Rifa clos", "Cancelar")).toBe(true);
    expect(within(row("Rifa clos")).getByText("2 pagos en revisión")).toBeInTheDocument();
    // Frozen: nothing to open, close or cancel.
    expect(has("Rifa froze", "Cancelar")).toBe(false);
    expect(has("Rifa froze", "Cerrar antes de tiempo")).toBe(false);
    expect(within(row("Rifa froze")).getByText("Lista congelada: esperando el sorteo")).toBeInTheDocument();
  });

  it("cancelar pide el motivo y lo envía", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RafflesTab />);
    await screen.findByRole("listitem", { name: "Rifa sell" });
    await user.click(within(row("Rifa sell")).getByRole("button", { name: "Cancelar Rifa sell" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Cancelar esta rifa?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancelar rifa" }));
    expect(
      await within(dialog).findByText("Indica el motivo de la cancelación (al menos 5 caracteres)."),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Motivo de la cancelación"), "El premio no llegó.");
    await user.click(within(dialog).getByRole("button", { name: "Cancelar rifa" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        "/api/admin/raffles/sell/cancel",
        expect.objectContaining({ method: "POST" }),
      ),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith("/cancel"));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: "El premio no llegó." });
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Rifa cancelada", variant: "success" }),
      ),
    );
  });
});
