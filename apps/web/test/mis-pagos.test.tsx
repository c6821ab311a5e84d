// @vitest-environment happy-dom
import type { MyProofs, PaymentProof } from "@rifazo/shared/schemas/proofs";
import type { Reservation } from "@rifazo/shared/schemas/reservations";
import { act, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useNotificationStream } from "../src/features/notifications/hooks/use-notification-stream";
import { PaymentsList } from "../src/features/proofs";
import { makePaidRefund, makeProof } from "./fixtures/proof";
import { makeReservation } from "./fixtures/reservation";
import { renderWithProviders, stubFetch } from "./render";
import { allowConsole } from "./setup";

// Mis Pagos (decision 0013): the reservations waiting for a proof with their countdown and a link to the
// payment page, rejection reasons in plain view, the receipt link once approved, and live updates: the
// notification of an approval refetches the lists without a reload.

const PHONE_NOW = new Date("2026-11-26T14:00:00.000Z");
/** The server's clock runs three minutes ahead of the phone's. */
const SERVER_NOW = new Date(PHONE_NOW.getTime() + 3 * 60_000);

/** A pending Zelle payment sent at PHONE_NOW, not yet reviewed. */
function proof(overrides: Partial<PaymentProof> = {}): PaymentProof {
  return makeProof({
    status: "pending",
    createdAt: PHONE_NOW.toISOString(),
    reviewedAt: null,
    statusLabel: "En Revisión",
    ticketNumbers: [],
    ...overrides,
  });
}

const page = (items: PaymentProof[]): MyProofs => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 5,
  pageCount: 1,
});

function reservation(overrides: Partial<Reservation>): Reservation {
  return makeReservation(SERVER_NOW, {
    expiresAt: new Date(SERVER_NOW.getTime() + 12 * 60_000).toISOString(),
    ...overrides,
  });
}

/** EventSource as the notification stream uses it; a test dispatches events through it. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 1;
  private listeners = new Map<string, Set<(event: Event) => void>>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }
  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: "7" });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

const fetchMock = stubFetch();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let proofs: MyProofs;
let reservations: Reservation[];

function calls(path: string) {
  return fetchMock.mock.calls.filter(([input]) => String(input).startsWith(path)).length;
}

function Harness() {
  // The bell owns the user's stream in the app; here it is mounted next to the list.
  useNotificationStream();
  return <PaymentsList />;
}

beforeEach(() => {
  // The search box is a <search> landmark, which happy-dom does not know yet.
  allowConsole("error", "The tag <search> is unrecognized");
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"], now: PHONE_NOW });
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
  proofs = page([proof()]);
  reservations = [
    reservation({}),
    reservation({
      id: "res2",
      raffleId: "r3",
      raffleTitle: "Smart TV 65",
      status: "rejected",
      statusLabel: "Rechazado",
      numbers: null,
      numberMode: "random",
      rejectionReason: "El monto no coincide con el total.",
      expiresAt: new Date(SERVER_NOW.getTime() + 30 * 60_000).toISOString(),
    }),
    reservation({ id: "res3", status: "approved", statusLabel: "Aprobado", raffleTitle: "Viejo" }),
  ];
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith("/api/proofs/mine")) return json(200, proofs);
    if (url === "/api/reservations") return json(200, { items: reservations });
    if (url === "/api/notifications") return json(200, { items: [], unreadCount: 0 });
    return json(404, { error: { code: "NOT_FOUND", message: "No encontrado." } });
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("Mis Pagos", () => {
  it("lists the reservations waiting for a proof with their countdown, link and rejection reason", async () => {
    renderWithProviders(<Harness />, { path: "/perfil/pagos" });
    const section = await screen.findByRole("region", { name: "Reservas por pagar" });
    const items = within(section)
      .getAllByRole("listitem")
      .filter((li) => li.querySelector("h3"));
    expect(items).toHaveLength(2);
    expect(within(section).queryByText("Viejo")).not.toBeInTheDocument();

    const active = items[0] as HTMLElement;
    // 12 minutes by the server's clock, whatever the phone's says.
    expect(within(active).getByRole("timer", { name: "Tiempo para pagar" })).toHaveTextContent("12:00");
    expect(within(active).getByRole("link", { name: "Continuar pago: Moto Bera 2027" })).toHaveAttribute(
      "href",
      "/perfil/subir-comprobante/r1?reserva=res1",
    );
    await act(async () => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    expect(within(active).getByRole("timer")).toHaveTextContent("10:00");

    const rejected = items[1] as HTMLElement;
    expect(rejected).toHaveTextContent("Motivo del rechazo: El monto no coincide con el total.");
    expect(
      within(rejected).getByRole("link", { name: "Subir nuevo comprobante: Smart TV 65" }),
    ).toHaveAttribute("href", "/perfil/subir-comprobante/r3?reserva=res2");

    await act(async () => {
      vi.advanceTimersByTime(10 * 60_000);
    });
    expect(active).toHaveTextContent("Tu reserva venció");
    expect(within(active).queryByRole("link")).not.toBeInTheDocument();
  });

  it("refetches the payments and reservations when an approval is notified, and links the receipt", async () => {
    renderWithProviders(<Harness />, { path: "/perfil/pagos" });
    expect(await screen.findByText("En Revisión")).toBeInTheDocument();
    await screen.findByRole("region", { name: "Reservas por pagar" });
    expect(screen.queryByRole("link", { name: /Ver recibo/ })).not.toBeInTheDocument();
    const before = { proofs: calls("/api/proofs/mine"), reservations: calls("/api/reservations") };

    proofs = page([
      proof({
        status: "approved",
        statusLabel: "Aprobado",
        ticketNumbers: ["0042", "0777"],
        receiptToken: "tok123",
      } as Partial<PaymentProof>),
    ]);
    reservations = [];
    const stream = FakeEventSource.instances.at(-1);
    act(() => {
      stream?.emit("notification", {
        type: "notification.created",
        id: "n1",
        notificationType: "payment_approved",
      });
    });

    expect(await screen.findByRole("link", { name: "Ver recibo: iPhone 17" })).toHaveAttribute(
      "href",
      "/recibo/tok123",
    );
    expect(screen.getByText("Aprobado")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Reservas por pagar" })).not.toBeInTheDocument(),
    );
    expect(calls("/api/proofs/mine")).toBeGreaterThan(before.proofs);
    expect(calls("/api/reservations")).toBeGreaterThan(before.reservations);
  });

  it("a pending chosen-numbers proof shows its held numbers; five assigned numbers all show; random mode says at approval", async () => {
    proofs = page([
      proof({
        id: "held",
        status: "pending",
        statusLabel: "En Revisión",
        quantityOfTickets: 3,
        ticketNumbers: [],
        heldNumbers: ["07", "42", "99"],
        raffleTitle: "Moto elegida",
      }),
      proof({
        id: "random",
        status: "pending",
        statusLabel: "En Revisión",
        ticketNumbers: [],
        heldNumbers: [],
        raffleTitle: "Moto al azar",
      }),
      proof({ id: "five", ticketNumbers: ["01", "02", "03", "04", "05"], raffleTitle: "Cinco" }),
    ]);
    renderWithProviders(<Harness />, { path: "/perfil/pagos" });
    const held = (await screen.findByRole("heading", { name: "Moto elegida" })).closest("li") as HTMLElement;
    expect(held).toHaveTextContent("Números apartados:074299");
    expect(within(held).getByText("Serán tuyos cuando se apruebe el pago.")).toBeInTheDocument();
    expect(within(held).queryByText(/se asignan al aprobar/i)).not.toBeInTheDocument();

    const random = screen.getByRole("heading", { name: "Moto al azar" }).closest("li") as HTMLElement;
    expect(within(random).getByText("Tus números se asignan al aprobar el pago.")).toBeInTheDocument();
    expect(within(random).queryByText(/apartados/)).not.toBeInTheDocument();

    const five = screen.getByRole("heading", { name: "Cinco" }).closest("li") as HTMLElement;
    for (const n of ["01", "02", "03", "04", "05"]) expect(within(five).getByText(n)).toBeInTheDocument();
    expect(five).not.toHaveTextContent(/más/);
  });

  it("does not refetch for a notification being marked read", async () => {
    renderWithProviders(<Harness />, { path: "/perfil/pagos" });
    expect(await screen.findByText("En Revisión")).toBeInTheDocument();
    const before = calls("/api/proofs/mine");
    act(() => {
      FakeEventSource.instances.at(-1)?.emit("notification", { type: "notification.read", id: "n1" });
    });
    // Longer than the coalescing window of a refetch.
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(calls("/api/proofs/mine")).toBe(before);
  });

  it("a refunded purchase says Reembolsado, voids its tickets and its receipt; a pending refund says so too", async () => {
    const approved = {
      status: "approved",
      statusLabel: "Aprobado",
      ticketNumbers: ["0042", "0777"],
      receiptToken: "tok123",
      reviewedAt: PHONE_NOW.toISOString(),
    } satisfies Partial<PaymentProof>;
    const refund = makePaidRefund(PHONE_NOW.toISOString());
    proofs = page([
      proof({ ...approved, refund }),
      proof({
        ...approved,
        id: "p2",
        raffleTitle: "Moto",
        receiptToken: "tok456",
        refund: {
          ...refund,
          id: "rf2",
          status: "pending",
          statusLabel: "Reembolso pendiente",
          paidReference: null,
          paidAt: null,
        },
      }),
    ]);
    reservations = [];
    renderWithProviders(<Harness />, { path: "/perfil/pagos" });
    const items = await screen.findAllByRole("listitem");
    const cards = items.filter((li) => within(li).queryByRole("heading"));
    const paid = cards.find((li) => within(li).queryByRole("heading", { name: "iPhone 17" })) as HTMLElement;
    const owed = cards.find((li) => within(li).queryByRole("heading", { name: "Moto" })) as HTMLElement;
    // No green "Aprobado" on either: the refund is the state.
    expect(within(paid).queryByText("Aprobado")).toBeNull();
    expect(within(owed).queryByText("Aprobado")).toBeNull();
    expect(within(paid).getByText("Reembolsado").className).not.toMatch(/success/);
    expect(within(owed).getAllByText("Reembolso pendiente").length).toBeGreaterThan(0);
    // The tickets are shown void (struck through), and the receipt link says it is void.
    expect(within(paid).getByText("Boletos anulados:")).toBeInTheDocument();
    expect(within(paid).getByText("0042").tagName).toBe("DEL");
    expect(within(paid).queryByRole("link", { name: "Ver recibo: iPhone 17" })).toBeNull();
    expect(within(paid).getByRole("link", { name: "Ver recibo anulado: iPhone 17" })).toHaveAttribute(
      "href",
      "/recibo/tok123",
    );
    expect(within(paid).getByText("ZL-REEMB-9")).toBeInTheDocument();
  });

  it("an abono's approved payment says what is paid and keeps its numbers apartados; the last one, that the purchase is paid", async () => {
    const balance = { total: 10, remaining: 0, currency: "USD", complete: true } as const;
    proofs = page([
      proof({
        id: "last",
        raffleTitle: "Moto en abonos",
        status: "approved",
        statusLabel: "Abono final: compra pagada",
        ticketNumbers: ["07", "42"],
        receiptToken: "tok2",
        abono: { ...balance, paid: 10, final: true },
      }),
      proof({
        id: "part",
        raffleTitle: "TV en abonos",
        status: "approved",
        statusLabel: "Abono aprobado · pagado $4,00 de $10,00",
        ticketNumbers: [],
        heldNumbers: ["03", "04"],
        receiptToken: "tok1",
        abono: { ...balance, paid: 4, remaining: 6, complete: false, final: false },
      }),
    ]);
    reservations = [];
    const { container } = renderWithProviders(<Harness />, { path: "/perfil/pagos" });
    const part = (await screen.findByRole("heading", { name: "TV en abonos" })).closest("li") as HTMLElement;
    expect(within(part).getByText("Abono aprobado · pagado $4,00 de $10,00")).toBeInTheDocument();
    expect(within(part).queryByText("Aprobado")).toBeNull();
    expect(part).toHaveTextContent("Números apartados:0304");
    expect(within(part).getByText("Serán tuyos cuando completes el pago.")).toBeInTheDocument();
    expect(within(part).queryByText("Boletos:")).toBeNull();
    expect(within(part).getByRole("link", { name: "Ver recibo: TV en abonos" })).toHaveAttribute(
      "href",
      "/recibo/tok1",
    );

    const last = screen.getByRole("heading", { name: "Moto en abonos" }).closest("li") as HTMLElement;
    expect(within(last).getByText("Abono final: compra pagada")).toBeInTheDocument();
    expect(within(last).getByText("Boletos:")).toBeInTheDocument();
    const result = await axe.run(container);
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
